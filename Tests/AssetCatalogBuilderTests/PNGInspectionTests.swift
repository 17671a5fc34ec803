import AssetCatalog
import AssetCatalogBuilder
import Testing

private typealias F = PNGFixtures

private func inspect(_ bytes: [UInt8], decode: Bool = true, maxPixels: Int = PNGCodec.defaultMaxPixels) throws
    -> PNGInspection
{
    try PNGInspector.inspect(bytes, decodePixels: decode, maxPixels: maxPixels).get()
}

private func failure(_ bytes: [UInt8], decode: Bool = true, maxPixels: Int = PNGCodec.defaultMaxPixels) -> PNGError? {
    if case .failure(let error) = PNGInspector.inspect(bytes, decodePixels: decode, maxPixels: maxPixels) {
        return error
    }
    return nil
}

/// An RGBA image that is opaque except, optionally, at one pixel.
private func rgba(width: Int, height: Int, translucentAt spot: (Int, Int)? = nil, interlaced: Bool = false) -> [UInt8] {
    let pixels = F.rgbaPixels(width: width, height: height) { x, y in
        let alpha: UInt8 = spot.map { $0 == (x, y) } == true ? 254 : 255
        return [UInt8(x & 0xFF), UInt8(y & 0xFF), 0x40, alpha]
    }
    return F.png(width: width, height: height, colorType: .rgba, interlaced: interlaced, pixels: pixels)
}

@Suite("PNG inspection: formats")
struct PNGInspectionFormatTests {
    @Test func rgbaOpaqueAndTranslucent() throws {
        let opaque = try inspect(rgba(width: 5, height: 3))
        #expect(opaque.width == 5 && opaque.height == 3)
        #expect(opaque.bitDepth == 8 && opaque.colorType == .rgba && !opaque.isInterlaced)
        #expect(opaque.hasAlphaChannel && opaque.isFullyOpaque == true)

        let translucent = try inspect(rgba(width: 5, height: 3, translucentAt: (4, 2)))
        #expect(translucent.isFullyOpaque == false)
    }

    @Test func opacityIsUnknownWithoutDecoding() throws {
        let result = try inspect(rgba(width: 4, height: 4, translucentAt: (1, 1)), decode: false)
        #expect(result.hasAlphaChannel && result.isFullyOpaque == nil)
    }

    @Test func rgbWithoutAlpha() throws {
        let png = F.png(width: 2, height: 2, colorType: .rgb, pixels: [UInt8](repeating: 9, count: 12))
        let result = try inspect(png)
        #expect(result.colorType == .rgb && !result.hasAlphaChannel && result.isFullyOpaque == nil)
    }

    @Test func grayAndGrayAlpha() throws {
        let gray = try inspect(F.png(width: 3, height: 1, colorType: .gray, pixels: [0, 128, 255]))
        #expect(gray.colorType == .gray && !gray.hasAlphaChannel)

        let oneBit = try inspect(
            F.png(width: 9, height: 2, bitDepth: 1, colorType: .gray, pixels: [0xAA, 0x80, 0x55, 0x00]))
        #expect(oneBit.bitDepth == 1 && oneBit.width == 9)

        let grayAlpha = try inspect(F.png(width: 2, height: 1, colorType: .grayAlpha, pixels: [10, 255, 20, 0]))
        #expect(grayAlpha.colorType == .grayAlpha && grayAlpha.isFullyOpaque == false)
    }

    @Test func grayWithTransparentColour() throws {
        // tRNS on a gray image marks one sample value (here 0) as fully transparent.
        let transparent = F.png(width: 3, height: 1, colorType: .gray, pixels: [0, 5, 9], before: [F.trns([0, 0])])
        let result = try inspect(transparent)
        #expect(result.hasAlphaChannel && result.isFullyOpaque == false)

        let unused = F.png(width: 3, height: 1, colorType: .gray, pixels: [1, 5, 9], before: [F.trns([0, 0])])
        #expect(try inspect(unused).isFullyOpaque == true)
    }

