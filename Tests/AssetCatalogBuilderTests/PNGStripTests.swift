import AssetCatalog
import AssetCatalogBuilder
import CPNGSupport
import Testing

// Issue 27: the optimizer works on strips of rows and `reencodeRGBA8` row by row, so that memory follows
// the strip, not the image. The library's default strip (4 MiB) is larger than these images: the tests
// choose strips of a few rows through `acpng_optimize_with_options`, so that every path (joined deflate
// streams, rows carried across strips, interlaced windows decoded again) runs on small files.

private typealias F = PNGFixtures

private struct Optimized {
    var status: acpng_status
    var bytes: [UInt8]
}

private func optimize(_ file: [UInt8], stripBytes: Int, keepFormat: Bool = false) -> Optimized {
    var options = acpng_optimize_options()
    options.max_pixels = 1 << 24
    options.keep_format = keepFormat ? 1 : 0
    options.strip_bytes = stripBytes
    var output = acpng_buffer()
    defer { acpng_free(output.data) }
    var message = [CChar](repeating: 0, count: 256)
    let status = file.withUnsafeBytes { bytes in
        acpng_optimize_with_options(bytes.baseAddress, bytes.count, &options, &output, &message, message.count)
    }
    let bytes = output.data.map { [UInt8](UnsafeBufferPointer(start: $0, count: output.length)) } ?? []
    return Optimized(status: status, bytes: bytes)
}

private func idatCount(_ file: [UInt8]) -> Int { F.chunks(in: file).filter { $0.type == "IDAT" }.count }

/// Smooth colour with a little noise and varying alpha: more than 256 colours, so it stays RGBA.
private func artwork(width: Int, height: Int, interlaced: Bool = false) -> [UInt8] {
    let pixels = F.rgbaPixels(width: width, height: height) { x, y in
        let noise = Int((UInt32(truncatingIfNeeded: x &* 73_856_093) ^ UInt32(truncatingIfNeeded: y &* 19_349_663)) % 16)
        return [UInt8((x * 3 + noise) & 0xFF), UInt8((y * 2) & 0xFF), UInt8((x + y + noise) & 0xFF), UInt8(128 + (x & 0x7F))]
    }
    return F.png(width: width, height: height, colorType: .rgba, interlaced: interlaced, pixels: pixels)
}

/// One file per form the optimizer can write, each with its stored row size.
private let forms: [(name: String, file: [UInt8], rowBytes: Int)] = {
    let translucent = artwork(width: 37, height: 29)
    let opaque = F.png(
        width: 31, height: 23, colorType: .rgba,
        pixels: F.rgbaPixels(width: 31, height: 23) { x, y in [UInt8(x * 8 & 0xFF), UInt8(y * 11 & 0xFF), UInt8(x ^ y), 255] })
    let grey = F.png(
        width: 26, height: 19, colorType: .rgb,
        pixels: (0..<(26 * 19)).flatMap { index -> [UInt8] in let v = UInt8((index * 5) & 0xFF); return [v, v, v] })
    let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 0, 255, 128], [0, 200, 0, 255], [9, 9, 9, 0], [1, 2, 3, 255]]
    let fewColours = F.png(
        width: 45, height: 21, colorType: .rgba, pixels: F.rgbaPixels(width: 45, height: 21) { x, y in colours[(x / 3 + y) % 5] })
    let sixteenExact = F.png(
        width: 12, height: 17, bitDepth: 16, colorType: .rgb,
        pixels: (0..<(12 * 17 * 3)).flatMap { F.bigEndian16(UInt16(($0 * 37) % 256) * 257) })
    let sixteen = F.png(
        width: 12, height: 17, bitDepth: 16, colorType: .grayAlpha,
        pixels: (0..<(12 * 17 * 2)).flatMap { F.bigEndian16(UInt16(($0 * 977) % 65536)) })
    let palette = F.png(
        width: 19, height: 13, bitDepth: 2, colorType: .palette,
        pixels: (0..<(5 * 13)).map { UInt8(($0 * 29) & 0xFF) },
        before: [F.plte([(255, 0, 0), (0, 255, 0), (0, 0, 255), (9, 9, 9)]), F.trns([255, 0, 128])])
    let interlaced = artwork(width: 23, height: 27, interlaced: true)
    let interlacedSixteen = F.png(
        width: 11, height: 14, bitDepth: 16, colorType: .rgba, interlaced: true,
        pixels: (0..<(11 * 14 * 4)).flatMap { F.bigEndian16(UInt16(($0 * 4099) % 65536)) })
    return [
        ("translucent RGBA", translucent, 37 * 4), ("opaque RGBA", opaque, 31 * 4), ("grey RGB", grey, 26 * 3),
        ("five colours", fewColours, 45 * 4), ("16-bit, 8-bit values", sixteenExact, 12 * 6),
        ("16-bit grey and alpha", sixteen, 12 * 4), ("2-bit palette with tRNS", palette, 5),
        ("interlaced RGBA", interlaced, 23 * 4), ("interlaced 16-bit RGBA", interlacedSixteen, 11 * 8),
    ]
}()

