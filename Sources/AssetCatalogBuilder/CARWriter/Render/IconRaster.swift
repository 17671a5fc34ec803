import AssetCatalog

/// A square or rectangular picture the Icon Composer renderer draws into: premultiplied RGBA, one `Float` a channel,
/// in sRGB-encoded values (as CoreGraphics composites by default). Every operation is plain arithmetic in a fixed
/// order, so the same input gives the same bytes on every machine and thread count.
struct IconRaster: Sendable {
    let width: Int
    let height: Int
    /// Premultiplied red, green, blue, alpha, row by row; each in 0…1.
    var pixels: [Float]

    /// A transparent picture.
    init(width: Int, height: Int) {
        precondition(width > 0 && height > 0 && width <= 16_384 && height <= 16_384, "a raster's sides are checked by its caller")
        self.width = width
        self.height = height
        pixels = [Float](repeating: 0, count: width * height * 4)
    }

    /// A decoded 8-bit image (premultiplied or not) as a raster.
    init(_ image: DecodedImage) {
        width = image.width
        height = image.height
        let premultiplied = image.premultiplied
        pixels = [Float](unsafeUninitializedCapacity: image.pixels.count) { buffer, count in
            image.pixels.withUnsafeBufferPointer { source in
                var at = 0
                while at < source.count {
                    let alpha = Float(source[at + 3]) / 255
                    let factor: Float = premultiplied ? 1 / 255 : alpha / 255
                    buffer[at] = Float(source[at]) * factor
                    buffer[at + 1] = Float(source[at + 1]) * factor
                    buffer[at + 2] = Float(source[at + 2]) * factor
                    buffer[at + 3] = alpha
                    at += 4
                }
            }
            count = image.pixels.count
        }
    }

    /// The picture as premultiplied 8-bit RGBA.
    func decodedImage() -> DecodedImage {
        let bytes = [UInt8](unsafeUninitializedCapacity: pixels.count) { buffer, count in
            pixels.withUnsafeBufferPointer { source in
                for index in 0..<source.count { buffer[index] = UInt8(max(0, min(255, (source[index] * 255).rounded()))) }
            }
            count = pixels.count
        }
        return DecodedImage(width: width, height: height, premultiplied: true, pixels: bytes)
    }

    /// Draws `top` over this picture (source over), each of its pixels weighted by `opacity` and, when given, by
    /// `mask` (one coverage value a pixel, this picture's size), through `blend` (separable modes only).
    mutating func draw(_ top: IconRaster, opacity: Float = 1, mask: [Float]? = nil, blend: BlendMode = .normal) {
        precondition(top.width == width && top.height == height, "layers are drawn into pictures of the same size")
        let count = width * height
        top.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for pixel in 0..<count {
                    let weight = opacity * (mask?[pixel] ?? 1)
                    let at = pixel * 4
                    let sourceAlpha = source[at + 3] * weight
                    if sourceAlpha <= 0 { continue }
                    let targetAlpha = target[at + 3]
                    for channel in 0..<3 {
                        let s = source[at + channel] * weight
                        let d = target[at + channel]
                        let mixed: Float
                        if blend == .normal || targetAlpha <= 0 {
                            mixed = s
                        } else {
                            // The separable blend of the unpremultiplied colours, weighted as in the W3C compositing model.
                            let sc = s / sourceAlpha
                            let dc = d / targetAlpha
                            mixed = (1 - targetAlpha) * s + targetAlpha * sourceAlpha * blend.apply(sc, dc)
                        }
                        target[at + channel] = mixed + d * (1 - sourceAlpha)
                    }
                    target[at + 3] = sourceAlpha + targetAlpha * (1 - sourceAlpha)
                }
            }
        }
    }

    /// Each pixel's colour replaced by `color` (straight RGB), its alpha kept.
    mutating func recolor(red: Float, green: Float, blue: Float) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            var at = 0
            while at < buffer.count {
                let alpha = buffer[at + 3]
                buffer[at] = red * alpha
                buffer[at + 1] = green * alpha
                buffer[at + 2] = blue * alpha
                at += 4
            }
        }
    }

    /// The alpha channel.
    var alpha: [Float] {
        (0..<(width * height)).map { pixels[$0 * 4 + 3] }
    }

    /// The separable blend modes drawn; the others `icon.json` may name are drawn as ``normal``.
    enum BlendMode: Sendable, Equatable {
        case normal, multiply, screen, overlay, darken, lighten, plusDarker, plusLighter

        init(_ name: String?) {
            switch name {
            case "multiply"?: self = .multiply
            case "screen"?: self = .screen
            case "overlay"?: self = .overlay
            case "darken"?: self = .darken
            case "lighten"?: self = .lighten
            case "plus-darker"?: self = .plusDarker
            case "plus-lighter"?: self = .plusLighter
            default: self = .normal
            }
        }

        /// The blended colour of source `s` over backdrop `d`.
        func apply(_ s: Float, _ d: Float) -> Float {
            switch self {
            case .normal: return s
            case .multiply: return s * d
            case .screen: return s + d - s * d
            case .overlay: return d <= 0.5 ? 2 * s * d : 1 - 2 * (1 - s) * (1 - d)
            case .darken: return min(s, d)
            case .lighten: return max(s, d)
            case .plusDarker: return max(0, s + d - 1)
            case .plusLighter: return min(1, s + d)
            }
        }
    }
}

/// A Gaussian blur approximated by three box blurs a direction (the usual approximation, within a few per cent), over
/// one plane of `width × height` values; edges treated as transparent (zero).
enum IconBlur {
    /// `plane` blurred with standard deviation `sigma` pixels; a `sigma` under 0.5 returns it unchanged.
    static func blurred(_ plane: [Float], width: Int, height: Int, sigma: Double) -> [Float] {
        guard sigma >= 0.5 else { return plane }
        // Three boxes whose variance adds up to sigma² (box of width w has variance (w² − 1) / 12).
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var radius = max(1, Int(((ideal - 1) / 2).rounded()))
        radius = min(radius, max(width, height))
        var values = plane
        var scratch = [Float](repeating: 0, count: plane.count)
        for _ in 0..<3 {
            boxPass(values, into: &scratch, count: height, length: width, stride: 1, lineStride: width, radius: radius)
            boxPass(scratch, into: &values, count: width, length: height, stride: width, lineStride: 1, radius: radius)
        }
        return values
    }

    /// One box pass along `count` lines of `length` values (`stride` apart within a line, lines `lineStride` apart).
    private static func boxPass(_ source: [Float], into target: inout [Float], count: Int, length: Int, stride: Int, lineStride: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        source.withUnsafeBufferPointer { input in
            target.withUnsafeMutableBufferPointer { output in
                for line in 0..<count {
                    let base = line * lineStride
                    // A running sum in Double keeps long lines from drifting.
                    var sum = 0.0
                    for offset in 0...min(radius, length - 1) { sum += Double(input[base + offset * stride]) }
                    for position in 0..<length {
                        output[base + position * stride] = Float(sum) * scale
                        let entering = position + radius + 1
                        let leaving = position - radius
                        if entering < length { sum += Double(input[base + entering * stride]) }
                        if leaving >= 0 { sum -= Double(input[base + leaving * stride]) }
                    }
                }
            }
        }
    }
}
