import AssetCatalog
import Foundation

/// Everything read from one or more asset catalogs or plain asset folders: the assets, their
/// variants with what inspecting each file found, and the diagnostics.
///
/// The index is a pure function of the inputs: its contents and their order do not depend on
/// the thread count or the order the file system lists files in.
public struct CatalogIndex: Hashable, Sendable, Codable {
    /// The roots that were read, in the order given.
    public var sources: [CatalogSource]
    /// The assets, sorted by name, then by source order.
    public var assets: [Asset]
    /// Set types that were found but are not supported yet (`.launchimage`, `.symbolset`, …).
    public var unsupportedSets: [UnsupportedSet]
    /// Every diagnostic, sorted by path, then rule, then message.
    public var diagnostics: [Diagnostic]

    /// Creates an index.
    public init(
        sources: [CatalogSource] = [], assets: [Asset] = [], unsupportedSets: [UnsupportedSet] = [],
        diagnostics: [Diagnostic] = []
    ) {
        self.sources = sources
        self.assets = assets
        self.unsupportedSets = unsupportedSets
        self.diagnostics = diagnostics
    }

    /// The first asset with this name.
    public func asset(named name: String) -> Asset? {
        assets.first { $0.name == name }
    }
}

/// One root given to the reader.
public struct CatalogSource: Hashable, Sendable, Codable {
    /// What kind of root it is.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// An Xcode `.xcassets` folder with `Contents.json` files.
        case xcassets
        /// A plain folder whose file names carry the traits.
        case folder
        /// A compiled catalog (`Assets.car`), read with the `.car` reader.
        case car
    }

    /// The root's path as given (absolute or relative to the working directory).
    public var path: String
    /// Its kind.
    public var kind: Kind

    /// Creates a source.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}

/// A named asset: an image set, colour set, data set or app icon set.
public struct Asset: Hashable, Sendable, Codable {
    /// The full name, with namespaces: `Icons/Settings`.
    public var name: String
    /// What it holds.
    public var kind: AssetKind
    /// The index in ``CatalogIndex/sources`` of the root it came from.
    public var sourceIndex: Int
    /// Its folder (xcassets) or first file (plain folder), relative to the catalog root:
    /// `Hero.imageset`, `Icons/Settings.imageset`.
    public var path: String
    /// Set-level properties from `Contents.json`.
    public var properties: AssetProperties
    /// The variants in source order (image, data and app icon sets).
    public var variants: [Variant]
    /// The colours in source order (colour sets).
    public var colors: [ColorVariant]
    /// The parts of a container, in source order: an image stack's layers front to back, a brand
    /// assets folder's entries. Empty for every other kind.
    public var members: [AssetMember]

    /// Creates an asset.
    public init(
        name: String, kind: AssetKind, sourceIndex: Int, path: String, properties: AssetProperties = AssetProperties(),
        variants: [Variant] = [], colors: [ColorVariant] = [], members: [AssetMember] = []
    ) {
        self.name = name
        self.kind = kind
        self.sourceIndex = sourceIndex
        self.path = path
        self.properties = properties
        self.variants = variants
        self.colors = colors
        self.members = members
    }
}

/// One part of a container asset: a layer of an image stack (`layer`), an entry of a brand assets
/// folder (`role`, `idiom`, `size`, `subtype`).
public struct AssetMember: Hashable, Sendable, Codable {
    /// The full name of the asset the part is (the layer's image set, the brand entry's stack or set).
    public var name: String
    /// What the container says about the part, under its `Contents.json` keys (`layer` for a stack's
    /// layer name, `type` for the part's set type).
    public var attributes: [String: String]

    /// Creates a member.
    public init(name: String, attributes: [String: String] = [:]) {
        self.name = name
        self.attributes = attributes
    }
}