@Suite("PNG optimizer in strips")
struct PNGOptimizerStripTests {
    @Test(arguments: forms.indices)
    func everyFormKeepsEveryPixelWhateverTheStrip(_ index: Int) throws {
        let (name, original, rowBytes) = forms[index]
        let whole = optimize(original, stripBytes: 0)
        #expect(whole.status == ACPNG_OK, "\(name)")
        #expect(idatCount(whole.bytes) == 1, "\(name): one strip is one stream")
        #expect(try PNGOptimizer.optimize(original) == whole.bytes, "\(name): the default is one strip here")
        let height = Int(F.readBigEndian(original, at: 20))
        // One row per strip, a few rows, and a strip that is not a whole number of rows.
        for stripBytes in [1, rowBytes * 3, rowBytes * 5 + rowBytes / 2] {
            let strips = optimize(original, stripBytes: stripBytes)
            #expect(strips.status == ACPNG_OK, "\(name), \(stripBytes) bytes")
            let rowsPerStrip = max(1, stripBytes / rowBytes)
            #expect(idatCount(strips.bytes) == (height + rowsPerStrip - 1) / rowsPerStrip, "\(name), \(stripBytes) bytes")
            #expect(try PNGOptimizer.pixelsEqual(original, strips.bytes), "\(name), \(stripBytes) bytes")
            #expect(try PNGCodec.decodeRGBA8(strips.bytes) == PNGCodec.decodeRGBA8(original), "\(name)")
            // Deterministic.
            #expect(optimize(original, stripBytes: stripBytes).bytes == strips.bytes)
        }
    }

    @Test func keepFormatWorksInStripsToo() throws {
        let (_, original, rowBytes) = forms[4]
        let strips = optimize(original, stripBytes: rowBytes * 2, keepFormat: true)
        #expect(strips.status == ACPNG_OK)
        #expect(try PNGOptimizer.pixelsEqual(original, strips.bytes))
        #expect(F.chunks(in: strips.bytes).first?.data[8] == 16, "the stored 16 bits are kept")
    }

    @Test func stripBoundariesCostTensOfBytesEach() throws {
        // 48 strips of 8 rows against one stream: each boundary restarts the compressor's history and adds
        // a block header with its Huffman tables, an empty stored block and an IDAT header (about 90 bytes
        // each on this small, very compressible image; the default strip is 4 MiB).
        let original = artwork(width: 256, height: 384)
        let whole = optimize(original, stripBytes: 0)
        let strips = optimize(original, stripBytes: 256 * 4 * 8)
        #expect(whole.status == ACPNG_OK && strips.status == ACPNG_OK)
        #expect(idatCount(strips.bytes) == 48)
        #expect(try PNGOptimizer.pixelsEqual(original, strips.bytes))
        #expect(strips.bytes.count <= whole.bytes.count + 47 * 160, "\(strips.bytes.count) vs \(whole.bytes.count)")
    }

    @Test func damageInALaterStripIsAnErrorAndNoOutput() throws {
        var damaged = artwork(width: 40, height: 40)
        let offset = try #require(F.dataOffset(of: "IDAT", in: damaged))
        let length = Int(F.readBigEndian(damaged, at: offset - 8))
        damaged[offset + length - 40] ^= 0x20
        let result = optimize(damaged, stripBytes: 40 * 4 * 4)
        #expect(result.status != ACPNG_OK)
        #expect(result.bytes.isEmpty)
        var truncated = artwork(width: 40, height: 40, interlaced: true)
        truncated.removeLast(200)
        let cut = optimize(truncated, stripBytes: 40 * 4)
        #expect(cut.status != ACPNG_OK && cut.bytes.isEmpty)
    }
}

@Suite("PNG re-encoding row by row")
struct PNGReencodeTests {
    @Test(arguments: forms.indices)
    func isDecodeThenEncodeByteForByte(_ index: Int) throws {
        let (name, original, _) = forms[index]
        let expected = try PNGCodec.encodeRGBA8(PNGCodec.decodeRGBA8(original))
        #expect(try PNGCodec.reencodeRGBA8(original) == expected, "\(name)")
        let stored = try PNGCodec.encodeRGBA8(PNGCodec.decodeRGBA8(original), compressionLevel: 0)
        #expect(try PNGCodec.reencodeRGBA8(original, compressionLevel: 0) == stored, "\(name), level 0")
    }

    @Test func largerThanABatchOfRows() throws {
        // 300 rows of 4,000 bytes: several batches of rows between the reader and the writer.
        let original = artwork(width: 1000, height: 300)
        #expect(try PNGCodec.reencodeRGBA8(original) == PNGCodec.encodeRGBA8(PNGCodec.decodeRGBA8(original)))
    }

    @Test func badInputIsATypedError() throws {
        var damaged = artwork(width: 16, height: 16)
        damaged.removeLast(30)
        #expect(throws: PNGError.self) { try PNGCodec.reencodeRGBA8(damaged) }
        let tooLarge = try #require(throws: PNGError.self) { try PNGCodec.reencodeRGBA8(artwork(width: 16, height: 16), maxPixels: 100) }
        #expect(tooLarge.kind == .tooLarge(pixels: 256, limit: 100))
        #expect(throws: PNGError.self) { try PNGCodec.reencodeRGBA8(Array("not a png".utf8)) }
    }
}