    @Test func paletteWithAndWithoutTransparency() throws {
        let palette = F.plte([(255, 0, 0), (0, 255, 0), (0, 0, 255)])
        let plain = try inspect(F.png(width: 3, height: 1, colorType: .palette, pixels: [0, 1, 2], before: [palette]))
        #expect(plain.colorType == .palette && !plain.hasAlphaChannel && plain.isFullyOpaque == nil)

        // Entry 1 is translucent and used.
        let used = F.png(
            width: 3, height: 1, colorType: .palette, pixels: [0, 1, 2], before: [palette, F.trns([255, 128])])
        let usedResult = try inspect(used)
        #expect(usedResult.hasAlphaChannel && usedResult.isFullyOpaque == false)

        // Entry 1 is translucent but never used.
        let unused = F.png(
            width: 3, height: 1, colorType: .palette, pixels: [0, 2, 2], before: [palette, F.trns([255, 128])])
        #expect(try inspect(unused).isFullyOpaque == true)
    }

    @Test func sixteenBitAlphaIsCheckedAtFullPrecision() throws {
        func image(alpha: UInt16) -> [UInt8] {
            let pixel = [0x1234, 0x5678, 0x9ABC, alpha].flatMap { F.bigEndian16(UInt16($0)) }
            return F.png(width: 2, height: 1, bitDepth: 16, colorType: .rgba, pixels: pixel + pixel)
        }
        let opaque = try inspect(image(alpha: 0xFFFF))
        #expect(opaque.bitDepth == 16 && opaque.isFullyOpaque == true)
        // 0xFFFE would round to 255 in 8 bits; it is still not opaque.
        #expect(try inspect(image(alpha: 0xFFFE)).isFullyOpaque == false)
    }

    @Test(arguments: [(1, 1), (2, 3), (3, 2), (7, 5), (8, 8), (13, 11), (33, 17)])
    func interlacedOpacityVisitsEveryPixel(size: (Int, Int)) throws {
        let (width, height) = size
        let opaque = try inspect(rgba(width: width, height: height, interlaced: true))
        #expect(opaque.isInterlaced && opaque.isFullyOpaque == true)
        // A translucent pixel anywhere (each lands in a different Adam7 pass) is found.
        for y in 0..<height {
            for x in 0..<width {
                let result = try inspect(rgba(width: width, height: height, translucentAt: (x, y), interlaced: true))
                #expect(result.isFullyOpaque == false, "translucent pixel at \(x),\(y) missed")
            }
        }
    }

    @Test func interlacedPaletteWithTransparency() throws {
        let palette = F.plte([(0, 0, 0), (255, 255, 255), (9, 9, 9)])
        func image(translucentAt spot: Int?) -> [UInt8] {
            let pixels: [UInt8] = (0..<(11 * 6)).map { index in index == spot ? 2 : UInt8(index % 2) }
            return F.png(
                width: 11, height: 6, colorType: .palette, interlaced: true, pixels: pixels,
                before: [palette, F.trns([255, 255, 10])])
        }
        #expect(try inspect(image(translucentAt: nil)).isFullyOpaque == true)
        for spot in [0, 5, 12, 37, 65] {
            #expect(try inspect(image(translucentAt: spot)).isFullyOpaque == false, "index \(spot)")
        }
    }

    @Test func interlacedSixteenBit() throws {
        let pixels = (0..<(9 * 7)).flatMap { index in [UInt16(index), 0x8000, 0xFFFF].flatMap(F.bigEndian16) }
        let png = F.png(width: 9, height: 7, bitDepth: 16, colorType: .rgb, interlaced: true, pixels: pixels)
        let result = try inspect(png)
        #expect(result.isInterlaced && result.bitDepth == 16 && result.colorType == .rgb)
    }
}

@Suite("PNG inspection: colour metadata")
struct PNGInspectionColorTests {
    private let pixels = [UInt8](repeating: 200, count: 2 * 2 * 3)

    @Test func sRGBChunk() throws {
        let png = F.png(
            width: 2, height: 2, colorType: .rgb, pixels: pixels, before: [F.srgb(intent: 1), F.gama(), F.chrm()])
        let result = try inspect(png, decode: false)
        #expect(result.hasSRGBChunk && result.sRGBRenderingIntent == 1)
        #expect(result.hasGammaChunk && result.hasChromaticitiesChunk)
        #expect(!result.hasICCPChunk && result.iccProfile == nil)
    }

    @Test func noColourChunks() throws {
        let result = try inspect(F.png(width: 2, height: 2, colorType: .rgb, pixels: pixels))
        #expect(!result.hasSRGBChunk && result.sRGBRenderingIntent == nil)
        #expect(!result.hasGammaChunk && !result.hasChromaticitiesChunk && !result.hasICCPChunk)
    }