/// Set-level properties (`properties` in `Contents.json`).
///
/// Stored out of line, in an immutable box that is absent when every property is (as for most sets): the
/// index holds one for every set at once (docs/PERFORMANCE.md, "Cost grows in a straight line"), and the
/// plain struct took 56 bytes of every asset. What it says, how it compares and how it is encoded are the
/// same as the plain struct's.
public struct AssetProperties: Hashable, Sendable {
    /// `template-rendering-intent`: `template` or `original`.
    public var templateRenderingIntent: String? {
        get { storage?.fields.templateRenderingIntent }
        set { update { $0.templateRenderingIntent = newValue } }
    }
    /// `preserves-vector-representation`.
    public var preservesVectorRepresentation: Bool? {
        get { storage?.fields.preservesVectorRepresentation }
        set { update { $0.preservesVectorRepresentation = newValue } }
    }
    /// `compression-type`: `lossless`, `lossy`, `automatic`, `gpu-optimized-best`, `gpu-optimized-smallest`.
    public var compressionType: String? {
        get { storage?.fields.compressionType }
        set { update { $0.compressionType = newValue } }
    }
    /// `localizable`.
    public var localizable: Bool? {
        get { storage?.fields.localizable }
        set { update { $0.localizable = newValue } }
    }
    /// `on-demand-resource-tags`.
    public var onDemandResourceTags: [String] {
        get { storage?.fields.onDemandResourceTags ?? [] }
        set { update { $0.onDemandResourceTags = newValue } }
    }

    /// The properties, or `nil` when all are absent (one representation per value).
    private var storage: Storage?

    /// Creates properties; all absent by default.
    public init(
        templateRenderingIntent: String? = nil, preservesVectorRepresentation: Bool? = nil,
        compressionType: String? = nil, localizable: Bool? = nil, onDemandResourceTags: [String] = []
    ) {
        let fields = Storage.Fields(
            templateRenderingIntent: templateRenderingIntent, preservesVectorRepresentation: preservesVectorRepresentation,
            compressionType: compressionType, localizable: localizable, onDemandResourceTags: onDemandResourceTags)
        storage = fields.isEmpty ? nil : Storage(fields)
    }

    /// Replaces the box with a changed copy (a shared box is never changed), or drops it when it becomes empty.
    private mutating func update(_ change: (inout Storage.Fields) -> Void) {
        var fields = storage?.fields ?? Storage.Fields()
        change(&fields)
        storage = fields.isEmpty ? nil : Storage(fields)
    }

    /// The properties themselves, immutable once made; compared and hashed by value.
    private final class Storage: Hashable, Sendable {
        struct Fields: Hashable, Sendable {
            var templateRenderingIntent: String?
            var preservesVectorRepresentation: Bool?
            var compressionType: String?
            var localizable: Bool?
            var onDemandResourceTags: [String] = []
            var isEmpty: Bool {
                templateRenderingIntent == nil && preservesVectorRepresentation == nil && compressionType == nil
                    && localizable == nil && onDemandResourceTags.isEmpty
            }
        }

        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
        static func == (lhs: Storage, rhs: Storage) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
        func hash(into hasher: inout Hasher) { hasher.combine(fields) }
    }
}

/// Encoded under the same keys, in the same order, as the plain struct it replaced.
extension AssetProperties: Codable {
    private enum CodingKeys: String, CodingKey {
        case templateRenderingIntent, preservesVectorRepresentation, compressionType, localizable, onDemandResourceTags
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            templateRenderingIntent: try container.decodeIfPresent(String.self, forKey: .templateRenderingIntent),
            preservesVectorRepresentation: try container.decodeIfPresent(Bool.self, forKey: .preservesVectorRepresentation),
            compressionType: try container.decodeIfPresent(String.self, forKey: .compressionType),
            localizable: try container.decodeIfPresent(Bool.self, forKey: .localizable),
            onDemandResourceTags: try container.decode([String].self, forKey: .onDemandResourceTags))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(templateRenderingIntent, forKey: .templateRenderingIntent)
        try container.encodeIfPresent(preservesVectorRepresentation, forKey: .preservesVectorRepresentation)
        try container.encodeIfPresent(compressionType, forKey: .compressionType)
        try container.encodeIfPresent(localizable, forKey: .localizable)
        try container.encode(onDemandResourceTags, forKey: .onDemandResourceTags)
    }
}

