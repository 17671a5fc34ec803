/// A bitmap in 8-bit RGBA: four bytes per pixel (red, green, blue, alpha), rows top to bottom,
/// `width * 4` bytes per row with no padding.
///
/// An image decoded from a source deeper than 8 bits a channel (an `Assets.car` rendition of pixel format `RGBW`
/// or `GA16`) also carries its samples at 16 bits in ``pixels16``; ``pixels`` holds the same image rounded to 8 bits,
/// so code that only knows 8-bit pixels reads every image alike.
public struct DecodedImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Whether the colour channels are already multiplied by alpha.
    public let premultiplied: Bool
    /// The pixels, `width * height * 4` bytes.
    public let pixels: [UInt8]
    /// The same pixels at 16 bits a channel (red, green, blue, alpha; `width * height * 4` values, premultiplied as
    /// ``premultiplied`` says, 65535 full), when the source held more than 8 bits a channel; `nil` otherwise.
    /// ``PNGCodec/encode(_:compressionLevel:)`` writes a 16-bit PNG from them.
    public let pixels16: [UInt16]?

    /// Creates an image from RGBA8 pixels.
    ///
    /// - Precondition: `width` and `height` are not negative and `pixels.count == width * height * 4`.
    ///   A mismatch is a programming error, so it traps rather than throws.
    public init(width: Int, height: Int, premultiplied: Bool, pixels: [UInt8]) {
        self.init(width: width, height: height, premultiplied: premultiplied, pixels: pixels, pixels16: nil)
    }

    /// Creates an image from RGBA8 pixels and, for a source deeper than 8 bits, the same pixels at 16 bits a channel.
    ///
    /// - Precondition: `width` and `height` are not negative, `pixels.count == width * height * 4` and, when given,
    ///   `pixels16.count == width * height * 4`. A mismatch is a programming error, so it traps rather than throws.
    public init(width: Int, height: Int, premultiplied: Bool, pixels: [UInt8], pixels16: [UInt16]?) {
        precondition(width >= 0 && height >= 0, "DecodedImage dimensions must not be negative")
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (byteCount, bytesOverflow) = area.multipliedReportingOverflow(by: 4)
        precondition(
            !areaOverflow && !bytesOverflow && pixels.count == byteCount,
            "DecodedImage needs exactly width * height * 4 bytes")
        precondition(pixels16 == nil || pixels16?.count == byteCount, "DecodedImage needs exactly width * height * 4 16-bit samples")
        self.width = width
        self.height = height
        self.premultiplied = premultiplied
        self.pixels = pixels
        self.pixels16 = pixels16
    }
}
