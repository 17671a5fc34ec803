import AssetCatalog

/// What inspecting one file found: its real content type, its pixel size where it has one,
/// the format-specific details, and the problem when it is damaged.
///
/// Stored compactly (96 bytes inline instead of 144): a catalog's index holds one for every file at once
/// (docs/PERFORMANCE.md, "Cost grows in a straight line"). Pixel sizes are kept in 32 bits with a presence
/// flag, and the rare parts (SVG details, a problem, a size that does not fit in 32 bits) out of line in an
/// immutable box that is absent for a sound bitmap. What it says, how it compares and how it is encoded
/// are the same as a plain struct's.
public struct FileInspection: Hashable, Sendable {
    /// The file's size in bytes.
    public var byteCount: Int
    private var storedPixelWidth: UInt32
    private var storedPixelHeight: UInt32
    /// What the bytes are, whatever the extension says.
    public var contentType: ContentType
    /// Which of the stored pixel sizes are present (sizes outside 32 bits live in ``rare`` instead).
    private var sizeFlags: UInt8
    /// PNG details, when the file is a readable PNG.
    public var png: PNGInspection?
    /// Everything most files do not have; `nil` when all of it is absent (one representation per value).
    private var rare: Rare?

    private static let hasWidth: UInt8 = 1 << 0
    private static let hasHeight: UInt8 = 1 << 1

    /// Width in pixels (PNG, JPEG), `nil` for vectors and unreadable files.
    public var pixelWidth: Int? {
        get { sizeFlags & Self.hasWidth != 0 ? Int(storedPixelWidth) : rare?.wideWidth }
        set { setSize(newValue, stored: \.storedPixelWidth, flag: Self.hasWidth, wide: \.wideWidth) }
    }

    /// Height in pixels (PNG, JPEG), `nil` for vectors and unreadable files.
    public var pixelHeight: Int? {
        get { sizeFlags & Self.hasHeight != 0 ? Int(storedPixelHeight) : rare?.wideHeight }
        set { setSize(newValue, stored: \.storedPixelHeight, flag: Self.hasHeight, wide: \.wideHeight) }
    }

    /// Stores a pixel size inline when it fits 32 bits (the flag says it is there), out of line otherwise.
    private mutating func setSize(
        _ value: Int?, stored: WritableKeyPath<FileInspection, UInt32>, flag: UInt8, wide: WritableKeyPath<Rare.Fields, Int?>
    ) {
        if let value, let narrow = UInt32(exactly: value) {
            self[keyPath: stored] = narrow
            sizeFlags |= flag
            updateRare { $0[keyPath: wide] = nil }
        } else {
            self[keyPath: stored] = 0
            sizeFlags &= ~flag
            updateRare { $0[keyPath: wide] = value }
        }
    }

    /// SVG details (symbol template groups), when the file is an SVG.
    public var svg: SVGInspection? {
        get { rare?.svg }
        set { updateRare { $0.svg = newValue } }
    }

    /// Why the file cannot be used (corrupt, truncated, too large), or `nil` when it is sound.
    public var problem: String? {
        get { rare?.problem }
        set { updateRare { $0.problem = newValue } }
    }

    /// Creates an inspection result.
    public init(
        byteCount: Int, contentType: ContentType, pixelWidth: Int? = nil, pixelHeight: Int? = nil,
        png: PNGInspection? = nil, problem: String? = nil
    ) {
        self.byteCount = byteCount
        self.contentType = contentType
        storedPixelWidth = 0
        storedPixelHeight = 0
        sizeFlags = 0
        self.png = png
        rare = nil
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.problem = problem
    }

    /// Replaces the box with a changed copy (never changes a shared box), or drops it when it becomes empty.
    private mutating func updateRare(_ change: (inout Rare.Fields) -> Void) {
        var fields = rare?.fields ?? Rare.Fields()
        change(&fields)
        rare = fields.isEmpty ? nil : Rare(fields)
    }

    /// The out-of-line parts, immutable once made; compared and hashed by value.
    private final class Rare: Hashable, Sendable {
        struct Fields: Hashable, Sendable {
            var svg: SVGInspection?
            var problem: String?
            var wideWidth: Int?
            var wideHeight: Int?
            var isEmpty: Bool { svg == nil && problem == nil && wideWidth == nil && wideHeight == nil }
        }

        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
        var svg: SVGInspection? { fields.svg }
        var problem: String? { fields.problem }
        var wideWidth: Int? { fields.wideWidth }
        var wideHeight: Int? { fields.wideHeight }
        static func == (lhs: Rare, rhs: Rare) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
        func hash(into hasher: inout Hasher) { hasher.combine(fields) }
    }
}

/// Encoded under the same keys, in the same order, as the plain struct it replaced.
extension FileInspection: Codable {
    private enum CodingKeys: String, CodingKey {
        case byteCount, contentType, pixelWidth, pixelHeight, png, svg, problem
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            byteCount: try container.decode(Int.self, forKey: .byteCount),
            contentType: try container.decode(ContentType.self, forKey: .contentType),
            pixelWidth: try container.decodeIfPresent(Int.self, forKey: .pixelWidth),
            pixelHeight: try container.decodeIfPresent(Int.self, forKey: .pixelHeight),
            png: try container.decodeIfPresent(PNGInspection.self, forKey: .png),
            problem: try container.decodeIfPresent(String.self, forKey: .problem))
        svg = try container.decodeIfPresent(SVGInspection.self, forKey: .svg)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(byteCount, forKey: .byteCount)
        try container.encode(contentType, forKey: .contentType)
        try container.encodeIfPresent(pixelWidth, forKey: .pixelWidth)
        try container.encodeIfPresent(pixelHeight, forKey: .pixelHeight)
        try container.encodeIfPresent(png, forKey: .png)
        try container.encodeIfPresent(svg, forKey: .svg)
        try container.encodeIfPresent(problem, forKey: .problem)
    }
}

/// What the structure check of an SVG found that a symbol set needs.
public struct SVGInspection: Hashable, Sendable, Codable {
    /// Whether a group with `id="Symbols"` exists (where a symbol template keeps its glyphs).
    public var hasSymbolsGroup: Bool
    /// The weight/scale variant groups found (`Regular-M`, `Ultralight-S`, …), sorted.
    public var symbolVariants: [String]

    /// Creates SVG details.
    public init(hasSymbolsGroup: Bool, symbolVariants: [String]) {
        self.hasSymbolsGroup = hasSymbolsGroup
        self.symbolVariants = symbolVariants
    }
}