/// One entry of an image, data or app icon set.
///
/// The index holds every variant of a catalog at once (docs/PERFORMANCE.md, "Cost grows in a straight
/// line"), so a variant is kept small: its ``source`` is stored as a reference into bytes the set's variants
/// share (the set folder once, then each file's name) instead of a full path string each, and made when read.
/// What it says, how it compares and how it is encoded are the same as a plain struct's.
public struct Variant: Hashable, Sendable {
    /// The traits the entry was made for.
    public var traits: VariantTraits
    /// The file, relative to the catalog root (`Hero.imageset/hero@2x.png`),
    /// or `nil` for an empty slot (an entry without `filename`).
    public var source: String? {
        get { storedSource?.string }
        set { storedSource = newValue.map(SourcePath.init) }
    }
    /// What the file's bytes are (sniffed), or `nil` for an empty slot or a missing file.
    public var contentType: ContentType?
    /// What inspecting the file found, or `nil` when it was not inspected (empty slot, missing file, or a PNG
    /// read with ``ReaderOptions/defersPNGInspection``).
    public var inspection: FileInspection?
    /// The entry's other keys, kept as strings: `subtype`, `screen-width`, `memory`,
    /// `graphics-feature-set`, `locale`, `compression-type`, `unassigned`, `size`, `platform`, `role`,
    /// `universal-type-identifier`, `alignment-insets`, `resizing`, `luminosity` (`tinted`), …
    public var attributes: [String: String]
    /// ``source``, possibly sharing its bytes with the other variants of the set.
    private var storedSource: SourcePath?

    /// Whether the file was left for its reader to inspect (``ReaderOptions/defersPNGInspection``): a file
    /// whose content type comes from its name, with no inspection.
    var inspectionDeferred: Bool { inspection == nil && contentType == .png && storedSource != nil }

    /// Creates a variant.
    public init(
        traits: VariantTraits, source: String?, contentType: ContentType? = nil, inspection: FileInspection? = nil,
        attributes: [String: String] = [:]
    ) {
        self.traits = traits
        self.storedSource = source.map(SourcePath.init)
        self.contentType = contentType
        self.inspection = inspection
        self.attributes = attributes
    }

    /// Makes the variants' sources that lie in `folder` share one allocation: the folder's bytes once, then
    /// each file's name. Called by the readers once a set's variants are made; a source elsewhere keeps a buffer of
    /// its own.
    package static func shareSources(_ variants: inout [Variant], folder: String) {
        var bytes: [UInt8] = []
        let ranges = variants.map { variant -> Range<Int>? in
            guard let source = variant.source else { return nil }
            let start = bytes.count
            bytes.append(contentsOf: source.utf8)
            return start..<bytes.count
        }
        bytes.withUnsafeBufferPointer { setSources(&variants, folder: folder, bytes: $0, ranges: ranges) }
    }

    /// Gives `variants` the sources whose UTF-8 bytes lie at `ranges` in `bytes` (`nil`: an empty slot, the source
    /// left as it is), those in `folder` sharing one allocation as ``shareSources(_:folder:)`` makes them.
    ///
    /// For a decoder that holds the paths' bytes (the compile cache's index): the sources are copied from them once,
    /// with no string made for each path on the way (making 30,000 strings and sharing them afterwards was a ninth of
    /// a one-image rebuild).
    package static func setSources(
        _ variants: inout [Variant], folder: String, bytes: UnsafeBufferPointer<UInt8>, ranges: [Range<Int>?]
    ) {
        precondition(ranges.count == variants.count, "one range for each variant")
        var folder = folder
        folder.withUTF8 { folderBytes in
            var names: [UnsafeBufferPointer<UInt8>] = []
            var positions: [Int] = []
            names.reserveCapacity(ranges.count)
            positions.reserveCapacity(ranges.count)
            for (position, range) in ranges.enumerated() {
                guard let range else { continue }
                let path = UnsafeBufferPointer(rebasing: bytes[range])
                if let nameStart = SourcePath.nameStart(of: path, in: folderBytes) {
                    names.append(UnsafeBufferPointer(rebasing: path[nameStart...]))
                    positions.append(position)
                } else {
                    variants[position].storedSource = SourcePath(bytes: path)
                }
            }
            guard !names.isEmpty else { return }
            for (position, path) in zip(positions, SourcePath.make(folder: folderBytes, names: names)) {
                variants[position].storedSource = path
            }
        }
    }
}

