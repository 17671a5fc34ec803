/// One rendition: a `CTSI` header (what it is, its size and format), its info tags, and its payload.
///
/// A rendition is one reference to its parsed record: a car holds tens of thousands of them, and the readers that
/// pass them around (the lookup index, the size inventory, `info`) copied and released every key, string and tag
/// list of a record with each copy. Its properties can still be set; setting one gives this value a record of its
/// own, leaving every other copy as it was.
public struct CARRendition: Sendable {
    /// The record's fields, shared by the copies of a rendition.
    private var storage: Storage

    /// The rendition's key in the RENDITIONS tree.
    public var key: CARKey {
        get { storage.fields.key }
        set { update { $0.key = newValue } }
    }
    /// The name stored in the header (usually the source file name).
    public var name: String {
        get { storage.fields.name }
        set { update { $0.name = newValue } }
    }
    /// The CSI header version.
    public var version: UInt32 {
        get { storage.fields.version }
        set { update { $0.version = newValue } }
    }
    /// The raw rendition flags.
    public var flags: UInt32 {
        get { storage.fields.flags }
        set { update { $0.flags = newValue } }
    }
    /// Pixel width and height as stored (0 for vector and data renditions).
    public var width: Int {
        get { storage.fields.width }
        set { update { $0.width = newValue } }
    }
    /// Pixel height.
    public var height: Int {
        get { storage.fields.height }
        set { update { $0.height = newValue } }
    }
    /// The scale factor times 100 (200 for @2x; 0 for scale-independent renditions).
    public var scaleTimes100: Int {
        get { storage.fields.scaleTimes100 }
        set { update { $0.scaleTimes100 = newValue } }
    }
    /// The pixel format tag, as CoreUI names it (`ARGB`, `GA8`, `PDF`, `JPEG`, `DATA`, …).
    public var pixelFormat: String {
        get { storage.fields.pixelFormat }
        set { update { $0.pixelFormat = newValue } }
    }
    /// The colour-space identifier (low 4 bits of the header field).
    public var colorSpaceID: UInt32 {
        get { storage.fields.colorSpaceID }
        set { update { $0.colorSpaceID = newValue } }
    }
    /// The layout (12 image, 9 vector/raw, 1003 internal reference, 1004 packed atlas, 1010 multisize set, …).
    public var layout: UInt16 {
        get { storage.fields.layout }
        set { update { $0.layout = newValue } }
    }
    /// The modification time stamp in the header.
    public var modificationTime: UInt32 {
        get { storage.fields.modificationTime }
        set { update { $0.modificationTime = newValue } }
    }
    /// The info tags (TLVs) in file order.
    public var infoTags: [CARInfoTag] {
        get { storage.fields.infoTags }
        set { update { $0.infoTags = newValue } }
    }
    /// The payload after the header and info tags.
    public var payload: CARPayload {
        get { storage.fields.payload }
        set { update { $0.payload = newValue } }
    }
    /// Where the rendition's value starts in the file.
    public var offset: Int {
        get { storage.fields.offset }
        set { update { $0.offset = newValue } }
    }
    /// The size of the whole value (header, tags and payload) in bytes.
    public var byteCount: Int {
        get { storage.fields.byteCount }
        set { update { $0.byteCount = newValue } }
    }

    /// The size of the fixed CSI header.
    public static let headerSize = 184

    /// Whether the flags say the rendition comes from vector artwork (bit 2: set on PDF renditions, stored as
    /// PDF or rasterized).
    public var isVector: Bool { flags & 0x4 != 0 }
    /// Whether the flags say the image is a template (bit 3). Checked against the heliport sample, whose source
    /// catalog is beside it: its 13 image sets with `template-rendering-intent: template` give exactly the 26
    /// renditions with bit 3 set; its one other image set gives bit 4 instead.
    public var isTemplate: Bool { flags & 0x8 != 0 }

