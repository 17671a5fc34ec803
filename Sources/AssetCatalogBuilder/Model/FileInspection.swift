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
