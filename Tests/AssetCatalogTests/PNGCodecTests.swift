import AssetCatalog
import Testing

/// Minimal hand-assembled PNGs (stored deflate blocks), for formats the encoder does not write.
private enum TestPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `rows` are the packed samples of each row (no filter byte).
    static func file(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]], interlaced: Bool = false,
        chunks: [[UInt8]] = []
    ) -> [UInt8] {
        let ihdr = be32(UInt32(width)) + be32(UInt32(height)) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
        var file = signature + chunk("IHDR", ihdr)
        for extra in chunks { file += extra }
        file += chunk("IDAT", zlibStored(rows.flatMap { [0] + $0 }))
        return file + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        precondition(data.count < 65536)
        let count = data.count
        var adlerA: UInt32 = 1
        var adlerB: UInt32 = 0
        for byte in data {
            adlerA = (adlerA + UInt32(byte)) % 65521
            adlerB = (adlerB + adlerA) % 65521
        }
        return [
            0x78, 0x01, 1, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF),
        ]
            + data + be32(adlerB << 16 | adlerA)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}

private func gradient(width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> DecodedImage {
    var pixels: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y & 0xFF), UInt8((x ^ y) & 0xFF), alpha(x, y)]
        }
    }
    return DecodedImage(width: width, height: height, premultiplied: false, pixels: pixels)
}

@Suite("PNG codec: round trips")
struct PNGCodecRoundTripTests {
    @Test(arguments: [0, 1, 6, 9])
    func encodeThenDecodeIsLossless(level: Int) throws {
        let image = gradient(width: 23, height: 17) { x, y in UInt8((x * 11 + y * 3) & 0xFF) }
        let png = try PNGCodec.encodeRGBA8(image, compressionLevel: level)
        #expect(Array(png.prefix(8)) == TestPNG.signature)
        #expect(try PNGCodec.decodeRGBA8(png) == image)
    }

    @Test func higherLevelsCompressBetter() throws {
        let image = gradient(width: 64, height: 64)
        let stored = try PNGCodec.encodeRGBA8(image, compressionLevel: 0)
        let best = try PNGCodec.encodeRGBA8(image, compressionLevel: 9)
        #expect(best.count < stored.count)
        #expect(stored.count > 64 * 64 * 4)
        // Out-of-range levels are clamped, not rejected.
        #expect(try PNGCodec.decodeRGBA8(PNGCodec.encodeRGBA8(image, compressionLevel: 42)) == image)
    }

    @Test func bufferAndArrayOverloadsAgree() throws {
        let png = try PNGCodec.encodeRGBA8(gradient(width: 5, height: 4))
        let viaBuffer = try png.withUnsafeBytes { buffer in
            try Result { () throws(PNGError) in try PNGCodec.decodeRGBA8(buffer) }.get()
        }
        #expect(try viaBuffer == PNGCodec.decodeRGBA8(png))
    }

    @Test func premultipliedDecoding() throws {
        let image = DecodedImage(
            width: 3, height: 1, premultiplied: false, pixels: [200, 100, 50, 128, 255, 255, 255, 0, 10, 20, 30, 255])
        let png = try PNGCodec.encodeRGBA8(image)
        let premultiplied = try PNGCodec.decodeRGBA8(png, premultiplied: true)
        #expect(premultiplied.premultiplied)
        #expect(premultiplied.pixels == [100, 50, 25, 128, 0, 0, 0, 0, 10, 20, 30, 255])
        #expect(try PNGCodec.decodeRGBA8(png, premultiplied: false).pixels == image.pixels)
    }

    @Test func premultipliedImagesAreStoredStraight() throws {
        let premultiplied = DecodedImage(
            width: 2, height: 1, premultiplied: true, pixels: [100, 50, 25, 128, 7, 7, 7, 0])
        let decoded = try PNGCodec.decodeRGBA8(PNGCodec.encodeRGBA8(premultiplied))
        #expect(decoded.pixels == [199, 100, 50, 128, 0, 0, 0, 0])
    }
}

@Suite("PNG codec: conversions to RGBA8")
struct PNGCodecConversionTests {
    @Test func grayIsReplicated() throws {
        let png = TestPNG.file(width: 3, height: 1, bitDepth: 8, colorType: 0, rows: [[0, 128, 255]])
        #expect(try PNGCodec.decodeRGBA8(png).pixels == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255])
    }

    @Test func oneBitGrayIsExpanded() throws {
        let png = TestPNG.file(width: 3, height: 1, bitDepth: 1, colorType: 0, rows: [[0b1010_0000]])
        #expect(try PNGCodec.decodeRGBA8(png).pixels == [255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255])
    }

    @Test func grayAlpha() throws {
        let png = TestPNG.file(width: 1, height: 1, bitDepth: 8, colorType: 4, rows: [[90, 40]])
        #expect(try PNGCodec.decodeRGBA8(png).pixels == [90, 90, 90, 40])
    }

