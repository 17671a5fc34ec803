import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

/// deepmap2 mode 2 as assetc writes it (lossless, quality 0), read back by the reader's `Deepmap2Decoder`, and the
/// trial that chooses it over mode 3.
@Suite("deepmap2 mode 2 encoder")
struct Deepmap2PredictedEncoderTests {
    static func hash(_ x: Int, _ y: Int, _ salt: Int) -> UInt8 { BitmapCompressionTests.hash(x, y, salt) }

    /// Stored pixels (premultiplied BGRA, or grey + alpha when `bytesPerPixel` is 2) from `pixel`.
    static func pixels(_ width: Int, _ height: Int, bytesPerPixel: Int, _ pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * bytesPerPixel)
        for y in 0..<height { for x in 0..<width { bytes += pixel(x, y) } }
        return bytes
    }

    /// 4-bit noise over a gradient whose high nibble steps along the row and down: the bench catalog's pixels.
    static func noisyGradient(_ width: Int, _ height: Int) -> [UInt8] {
        pixels(width, height, bytesPerPixel: 4) { x, y in
            [UInt8((x * 3 + y) & 0xF0) | hash(x, y, 1) & 15, UInt8((x * 3 + 1 + y) & 0xF0) | hash(x, y, 2) & 15,
             UInt8((x * 3 + 2 + y) & 0xF0) | hash(x, y, 3) & 15, 255]
        }
    }

    static func record(_ pixels: [UInt8], _ width: Int, _ height: Int, bytesPerPixel: Int, tileBytes: Int = Deepmap2PredictedEncoder.tileBytes) -> [UInt8] {
        let record = pixels.withUnsafeBufferPointer {
            Deepmap2PredictedEncoder.parts($0, width: width, height: height, bytesPerPixel: bytesPerPixel, tileBytes: tileBytes)?.joined
        }
        return record ?? []
    }

    static let cases: [(name: String, width: Int, height: Int, bytesPerPixel: Int, pixels: [UInt8])] = [
        ("random BGRA", 37, 29, 4, pixels(37, 29, bytesPerPixel: 4) { x, y in [hash(x, y, 1), hash(x, y, 2), hash(x, y, 3), hash(x, y, 4)] }),
        ("smooth gradient", 64, 48, 4, pixels(64, 48, bytesPerPixel: 4) { x, y in [UInt8(x * 4), UInt8(y * 5), UInt8((x + y) * 2), 255] }),
        ("noise over a gradient", 72, 72, 4, noisyGradient(72, 72)),
        // Premultiplied: no colour byte above its alpha, alpha varying, fully transparent pixels.
        ("translucent", 40, 33, 4, pixels(40, 33, bytesPerPixel: 4) { x, y in
            let alpha = UInt8((x * 7 + y * 3) % 256)
            return [UInt8(Int(hash(x, y, 5)) % (Int(alpha) + 1)), UInt8(Int(alpha) * x / 40), alpha / 2, alpha]
        }),
        ("extremes", 16, 16, 4, pixels(16, 16, bytesPerPixel: 4) { x, y in (x + y) % 2 == 0 ? [255, 0, 255, 255] : [0, 255, 0, 255] }),
        ("grey", 50, 70, 2, pixels(50, 70, bytesPerPixel: 2) { x, y in [UInt8(x * 5) & (hash(x, y, 6) | 0xF0), 255] }),
        ("grey, random alpha", 33, 21, 2, pixels(33, 21, bytesPerPixel: 2) { x, y in let a = hash(x, y, 7); return [UInt8(Int(hash(x, y, 8)) % (Int(a) + 1)), a] }),
        ("1×1 BGRA", 1, 1, 4, [10, 200, 30, 255]),
        ("1×1 grey", 1, 1, 2, [77, 200]),
        ("wide", 700, 2, 4, pixels(700, 2, bytesPerPixel: 4) { x, y in [UInt8(x & 255), hash(x, y, 9), UInt8(y), 255] }),
        ("tall", 1, 600, 4, pixels(1, 600, bytesPerPixel: 4) { _, y in [UInt8(y & 255), hash(0, y, 10), 0, 255] }),
    ]

    @Test(arguments: cases.indices)
    func roundTripsPixelExact(_ index: Int) throws {
        let (name, width, height, bytesPerPixel, pixels) = Self.cases[index]
        let record = Self.record(pixels, width, height, bytesPerPixel: bytesPerPixel)
        #expect(record.count > 28 && record[20] == 2, "\(name): mode 2")
        #expect(record[21] == 0, "\(name): quality 0, lossless")
        let decoded = try Deepmap2Decoder.decode(record, width: width, height: height, bytesPerPixel: bytesPerPixel)
        #expect(decoded == pixels, "\(name)")
    }

    @Test(arguments: [(Int, Int)]([(10, 1), (10, 2), (10, 3), (10, 7), (10, 9)]))
    func roundTripsAcrossTileBoundaries(_ width: Int, _ rowsPerTile: Int) throws {
        // Bands of `rowsPerTile` rows: heights one short of, equal to and one past a multiple of the band.
        let bytesPerRow = Deepmap2PredictedEncoder.tileRowBytes(width: width, bytesPerPixel: 4)
        for height in [rowsPerTile * 3 - 1, rowsPerTile * 3, rowsPerTile * 3 + 1] where height > 0 {
            let pixels = Self.noisyGradient(width, height)
            let record = Self.record(pixels, width, height, bytesPerPixel: 4, tileBytes: bytesPerRow * rowsPerTile)
            // The header names the band: width × rows per tile.
            #expect(Int(record[26]) | Int(record[27]) << 8 == rowsPerTile)
            let decoded = try Deepmap2Decoder.decode(record, width: width, height: height, bytesPerPixel: 4)
            #expect(decoded == pixels, "\(width)x\(height) in bands of \(rowsPerTile)")
        }
        // Grey in one-row bands.
        let grey = Self.pixels(width, 5, bytesPerPixel: 2) { x, y in [Self.hash(x, y, 11), 255] }
        let record = Self.record(grey, width, 5, bytesPerPixel: 2, tileBytes: 1)
        #expect(try Deepmap2Decoder.decode(record, width: width, height: 5, bytesPerPixel: 2) == grey)
    }

    @Test func eachRowTakesThePredictorWithTheSmallestResiduals() {
        // Every row equal to the one above: from the second row on, a predictor from above leaves nothing.
        let width = 30, height = 6
        let pixels = Self.pixels(width, height, bytesPerPixel: 4) { x, _ in [Self.hash(x, 0, 1), Self.hash(x, 0, 2), Self.hash(x, 0, 3), 255] }
        let tile = pixels.withUnsafeBufferPointer { Deepmap2PredictedEncoder.tile($0, width: width, rows: 0..<height, bytesPerPixel: 4) }
        #expect(tile.count == height * (7 * width + 1))
        let predictors = tile[(width * height)..<(width * height + height)]
        let high = width * height + height, low = high + 3 * width * height
        for y in 1..<height {
            #expect([1, 3].contains(predictors[predictors.startIndex + y]), "row \(y): up or gradient")
            #expect(tile[(high + 3 * width * y)..<(high + 3 * width * (y + 1))].allSatisfy { $0 == 0 })
            #expect(tile[(low + 3 * width * y)..<(low + 3 * width * (y + 1))].allSatisfy { $0 == 0 })
        }
        // A horizontal ramp: the left neighbour predicts it best (the first row has nothing above).
        let ramp = Self.pixels(200, 1, bytesPerPixel: 2) { x, _ in [UInt8(x), 255] }
        let rampTile = ramp.withUnsafeBufferPointer { Deepmap2PredictedEncoder.tile($0, width: 200, rows: 0..<1, bytesPerPixel: 2) }
        #expect([1, 2, 4].contains(rampTile[200]), "predictor \(rampTile[200])")
    }

    @Test func theTrialTakesMode2WhereAPredictorPaysAndMode3Elsewhere() {
        let noisy = Self.noisyGradient(300, 200)
        let uniformNoise = Self.pixels(300, 200, bytesPerPixel: 4) { x, y in [Self.hash(x, y, 1), Self.hash(x, y, 2), Self.hash(x, y, 3), 255] }
        func sizes(_ pixels: [UInt8]) -> (predicted: Int, stored: Int, chosen: Bool) {
            pixels.withUnsafeBufferPointer {
                (
                    Deepmap2PredictedEncoder.parts($0, width: 300, height: 200, bytesPerPixel: 4)?.count ?? 0,
                    Deepmap2Encoder.parts($0, width: 300, height: 200, bytesPerPixel: 4, palette: nil)?.count ?? 0,
                    Deepmap2ModeChoice.prefersPredicted($0, width: 300, height: 200, bytesPerPixel: 4)
                )
            }
        }
        let gradient = sizes(noisy), noise = sizes(uniformNoise)
        // The bench's kind of pixels: prediction removes the gradient and leaves the 4-bit noise.
        #expect(gradient.predicted * 10 < gradient.stored * 8, "\(gradient)")
        #expect(gradient.chosen)
        // Uniform noise: a difference of two noisy values holds more bits than the value.
        #expect(noise.predicted > noise.stored, "\(noise)")
        #expect(!noise.chosen)
    }

    @Test func theTrialSamplesBandsInsideTheImage() {
        #expect(Deepmap2ModeChoice.sampledRows(width: 100, height: 100) == [0..<100], "small images are tried whole")
        for (width, height) in [(1024, 1024), (4000, 30), (50, 5000), (20_000, 1), (1, 40_000)] {
            let bands = Deepmap2ModeChoice.sampledRows(width: width, height: height)
            #expect(!bands.isEmpty && bands.count <= Deepmap2ModeChoice.sampledBands)
            #expect(bands.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= height && !$0.isEmpty }, "\(width)x\(height): \(bands)")
            #expect(zip(bands, bands.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "\(width)x\(height): in order, apart")
            let sampled = bands.reduce(0) { $0 + $1.count } * width
            #expect(sampled <= max(Deepmap2ModeChoice.wholeTrialPixels + 4 * width, width * height / 8), "\(width)x\(height): \(sampled) pixels")
        }
    }

    @Test func sizesOutsideDeepmap2sFieldsGiveNoRecord() {
        let pixels = [UInt8](repeating: 0, count: 4 * 70_000)
        let record = pixels.withUnsafeBufferPointer { Deepmap2PredictedEncoder.parts($0, width: 70_000, height: 1, bytesPerPixel: 4)?.joined }
        #expect(record == nil)
        let mismatched = pixels.withUnsafeBufferPointer { Deepmap2PredictedEncoder.parts($0, width: 10, height: 10, bytesPerPixel: 4)?.joined }
        #expect(mismatched == nil)
    }
}