    /// Bytes per row of a bitmap, from the info tag 1007 when present.
    public var bytesPerRow: Int? {
        guard let tag = storage.fields.infoTags.first(where: { $0.tag == 1007 }), tag.value.count >= 4 else { return nil }
        return (try? tag.value.u32(0)).map(Int.init)
    }

    /// The uniform type identifier from info tag 1005, when present.
    public var uti: String? {
        guard let tag = storage.fields.infoTags.first(where: { $0.tag == 1005 }), tag.value.count > 8 else { return nil }
        guard let length = try? tag.value.u32(0), let text = try? tag.value.slice(8, min(Int(length), tag.value.count - 8)) else {
            return nil
        }
        return text.text
    }

    /// The internal reference of a layout-1003 rendition (info tag 1010, `INLK`), when present.
    public var internalReference: CARInternalReference? {
        get { storage.fields.internalReference }
        set { update { $0.internalReference = newValue } }
    }

    /// Whether a raw (`DWAR`) payload's bytes are an LZFSE stream (its version word is 1: Icon Composer's SVG layers);
    /// ``CARDecoder`` inflates them.
    public var rawDataIsLZFSE: Bool {
        get { storage.fields.rawDataIsLZFSE }
        set { update { $0.rawDataIsLZFSE = newValue } }
    }

    /// Why the rendition's info tags or payload could not be read, when they could not: the rendition is still listed
    /// with its header (name, size, format, key) and takes part in resolution, but ``CARDecoder`` reports this error
    /// instead of decoding it. A damaged CSI header, like any damaged structure of the file, fails the whole file.
    public var damage: CARError? {
        get { storage.fields.damage }
        set { update { $0.damage = newValue } }
    }

    /// The layers of a layered image (layout 1002, info tag 1012), back to front, when present.
    public var layerReferences: [CARLayerReference]? {
        get { storage.fields.layerReferences }
        set { update { $0.layerReferences = newValue } }
    }

    /// Parses a rendition value (the RENDITIONS tree's value block) stored under `key`.
    public init(key: CARKey, value: CARBytes) throws(CARError) {
        let header = try value.slice(0, min(value.count, Self.headerSize), as: "CSI header")
        try header.require(0, Self.headerSize)
        guard try header.tag(0) == "ISTC" else { throw header.error(.badMagic, at: 0, "expected the tag CTSI") }
        var fields = Fields(
            key: key, name: try header.fixedString(40, 128), version: try header.u32(4), flags: try header.u32(8),
            width: Int(try header.u32(12)), height: Int(try header.u32(16)), scaleTimes100: Int(try header.u32(20)),
            pixelFormat: Self.formatName(try header.u32(24)), colorSpaceID: try header.u32(28) & 0xF,
            layout: try header.u16(36), modificationTime: try header.u32(32), offset: value.base, byteCount: value.count)
        let tagsLength = Int(try header.u32(168))
        let payloadLength = Int(try header.u32(180))
        // The info tags and payload are the rendition's own: when they cannot be read, the rendition is kept (listed,
        // resolved, never decoded) with the reason, and the rest of the file is read as usual.
        do {
            try Self.parseBody(value, tagsLength: tagsLength, payloadLength: payloadLength, into: &fields)
        } catch {
            fields.damage = error
        }
        storage = Storage(fields)
    }

    /// Sets a field on a record of this value's own (the others' copies keep theirs).
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    private static func parseBody(
        _ value: CARBytes, tagsLength: Int, payloadLength: Int, into fields: inout Fields
    ) throws(CARError) {
        let tags = try value.slice(Self.headerSize, tagsLength, label: .infoTagsOf(fields.name))
        var position = 0
        while position < tags.count {
            let tag = try tags.u32(position)
            let length = Int(try tags.u32(position + 4))
            let bytes = try tags.slice(position + 8, length, label: .infoTag(tag, of: fields.name))
            fields.infoTags.append(CARInfoTag(tag: tag, value: bytes))
            position += 8 + length
        }
        if let link = fields.infoTags.first(where: { $0.tag == 1010 }) {
            fields.internalReference = try CARInternalReference(link.value)
        }
        if let layers = fields.infoTags.first(where: { $0.tag == 1012 }) {
            fields.layerReferences = try CARLayerReference.list(layers.value)
        }
        let body = try value.slice(Self.headerSize + tagsLength, payloadLength, label: .payloadOf(fields.name))
        fields.payload = try CARPayload(body, layout: fields.layout)
        // DWAR's version word is a compression flag *(scar's FORMAT.md; the sudoku sample's SVG layer)*: 1 means the
        // raw bytes are an LZFSE stream.
        if case .raw = fields.payload, try body.u32(4) == 1 { fields.rawDataIsLZFSE = true }
    }