/// A path as the set folder's bytes and a file name's bytes in a buffer shared by a set's variants.
///
/// `@unchecked Sendable`: the buffer (a `ManagedBuffer`, which is never `Sendable`) is written once, in
/// ``make(folder:names:)``, before any value refers to it, and only read after.
struct SourcePath: Hashable, @unchecked Sendable {
    /// Header: the folder's length in bytes (0: no folder, the name is the whole path). Bytes: the folder,
    /// then the names. Immutable once made.
    final class Storage: ManagedBuffer<Int, UInt8> {}

    private let storage: Storage
    private let nameStart: UInt32
    private let nameLength: UInt32

    private init(storage: Storage, nameStart: UInt32, nameLength: UInt32) {
        self.storage = storage
        self.nameStart = nameStart
        self.nameLength = nameLength
    }

    /// A path with a buffer of its own.
    init(_ path: String) {
        var path = path
        self = path.withUTF8 { SourcePath(bytes: $0) }
    }

    /// A path with a buffer of its own, from its UTF-8 bytes.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self = Self.make(folder: UnsafeBufferPointer(start: nil, count: 0), names: [bytes])[0]
    }

    /// Paths `folder/name` for each name's UTF-8 bytes (just `name` for an empty folder), sharing one buffer: the
    /// folder's bytes, then each name's.
    static func make(folder: UnsafeBufferPointer<UInt8>, names: [UnsafeBufferPointer<UInt8>]) -> [SourcePath] {
        let total = names.reduce(folder.count) { $0 + $1.count }
        precondition(total <= Int(UInt32.max), "a set's paths are longer than 4 GiB")
        let storage = unsafeDowncast(Storage.create(minimumCapacity: total) { _ in folder.count }, to: Storage.self)
        var paths: [SourcePath] = []
        paths.reserveCapacity(names.count)
        storage.withUnsafeMutablePointerToElements { bytes in
            if let base = folder.baseAddress { bytes.initialize(from: base, count: folder.count) }
            var offset = folder.count
            for name in names {
                if let base = name.baseAddress { (bytes + offset).initialize(from: base, count: name.count) }
                paths.append(SourcePath(storage: storage, nameStart: UInt32(offset), nameLength: UInt32(name.count)))
                offset += name.count
            }
        }
        return paths
    }

    /// Where the name starts in `path` when `path` lies in the folder `folder` (its bytes, then a slash; any path lies
    /// in the empty folder), or `nil`. Bytes, not characters: the name is cut from the path's bytes.
    static func nameStart(of path: UnsafeBufferPointer<UInt8>, in folder: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !folder.isEmpty else { return 0 }
        guard path.count > folder.count, path[folder.count] == UInt8(ascii: "/"),
            memcmp(path.baseAddress!, folder.baseAddress!, folder.count) == 0
        else { return nil }
        return folder.count + 1
    }

    /// The path: `folder/name`, or the name alone.
    var string: String {
        storage.withUnsafeMutablePointers { header, bytes in
            let folderLength = header.pointee
            let name = UnsafeBufferPointer(start: bytes + Int(nameStart), count: Int(nameLength))
            if folderLength == 0 { return String(decoding: name, as: UTF8.self) }
            return Self.joined(UnsafeBufferPointer(start: bytes, count: folderLength), name)
        }
    }

    /// `folder/name` from the two parts' UTF-8 bytes, made in one allocation (joining strings with `+` took about
    /// 700 instructions a path).
    static func joined(_ folder: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>) -> String {
        let total = folder.count + 1 + name.count
        return String(unsafeUninitializedCapacity: total) { buffer in
            _ = buffer.initialize(from: folder)
            buffer[folder.count] = UInt8(ascii: "/")
            _ = UnsafeMutableBufferPointer(rebasing: buffer[(folder.count + 1)...]).initialize(from: name)
            return total
        }
    }

    static func == (lhs: SourcePath, rhs: SourcePath) -> Bool {
        if lhs.storage === rhs.storage && lhs.nameStart == rhs.nameStart && lhs.nameLength == rhs.nameLength { return true }
        return lhs.string == rhs.string
    }

    func hash(into hasher: inout Hasher) { hasher.combine(string) }
}

