import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

/// deepmap-LZFSE (mode 2, quality 1) as assetc writes it for Icon Composer bitmap layers, read back by the reader's
/// `DeepmapLZFSEDecoder`: grey exactly, colour with the chroma halved as quality 1 keeps it.
@Suite("deepmap-LZFSE encoder")
struct DeepmapLZFSEEncoderTests {
    static func hash(_ x: Int, _ y: Int, _ salt: Int) -> UInt8 { BitmapCompressionTests.hash(x, y, salt) }
    static func pixels(_ width: Int, _ height: Int, bytesPerPixel: Int, _ pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        Deepmap2PredictedEncoderTests.pixels(width, height, bytesPerPixel: bytesPerPixel, pixel)
    }

    static func record(_ pixels: [UInt8], _ width: Int, _ height: Int, bytesPerPixel: Int) -> [UInt8] {
        pixels.withUnsafeBufferPointer { DeepmapLZFSEEncoder.record($0, width: width, height: height, bytesPerPixel: bytesPerPixel).joined }
    }

    /// What quality 1 gives back for stored BGRA pixels, worked out one pixel at a time apart from the encoder: the
    /// reversible YCoCg of B, G, R (divisions toward zero), Co and Cg halved toward zero, then doubled and inverted as
    /// the decoder does; alpha kept.
    static func halvedChroma(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        for at in stride(from: 0, to: pixels.count, by: 4) {
            let blue = Int(pixels[at]), green = Int(pixels[at + 1]), red = Int(pixels[at + 2])
            let co = blue - red, t = red + co / 2, cg = green - t, luma = t + cg / 2
            let storedCo = co / 2 * 2, storedCg = cg / 2 * 2
            let t2 = luma - storedCg / 2
            let green2 = storedCg + t2, red2 = t2 - storedCo / 2, blue2 = storedCo + red2
            out[at] = UInt8(truncatingIfNeeded: blue2)
            out[at + 1] = UInt8(truncatingIfNeeded: green2)
            out[at + 2] = UInt8(truncatingIfNeeded: red2)
        }
        return out
    }

    static let cases: [(name: String, width: Int, height: Int, bytesPerPixel: Int, pixels: [UInt8])] = [
        ("random BGRA", 37, 29, 4, pixels(37, 29, bytesPerPixel: 4) { x, y in [hash(x, y, 1), hash(x, y, 2), hash(x, y, 3), 255] }),
        // Two columns of tiles (256 and 44 pixels) and two rows (256 and 44).
        ("tiles across", 300, 20, 4, Deepmap2PredictedEncoderTests.noisyGradient(300, 20)),
        ("tiles down", 24, 300, 4, Deepmap2PredictedEncoderTests.noisyGradient(24, 300)),
        ("four tiles, grey", 270, 260, 2, pixels(270, 260, bytesPerPixel: 2) { x, y in [UInt8((x + y) & 255) | hash(x, y, 4) & 3, 255] }),
        // Premultiplied, alpha from 0 to 255.
        ("translucent", 40, 33, 4, pixels(40, 33, bytesPerPixel: 4) { x, y in
            let alpha = UInt8((x * 7 + y * 3) % 256)
            return [UInt8(Int(hash(x, y, 5)) % (Int(alpha) + 1)), alpha / 2, UInt8(Int(alpha) * y / 33), alpha]
        }),
        // Flat and small: the tile compresses to a few bytes, which Xcode stores as raw LZVN.
        ("flat", 12, 12, 4, pixels(12, 12, bytesPerPixel: 4) { _, _ in [40, 90, 200, 255] }),
        ("1×1", 1, 1, 4, [3, 250, 7, 255]),
    ]

    @Test(arguments: cases.indices)
    func theDecoderGivesThePixelsWithTheChromaHalved(_ index: Int) throws {
        let item = Self.cases[index]
        let record = Self.record(item.pixels, item.width, item.height, bytesPerPixel: item.bytesPerPixel)
        let decoded = try DeepmapLZFSEDecoder.decode(record, width: item.width, height: item.height, bytesPerPixel: item.bytesPerPixel)
        let expected = item.bytesPerPixel == 2 ? item.pixels : Self.halvedChroma(item.pixels)
        #expect(decoded == expected, "\(item.name)")
        if item.bytesPerPixel == 4 {
            // What a user sees: red and alpha as they were, blue and green at most one step off.
            for at in stride(from: 0, to: decoded.count, by: 4) {
                #expect(decoded[at + 2] == item.pixels[at + 2] && decoded[at + 3] == item.pixels[at + 3], "\(item.name): red and alpha kept")
                #expect(abs(Int(decoded[at]) - Int(item.pixels[at])) <= 1 && abs(Int(decoded[at + 1]) - Int(item.pixels[at + 1])) <= 1)
            }
        }
    }