    /// A rendition's parsed record.
    private struct Fields: Sendable {
        var key: CARKey
        var name: String
        var version: UInt32
        var flags: UInt32
        var width: Int
        var height: Int
        var scaleTimes100: Int
        var pixelFormat: String
        var colorSpaceID: UInt32
        var layout: UInt16
        var modificationTime: UInt32
        var offset: Int
        var byteCount: Int
        var infoTags: [CARInfoTag] = []
        var payload: CARPayload = .none
        var internalReference: CARInternalReference?
        var rawDataIsLZFSE = false
        var damage: CARError?
        var layerReferences: [CARLayerReference]?
    }

    /// The one reference a rendition's copies share: immutable, so reading a field needs no access check, and a
    /// setter makes a new one.
    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// CoreUI's four-character pixel formats are stored as little-endian numbers: `ARGB` is `BGRA` in the file.
    static func formatName(_ value: UInt32) -> String {
        if value == 0 { return "none" }
        var characters: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &characters) { characters in
            for index in 0..<4 {
                let byte = UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * index))
                characters[index] = (32...126).contains(byte) ? byte : 0x3F
            }
            // Spaces trimmed at both ends (`GA8 ` is `GA8`); four ASCII bytes make a small string, no allocation.
            var start = 0, end = 4
            while end > start && characters[end - 1] == 0x20 { end -= 1 }
            while start < end && characters[start] == 0x20 { start += 1 }
            return String(decoding: characters[start..<end], as: UTF8.self)
        }
    }
}

/// One info tag (a TLV after the CSI header): its number and bytes.
public struct CARInfoTag: Sendable {
    /// The tag number (1001 slices, 1003 metrics, 1004 blend mode and opacity, 1005 UTI, 1006 EXIF orientation,
    /// 1007 bytes per row, 1010 internal reference, …).
    public var tag: UInt32
    /// Its bytes.
    public var value: CARBytes

    /// A name for listings (`tag-1008` for numbers this reader does not know).
    public var name: String {
        switch tag {
        case 1001: return "slices"
        case 1003: return "metrics"
        case 1004: return "composition"
        case 1005: return "uti"
        case 1006: return "exif-orientation"
        case 1007: return "bytes-per-row"
        case 1010: return "internal-reference"
        case 1012: return "layer-references"
        case 1011: return "alpha-cropped-frame"
        default: return "tag-\(tag)"
        }
    }
}

/// Where a layout-1003 rendition's pixels are: a rectangle of a packed atlas named by its key.
public struct CARInternalReference: Sendable, Hashable {
    /// The rectangle in the atlas, in pixels; `y` counts from the atlas's bottom edge to the rectangle's bottom.
    public var x: Int, y: Int, width: Int, height: Int
    /// The atlas's key attributes (attribute identifier → value), as listed in the reference.
    public var atlasKey: [(attribute: UInt16, value: UInt16)]

    /// Parses an `INLK` record.
    public init(_ bytes: CARBytes) throws(CARError) {
        let record = bytes.named("internal reference (INLK)")
        guard try record.tag(0) == "KLNI" else { throw record.error(.badMagic, at: 0, "expected the tag INLK") }
        x = Int(try record.u32(8))
        y = Int(try record.u32(12))
        width = Int(try record.u32(16))
        height = Int(try record.u32(20))
        let keyLength = Int(try record.u32(26))
        let key = try record.slice(30, keyLength)
        var tokens: [(attribute: UInt16, value: UInt16)] = []
        for index in 0..<(key.count / 4) {
            let attribute = try key.u16(4 * index), value = try key.u16(4 * index + 2)
            if attribute == 0 && value == 0 { break }
            tokens.append((attribute, value))
        }
        atlasKey = tokens
    }