    @Test func displayP3Profile() throws {
        let profile = ICCFixtures.profile(
            tags: [("desc", ICCFixtures.desc("Display P3"))] + ICCFixtures.displayP3Colorants)
        let png = F.png(
            width: 2, height: 2, colorType: .rgb, pixels: pixels,
            before: [F.iccp(name: "ICC Profile", profile: profile)])
        for decode in [false, true] {
            let info = try #require(try inspect(png, decode: decode).iccProfile)
            #expect(info.name == "ICC Profile")
            #expect(info.description == "Display P3")
            #expect(info.colorSpace == .displayP3)
            #expect(info.byteCount == profile.count)
        }
    }

    @Test func sRGBProfile() throws {
        let profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("sRGB IEC61966-2.1"))])
        let png = F.png(
            width: 2, height: 2, colorType: .rgb, pixels: pixels, before: [F.iccp(name: "icc", profile: profile)])
        let info = try #require(try inspect(png).iccProfile)
        #expect(info.colorSpace == .sRGB && info.description == "sRGB IEC61966-2.1")
    }

    @Test func garbageProfileIsReportedWithoutCrashing() throws {
        let garbage: [UInt8] = (0..<300).map { UInt8(($0 * 37 + 11) & 0xFF) }
        let png = F.png(
            width: 2, height: 2, colorType: .rgb, pixels: pixels, before: [F.iccp(name: "Mystery", profile: garbage)])
        let result = try inspect(png)
        let info = try #require(result.iccProfile)
        #expect(info.description == nil && info.colorSpace == .other && info.byteCount == 300)
        #expect(info.name == "Mystery")
    }

    @Test func undecompressableProfileIsFlaggedButNotDescribed() throws {
        let broken = F.chunk("iCCP", Array("Broken".utf8) + [0, 0] + [0x78, 0x9C, 0xFF, 0xFF, 0xFF])
        let png = F.png(width: 2, height: 2, colorType: .rgb, pixels: pixels, before: [broken])
        let result = try inspect(png)
        #expect(result.hasICCPChunk && result.iccProfile == nil)
    }

    @Test func profileNameIsLatin1() throws {
        let profile = ICCFixtures.profile(tags: [])
        let chunk = F.chunk("iCCP", [0x43, 0xE9, 0x6C, 0, 0] + F.zlibStored(profile))  // "Cél" in Latin-1
        let png = F.png(width: 2, height: 2, colorType: .rgb, pixels: pixels, before: [chunk])
        #expect(try inspect(png).iccProfile?.name == "Cél")
    }
}

@Suite("PNG inspection: damaged and hostile files")
struct PNGInspectionDamageTests {
    private let valid = rgba(width: 16, height: 16)

    @Test func flippedIDATByteIsCorrupt() throws {
        var damaged = valid
        let offset = try #require(F.dataOffset(of: "IDAT", in: damaged))
        damaged[offset + 40] ^= 0x01
        // zlib's checksum or the chunk CRC catches it, whichever is read first.
        #expect(failure(damaged)?.kind == .corrupt)
    }

    @Test func badIDATCRCIsCorrupt() throws {
        var damaged = valid
        let offset = try #require(F.dataOffset(of: "IDAT", in: damaged))
        let length = Int(F.readBigEndian(damaged, at: offset - 8))
        damaged[offset + length] ^= 0x01  // first CRC byte
        let error = try #require(failure(damaged))
        #expect(error.kind == .corrupt)
        #expect(error.message.contains("CRC"))
    }

    @Test func badAncillaryCRCIsAnErrorNotAWarning() throws {
        var text = F.text("Comment", "hello")
        text[text.count - 1] ^= 0xFF
        let png = F.png(width: 2, height: 2, colorType: .rgb, pixels: [UInt8](repeating: 1, count: 12), before: [text])
        #expect(failure(png, decode: false)?.kind == .corrupt)
        #expect(failure(png, decode: true)?.kind == .corrupt)
    }

    @Test func truncatedInsideImageData() throws {
        let offset = try #require(F.dataOffset(of: "IDAT", in: valid))
        let truncated = Array(valid[..<(offset + 100)])
        #expect(failure(truncated)?.kind == .truncated)
    }

    @Test func truncatedBeforeIEND() throws {
        let withoutEnd = Array(valid.dropLast(12))
        #expect(failure(withoutEnd)?.kind == .truncated)
        // Reading only the header does not reach the end, so it cannot notice.
        #expect(failure(withoutEnd, decode: false) == nil)
    }