    @Test func paletteWithTransparency() throws {
        let png = TestPNG.file(
            width: 3, height: 1, bitDepth: 4, colorType: 3, rows: [[0x01, 0x20]],
            chunks: [TestPNG.chunk("PLTE", [10, 20, 30, 40, 50, 60, 70, 80, 90]), TestPNG.chunk("tRNS", [255, 0])])
        #expect(try PNGCodec.decodeRGBA8(png).pixels == [10, 20, 30, 255, 40, 50, 60, 0, 70, 80, 90, 255])
    }

    @Test func rgbWithTransparentColour() throws {
        let png = TestPNG.file(
            width: 2, height: 1, bitDepth: 8, colorType: 2, rows: [[1, 2, 3, 4, 5, 6]],
            chunks: [TestPNG.chunk("tRNS", [0, 4, 0, 5, 0, 6])])
        #expect(try PNGCodec.decodeRGBA8(png).pixels == [1, 2, 3, 255, 4, 5, 6, 0])
    }

    @Test func sixteenBitIsRoundedToEight() throws {
        let png = TestPNG.file(
            width: 1, height: 1, bitDepth: 16, colorType: 6, rows: [[0xFF, 0xFF, 0x80, 0x80, 0x12, 0x34, 0x7F, 0x7F]])
        // 0x8080 → 128, 0x1234 → round(4660 / 257) = 18, 0x7F7F → 127.
        #expect(try PNGCodec.decodeRGBA8(png).pixels == [255, 128, 18, 127])
    }

    @Test func interlacedImagesAreDeinterlaced() throws {
        // 3×3 gray in Adam7 order: pass 1 (0,0); pass 4 (2,0); pass 5 (0,2),(2,2); pass 6 (1,0)
        // then (1,2); pass 7 the middle row. Passes 2 and 3 are empty at this size.
        let interlaced = TestPNG.file(
            width: 3, height: 3, bitDepth: 8, colorType: 0, rows: [[0], [2], [20, 22], [1], [21], [10, 11, 12]],
            interlaced: true)
        let plain = TestPNG.file(
            width: 3, height: 3, bitDepth: 8, colorType: 0, rows: [[0, 1, 2], [10, 11, 12], [20, 21, 22]])
        let decoded = try PNGCodec.decodeRGBA8(interlaced)
        #expect(decoded == (try PNGCodec.decodeRGBA8(plain)))
        #expect(
            stride(from: 0, to: decoded.pixels.count, by: 4).map { decoded.pixels[$0] } == [
                0, 1, 2, 10, 11, 12, 20, 21, 22,
            ])
    }
}

@Suite("PNG codec: errors")
struct PNGCodecErrorTests {
    private let valid: [UInt8] = {
        // The encoder is deterministic and never fails for a valid image.
        (try? PNGCodec.encodeRGBA8(gradient(width: 8, height: 8), compressionLevel: 0)) ?? []
    }()

    private func kind(_ bytes: [UInt8], maxPixels: Int = PNGCodec.defaultMaxPixels) -> PNGError.Kind? {
        do {
            _ = try PNGCodec.decodeRGBA8(bytes, maxPixels: maxPixels)
            return nil
        } catch {
            return error.kind
        }
    }

    @Test func notPNG() {
        #expect(kind([]) == .notPNG)
        #expect(kind(Array("%PDF-1.4".utf8)) == .notPNG)
    }

    @Test func truncated() {
        #expect(kind(Array(valid.prefix(valid.count / 2))) == .truncated)
        #expect(kind(Array(valid.dropLast(12))) == .truncated)  // no IEND
        #expect(kind(Array(valid.prefix(20))) == .truncated)
    }

    @Test func corruptCRC() {
        var damaged = valid
        damaged[60] ^= 0x10  // inside IDAT
        #expect(kind(damaged) == .corrupt)
    }

    @Test func tooLargeFromTheHeaderAlone() throws {
        let header = TestPNG.be32(100_000) + TestPNG.be32(100_000) + [8, 6, 0, 0, 0]
        let file = TestPNG.signature + TestPNG.chunk("IHDR", header) + TestPNG.chunk("IEND", [])
        #expect(file.count < 100)
        #expect(kind(file) == .tooLarge(pixels: 10_000_000_000, limit: PNGCodec.defaultMaxPixels))
        #expect(kind(valid, maxPixels: 63) == .tooLarge(pixels: 64, limit: 63))
        #expect(kind(valid, maxPixels: -1) == .tooLarge(pixels: 64, limit: -1))
    }

    @Test func errorsDescribeThemselves() throws {
        var damaged = valid
        damaged[60] ^= 0x10
        let error = try #require(throws: PNGError.self) { try PNGCodec.decodeRGBA8(damaged) }
        #expect(!error.message.isEmpty)
        #expect(error.description.hasPrefix("corrupt PNG: "))
        #expect(error.width == 8 && error.height == 8)
    }

    @Test func emptyImagesCannotBeEncoded() {
        let empty = DecodedImage(width: 0, height: 0, premultiplied: false, pixels: [])
        #expect(throws: PNGError.self) { try PNGCodec.encodeRGBA8(empty) }
    }
}