    public static func == (lhs: CARInternalReference, rhs: CARInternalReference) -> Bool {
        lhs.x == rhs.x && lhs.y == rhs.y && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.atlasKey.map(\.attribute) == rhs.atlasKey.map(\.attribute)
            && lhs.atlasKey.map(\.value) == rhs.atlasKey.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x)
        hasher.combine(y)
        hasher.combine(width)
        hasher.combine(height)
    }
}

/// One layer of a tvOS layered image (an image stack), as info tag 1012 lists it: where the layer sits, how it
/// is blended, and the key of the facet whose renditions are the layer's pixels.
public struct CARLayerReference: Sendable, Hashable {
    /// The layer's rectangle on the stack's canvas, in points.
    public var x: Int, y: Int, width: Int, height: Int
    /// The blend mode (0 normal) and opacity (0…1).
    public var blendMode: UInt32, opacity: Float
    /// The layer facet's key attributes (attribute identifier → value): element, part and identifier.
    public var facetKey: [(attribute: UInt16, value: UInt16)]

    /// The layer facet's identifier (attribute 17), when the key has one.
    public var identifier: UInt16? { facetKey.first { $0.attribute == 17 }?.value }

    /// The layer facet's name in `names` (``CARFile/facetNamesByIdentifier``), else `#identifier` (`#?` without one).
    public func facetName(in names: [UInt16: String]) -> String {
        identifier.flatMap { names[$0] } ?? "#\(identifier.map(String.init) ?? "?")"
    }

    /// Parses the tag's list *(observed in Xcode 26's output)*: count (4), 0 (4), then per layer 0, x, y,
    /// width, height, blend mode (4 each), opacity (a 32-bit float), key length (4) and key tokens (attribute 2,
    /// value 2) ending with (0, 0). Every length is checked against the tag.
    public static func list(_ bytes: CARBytes) throws(CARError) -> [CARLayerReference] {
        let record = bytes.named("layer references (info tag 1012)")
        let count = Int(try record.u32(0))
        // Each layer takes at least 32 bytes: a count that cannot fit is refused before anything is allocated.
        guard count <= (record.count - 8) / 32 else {
            throw record.error(.outOfRange, at: 0, "lists \(count) layers, more than its \(record.count) bytes can hold")
        }
        var layers: [CARLayerReference] = []
        var at = 8
        for _ in 0..<count {
            let keyLength = Int(try record.u32(at + 28))
            let key = try record.slice(at + 32, keyLength)
            var tokens: [(attribute: UInt16, value: UInt16)] = []
            for index in 0..<(key.count / 4) {
                let attribute = try key.u16(4 * index), value = try key.u16(4 * index + 2)
                if attribute == 0 && value == 0 { break }
                tokens.append((attribute, value))
            }
            layers.append(
                CARLayerReference(
                    x: Int(try record.u32(at + 4)), y: Int(try record.u32(at + 8)), width: Int(try record.u32(at + 12)),
                    height: Int(try record.u32(at + 16)), blendMode: try record.u32(at + 20), opacity: try record.f32(at + 24),
                    facetKey: tokens))
            at += 32 + keyLength
        }
        return layers
    }

    public static func == (lhs: CARLayerReference, rhs: CARLayerReference) -> Bool {
        lhs.x == rhs.x && lhs.y == rhs.y && lhs.width == rhs.width && lhs.height == rhs.height && lhs.blendMode == rhs.blendMode
            && lhs.opacity == rhs.opacity && lhs.facetKey.elementsEqual(rhs.facetKey) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x)
        hasher.combine(y)
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(identifier)
    }
}
