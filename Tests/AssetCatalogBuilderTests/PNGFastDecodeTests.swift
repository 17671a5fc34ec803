import AssetCatalog
import CPNGSupport
import Testing

// The libdeflate fast path of `acpng_decode_rgba8_into` (Sources/CPNGSupport/acpng_decode.c) against
// libpng's own conversion (`acpng_decode_rgba8_libpng_into`): for every file the two must give the same
// status and, when it decodes, the same bytes, straight and premultiplied.

typealias FastDecodeFixtures = PNGFixtures
private typealias F = PNGFixtures

private struct Decoded: Equatable {
    var status: Int
    var pixels: [UInt8]
}

private func decode(_ file: [UInt8], premultiply: Bool, libpngOnly: Bool) -> Decoded {
    var header = acpng_header()
    var message = [CChar](repeating: 0, count: 256)
    let checked = file.withUnsafeBytes { bytes in
        acpng_check_header(bytes.baseAddress, bytes.count, 1 << 24, &header, &message, message.count)
    }
    guard checked == ACPNG_OK else { return Decoded(status: Int(checked.rawValue), pixels: []) }
    var pixels = [UInt8](repeating: 0xA5, count: Int(header.width) * Int(header.height) * 4)
    var width: UInt32 = 0
    var height: UInt32 = 0
    let status = file.withUnsafeBytes { bytes in
        pixels.withUnsafeMutableBufferPointer { output in
            let decode = libpngOnly ? acpng_decode_rgba8_libpng_into : acpng_decode_rgba8_into
            return decode(
                bytes.baseAddress, bytes.count, premultiply ? 1 : 0, 1 << 24, output.baseAddress, output.count, &width,
                &height, &message, message.count)
        }
    }
    return Decoded(status: Int(status.rawValue), pixels: status == ACPNG_OK ? pixels : [])
}

/// An 8-bit PNG of `colorType` with every filter type in turn and the image data split over `idatCount`
/// chunks.
private func filteredPNG(
    width: Int, height: Int, colorType: F.ColorType, seed: UInt64, idatCount: Int, badFilterRow: Int? = nil
) -> [UInt8] {
    var state = seed
    func next() -> UInt8 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
    let bpp = colorType.channels
    let rowBytes = width * bpp
    var raw: [UInt8] = []
    var prior = [UInt8](repeating: 0, count: rowBytes)
    for y in 0..<height {
        // Translucent, opaque and fully transparent alpha all occur.
        let row = (0..<rowBytes).map { index -> UInt8 in
            let value = next()
            if (colorType == .rgba || colorType == .grayAlpha) && index % bpp == bpp - 1 {
                return [0, 255, value][Int(value) % 3]
            }
            return value
        }
        let type: UInt8 = y == badFilterRow ? 9 : UInt8(y % 5)
        raw += [type] + F.filterRow(row, prior: prior, bytesPerPixel: bpp, type: type)
        prior = row
    }
    let stream = F.zlibStored(raw)
    var file = F.signature + F.ihdr(width: width, height: height, bitDepth: 8, colorType: colorType, interlaced: false)
    file += F.text("Comment", "ancillary chunks are skipped")
    let piece = (stream.count + idatCount - 1) / idatCount
    var offset = 0
    while offset < stream.count {
        file += F.chunk("IDAT", Array(stream[offset..<min(stream.count, offset + piece)]))
        offset += piece
    }
    return file + F.chunk("IEND", [])
}

@Suite("PNG fast decode path")
struct PNGFastDecodeTests {
    @Test(
        "8-bit gray, RGB, gray+alpha and RGBA decode exactly as libpng converts them",
        arguments: [FastDecodeFixtures.ColorType.gray, .rgb, .grayAlpha, .rgba])
    func sameAsLibpng(colorType: FastDecodeFixtures.ColorType) {
        for (index, size) in [(1, 1), (3, 7), (17, 5), (64, 33)].enumerated() {
            let file = filteredPNG(
                width: size.0, height: size.1, colorType: colorType, seed: UInt64(index + 1), idatCount: index % 3 + 1)
            for premultiply in [false, true] {
                let before = acpng_fast_decode_count()
                let fast = decode(file, premultiply: premultiply, libpngOnly: false)
                #expect(acpng_fast_decode_count() == before + 1, "the fast path decoded it")
                let reference = decode(file, premultiply: premultiply, libpngOnly: true)
                #expect(fast.status == Int(ACPNG_OK.rawValue))
                #expect(fast == reference, "\(colorType) \(size.0)x\(size.1) premultiply \(premultiply)")
            }
        }
    }

    @Test("A libpng-encoded RGBA image (adaptive filters, real deflate) decodes the same on both paths")
    func encodedByLibpng() throws {
        let pixels = F.rgbaPixels(width: 40, height: 30) { x, y in
            [UInt8(x * 6), UInt8(y * 8), UInt8((x * y) & 0xFF), UInt8(truncatingIfNeeded: (x + y) * 4)]
        }
        let file = try PNGCodec.encodeRGBA8(DecodedImage(width: 40, height: 30, premultiplied: false, pixels: pixels))
        for premultiply in [false, true] {
            #expect(decode(file, premultiply: premultiply, libpngOnly: false) == decode(file, premultiply: premultiply, libpngOnly: true))
        }
    }

