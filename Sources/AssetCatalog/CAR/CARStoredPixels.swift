#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a bitmap rendition's pixels are stored, from its pixel format and colour space (docs/CAR-FORMAT.md section 4,
/// "Pixel formats"): what CoreUI's reader (`-[_CUIThemePixelRendition newImageFromCSIDataSlice:ofBitmap:usingColorspace:]`)
/// and writer (`-[CSIBitmapWrapper bitmapContext]`) make of each, as decompiled in public repositories.
///
/// Every stored sample is little-endian and premultiplied by alpha, alpha last.
enum CARStoredPixels: Equatable {
    /// `ARGB`: 8-bit blue, green, red, alpha.
    case bgra8
    /// `GA8 `: 8-bit grey, alpha.
    case greyAlpha8
    /// `RGB5`: one 16-bit word a pixel, 5 bits each of red, green and blue under an unused top bit; opaque.
    case rgb5
    /// `RGBW`: 16-bit red, green, blue, alpha; integers (65535 full), or half floats (1.0 full) in the extended
    /// colour spaces (4 extended sRGB, 5 extended linear sRGB; `linear` for 5).
    case rgba16(halfFloat: Bool, linear: Bool)
    /// `GA16`: 16-bit grey, alpha; integers, or half floats in the extended grey colour space (6).
    case greyAlpha16(halfFloat: Bool)

    /// The storage of a rendition of `pixelFormat` (as ``CARRendition/pixelFormat`` spells it) in colour space
    /// `colorSpaceID`, or `nil` for a format that holds no pixels this reader knows.
    init?(pixelFormat: String, colorSpaceID: UInt32) {
        switch pixelFormat {
        case "ARGB": self = .bgra8
        case "GA8": self = .greyAlpha8
        case "RGB5": self = .rgb5
        // CoreUI's reader takes half floats where `colorSpaceID & 0xE == 4`: 4 and 5.
        case "RGBW": self = .rgba16(halfFloat: colorSpaceID & 0xE == 4, linear: colorSpaceID == 5)
        case "GA16": self = .greyAlpha16(halfFloat: colorSpaceID == 6)
        default: return nil
        }
    }

    /// The bytes one stored pixel takes.
    var bytesPerPixel: Int {
        switch self {
        case .bgra8: return 4
        case .greyAlpha8: return 2
        case .rgb5: return 2
        case .rgba16: return 8
        case .greyAlpha16: return 4
        }
    }

    /// Whether the samples are deeper than 8 bits (decoded to 16-bit samples as well as 8-bit ones).
    var isDeep: Bool {
        switch self {
        case .rgba16, .greyAlpha16: return true
        case .bgra8, .greyAlpha8, .rgb5: return false
        }
    }

    /// The pixel-format code a deepmap record gives for these pixels (libdm2's and scar's table: 2 grey + alpha,
    /// 4 BGRA, 0x12 16-bit grey + alpha, 0x14 16-bit RGBA), or `nil` when deepmap cannot hold them.
    var deepmapFormat: UInt8? {
        switch self {
        case .bgra8: return 4
        case .greyAlpha8: return 2
        case .rgba16: return 0x14
        case .greyAlpha16: return 0x12
        case .rgb5: return nil
        }
    }

    /// What the colour space means for these pixels, for listings: `nil` for the 8-bit formats, whose colour
    /// space assetc does not interpret.
    func colorSpaceName(_ colorSpaceID: UInt32) -> String? {
        switch self {
        case .rgba16(let halfFloat, let linear):
            if halfFloat { return linear ? "extended linear sRGB (half floats)" : "extended sRGB (half floats)" }
            return colorSpaceID == 3 ? "Display P3 (16-bit integers)" : "sRGB (16-bit integers)"
        case .greyAlpha16(let halfFloat):
            return halfFloat ? "extended grey (half floats)" : "grey gamma 2.2 (16-bit integers)"
        case .bgra8, .greyAlpha8, .rgb5:
            return nil
        }
    }

