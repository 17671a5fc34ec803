/// A bitmap in 8-bit RGBA: four bytes per pixel (red, green, blue, alpha), rows top to bottom,
/// `width * 4` bytes per row with no padding.
public struct DecodedImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Whether the colour channels are already multiplied by alpha.
    public let premultiplied: Bool
    /// The pixels, `width * height * 4` bytes.
    public let pixels: [UInt8]

    /// Creates an image from RGBA8 pixels.
    ///
    /// - Precondition: `width` and `height` are not negative and `pixels.count == width * height * 4`.
    ///   A mismatch is a programming error, so it traps rather than throws.
    public init(width: Int, height: Int, premultiplied: Bool, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "DecodedImage dimensions must not be negative")
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (byteCount, bytesOverflow) = area.multipliedReportingOverflow(by: 4)
        precondition(
            !areaOverflow && !bytesOverflow && pixels.count == byteCount,
            "DecodedImage needs exactly width * height * 4 bytes")
        self.width = width
        self.height = height
        self.premultiplied = premultiplied
        self.pixels = pixels
    }
}
