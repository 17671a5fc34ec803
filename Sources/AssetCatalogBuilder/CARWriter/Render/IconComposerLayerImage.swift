import AssetCatalog

/// A layer file of an Icon Composer icon, read for the flat renderer: a bitmap decoded once, or a drawing kept to be
/// drawn at the size each picture needs.
enum IconComposerLayerImage: Sendable {
    /// A decoded bitmap (premultiplied); its pixels are its size in points, as in the car's layer frames.
    case bitmap(DecodedImage)
    /// An SVG or PDF document and its declared size in points.
    case vector(bytes: [UInt8], format: VectorRasterizer.Format, width: Double, height: Double)
    /// A drawing that declares no size (neither width, height nor viewBox): the car keeps it, filling the canvas, but
    /// librsvg cannot draw it at a size, so the flat icon leaves it out (the compile says so).
    case undrawable

    /// The largest bitmap layer decoded: 4096 × 4096 pixels (64 MiB of RGBA), far beyond the 1024-point canvas.
    static let maximumPixels = 4096 * 4096

    /// The size in points.
    var size: (width: Double, height: Double) {
        switch self {
        case .bitmap(let image): return (Double(image.width), Double(image.height))
        case .vector(_, _, let width, let height): return (width, height)
        case .undrawable: return (0, 0)
        }
    }

    /// Reads a layer file's bytes as `contentType`; a problem in words naming `member` (the file inside the `.icon`),
    /// never the file's contents.
    static func read(_ bytes: [UInt8], contentType: ContentType?, member: String) -> Result<IconComposerLayerImage, IconComposerProblem> {
        switch contentType {
        case .png?:
            do {
                return .success(.bitmap(try PNGCodec.decodeRGBA8(bytes, premultiplied: true, maxPixels: maximumPixels)))
            } catch {
                if case .tooLarge = error.kind {
                    return .failure(IconComposerProblem("\(member) is larger than 4096 × 4096 pixels, too large to draw"))
                }
                return .failure(IconComposerProblem("\(member) cannot be decoded as a PNG"))
            }
        case .svg?, .pdf?:
            let format: VectorRasterizer.Format = contentType == .svg ? .svg : .pdf
            guard let size = try? VectorRasterizer.size(of: bytes, format: format) else {
                return .failure(IconComposerProblem("\(member) cannot be read as \(contentType == .svg ? "an SVG" : "a PDF")"))
            }
            guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0, size.width <= 100_000, size.height <= 100_000 else {
                return .failure(IconComposerProblem("\(member) declares a size outside 0…100,000 points"))
            }
            return .success(.vector(bytes: bytes, format: format, width: size.width, height: size.height))
        default:
            return .failure(IconComposerProblem("\(member) is neither a PNG, an SVG nor a PDF; the flat icon cannot draw it"))
        }
    }

    /// The layer as a bitmap to be shown `pixelWidth` pixels wide: a drawing is drawn at that size (at most 4096
    /// pixels a side; the renderer scales the rest), a bitmap is returned as it is.
    func bitmap(forPixelWidth pixelWidth: Double, member: String) -> Result<DecodedImage, IconComposerProblem> {
        switch self {
        case .bitmap(let image): return .success(image)
        case .undrawable: return .success(DecodedImage(width: 1, height: 1, premultiplied: true, pixels: [0, 0, 0, 0]))
        case .vector(let bytes, let format, let width, let height):
            let wanted = pixelWidth / width
            let scale = min(wanted, 4096 / max(width, height))
            guard scale.isFinite, scale > 0 else { return .failure(IconComposerProblem("\(member) cannot be drawn at this size")) }
            do {
                return .success(try VectorRasterizer.rasterize(bytes, format: format, scale: scale))
            } catch {
                return .failure(IconComposerProblem("\(member) cannot be drawn: \(error.isTooLarge ? "too large" : "the library cannot read it")"))
            }
        }
    }
}
