import AssetCatalog
import CVectorSupport

/// Vector artwork (PDF, SVG) drawn to pixels: the bitmaps `assetc compile` makes of a vector image set, one per
/// scale, and the pictures `extract --png` and `report` show of a vector rendition.
///
/// PDFs are read by poppler and SVGs by librsvg, both drawing with cairo (the C target `CVectorSupport`; only
/// this library links them, never the `AssetCatalog` runtime). A PDF's size is its first page's crop box in
/// points (rotation applied); an SVG's is its width and height in CSS pixels (96 to the inch, one pixel a
/// point), else its `viewBox`. Each side of the bitmap is that size times the scale, rounded to the nearest
/// pixel; the drawing is stretched to fill it exactly.
public enum VectorRasterizer {
    /// The formats drawn.
    public enum Format: Sendable {
        /// A PDF document (its first page).
        case pdf
        /// An SVG document.
        case svg

        /// The format of a content type, or `nil` when it is no vector format.
        public init?(_ contentType: ContentType) {
            switch contentType {
            case .pdf: self = .pdf
            case .svg: self = .svg
            case .png, .jpeg, .heif, .webp, .psd, .gif, .tiff, .gitLFSPointer, .unknown: return nil
            }
        }
    }

    /// Why a document could not be measured or drawn, in the words of the library that read it.
    public struct Failure: Error, Sendable, CustomStringConvertible, Equatable {
        /// What went wrong (poppler's or librsvg's message, or the limit passed).
        public var message: String
        /// Whether the document was read but is too large to draw at the scale asked (a limit, not damage).
        public var isTooLarge: Bool

        /// The message.
        public var description: String { message }
    }

    /// The largest side drawn, in pixels: a 3x bitmap of a 5,461-point page.
    public static let maximumSide = 16_384
    /// The largest area drawn, in pixels (256 MiB of RGBA), so that a hostile size cannot exhaust memory.
    public static let maximumArea = 64 * 1024 * 1024

    /// The size `bytes` declares, in points.
    ///
    /// - Throws: ``Failure`` when the library cannot read the document or it declares no usable size.
    public static func size(of bytes: [UInt8], format: Format) throws(Failure) -> (width: Double, height: Double) {
        let raster = try run(bytes, format: format, scale: 0)
        return (raster.point_width, raster.point_height)
    }

    /// `bytes` drawn at `scale` (2 gives twice the declared size in pixels), as premultiplied RGBA.
    ///
    /// - Throws: ``Failure`` when the library cannot read or draw the document, or the bitmap would pass
    ///   ``maximumSide`` or ``maximumArea``.
    public static func rasterize(_ bytes: [UInt8], format: Format, scale: Double) throws(Failure) -> DecodedImage {
        precondition(scale > 0, "a vector is drawn at a positive scale")
        var raster = try run(bytes, format: format, scale: scale)
        defer { acvec_free(&raster) }
        let count = Int(raster.width) * Int(raster.height) * 4
        guard let pixels = raster.pixels else { throw Failure(message: "no pixels were drawn", isTooLarge: false) }
        return DecodedImage(
            width: Int(raster.width), height: Int(raster.height), premultiplied: true,
            pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    /// `bytes` drawn at `scale` and encoded as a PNG file: what `extract --png` writes and `report` shows of a
    /// vector.
    ///
    /// - Throws: ``Failure`` as ``rasterize(_:format:scale:)`` does, or when the PNG cannot be encoded.
    public static func png(of bytes: [UInt8], format: Format, scale: Double) throws(Failure) -> [UInt8] {
        let image = try rasterize(bytes, format: format, scale: scale)
        do {
            return try PNGCodec.encodeRGBA8(image)
        } catch {
            throw Failure(message: "cannot encode the PNG: \(error)", isTooLarge: false)
        }
    }

    private static func run(_ bytes: [UInt8], format: Format, scale: Double) throws(Failure) -> acvec_raster {
        var raster = acvec_raster()
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { buffer in
            acvec_rasterize(
                format == .pdf ? ACVEC_PDF : ACVEC_SVG, buffer.baseAddress, buffer.count, scale, Int32(maximumSide),
                Int64(maximumArea), &raster, &message, message.count)
        }
        guard status == ACVEC_OK else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Failure(message: text, isTooLarge: status == ACVEC_TOO_LARGE)
        }
        return raster
    }
}
