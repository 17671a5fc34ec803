import Testing

@testable import AssetCatalogBuilder

/// deepmap2 mode 2's C tile kernel (`CCAREncoding`) against the plain Swift it replaced (``Deepmap2PredictedReference``):
/// the same bytes for every kind of image, so the car stays byte-identical; and the mode choice that reuses its trial's
/// streams gives the record the trial and the encoders give apart.
@Suite("deepmap2 mode 2 kernel")
struct Deepmap2PredictedKernelTests {
    typealias Image = (name: String, width: Int, height: Int, bytesPerPixel: Int, pixels: [UInt8])

    static func hash(_ x: Int, _ y: Int, _ salt: Int) -> UInt8 { BitmapCompressionTests.hash(x, y, salt) }
    static func pixels(_ width: Int, _ height: Int, bytesPerPixel: Int, _ pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        Deepmap2PredictedEncoderTests.pixels(width, height, bytesPerPixel: bytesPerPixel, pixel)
    }

    static let images: [Image] = [
        ("random BGRA", 61, 23, 4, pixels(61, 23, bytesPerPixel: 4) { x, y in [hash(x, y, 1), hash(x, y, 2), hash(x, y, 3), hash(x, y, 4)] }),
        ("random grey", 45, 19, 2, pixels(45, 19, bytesPerPixel: 2) { x, y in [hash(x, y, 5), hash(x, y, 6)] }),
        ("gradient", 130, 40, 4, pixels(130, 40, bytesPerPixel: 4) { x, y in [UInt8(x * 2 & 255), UInt8(y * 6), UInt8((x + y) & 255), 255] }),
        ("grey gradient", 100, 30, 2, pixels(100, 30, bytesPerPixel: 2) { x, y in [UInt8((x + 3 * y) & 255), 255] }),
        ("noise over a gradient", 72, 72, 4, Deepmap2PredictedEncoderTests.noisyGradient(72, 72)),
        // Premultiplied, alpha everywhere from 0 to 255.
        ("alpha", 57, 41, 4, pixels(57, 41, bytesPerPixel: 4) { x, y in
            let alpha = UInt8((x * 11 + y * 5) % 256)
            return [UInt8(Int(hash(x, y, 7)) % (Int(alpha) + 1)), UInt8(Int(alpha) * x / 57), alpha / 3, alpha]
        }),
        ("grey alpha", 39, 27, 2, pixels(39, 27, bytesPerPixel: 2) { x, y in let a = hash(x, y, 8); return [UInt8(Int(hash(x, y, 9)) % (Int(a) + 1)), a] }),
        // The largest differences the lanes can hold: alternating extremes.
        ("extremes", 33, 17, 4, pixels(33, 17, bytesPerPixel: 4) { x, y in (x + y) % 2 == 0 ? [255, 0, 255, 255] : [0, 255, 0, 0] }),
        ("1 pixel wide", 1, 90, 4, pixels(1, 90, bytesPerPixel: 4) { _, y in [hash(0, y, 10), UInt8(y), hash(0, y, 11), 255] }),
        ("1 pixel wide, grey", 1, 50, 2, pixels(1, 50, bytesPerPixel: 2) { _, y in [hash(0, y, 12), 200] }),
        ("1 row", 300, 1, 4, pixels(300, 1, bytesPerPixel: 4) { x, _ in [UInt8(x & 255), hash(x, 0, 13), UInt8(255 - x & 255), 128] }),
        ("1 row, grey", 257, 1, 2, pixels(257, 1, bytesPerPixel: 2) { x, _ in [hash(x, 0, 14), 255] }),
        ("1×1", 1, 1, 4, [3, 250, 7, 255]),
    ]

    @Test(arguments: images.indices)
    func theKernelGivesTheReferenceTileBytes(_ index: Int) {
        let image = Self.images[index]
        // The whole image, and bands from inside it (each predicted from zeros above its first row).
        var bands = [0..<image.height]
        if image.height > 2 { bands += [1..<image.height, (image.height / 3)..<(image.height / 3 + 2), (image.height - 1)..<image.height] }
        for rows in bands {
            let (kernel, reference) = image.pixels.withUnsafeBufferPointer {
                (
                    Deepmap2PredictedEncoder.tile($0, width: image.width, rows: rows, bytesPerPixel: image.bytesPerPixel),
                    Deepmap2PredictedReference.tile($0, width: image.width, rows: rows, bytesPerPixel: image.bytesPerPixel)
                )
            }
            #expect(kernel.count == rows.count * Deepmap2PredictedEncoder.tileRowBytes(width: image.width, bytesPerPixel: image.bytesPerPixel))
            #expect(kernel == reference, "\(image.name), rows \(rows)")
        }
    }