    /// Converts `height` rows of `width` stored pixels, `rowBytes` apart in `raw`, to an image: premultiplied 8-bit
    /// RGBA, and for deep formats the same at 16 bits. `opaque` (`MLEC` flag bit 1, which CoreUI reads as "no
    /// alpha": the alpha sample is skipped) makes every pixel fully opaque.
    ///
    /// - Precondition: `raw` holds `rowBytes × (height − 1) + width × bytesPerPixel` bytes and `rowBytes` is at
    ///   least `width × bytesPerPixel` (the caller checks both).
    func image(_ raw: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int, opaque: Bool) -> DecodedImage {
        let count = width * height * 4
        var pixels = [UInt8](repeating: 0, count: count)
        var deep: [UInt16] = isDeep ? [UInt16](repeating: 0, count: count) : []
        pixels.withUnsafeMutableBufferPointer { eight in
            deep.withUnsafeMutableBufferPointer { sixteen in
                for y in 0..<height {
                    let row = y * rowBytes
                    for x in 0..<width {
                        let at = row + x * bytesPerPixel, to = 4 * (y * width + x)
                        switch self {
                        case .bgra8:
                            eight[to] = raw[at + 2]
                            eight[to + 1] = raw[at + 1]
                            eight[to + 2] = raw[at]
                            eight[to + 3] = opaque ? 255 : raw[at + 3]
                        case .greyAlpha8:
                            let grey = raw[at]
                            eight[to] = grey
                            eight[to + 1] = grey
                            eight[to + 2] = grey
                            eight[to + 3] = opaque ? 255 : raw[at + 1]
                        case .rgb5:
                            let word = Int(raw[at]) | Int(raw[at + 1]) << 8
                            for channel in 0..<3 {
                                let five = (word >> (10 - 5 * channel)) & 31
                                eight[to + channel] = UInt8(five << 3 | five >> 2)
                            }
                            eight[to + 3] = 255
                        case .rgba16(let halfFloat, let linear):
                            var samples = SIMD4<Float>(
                                Self.sample(raw, at, halfFloat: halfFloat), Self.sample(raw, at + 2, halfFloat: halfFloat),
                                Self.sample(raw, at + 4, halfFloat: halfFloat), opaque ? 1 : Self.sample(raw, at + 6, halfFloat: halfFloat))
                            if linear { Self.encodeSRGB(&samples) }
                            for channel in 0..<4 { Self.store(samples[channel], eight, sixteen, to + channel) }
                        case .greyAlpha16(let halfFloat):
                            let grey = Self.sample(raw, at, halfFloat: halfFloat)
                            let alpha = opaque ? 1 : Self.sample(raw, at + 2, halfFloat: halfFloat)
                            for channel in 0..<3 { Self.store(grey, eight, sixteen, to + channel) }
                            Self.store(alpha, eight, sixteen, to + 3)
                        }
                    }
                }
            }
        }
        return DecodedImage(width: width, height: height, premultiplied: true, pixels: pixels, pixels16: isDeep ? deep : nil)
    }

    /// The 16-bit sample at `offset` (little-endian) as a value where 1 is full: an integer over 65535, or a half float.
    private static func sample(_ raw: UnsafeRawBufferPointer, _ offset: Int, halfFloat: Bool) -> Float {
        let bits = UInt16(raw[offset]) | UInt16(raw[offset + 1]) << 8
        return halfFloat ? Float(halfBits: bits) : Float(bits) / 65535
    }

    /// Stores a sample clamped to 0…1 (NaN as 0) at `index` of both outputs, rounded to 8 and to 16 bits.
    private static func store(_ value: Float, _ eight: UnsafeMutableBufferPointer<UInt8>, _ sixteen: UnsafeMutableBufferPointer<UInt16>, _ index: Int) {
        let clamped = value.isNaN ? 0 : min(1, max(0, value))
        eight[index] = UInt8(clamped * 255 + 0.5)
        sixteen[index] = UInt16(clamped * 65535 + 0.5)
    }

    /// Premultiplied linear red, green, blue (alpha in `samples[3]`) to premultiplied sRGB-encoded values, so that the
    /// output is in the colour space of every other decoded image: un-premultiplied, the sRGB transfer function (its
    /// odd extension below 0 and above 1), premultiplied again.
    private static func encodeSRGB(_ samples: inout SIMD4<Float>) {
        let alpha = samples[3]
        guard alpha > 0, alpha.isFinite else { return }
        for channel in 0..<3 {
            let straight = samples[channel] / alpha
            let magnitude = abs(straight)
            let encoded = magnitude <= 0.0031308 ? 12.92 * magnitude : 1.055 * powf(magnitude, 1 / 2.4) - 0.055
            samples[channel] = (straight < 0 ? -encoded : encoded) * alpha
        }
    }
}

extension Float {
    /// The value of an IEEE 754 half-precision float from its bits (subnormals, infinities and NaN included),
    /// without `Float16`, which not every platform Swift runs on has.
    init(halfBits bits: UInt16) {
        let sign: Float = bits & 0x8000 != 0 ? -1 : 1
        let exponent = Int((bits >> 10) & 0x1F), fraction = Float(bits & 0x3FF)
        switch exponent {
        case 0: self = sign * fraction * 0x1p-24
        case 31: self = fraction == 0 ? sign * .infinity : .nan
        default: self = sign * (1 + fraction / 1024) * Float(sign: .plus, exponent: exponent - 15, significand: 1)
        }
    }
}
