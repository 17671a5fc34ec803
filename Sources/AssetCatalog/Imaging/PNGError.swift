/// Why PNG bytes could not be inspected, decoded or encoded.
///
/// Every malformed or hostile input yields one of these; none crashes or reads outside the input.
public struct PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of failure, for callers that react differently to each.
    public enum Kind: Sendable, Hashable {
        /// The bytes do not start with the PNG signature.
        case notPNG
        /// The header declares `pixels` (width × height), more than the caller's `limit`.
        /// Detected from IHDR before any pixel memory is allocated.
        case tooLarge(pixels: Int, limit: Int)
        /// The data is damaged: CRC mismatch, invalid zlib stream, impossible header values,
        /// missing image data. For the encoder: an image PNG cannot represent (an empty image,
        /// a side above 2³¹−1, or an ICC profile libpng rejects).
        case corrupt
        /// The data ends before the PNG does (before IEND when the pixels are decoded).
        case truncated
        /// Memory for the decoder, encoder or pixels could not be allocated.
        case outOfMemory
    }

    /// The category of failure.
    public let kind: Kind
    /// libpng's (or our) explanation, e.g. `"IDAT: CRC error"`.
    public let message: String
    /// The width from IHDR when it could be read (always set for ``Kind/tooLarge(pixels:limit:)``).
    public let width: Int?
    /// The height from IHDR when it could be read (always set for ``Kind/tooLarge(pixels:limit:)``).
    public let height: Int?

    /// Creates an error.
    public init(kind: Kind, message: String, width: Int? = nil, height: Int? = nil) {
        self.kind = kind
        self.message = message
        self.width = width
        self.height = height
    }

    /// A one-line explanation suitable for diagnostics.
    public var description: String {
        let summary: String
        switch kind {
        case .notPNG: summary = "not a PNG"
        case .tooLarge(let pixels, let limit): summary = "PNG too large (\(pixels) pixels, limit \(limit))"
        case .corrupt: summary = "corrupt PNG"
        case .truncated: summary = "truncated PNG"
        case .outOfMemory: summary = "out of memory processing PNG"
        }
        return message.isEmpty ? summary : "\(summary): \(message)"
    }
}