    @Test("Damaged files get libpng's verdict: a flipped IDAT byte, a bad CRC, a truncated stream, a bad filter type")
    func damagedFiles() {
        let good = filteredPNG(width: 9, height: 6, colorType: .rgba, seed: 7, idatCount: 2)
        let idat = F.dataOffset(of: "IDAT", in: good)!
        var flipped = good
        flipped[idat + 20] ^= 0x10  // a pixel byte: the chunk CRC no longer matches
        // Filter type 9 in the third row, with correct CRCs and Adler-32.
        let badFilter = filteredPNG(width: 9, height: 6, colorType: .rgb, seed: 8, idatCount: 1, badFilterRow: 2)
        let truncated = Array(good.prefix(idat + 30))
        for (name, file) in [("flipped", flipped), ("bad filter", badFilter), ("truncated", truncated)] {
            let fast = decode(file, premultiply: true, libpngOnly: false)
            let reference = decode(file, premultiply: true, libpngOnly: true)
            #expect(fast.status != Int(ACPNG_OK.rawValue), "\(name) must not decode")
            #expect(fast == reference, "\(name)")
        }
    }

    @Test("Palette, tRNS, 16-bit and interlaced images take libpng's path and decode as before")
    func otherKinds() {
        let palette = F.png(
            width: 2, height: 1, colorType: .palette, pixels: [0, 1], before: [F.plte([(255, 0, 0), (0, 0, 255)]), F.trns([128])])
        let rgbWithKey = F.png(width: 2, height: 1, colorType: .rgb, pixels: [1, 2, 3, 4, 5, 6], before: [F.trns([0, 1, 0, 2, 0, 3])])
        let sixteen = F.png(width: 1, height: 1, bitDepth: 16, colorType: .rgba, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        let interlaced = F.png(
            width: 3, height: 3, colorType: .rgba, interlaced: true, pixels: F.rgbaPixels(width: 3, height: 3) { x, y in [UInt8(x), UInt8(y), 9, 200] })
        for file in [palette, rgbWithKey, sixteen, interlaced] {
            let before = acpng_fast_decode_count()
            let fast = decode(file, premultiply: true, libpngOnly: false)
            #expect(acpng_fast_decode_count() == before, "libpng decoded it")
            #expect(fast.status == Int(ACPNG_OK.rawValue))
            #expect(fast == decode(file, premultiply: true, libpngOnly: true))
        }
        // The colour-keyed pixel is transparent: libpng's tRNS handling, not the fast path's RGB expansion.
        #expect(Array(decode(rgbWithKey, premultiply: false, libpngOnly: false).pixels.prefix(4)) == [1, 2, 3, 0])
    }

    @Test(
        "Decoding into rows of a larger bitmap (an atlas) gives the same rows, RGBA or BGRA, and leaves the rest untouched",
        arguments: [false, true])
    func decodeIntoRows(bgra: Bool) {
        let fast = filteredPNG(width: 17, height: 5, colorType: .rgba, seed: 11, idatCount: 2)
        let rgb = filteredPNG(width: 9, height: 4, colorType: .rgb, seed: 5, idatCount: 1)
        let greyAlpha = filteredPNG(width: 6, height: 3, colorType: .grayAlpha, seed: 3, idatCount: 1)
        let interlaced = F.png(
            width: 3, height: 3, colorType: .rgba, interlaced: true,
            pixels: F.rgbaPixels(width: 3, height: 3) { x, y in [UInt8(x * 50), UInt8(y * 70), 9, UInt8(100 + x * y)] })
        let palette = F.png(
            width: 2, height: 1, colorType: .palette, pixels: [0, 1], before: [F.plte([(255, 0, 0), (0, 0, 255)]), F.trns([128])])
        for file in [fast, rgb, greyAlpha, interlaced, palette] {
            var packed = decode(file, premultiply: true, libpngOnly: false)
            if bgra {
                // The car's byte order: red and blue swapped, green and alpha in place.
                for pixel in stride(from: 0, to: packed.pixels.count, by: 4) { packed.pixels.swapAt(pixel, pixel + 2) }
            }
            var header = acpng_header()
            _ = file.withUnsafeBytes { acpng_peek_header($0.baseAddress, $0.count, &header) }
            let (width, height) = (Int(header.width), Int(header.height))
            // Placed at x 2, y 1 of a bitmap 5 pixels wider and 3 rows taller.
            let stride = (width + 5) * 4
            let start = stride + 2 * 4
            var canvas = [UInt8](repeating: 0x5A, count: stride * (height + 3))
            var decodedWidth: UInt32 = 0
            var decodedHeight: UInt32 = 0
            let status = file.withUnsafeBytes { bytes in
                canvas.withUnsafeMutableBufferPointer { output in
                    acpng_decode_rgba8_into_rows(
                        bytes.baseAddress, bytes.count, 1, bgra ? 1 : 0, 1 << 24, output.baseAddress! + start, output.count - start, stride,
                        &decodedWidth, &decodedHeight, nil, 0)
                }
            }
            #expect(status == ACPNG_OK)
            var expected = [UInt8](repeating: 0x5A, count: canvas.count)
            for row in 0..<height {
                expected.replaceSubrange(
                    (start + row * stride)..<(start + row * stride + width * 4), with: packed.pixels[(row * width * 4)..<((row + 1) * width * 4)])
            }
            #expect(canvas == expected, "\(width)x\(height)")
            // A capacity short of the last row's end is refused before anything is written.
            var small = [UInt8](repeating: 0x5A, count: stride * (height - 1) + width * 4 - 1)
            let refused = file.withUnsafeBytes { bytes in
                small.withUnsafeMutableBufferPointer { output in
                    acpng_decode_rgba8_into_rows(
                        bytes.baseAddress, bytes.count, 1, bgra ? 1 : 0, 1 << 24, output.baseAddress, output.count, stride, &decodedWidth,
                        &decodedHeight, nil, 0)
                }
            }
            #expect(refused == ACPNG_ERR_INVALID_ARGUMENT)
            #expect(small.allSatisfy { $0 == 0x5A })
        }
    }
}
