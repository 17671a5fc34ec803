import AssetCatalog
import CPNGSupport
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The pack stage learns a colour image's size from its PNG header and its colour from its first row, and decodes it
/// only when the atlas is drawn (``CARCompiler/probedImage(_:roots:)``): these check that the atlases come out as a
/// whole decode would make them, and that a file the probe passed but that does not decode fails the compile.
@Suite("Probing packed images instead of decoding them twice")
struct AtlasProbeTests {
    /// A PNG (RGBA, unpremultiplied) of `side` × `side` whose pixel at (x, y) is `pixel(x, y)`.
    static func png(side: Int, _ pixel: (Int, Int) -> [UInt8]) throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<side { for x in 0..<side { pixels += pixel(x, y) } }
        return try PNGCodec.encodeRGBA8(DecodedImage(width: side, height: side, premultiplied: false, pixels: pixels))
    }

    /// Reads `fixture` as `assetc compile` does (PNGs of sets inspected by the compile, not the reader).
    static func read(_ fixture: CatalogFixture) -> CatalogIndex {
        CatalogReader(options: ReaderOptions(verifyPixels: false, jobs: 2, defersPNGInspection: true)).read([fixture.root])
    }

    static func single(_ fixture: CatalogFixture, _ name: String, _ bytes: [UInt8]) throws {
        try fixture.write("\(name).imageset/\(name)@1x.png", bytes)
        try fixture.imageset(name, [("\(name)@1x.png", "\"idiom\":\"universal\",\"scale\":\"1x\"")])
    }

    @Test func imagesGoToTheColourOrGreyAtlasByTheirPremultipliedPixels() throws {
        let fixture = try CatalogFixture()
        // In colour from the first row: the probe decides.
        try Self.single(fixture, "Colour", try Self.png(side: 16) { x, y in [UInt8(x * 9), UInt8(y * 9), 40, 255] })
        // Grey in its first row, colour below: decoded whole in the pack stage, and in colour.
        try Self.single(fixture, "GreyFirstRow", try Self.png(side: 16) { x, y in y == 0 ? [90, 90, 90, 255] : [UInt8(x * 9), 10, 200, 255] })
        // Colour only where it is transparent: black once premultiplied, so grey.
        try Self.single(fixture, "HiddenColour", try Self.png(side: 16) { x, y in (x + y) % 2 == 0 ? [200, 10, 10, 0] : [70, 70, 70, 255] })
        // Grey throughout.
        try Self.single(fixture, "Grey", try Self.png(side: 16) { x, y in [UInt8(x * 15), UInt8(x * 15), UInt8(x * 15), 255] })
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
        let car = try CARFile(bytes: try CARCompiler(options: options).compile(Self.read(fixture)).car)
        var formats: [String: String] = [:]
        for rendition in car.renditions where rendition.layout == 1003 { formats[rendition.name] = rendition.pixelFormat }
        #expect(formats == ["Colour@1x.png": "ARGB", "GreyFirstRow@1x.png": "ARGB", "HiddenColour@1x.png": "GA8", "Grey@1x.png": "GA8"])
        let packed = car.renditions.indices.filter { car.renditions[$0].layout == 1003 }
        #expect(try AtlasPackingTests.expectPixelExact(car, packed, root: fixture.root) == 4)
    }

    /// `png` with a `count`-byte ancillary chunk (`tEXt`, as an ICC profile or metadata would sit) before its image
    /// data, so its first row lies past the probe's first read.
    static func withChunkBeforeImageData(_ png: [UInt8], count: Int) -> [UInt8] {
        let text = TinyPNG.chunk("tEXt", Array("Comment".utf8) + [0] + [UInt8](repeating: 0x61, count: count))
        return Array(png[..<33]) + text + Array(png[33...])
    }

    @Test func aFirstRowPastTheProbesFirstBytesIsReadAndStillProbed() throws {
        let colour = try Self.png(side: 16) { x, y in [UInt8(x * 9), UInt8(y * 9), 40, 255] }
        let far = Self.withChunkBeforeImageData(colour, count: 3 * CARCompiler.probedBytes)
        // The first bytes end inside the chunk: the probe asks for more, and then sees the colour.
        let answer = { (bytes: ArraySlice<UInt8>) in Array(bytes).withUnsafeBytes { acpng_first_row_has_colour($0.baseAddress, $0.count) } }
        #expect(answer(far[..<CARCompiler.probedBytes]) == 2)
        #expect(answer(far[...]) == 1)
        #expect(answer(colour[..<40]) == 2)  // IDAT's first bytes only
        #expect(answer(colour[...]) == 1)

        let fixture = try CatalogFixture()
        try Self.single(fixture, "Far", far)
        try Self.single(fixture, "Near", colour)
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
        let car = try CARFile(bytes: try CARCompiler(options: options).compile(Self.read(fixture)).car)
        let packed = car.renditions.indices.filter { car.renditions[$0].layout == 1003 }
        #expect(Set(packed.map { car.renditions[$0].pixelFormat }) == ["ARGB"])
        #expect(try AtlasPackingTests.expectPixelExact(car, packed, root: fixture.root) == 2)
    }

    /// A `side` × `side` RGBA PNG in colour whose last row has filter type 5 (there is none): valid chunks and CRCs,
    /// so only a decode of the whole image finds the damage.
    static func damagedPNG(side: Int) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<side {
            raw.append(y == side - 1 ? 5 : 0)
            for x in 0..<side { raw += [UInt8(x % 28 * 9), UInt8(y % 28 * 9), 40, 255] }
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + TinyPNG.chunk("IHDR", TinyPNG.bigEndian(UInt32(side)) + TinyPNG.bigEndian(UInt32(side)) + [8, 6, 0, 0, 0])
            + TinyPNG.chunk("IDAT", TinyPNG.zlibStored(raw)) + TinyPNG.chunk("IEND", [])
    }

    /// Compiles `fixture` and returns the input errors it fails with (none when it succeeds).
    static func inputErrors(_ fixture: CatalogFixture) -> [Diagnostic] {
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
        do {
            _ = try CARCompiler(options: options).compile(Self.read(fixture))
            return []
        } catch .inputErrors(let errors) {
            return errors
        } catch {
            Issue.record("unexpected error: \(error)")
            return []
        }
    }

    @Test func aPackedPNGThatDoesNotDecodeFailsTheCompileNamingIt() throws {
        let fixture = try CatalogFixture()
        try Self.single(fixture, "Good", try Self.png(side: 16) { x, y in [UInt8(x * 9), UInt8(y * 9), 40, 255] })
        try Self.single(fixture, "Damaged", Self.damagedPNG(side: 16))
        let errors = Self.inputErrors(fixture)
        #expect(errors.count == 1)
        #expect(errors.first?.path == "Damaged.imageset/Damaged@1x.png")
        #expect(errors.first?.rule == "corrupt-image")
        #expect(errors.first?.message.hasPrefix("cannot be decoded: ") == true)
    }

    /// The same damage in an image too large to pack fails the compile the same way (it used to leave the entry out
    /// with a notice, where `assetc info` calls it an error).
    @Test func anUnpackedPNGThatDoesNotDecodeFailsTheCompileAsAPackedOneDoes() throws {
        let fixture = try CatalogFixture()
        try Self.single(fixture, "Good", try Self.png(side: 16) { x, y in [UInt8(x * 9), UInt8(y * 9), 40, 255] })
        try Self.single(fixture, "Large", Self.damagedPNG(side: CARCompiler.largestPackedSide + 1))
        let errors = Self.inputErrors(fixture)
        #expect(errors.count == 1)
        #expect(errors.first?.path == "Large.imageset/Large@1x.png")
        #expect(errors.first?.rule == "corrupt-image")
        #expect(errors.first?.message.hasPrefix("cannot be decoded: ") == true)
    }
}