    @Test func theRecordHasXcodesPrefixAndHeader() throws {
        let record = Self.record(Deepmap2PredictedEncoderTests.noisyGradient(300, 20), 300, 20, bytesPerPixel: 4)
        func le32(_ at: Int) -> Int { Int(record[at]) | Int(record[at + 1]) << 8 | Int(record[at + 2]) << 16 | Int(record[at + 3]) << 24 }
        // 5, the bytes per pixel, the blob's length as 64 bits (cubeSQL's records: 5, 4, …).
        #expect(le32(0) == 5 && le32(4) == 4 && le32(8) == record.count - 16 && le32(12) == 0)
        #expect(Array(record[16..<24]) == Array("dmap".utf8) + [2, 1, 10, 4])
        // Two tiles (256 and 44 pixels wide), each a length and its stream, and nothing after them.
        let first = le32(24)
        let second = le32(28 + first)
        #expect(28 + first + 4 + second == record.count)
    }

    @Test func aFlatTileIsARawLZVNStream() throws {
        let flat = Self.cases.first { $0.name == "flat" }!
        let record = Self.record(flat.pixels, flat.width, flat.height, bytesPerPixel: 4)
        // The one tile's stream starts after the prefix, the header and its length; no `bvx` block header.
        #expect(record.count < 60)
        #expect(Array(record[28..<31]) != Array("bvx".utf8))
    }

    @Test func aBitmapIsCutInBandsOfKCBCChunksWithCompression10() throws {
        // cubeSQL's icon_384: 384 rows of 384 BGRA pixels, three chunks of 128 rows.
        let pixels = Deepmap2PredictedEncoderTests.noisyGradient(384, 384)
        let payload = try #require(
            pixels.withUnsafeBufferPointer { BitmapPayload.make($0, width: 384, height: 384, bytesPerPixel: 4, compression: .deepmapLZFSE) }
        ).parts.joined
        func le32(_ at: Int) -> Int { Int(payload[at]) | Int(payload[at + 1]) << 8 | Int(payload[at + 2]) << 16 | Int(payload[at + 3]) << 24 }
        #expect(Array(payload[0..<4]) == Array("MLEC".utf8) && le32(4) == 1 && le32(8) == 10 && le32(12) == 3)
        var at = 16
        var decoded: [UInt8] = []
        for _ in 0..<3 {
            #expect(Array(payload[at..<(at + 4)]) == Array("KCBC".utf8) && le32(at + 12) == 128)
            let length = le32(at + 16)
            decoded += try DeepmapLZFSEDecoder.decode(Array(payload[(at + 20)..<(at + 20 + length)]), width: 384, height: 128, bytesPerPixel: 4)
            at += 20 + length
        }
        #expect(at == payload.count)
        #expect(decoded == Self.halvedChroma(pixels))
    }

    @Test func a2018TargetsLargeBitmapsAreJudgedOnSampledRowsAndDecode() throws {
        // More colours than palette-img takes for a 2018 target, and bands larger than the trial takes whole: each band
        // is encoded once, in the mode the sampled trial prefers, and decodes with the chroma halved or exactly.
        let (width, height) = (300, 400)
        let pixels = Deepmap2PredictedEncoderTests.noisyGradient(width, height)
        let payload = try #require(
            pixels.withUnsafeBufferPointer { BitmapPayload.make($0, width: width, height: height, bytesPerPixel: 4, compression: .paletteImage) }
        ).parts.joined
        func le32(_ at: Int) -> Int { Int(payload[at]) | Int(payload[at + 1]) << 8 | Int(payload[at + 2]) << 16 | Int(payload[at + 3]) << 24 }
        #expect(le32(8) == 10, "deepmap-LZFSE")
        var at = 16, top = 0
        for _ in 0..<le32(12) {
            let rows = le32(at + 12), length = le32(at + 16)
            let record = Array(payload[(at + 20)..<(at + 20 + length)])
            let decoded = try DeepmapLZFSEDecoder.decode(record, width: width, height: rows, bytesPerPixel: 4)
            let band = Array(pixels[(top * width * 4)..<((top + rows) * width * 4)])
            #expect(decoded == (record[20] == 2 ? Self.halvedChroma(band) : band), "band at row \(top), mode \(record[20])")
            at += 20 + length
            top += rows
        }
        #expect(top == height && at == payload.count)
    }
}