    @Test func hugeClaimedSizeIsRejectedBeforeAllocation() throws {
        let file = F.claimedSize(width: 100_000, height: 100_000)
        #expect(file.count < 100)
        for decode in [false, true] {
            let error = try #require(failure(file, decode: decode))
            #expect(error.kind == .tooLarge(pixels: 10_000_000_000, limit: PNGCodec.defaultMaxPixels))
            #expect(error.width == 100_000 && error.height == 100_000)
        }
    }

    @Test func callerLimitIsApplied() throws {
        let error = try #require(failure(valid, maxPixels: 255))
        #expect(error.kind == .tooLarge(pixels: 256, limit: 255))
        #expect(try inspect(valid, maxPixels: 256).width == 16)
    }

    @Test func notAPNG() throws {
        #expect(failure([])?.kind == .notPNG)
        #expect(failure(Array("GIF89a........".utf8))?.kind == .notPNG)
        #expect(failure([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])?.kind == .notPNG)
        #expect(failure(Array(F.signature.prefix(5)))?.kind == .truncated)
        #expect(failure(F.signature)?.kind == .truncated)
    }

    @Test func zeroSizedHeaderIsCorrupt() throws {
        #expect(failure(F.claimedSize(width: 0, height: 10))?.kind == .corrupt)
    }

    @Test func mutatedFilesNeverCrash() {
        // Deterministic corruption of every region of a file with colour chunks and text.
        let profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("Display P3"))])
        let base = F.png(
            width: 9, height: 7, colorType: .rgba, interlaced: true,
            pixels: F.rgbaPixels(width: 9, height: 7) { x, y in [UInt8(x), UInt8(y), 3, 200] },
            before: [F.iccp(name: "p", profile: profile), F.srgb(intent: 0), F.text("a", "b")])
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for round in 0..<400 {
            var bytes = base
            for _ in 0...(round % 4) {
                let index = next() % bytes.count
                bytes[index] = UInt8(truncatingIfNeeded: next())
            }
            if round % 5 == 0 { bytes = Array(bytes.prefix(next() % bytes.count)) }
            _ = PNGInspector.inspect(bytes, decodePixels: round % 2 == 0, maxPixels: 1_000_000)
            _ = try? PNGCodec.decodeRGBA8(bytes, maxPixels: 1_000_000)
        }
    }
}

@Suite("PNG optimizer")
struct PNGOptimizerTests {
    private func levelZero(width: Int, height: Int) throws -> [UInt8] {
        let pixels = F.rgbaPixels(width: width, height: height) { x, y in [UInt8(x & 0xFF), UInt8(y & 0xFF), 128, 255] }
        return try PNGCodec.encodeRGBA8(
            DecodedImage(width: width, height: height, premultiplied: false, pixels: pixels), compressionLevel: 0)
    }

    @Test func badlyCompressedInputShrinksAndKeepsPixels() throws {
        let original = try levelZero(width: 64, height: 48)
        let optimized = try PNGOptimizer.optimize(original)
        #expect(optimized.count < original.count)
        #expect(try PNGOptimizer.pixelsEqual(original, optimized))
        #expect(try PNGCodec.decodeRGBA8(optimized) == PNGCodec.decodeRGBA8(original))
        // Every pixel is opaque: the alpha channel is dropped, nothing else changes.
        let inspection = try inspect(optimized)
        #expect(inspection.colorType == .rgb && inspection.bitDepth == 8)
    }