    @Test(arguments: images.indices)
    func everyCompiledFormGivesTheReferenceTileBytes(_ index: Int) {
        // The baseline (SSE2) form always; the AVX2 form where this CPU has it (both on the machines CI runs on).
        let image = Self.images[index]
        var bands = [0..<image.height]
        if image.height > 2 { bands += [1..<image.height, (image.height - 1)..<image.height] }
        for rows in bands {
            let reference = image.pixels.withUnsafeBufferPointer {
                Deepmap2PredictedReference.tile($0, width: image.width, rows: rows, bytesPerPixel: image.bytesPerPixel)
            }
            for form in Deepmap2PredictedEncoder.KernelForm.allCases {
                let tile = image.pixels.withUnsafeBufferPointer {
                    Deepmap2PredictedEncoder.tile($0, width: image.width, rows: rows, bytesPerPixel: image.bytesPerPixel, form: form)
                }
                if form == .baseline { #expect(tile != nil, "the baseline form runs everywhere") }
                if let tile { #expect(tile == reference, "\(image.name), rows \(rows), \(form)") }
            }
        }
    }

    @Test(arguments: images.indices)
    func withTheChromaHalvedEveryFormGivesTheReferenceTileBytes(_ index: Int) {
        // Quality 1 (deepmap-LZFSE as Xcode writes it): Co and Cg halved toward zero before prediction.
        let image = Self.images[index]
        let reference = image.pixels.withUnsafeBufferPointer {
            Deepmap2PredictedReference.tile($0, width: image.width, rows: 0..<image.height, bytesPerPixel: image.bytesPerPixel, chromaShift: 1)
        }
        let lossless = image.pixels.withUnsafeBufferPointer {
            Deepmap2PredictedReference.tile($0, width: image.width, rows: 0..<image.height, bytesPerPixel: image.bytesPerPixel)
        }
        if image.bytesPerPixel == 4 && image.width * image.height > 1 { #expect(reference != lossless, "\(image.name): the shift changes the lanes") }
        for form in Deepmap2PredictedEncoder.KernelForm.allCases {
            let tile = image.pixels.withUnsafeBufferPointer {
                Deepmap2PredictedEncoder.tile(
                    $0, width: image.width, rows: 0..<image.height, bytesPerPixel: image.bytesPerPixel, chromaShift: 1, form: form)
            }
            if let tile { #expect(tile == reference, "\(image.name), \(form)") }
        }
    }

    @Test func theFormsAgreeOnWideNoisyRows() {
        // Widths around the 16-pixel steps of the AVX2 interleave and a bench-like atlas row, both pixel sizes.
        for width in [15, 16, 17, 31, 32, 33, 1042] {
            for bytesPerPixel in [2, 4] {
                let pixels = Self.pixels(width, 5, bytesPerPixel: bytesPerPixel) { x, y in
                    (0..<bytesPerPixel).map { lane in UInt8((x + y) & 0xF0) | (Self.hash(x, y, 20 + lane) & 0x0F) }
                }
                let reference = pixels.withUnsafeBufferPointer {
                    Deepmap2PredictedReference.tile($0, width: width, rows: 0..<5, bytesPerPixel: bytesPerPixel)
                }
                for form in Deepmap2PredictedEncoder.KernelForm.allCases {
                    let tile = pixels.withUnsafeBufferPointer {
                        Deepmap2PredictedEncoder.tile($0, width: width, rows: 0..<5, bytesPerPixel: bytesPerPixel, form: form)
                    }
                    if let tile { #expect(tile == reference, "width \(width), \(bytesPerPixel) bytes a pixel, \(form)") }
                }
            }
        }
    }

    @Test func everyPredictorAppearsAndMatchesTheReference() {
        // Rows built for each predictor: constant, a copy of the row above, a ramp along the row, flat zero, noise.
        let width = 48, height = 40
        let pixels = Self.pixels(width, height, bytesPerPixel: 4) { x, y in
            switch y % 5 {
            case 0: return [Self.hash(x, y, 1), Self.hash(x, y, 2), Self.hash(x, y, 3), 255]
            case 1: return [Self.hash(x, y - 1, 1), Self.hash(x, y - 1, 2), Self.hash(x, y - 1, 3), 255]
            case 2: return [UInt8(x * 5), UInt8(x * 5), UInt8(x * 5), 255]
            case 3: return [0, 0, 0, 0]
            default: return [UInt8((x * 3 + y * 2) & 255), UInt8((x + y * 4) & 255), UInt8((x * 2 + y) & 255), 255]
            }
        }
        let (kernel, reference) = pixels.withUnsafeBufferPointer {
            (
                Deepmap2PredictedEncoder.tile($0, width: width, rows: 0..<height, bytesPerPixel: 4),
                Deepmap2PredictedReference.tile($0, width: width, rows: 0..<height, bytesPerPixel: 4)
            )
        }
        #expect(kernel == reference)
        let predictors = Set(kernel[(width * height)..<(width * height + height)])
        #expect(predictors.count >= 4, "predictors used: \(predictors.sorted())")
    }

    @Test(arguments: images.indices)
    func theRecordIsTheReferenceTilesCompressed(_ index: Int) {
        let image = Self.images[index]
        // Bands of 3 rows: several tiles from one buffer, the last one shorter.
        let rowBytes = Deepmap2PredictedEncoder.tileRowBytes(width: image.width, bytesPerPixel: image.bytesPerPixel)
        let record = Deepmap2PredictedEncoderTests.record(image.pixels, image.width, image.height, bytesPerPixel: image.bytesPerPixel, tileBytes: 3 * rowBytes)
        let tileHeight = min(3, image.height)
        let streams = stride(from: 0, to: image.height, by: tileHeight).map { top in
            image.pixels.withUnsafeBufferPointer {
                LZFSEEncoder.compress(
                    Deepmap2PredictedReference.tile($0, width: image.width, rows: top..<min(top + tileHeight, image.height), bytesPerPixel: image.bytesPerPixel))
            }
        }
        let expected = Deepmap2Encoder.parts(
            mode: 2, quality: 0, bytesPerPixel: image.bytesPerPixel, tileWidth: image.width, tileHeight: tileHeight, header: [], streams: streams).joined
        #expect(record == expected, "\(image.name)")
    }

    @Test func theModeChoiceGivesTheRecordOfTheModeItsTrialPrefers() {
        // Small images (tried whole, streams reused) and larger ones (sampled bands), each mode chosen at least once.
        let cases: [Image] = Self.images + [
            ("large noise over a gradient", 300, 200, 4, Deepmap2PredictedEncoderTests.noisyGradient(300, 200)),
            ("large noise", 200, 150, 4, Self.pixels(200, 150, bytesPerPixel: 4) { x, y in [Self.hash(x, y, 1), Self.hash(x, y, 2), Self.hash(x, y, 3), 255] }),
        ]
        var modes: Set<UInt8> = []
        for image in cases {
            let (chosen, expected) = image.pixels.withUnsafeBufferPointer { pixels in
                let predicted = Deepmap2ModeChoice.prefersPredicted(pixels, width: image.width, height: image.height, bytesPerPixel: image.bytesPerPixel)
                let expected =
                    predicted
                    ? Deepmap2PredictedEncoder.parts(pixels, width: image.width, height: image.height, bytesPerPixel: image.bytesPerPixel)?.joined
                    : Deepmap2Encoder.parts(pixels, width: image.width, height: image.height, bytesPerPixel: image.bytesPerPixel, palette: nil)?.joined
                return (Deepmap2ModeChoice.parts(pixels, width: image.width, height: image.height, bytesPerPixel: image.bytesPerPixel)?.joined, expected)
            }
            #expect(chosen != nil && chosen == expected, "\(image.name)")
            if let chosen { modes.insert(chosen[20]) }
        }
        #expect(modes == [2, 3], "both modes chosen: \(modes.sorted())")
    }
}
