import AssetCatalog
import Testing

/// deepmap2 and deepmap-LZFSE on records written by ``DeepmapTestEncoder``: every mode, every predictor, tiles and
/// chunks, and damage at every byte.
@Suite("deepmap decoders")
struct DeepmapDecoderTests {
    typealias E = DeepmapTestEncoder

    /// A premultiplied BGRA test image with gradients, edges and transparent pixels, `width` × `height`.
    static func colourImage(width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let alpha = (x + y) % 7 == 0 ? 0 : (x * 37 + y * 11) % 3 == 0 ? 128 : 255
                let colour = [(x * 9 + y * 3) % 256, (y * 17) % 256, (x * y + 40) % 256].map { $0 * alpha / 255 }
                pixels += colour.map(UInt8.init) + [UInt8(alpha)]
            }
        }
        return pixels
    }

    static func greyImage(width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let alpha = (x * 5 + y) % 11 == 0 ? 0 : 255 - (x + y) % 64
                pixels += [UInt8(((x * 13) ^ (y * 7)) % 256 * alpha / 255), UInt8(alpha)]
            }
        }
        return pixels
    }

    static func worst(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test("deepmap2 mode 2, colour, quality 0: every predictor in three tiles reproduces the pixels exactly")
    func predictedColourExact() throws {
        let pixels = Self.colourImage(width: 23, height: 17)
        let record = E.deepmap2(pixels, width: 23, height: 17, bytesPerPixel: 4, mode: 2, quality: 0, tileHeight: 7)
        #expect(try Deepmap2Decoder.decode(record, width: 23, height: 17, bytesPerPixel: 4) == pixels)
    }

    @Test("deepmap2 mode 2, colour, quality 1: chroma at half precision, within 1 on the first two channels, alpha exact")
    func predictedColourQualityOne() throws {
        let pixels = Self.colourImage(width: 19, height: 9)
        let record = E.deepmap2(pixels, width: 19, height: 9, bytesPerPixel: 4, mode: 2, quality: 1, lzvn: true)
        let decoded = try Deepmap2Decoder.decode(record, width: 19, height: 9, bytesPerPixel: 4)
        #expect(Self.worst(decoded, pixels) == 1)
        for position in stride(from: 0, to: pixels.count, by: 4) {
            #expect(decoded[position + 2] == pixels[position + 2] && decoded[position + 3] == pixels[position + 3])
        }
    }

    @Test("deepmap2 mode 2, grey + alpha, every predictor; mode 3 both kinds; mode 1 raw")
    func greyAndLossless() throws {
        let grey = Self.greyImage(width: 31, height: 12)
        for predictors: [UInt8] in [[0], [1], [2], [3], [4], [4, 1, 3, 2, 0]] {
            let record = E.deepmap2(grey, width: 31, height: 12, bytesPerPixel: 2, mode: 2, tileHeight: 5, predictors: predictors)
            #expect(try Deepmap2Decoder.decode(record, width: 31, height: 12, bytesPerPixel: 2) == grey, "predictors \(predictors)")
        }
        let colour = Self.colourImage(width: 9, height: 8)
        let lossless = E.deepmap2(colour, width: 9, height: 8, bytesPerPixel: 4, mode: 3, tileHeight: 3, lzvn: true)
        #expect(try Deepmap2Decoder.decode(lossless, width: 9, height: 8, bytesPerPixel: 4) == colour)
        #expect(try Deepmap2Decoder.decode(E.deepmap2(grey, width: 31, height: 12, bytesPerPixel: 2, mode: 3), width: 31, height: 12, bytesPerPixel: 2) == grey)
        let raw = E.record(version: 1, format: 2, blob: Array("dmp2".utf8) + [1, 0, 10, 2] + E.le16(31) + E.le16(12) + grey)
        #expect(try Deepmap2Decoder.decode(raw, width: 31, height: 12, bytesPerPixel: 2) == grey)
    }

    @Test("deepmap2 palette: entries of 4 bytes, and of 3 with an alpha plane")
    func palette() throws {
        let colours: [[UInt8]] = [[0, 0, 200, 255], [10, 20, 30, 40], [255, 255, 255, 255]]
        let indices: [UInt8] = [0, 1, 2, 2, 1, 0]
        let four = try Deepmap2Decoder.decode(E.palette(colors: colours, indices: indices, width: 3, height: 2), width: 3, height: 2, bytesPerPixel: 4)
        #expect(four == indices.flatMap { colours[Int($0)] })
        let alpha: [UInt8] = [1, 2, 3, 4, 5, 6]
        let three = try Deepmap2Decoder.decode(
            E.palette(colors: colours, indices: indices, alpha: alpha, width: 3, height: 2), width: 3, height: 2, bytesPerPixel: 4)
        #expect(three == indices.indices.flatMap { Array(colours[Int(indices[$0])][0..<3]) + [alpha[$0]] })
        let outOfRange = E.palette(colors: colours, indices: [0, 1, 3, 0, 0, 0], width: 3, height: 2)
        #expect(throws: CARError.self) { try Deepmap2Decoder.decode(outOfRange, width: 3, height: 2, bytesPerPixel: 4) }
    }

    @Test("deepmap-LZFSE: tiles 256 pixels wide, modes 2 and 3, colour and grey")
    func deepmapLZFSE() throws {
        let colour = Self.colourImage(width: 300, height: 5)
        let predicted = E.deepmapLZFSE(colour, width: 300, height: 5, bytesPerPixel: 4, mode: 2)
        #expect(Self.worst(try DeepmapLZFSEDecoder.decode(predicted, width: 300, height: 5, bytesPerPixel: 4), colour) <= 1)
        let lossless = E.deepmapLZFSE(colour, width: 300, height: 5, bytesPerPixel: 4, mode: 3)
        #expect(try DeepmapLZFSEDecoder.decode(lossless, width: 300, height: 5, bytesPerPixel: 4) == colour)
        let grey = Self.greyImage(width: 260, height: 4)
        #expect(try DeepmapLZFSEDecoder.decode(E.deepmapLZFSE(grey, width: 260, height: 4, bytesPerPixel: 2, mode: 2), width: 260, height: 4, bytesPerPixel: 2) == grey)
    }

    @Test("unknown modes and formats are named from the header; every truncation and bit flip is a typed error or decodes")
    func damage() throws {
        let grey = Self.greyImage(width: 6, height: 5)
        let record = E.deepmap2(grey, width: 6, height: 5, bytesPerPixel: 2, mode: 2, tileHeight: 2)
        record.withUnsafeBytes { buffer in
            let bytes = CARBytes(buffer: buffer, base: 0, structure: "record")
            #expect(Deepmap2Decoder.unsupportedReason(bytes, bytesPerPixel: 2) == nil)
            #expect(Deepmap2Decoder.unsupportedReason(bytes, bytesPerPixel: 4)?.contains("pixel format 2") == true)
        }
        var unknownMode = record
        unknownMode[20] = 9
        unknownMode.withUnsafeBytes { buffer in
            #expect(Deepmap2Decoder.unsupportedReason(CARBytes(buffer: buffer, base: 0, structure: "record"), bytesPerPixel: 2) == "deepmap2 mode 9 is not a known deepmap2 mode")
        }
        for length in 0..<record.count {
            #expect(throws: CARError.self) { try Deepmap2Decoder.decode(Array(record[0..<length]), width: 6, height: 5, bytesPerPixel: 2) }
        }
        var predictor = record
        // The first tile's first predictor byte: prefix, header, length, bvx- header, then the alpha plane of 12 pixels.
        predictor[16 + 12 + 4 + 8 + 12] = 7
        #expect(throws: CARError.self) { try Deepmap2Decoder.decode(predictor, width: 6, height: 5, bytesPerPixel: 2) }
        var random = SeededRandom(seed: 0xDEE9)
        for _ in 0..<3000 {
            var damaged = record
            damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            _ = try? Deepmap2Decoder.decode(damaged, width: 6, height: 5, bytesPerPixel: 2)
            _ = try? DeepmapLZFSEDecoder.decode(damaged, width: 6, height: 5, bytesPerPixel: 2)
        }
        let dmap = E.deepmapLZFSE(grey, width: 6, height: 5, bytesPerPixel: 2, mode: 2)
        for length in 0..<dmap.count {
            #expect(throws: CARError.self) { try DeepmapLZFSEDecoder.decode(Array(dmap[0..<length]), width: 6, height: 5, bytesPerPixel: 2) }
        }
        // A byte after the last tile, inside the blob's stated length, is an error.
        let trailing = Array(dmap[0..<8]) + E.le32(dmap.count - 16 + 1) + Array(dmap[12...]) + [0]
        #expect(throws: CARError.self) { try DeepmapLZFSEDecoder.decode(trailing, width: 6, height: 5, bytesPerPixel: 2) }
    }
}
