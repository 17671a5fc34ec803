import AssetCatalog

/// What inspecting one file found: its real content type, its pixel size where it has one,
/// the format-specific details, and the problem when it is damaged.
public struct FileInspection: Hashable, Sendable, Codable {
    /// The file's size in bytes.
    public var byteCount: Int
    /// What the bytes are, whatever the extension says.
    public var contentType: ContentType
    /// Width in pixels (PNG, JPEG), `nil` for vectors and unreadable files.
    public var pixelWidth: Int?
    /// Height in pixels (PNG, JPEG), `nil` for vectors and unreadable files.
    public var pixelHeight: Int?
    /// PNG details, when the file is a readable PNG.
    public var png: PNGInspection?
    /// SVG details (symbol template groups), when the file is an SVG.
    public var svg: SVGInspection?
    /// Why the file cannot be used (corrupt, truncated, too large), or `nil` when it is sound.
    public var problem: String?

    /// Creates an inspection result.
    public init(
        byteCount: Int, contentType: ContentType, pixelWidth: Int? = nil, pixelHeight: Int? = nil,
        png: PNGInspection? = nil, problem: String? = nil
    ) {
        self.byteCount = byteCount
        self.contentType = contentType
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.png = png
        self.problem = problem
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
