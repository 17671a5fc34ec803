import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The compression each target gets (as Xcode chooses it, docs/CAR-FORMAT.md) and every compressed rendition read
/// back pixel-exact by assetc's reader, for pixels of every kind: transparent, 1×1, one pixel wide, a few colours, just
/// over 256, thousands, grey, noise.
@Suite("Bitmap compression per target")
struct BitmapCompressionTests {
    /// Straight (not premultiplied) RGBA images, each with the compression its kind gets at a 2019 target.
    @Sendable static func hash(_ x: Int, _ y: Int, _ salt: Int) -> UInt8 {
        var z = UInt64(bitPattern: Int64(x &* 73_856_093 ^ y &* 19_349_663 ^ salt &* 83_492_791)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }

    static let images: [(name: String, width: Int, height: Int, pixel: @Sendable (Int, Int) -> [UInt8])] = {
        return [
            ("transparent", 40, 30, { _, _ in [0, 0, 0, 0] }),
            ("one pixel", 1, 1, { _, _ in [200, 10, 30, 128] }),
            ("one pixel wide", 1, 300, { _, y in [UInt8(y % 256), 20, UInt8(255 - y % 256), 255] }),
            ("four colours", 64, 48, { x, y in [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 128], [0, 0, 0, 0]][(x / 8 + y / 8) % 4] }),
            ("256 colours", 64, 64, { x, y in [UInt8((x % 16) * 16), UInt8((y % 16) * 16), 77, 255] }),
            ("257 colours", 65, 64, { x, y in x == 64 && y == 0 ? [1, 2, 3, 255] : [UInt8((x % 16) * 16), UInt8((y % 16) * 16), 77, 255] }),
            ("thousands of colours, translucent", 120, 90, { x, y in [UInt8(x * 2), UInt8(y * 2), UInt8((x + y) % 256), UInt8(40 + (x * y) % 200)] }),
            ("grey", 50, 70, { x, y in let v = UInt8(x / 5 * 25); return [v, v, v, y < 35 ? 255 : 128] }),
            ("noise", 48, 48, { x, y in [Self.hash(x, y, 1), Self.hash(x, y, 2), Self.hash(x, y, 3), 255] }),
            ("4-bit noise on a gradient", 72, 72, { x, y in [UInt8((x + y) & 0xF0) | Self.hash(x, y, 4) & 15, UInt8(x & 0xF0) | Self.hash(x, y, 5) & 15, 90, 255] }),
        ]
    }()

