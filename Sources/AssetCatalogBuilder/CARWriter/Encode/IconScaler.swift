import AssetCatalog

/// Makes the smaller app icon files a platform still loads from a single-size (1024 px) icon.
///
/// The filter is an area average (a box filter with fractional coverage at the edges) over premultiplied
/// pixels, done in two separable passes in `Double`: every source pixel contributes in proportion to the
/// part of it an output pixel covers, which is what a downscale by a large factor needs (no aliasing, no
/// ringing), and premultiplying first keeps transparent pixels' colour from bleeding into the edges. The
/// arithmetic is the same on every machine, so the output is deterministic.
enum IconScaler {
    /// `png` scaled to `width` × `height` pixels, as PNG bytes.
    static func scaled(_ png: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let source = try PNGCodec.decodeRGBA8(png, premultiplied: true)
        let pixels = scale(source.pixels, from: (source.width, source.height), to: (width, height))
        return try PNGCodec.encodeRGBA8(DecodedImage(width: width, height: height, premultiplied: true, pixels: pixels), compressionLevel: 9)
    }

    /// Area-averages RGBA8 `pixels` of size `from` to size `to` (each side at least 1).
    static func scale(_ pixels: [UInt8], from: (width: Int, height: Int), to: (width: Int, height: Int)) -> [UInt8] {
        // Horizontal pass: from.height rows of to.width pixels.
        var rows = [Double](repeating: 0, count: to.width * from.height * 4)
        let horizontal = coverage(source: from.width, target: to.width)
        for y in 0..<from.height {
            for (x, spans) in horizontal.enumerated() {
                for span in spans {
                    let at = (y * from.width + span.index) * 4
                    for channel in 0..<4 { rows[(y * to.width + x) * 4 + channel] += Double(pixels[at + channel]) * span.weight }
                }
            }
        }
        // Vertical pass.
        var out = [UInt8](repeating: 0, count: to.width * to.height * 4)
        let vertical = coverage(source: from.height, target: to.height)
        for (y, spans) in vertical.enumerated() {
            for x in 0..<to.width {
                for channel in 0..<4 {
                    var sum = 0.0
                    for span in spans { sum += rows[(span.index * to.width + x) * 4 + channel] * span.weight }
                    out[(y * to.width + x) * 4 + channel] = UInt8(min(255, max(0, sum.rounded())))
                }
            }
        }
        return out
    }

    /// For each target pixel, the source pixels it covers and their weights (summing to 1).
    private static func coverage(source: Int, target: Int) -> [[(index: Int, weight: Double)]] {
        let step = Double(source) / Double(target)
        return (0..<target).map { position in
            let start = Double(position) * step
            let end = start + step
            var spans: [(index: Int, weight: Double)] = []
            var index = Int(start.rounded(.down))
            while Double(index) < end && index < source {
                let covered = min(end, Double(index + 1)) - max(start, Double(index))
                if covered > 0 { spans.append((index, covered / step)) }
                index += 1
            }
            return spans
        }
    }
}