/// Encoded under the same keys, in the same order, as the plain struct it replaced.
extension Variant: Codable {
    private enum CodingKeys: String, CodingKey {
        case traits, source, contentType, inspection, attributes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            traits: try container.decode(VariantTraits.self, forKey: .traits),
            source: try container.decodeIfPresent(String.self, forKey: .source),
            contentType: try container.decodeIfPresent(ContentType.self, forKey: .contentType),
            inspection: try container.decodeIfPresent(FileInspection.self, forKey: .inspection),
            attributes: try container.decode([String: String].self, forKey: .attributes))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(traits, forKey: .traits)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(contentType, forKey: .contentType)
        try container.encodeIfPresent(inspection, forKey: .inspection)
        try container.encode(attributes, forKey: .attributes)
    }
}

/// One entry of a colour set.
public struct ColorVariant: Hashable, Sendable, Codable {
    /// The traits the colour is for (idiom, gamut, appearance, contrast).
    public var traits: VariantTraits
    /// The colour.
    public var value: ColorValue
    /// The components `Contents.json` writes as decimals (`"0.067"`) rather than as 8-bit values (`"0x11"`,
    /// `"17"`). Xcode 15 stores an 8-bit value as the exact double k/255 and narrows a decimal to a 32-bit float
    /// (``CompileOptions/narrowsColorComponents``); empty for colours read from an archive or a car.
    public var decimalChannels: ColorChannels

    /// Creates a colour entry.
    public init(traits: VariantTraits, value: ColorValue, decimalChannels: ColorChannels = []) {
        self.traits = traits
        self.value = value
        self.decimalChannels = decimalChannels
    }
}

extension ColorVariant {
    private enum CodingKeys: String, CodingKey {
        case traits, value, decimalChannels
    }

    /// Decodes an entry; `decimalChannels` may be absent (none).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            traits: try container.decode(VariantTraits.self, forKey: .traits),
            value: try container.decode(ColorValue.self, forKey: .value),
            decimalChannels: try container.decodeIfPresent(ColorChannels.self, forKey: .decimalChannels) ?? [])
    }

    /// Encodes the entry, `decimalChannels` only when some component is a decimal.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(traits, forKey: .traits)
        try container.encode(value, forKey: .value)
        if !decimalChannels.isEmpty { try container.encode(decimalChannels, forKey: .decimalChannels) }
    }
}

/// A subset of a colour's components: red, green, blue (for a grey colour, all three are its level) and alpha.
public struct ColorChannels: OptionSet, Hashable, Sendable, Codable {
    /// The bits: red 1, green 2, blue 4, alpha 8.
    public let rawValue: UInt8

    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Red, or a grey colour's level.
    public static let red = ColorChannels(rawValue: 1)
    /// Green, or a grey colour's level.
    public static let green = ColorChannels(rawValue: 2)
    /// Blue, or a grey colour's level.
    public static let blue = ColorChannels(rawValue: 4)
    /// Opacity.
    public static let alpha = ColorChannels(rawValue: 8)
}

/// A set of a type the reader recognises but does not index yet.
public struct UnsupportedSet: Hashable, Sendable, Codable {
    /// The set's name, with namespaces.
    public var name: String
    /// The folder extension, such as `launchimage` or `symbolset`.
    public var type: String
    /// The folder, relative to the catalog root.
    public var path: String

    /// Creates a record.
    public init(name: String, type: String, path: String) {
        self.name = name
        self.type = type
        self.path = path
    }
}
