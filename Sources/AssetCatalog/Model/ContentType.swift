/// What a payload's bytes really are, decided by sniffing its content rather than trusting its extension.
public enum ContentType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A PNG image.
    case png
    /// A JPEG image.
    case jpeg
    /// A PDF document, kept as vector artwork.
    case pdf
    /// An SVG document, kept as vector artwork.
    case svg
    /// A HEIC, HEIF or AVIF image (ISO base media file format).
    case heif
    /// A WebP image.
    case webp
    /// A Photoshop document.
    case psd
    /// A GIF image.
    case gif
    /// A TIFF image (Xcode accepts it in image sets).
    case tiff
    /// A Git LFS pointer file standing in for the real content.
    case gitLFSPointer = "git-lfs-pointer"
    /// Anything else.
    case unknown
}

extension ContentType {
    /// Whether this content is resolution-independent artwork (drawn at any scale).
    public var isVector: Bool {
        switch self {
        case .pdf, .svg: return true
        case .png, .jpeg, .heif, .webp, .psd, .gif, .tiff, .gitLFSPointer, .unknown: return false
        }
    }
}