    @Test func greyPixelsAreStoredAsGreyUnlessAnICCProfileSaysRGB() throws {
        let pixels = F.rgbaPixels(width: 40, height: 30) { x, y in
            let v = UInt8((x * 7 + y * 3) & 0xFF)
            return [v, v, v, 255]
        }
        let original = F.png(width: 40, height: 30, colorType: .rgba, pixels: pixels)
        let optimized = try PNGOptimizer.optimize(original)
        #expect(try PNGOptimizer.pixelsEqual(original, optimized))
        #expect(try inspect(optimized).colorType == .gray)
        // Under an RGB ICC profile the samples stay colour samples (here: a palette, whose entries are RGB).
        let profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("Display P3"))])
        let profiled = F.png(width: 40, height: 30, colorType: .rgba, pixels: pixels, before: [F.iccp(name: "P3", profile: profile)])
        let kept = try PNGOptimizer.optimize(profiled)
        #expect(try PNGOptimizer.pixelsEqual(profiled, kept))
        let format = try inspect(kept).colorType
        #expect(format != .gray && format != .grayAlpha, "\(format)")
    }

    @Test func fewColoursBecomeAPaletteWithTransparencyForTheTranslucentOnes() throws {
        // Three colours, one half transparent: a 2-bit palette, tRNS listing only the translucent entry.
        let colours: [[UInt8]] = [[255, 0, 0, 255], [0, 0, 255, 128], [0, 200, 0, 255]]
        let pixels = F.rgbaPixels(width: 33, height: 17) { x, y in colours[(x / 3 + y) % 3] }
        let original = F.png(width: 33, height: 17, colorType: .rgba, pixels: pixels)
        let optimized = try PNGOptimizer.optimize(original)
        #expect(try PNGOptimizer.pixelsEqual(original, optimized))
        let inspection = try inspect(optimized)
        #expect(inspection.colorType == .palette && inspection.bitDepth == 2)
        let chunks = F.chunks(in: optimized)
        #expect(chunks.first { $0.type == "tRNS" }?.data == [128])
        #expect(chunks.first { $0.type == "PLTE" }?.data.count == 9)
        // The same input always gives the same bytes.
        #expect(try PNGOptimizer.optimize(original) == optimized)
    }

    @Test func sixteenBitSamplesThatAreEightBitValuesBecomeEightBit() throws {
        var samples: [UInt16] = []
        for index in 0..<(9 * 4) {
            let value = UInt16((index * 37) % 256) * 257
            samples += [value, 0x0000, 0xFFFF]
        }
        let pixels = samples.flatMap(F.bigEndian16)
        let original = F.png(width: 9, height: 4, bitDepth: 16, colorType: .rgb, pixels: pixels)
        let optimized = try PNGOptimizer.optimize(original)
        #expect(try PNGOptimizer.pixelsEqual(original, optimized))
        #expect(try inspect(optimized).bitDepth <= 8)
    }

    @Test func anSBITChunkKeepsTheStoredFormat() throws {
        let pixels = F.rgbaPixels(width: 8, height: 8) { _, _ in [10, 20, 30, 255] }
        let original = F.png(width: 8, height: 8, colorType: .rgba, pixels: pixels, before: [F.chunk("sBIT", [5, 6, 5, 8])])
        let optimized = try PNGOptimizer.optimize(original)
        #expect(try PNGOptimizer.pixelsEqual(original, optimized))
        let inspection = try inspect(optimized)
        #expect(inspection.colorType == .rgba && inspection.bitDepth == 8)
        #expect(F.chunks(in: optimized).first { $0.type == "sBIT" }?.data == [5, 6, 5, 8])
    }

    @Test func keepsFormatAndColourChunksAndDropsText() throws {
        let profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("Display P3"))])
        let palette = F.plte([(255, 0, 0), (0, 255, 0), (0, 0, 255), (9, 9, 9)])
        let pixels: [UInt8] = [0b0001_1011, 0b1110_0100, 0b0101_0101, 0b1010_1010]  // 2-bit indices, two bytes per row
        let original = F.png(
            width: 8, height: 2, bitDepth: 2, colorType: .palette, pixels: pixels,
            before: [
                F.iccp(name: "P3", profile: profile), F.gama(), palette, F.trns([255, 0, 128]), F.text("Author", "x"),
            ],
            after: [F.text("Comment", "after")])
        let optimized = try PNGOptimizer.optimize(original)
        #expect(try PNGOptimizer.pixelsEqual(original, optimized))

        let types = F.chunks(in: optimized).map(\.type)
        #expect(types.first == "IHDR" && types.last == "IEND")
        #expect(!types.contains("tEXt"))
        for kept in ["iCCP", "gAMA", "PLTE", "tRNS"] { #expect(types.contains(kept), "\(kept) was dropped") }
        let paletteIndex = try #require(types.firstIndex(of: "PLTE"))
        let transparencyIndex = try #require(types.firstIndex(of: "tRNS"))
        #expect(paletteIndex < transparencyIndex)
        // Colour chunks are copied byte for byte.
        #expect(
            F.chunks(in: optimized).first { $0.type == "iCCP" }?.data
                == F.chunks(in: original).first { $0.type == "iCCP" }?.data)

        let inspection = try inspect(optimized)
        #expect(inspection.colorType == .palette && inspection.bitDepth == 2 && inspection.isFullyOpaque == false)
        #expect(inspection.iccProfile?.colorSpace == .displayP3)
    }

    @Test func interlacedInputBecomesProgressiveFree() throws {
        let original = rgba(width: 13, height: 11, translucentAt: (3, 5), interlaced: true)
        let optimized = try PNGOptimizer.optimize(original)
        #expect(try inspect(optimized).isInterlaced == false)
        #expect(try PNGOptimizer.pixelsEqual(original, optimized))
    }

    @Test func animatedPNGsAreLeftAlone() throws {
        let actl = F.chunk("acTL", F.bigEndian(1) + F.bigEndian(0))
        let animated = F.png(
            width: 2, height: 1, colorType: .rgba, pixels: [UInt8](repeating: 7, count: 8), before: [actl])
        let error = try #require(throws: PNGError.self) { try PNGOptimizer.optimize(animated) }
        #expect(error.message.contains("animat"))
    }

    @Test func sixteenBitStaysSixteenBit() throws {
        let pixels = (0..<(6 * 5)).flatMap { [UInt16($0 * 2000), 0x0101, 0xFFFE].flatMap(F.bigEndian16) }
        let original = F.png(
            width: 6, height: 5, bitDepth: 16, colorType: .rgb, pixels: pixels, before: [F.srgb(intent: 0)])
        let optimized = try PNGOptimizer.optimize(original)
        let inspection = try inspect(optimized)
        #expect(inspection.bitDepth == 16 && inspection.colorType == .rgb && inspection.hasSRGBChunk)
        #expect(try PNGOptimizer.pixelsEqual(original, optimized))
    }

    @Test func pixelsEqualSeesSixteenBitDifferences() throws {
        func image(low: UInt8) -> [UInt8] {
            F.png(width: 1, height: 1, bitDepth: 16, colorType: .gray, pixels: [0x80, low])
        }
        // Both round to the same 8-bit value; the comparison must still tell them apart.
        #expect(try PNGOptimizer.pixelsEqual(image(low: 0x00), image(low: 0x00)))
        #expect(try PNGOptimizer.pixelsEqual(image(low: 0x00), image(low: 0x01)) == false)
    }

    @Test func pixelsEqualAcrossFormats() throws {
        // A palette image equals the RGBA image it stands for.
        let paletteImage = F.png(
            width: 2, height: 1, colorType: .palette, pixels: [0, 1],
            before: [F.plte([(1, 2, 3), (4, 5, 6)]), F.trns([255, 0])])
        let rgbaImage = F.png(width: 2, height: 1, colorType: .rgba, pixels: [1, 2, 3, 255, 4, 5, 6, 0])
        #expect(try PNGOptimizer.pixelsEqual(paletteImage, rgbaImage))
        let different = F.png(width: 2, height: 1, colorType: .rgba, pixels: [1, 2, 3, 255, 4, 5, 6, 1])
        #expect(try PNGOptimizer.pixelsEqual(paletteImage, different) == false)
        let otherSize = F.png(width: 1, height: 2, colorType: .rgba, pixels: [1, 2, 3, 255, 4, 5, 6, 0])
        #expect(try PNGOptimizer.pixelsEqual(rgbaImage, otherSize) == false)
    }

    @Test func damagedInputIsAnError() throws {
        var damaged = try levelZero(width: 8, height: 8)
        let offset = try #require(F.dataOffset(of: "IDAT", in: damaged))
        damaged[offset + 20] ^= 0x80
        #expect(throws: PNGError.self) { try PNGOptimizer.optimize(damaged) }

        // Same pixels, broken CRC: "equal" requires both files to be intact to IEND.
        let valid = try levelZero(width: 8, height: 8)
        var badCRC = valid
        let length = Int(F.readBigEndian(badCRC, at: offset - 8))
        badCRC[offset + length + 3] ^= 0x01
        let error = try #require(throws: PNGError.self) { try PNGOptimizer.pixelsEqual(valid, badCRC) }
        #expect(error.kind == .corrupt && error.message.hasPrefix("second image"))
        // Different pixels are reported as soon as they are seen.
        #expect(try PNGOptimizer.pixelsEqual(valid, damaged) == false)
        #expect(throws: PNGError.self) { try PNGOptimizer.optimize(Array("not a png".utf8)) }
    }
}