    /// A catalog with one image set per image (1x) and an app icon, the same for every target.
    static func fixture() throws -> CatalogFixture {
        let fixture = try CatalogFixture()
        for (name, width, height, pixel) in images {
            var pixels: [UInt8] = []
            for y in 0..<height { for x in 0..<width { pixels += pixel(x, y) } }
            let png = try PNGCodec.encodeRGBA8(DecodedImage(width: width, height: height, premultiplied: false, pixels: pixels))
            try fixture.write("\(name).imageset/image.png", png)
            try fixture.contents("\(name).imageset", #"{"images":[{"filename":"image.png","idiom":"universal","scale":"1x"}],"info":{"author":"xcode","version":1}}"#)
        }
        let icon = (0..<(64 * 64)).flatMap { index in [UInt8(index % 64 * 4), 9, 200, 255] as [UInt8] }
        try fixture.write("AppIcon.appiconset/icon.png", try PNGCodec.encodeRGBA8(DecodedImage(width: 64, height: 64, premultiplied: false, pixels: icon)))
        try fixture.contents(
            "AppIcon.appiconset",
            #"{"images":[{"filename":"icon.png","idiom":"mac","scale":"1x","size":"64x64"}],"info":{"author":"xcode","version":1}}"#)
        return fixture
    }

    /// Compiles the fixture and returns, per image set (and `AppIcon`), the compression name of its bitmap, after
    /// checking every bitmap decodes to the source PNG's premultiplied pixels exactly. A deployment-target copy (iOS 9–12)
    /// is listed as `name@3` or `name@5`, the copy for any target under the plain name.
    static func compile(_ fixture: CatalogFixture, _ platform: CompilePlatform, _ target: String) throws -> [String: String] {
        var options = CompileOptions(platform: platform, minimumDeploymentTarget: target, appIcon: "AppIcon", toolVersion: "test")
        // Each image's own compression: unpacked (AtlasPackingTests checks the atlases, compressed the same way).
        options.packsAtlases = false
        let car = try CARFile(bytes: try CARCompiler(options: options).compile(fixture.read()).car)
        let decoder = CARDecoder(file: car)
        var found: [String: String] = [:]
        for facet in car.facets {
            for index in facet.renditions {
                let rendition = car.renditions[index]
                guard case .bitmap(let bitmap) = rendition.payload else { continue }
                let file = facet.name == "AppIcon" ? "AppIcon.appiconset/icon.png" : "\(facet.name).imageset/image.png"
                let source = try PNGCodec.decodeRGBA8(Array(try Data(contentsOf: URL(fileURLWithPath: fixture.root + "/" + file))), premultiplied: true)
                guard case .image(let decoded) = try decoder.decode(index) else {
                    Issue.record("\(facet.name) (\(target)): not decoded")
                    continue
                }
                #expect(decoded.width == source.width && decoded.height == source.height, "\(facet.name) at \(platform) \(target)")
                if bitmap.compression == .deepmapLZFSE {
                    // Quality 1 halves the chroma: red and alpha as they were, green and blue at most one step off.
                    let close = zip(decoded.pixels, source.pixels).enumerated().allSatisfy { at, pair in
                        at % 4 == 0 || at % 4 == 3 ? pair.0 == pair.1 : abs(Int(pair.0) - Int(pair.1)) <= 1
                    }
                    #expect(close, "\(facet.name) at \(platform) \(target)")
                } else {
                    #expect(decoded.pixels == source.pixels, "\(facet.name) at \(platform) \(target)")
                }
                // Bytes per row (tag 1007) as Xcode writes them: for a payload that holds no rows of pixels the width × 4
                // rounded up to 32 bytes, grey images too (Flex, Stasis, SwiftUITestProject1); LZFSE rows padded to 32
                // bytes (every Xcode 11–26 car); LZVN rows as they are (GlassKit).
                let holdsNoRows = [.deepmap2, .deepmapLZFSE, .paletteImage].contains(bitmap.compression)
                let row = decoded.width * (rendition.pixelFormat.hasPrefix("GA8") ? 2 : 4)
                let expectedRowBytes =
                    holdsNoRows ? (decoded.width * 4 + 31) / 32 * 32 : bitmap.compression == .lzfse ? (row + 31) / 32 * 32 : row
                #expect(
                    rendition.bytesPerRow == expectedRowBytes,
                    "\(facet.name) at \(platform) \(target): \(bitmap.compression.name), \(rendition.bytesPerRow ?? -1) bytes per row")
                var name = bitmap.compression.name
                if bitmap.compression == .deepmap2, let data = bitmap.chunks.first?.data { name += " mode \(try data.u8(20))" }
                let copy = rendition.key[.deploymentTarget]
                found[copy == 0 ? facet.name : "\(facet.name)@\(copy)"] = name
            }
        }
        return found
    }

    @Test func targetsFrom2019GetDeepmap2ItsPaletteModeUpTo256ColoursAndMode2WherePredictionPays() throws {
        let fixture = try Self.fixture()
        for (platform, target) in [(CompilePlatform.iphoneos, "17.0"), (.iphoneos, "13.0"), (.appletvos, "13.0"), (.macosx, "10.15"), (.macosx, "14.0"), (.xros, "1.0")] {
            let found = try Self.compile(fixture, platform, target)
            #expect(found["four colours"] == "deepmap2 mode 4", "\(platform) \(target)")
            #expect(found["256 colours"] == "deepmap2 mode 4", "\(platform) \(target)")
            // Beyond a palette, the trial (Deepmap2ModeChoice) takes mode 2 where a predictor pays: steps, ramps,
            // gradients, noise over a gradient, grey as well as colour.
            #expect(found["257 colours"] == "deepmap2 mode 2", "\(platform) \(target)")
            #expect(found["grey"] == "deepmap2 mode 2", "\(platform) \(target)")
            #expect(found["thousands of colours, translucent"] == "deepmap2 mode 2", "\(platform) \(target)")
            #expect(found["4-bit noise on a gradient"] == "deepmap2 mode 2", "\(platform) \(target)")
            // Uniform noise over an opaque alpha channel: prediction adds bits, mode 3 stays (its entropy stage still
            // saves the alpha bytes).
            #expect(found["noise"] == "deepmap2 mode 3", "\(platform) \(target)")
            if platform == .macosx { #expect(found["AppIcon"] == "lzfse", "\(platform) \(target): app icons stay LZFSE") }
        }
    }

    @Test("iOS 9 to 12: each image three times, LZFSE for any target, palette-img or deepmap-LZFSE for 2018, deepmap2 for 2019")
    func iOSBefore13GetsACopyPerDeploymentTarget() throws {
        let fixture = try Self.fixture()
        for target in ["12.0", "11.0", "9.0"] {
            let found = try Self.compile(fixture, .iphoneos, target)
            // As Flex's and zhihu's 2018 copies: colour images of at most 1,024 colours in palette-img, the rest and grey
            // ones in deepmap-LZFSE, never LZFSE.
            for name in ["four colours", "256 colours", "257 colours"] {
                #expect(found[name + "@3"] == "palette-img", "\(name): \(found[name + "@3"] ?? "none")")
            }
            // Fully transparent pixels are grey (GA8).
            for name in ["thousands of colours, translucent", "grey", "transparent"] {
                #expect(found[name + "@3"] == "deepmap-lzfse", "\(name): \(found[name + "@3"] ?? "none")")
            }
            #expect(found["four colours@5"] == "deepmap2 mode 4" && found["noise@5"] == "deepmap2 mode 3", "\(target)")
            for name in ["four colours", "grey", "noise"] { #expect(found[name] == "lzfse", "\(name) at \(target)") }
        }
    }

    @Test func olderTargetsGetLZFSEOrLZVN() throws {
        let fixture = try Self.fixture()
        for (platform, target) in [(CompilePlatform.iphoneos, "11.0"), (.iphoneos, "9.0"), (.macosx, "10.12"), (.macosx, "10.14"), (.watchos, "4.0")] {
            let found = try Self.compile(fixture, platform, target)
            for name in ["four colours", "256 colours", "grey", "thousands of colours, translucent"] {
                #expect(found[name] == "lzfse", "\(name) at \(platform) \(target)")
            }
        }
        let old = try Self.compile(fixture, .iphoneos, "8.0")
        #expect(old["four colours"] == "lzvn")
        #expect(old["grey"] == "lzvn")
    }

    @Test func aLargeAppIconIsLZVNCompressedForIOS8NotStoredAsItIs() throws {
        // A 1024-pixel App Store icon is 4 MB of pixels, more than one LZVN stream takes in a third of its rows.
        let fixture = try CatalogFixture()
        let side = 1024
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 4)
        for y in 0..<side { for x in 0..<side { pixels += [UInt8(x / 4), UInt8(y / 4), UInt8((x ^ y) & 0xF0), 255] } }
        try fixture.write(
            "AppIcon.appiconset/icon.png", try PNGCodec.encodeRGBA8(DecodedImage(width: side, height: side, premultiplied: false, pixels: pixels)))
        try fixture.contents(
            "AppIcon.appiconset",
            #"{"images":[{"filename":"icon.png","idiom":"ios-marketing","scale":"1x","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#)
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "8.0", appIcon: "AppIcon", toolVersion: "test")
        let compiled = try CARCompiler(options: options).compile(fixture.read()).car
        let car = try CARFile(bytes: compiled)
        let index = try #require(car.renditions.indices.first { if case .bitmap = car.renditions[$0].payload { return true } else { return false } })
        guard case .bitmap(let bitmap) = car.renditions[index].payload else { return }
        #expect(bitmap.compression.name == "lzvn")
        #expect(compiled.count < side * side, "the car is \(compiled.count) bytes: the icon is not stored as it is")
        guard case .image(let decoded) = try CARDecoder(file: car).decode(index) else {
            Issue.record("the icon is not decoded")
            return
        }
        #expect(decoded.pixels == (try PNGCodec.decodeRGBA8(PNGCodec.encodeRGBA8(DecodedImage(width: side, height: side, premultiplied: false, pixels: pixels)), premultiplied: true)).pixels)
    }

    @Test func theRuleFollowsTheDeploymentTarget() {
        #expect(BitmapCompression(platform: .iphoneos, minimumDeploymentTarget: "12.4") == .paletteImage)
        #expect(BitmapCompression(platform: .iphonesimulator, minimumDeploymentTarget: "13") == .deepmap2)
        #expect(BitmapCompression(platform: .macosx, minimumDeploymentTarget: "10.10") == .lzvn)
        #expect(BitmapCompression(platform: .macosx, minimumDeploymentTarget: "11.0") == .deepmap2)
        #expect(BitmapCompression(platform: .watchos, minimumDeploymentTarget: "5.0") == .paletteImage)
        // A version that does not parse is taken as the newest.
        #expect(BitmapCompression(platform: .iphoneos, minimumDeploymentTarget: "latest") == .deepmap2)
        #expect(BitmapCompression.deepmap2.forIconsAndFlattenedImages == .lzfse)
        #expect(BitmapCompression.lzvn.forIconsAndFlattenedImages == .lzvn)
    }

    @Test func theOutputIsTheSameWhateverTheThreadCount() throws {
        let fixture = try Self.fixture()
        let index = fixture.read()
        var cars: [[UInt8]] = []
        for jobs in [1, 2, 5] {
            let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", appIcon: "AppIcon", jobs: jobs, toolVersion: "test")
            cars.append(try CARCompiler(options: options).compile(index).car)
        }
        #expect(cars[0] == cars[1] && cars[1] == cars[2])
    }
}
