import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The pre-rendered images of an Icon Composer icon (what systems before 26 show): drawn flat by assetc and written as
/// Xcode 26.2 writes them for macOS 10.14 (cubeSQL), and for iOS (inferred); hostile `.icon` files fail with the member
/// named (docs/ICON-RENDERING.md).
@Suite("Icon Composer flat icons")
struct IconComposerFallbackTests {
    /// A 100-point SVG whose middle 80 points are red: at scale 1.25 on macOS it covers the icon's middle.
    static let svg = Array(
        #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect x="10" y="10" width="80" height="80" fill="red"/></svg>"#.utf8)

    /// An `.icon` named `name` beside a catalog, with `icon.json` `json` and the layer files `files` in `Assets/`.
    static func fixture(_ name: String = "App", json: String, files: [String: [UInt8]] = ["bg.svg": svg]) throws -> (CatalogFixture, [String]) {
        let fixture = try CatalogFixture()
        try fixture.simpleImageset("Hero")
        let folder = fixture.base + "/\(name).icon"
        for (file, bytes) in files { try fixture.writeAbsolute(folder + "/Assets/" + file, bytes) }
        try fixture.writeAbsolute(folder + "/icon.json", Array(json.utf8))
        return (fixture, [fixture.root, folder])
    }

    /// One SVG layer at `scale`, a solid green fill (sRGB 0, 0.5, 0), no shadow.
    static func solidJSON(scale: String = "1.25", layer: String = "bg.svg") -> String {
        """
        {"fill":{"solid":"srgb:0.00000,0.50000,0.00000,1.00000"},
         "groups":[{"layers":[{"image-name":"\(layer)","name":"bg","glass":false,"position":{"scale":\(scale),"translation-in-points":[0,0]}}],
                    "shadow":{"kind":"none","opacity":0.5}}],
         "supported-platforms":{"squares":["macOS"]}}
        """
    }

    static func compile(_ roots: [String], platform: CompilePlatform = .macosx, target: String = "10.14", jobs: Int = 2) throws -> (CompiledCatalog, CARFile) {
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read(roots)
        #expect(!index.diagnostics.contains { $0.severity == .error }, "\(index.diagnostics)")
        var options = CompileOptions(platform: platform, minimumDeploymentTarget: target, toolVersion: "test")
        options.jobs = jobs
        let compiled = try CARCompiler(options: options).compile(index)
        return (compiled, try CARFile(bytes: compiled.car))
    }

    /// The icon facet's part 220 renditions: (dimension2, scale, pixel side, idiom) each, in key order.
    static func drawnSizes(_ car: CARFile, _ name: String = "App") throws -> [(index: UInt16, scale: UInt16, side: Int, idiom: UInt16)] {
        let facet = try #require(car.facets.first { $0.name == name })
        return facet.renditions.map { car.renditions[$0] }.filter { $0.key[.part] == 220 }.map {
            ($0.key[.dimension2], $0.key[.scale], $0.width, $0.key[.idiom])
        }.sorted { ($0.index, $0.idiom, $0.scale) < ($1.index, $1.idiom, $1.scale) }
    }

    static func image(_ car: CARFile, dimension2: UInt16, name: String = "App") throws -> DecodedImage {
        let facet = try #require(car.facets.first { $0.name == name })
        let index = try #require(facet.renditions.first { car.renditions[$0].key[.part] == 220 && car.renditions[$0].key[.dimension2] == dimension2 })
        guard case .image(let image) = try CARDecoder(file: car).decode(index) else { throw CompileProblem("not an image") }
        return image
    }

    static func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [Int] {
        let at = (y * image.width + x) * 4
        return image.pixels[at..<(at + 4)].map { Int($0) }
    }

    @Test func macOSBefore26GetsTheSevenSizesXcodeWrites() throws {
        let (fixture, roots) = try Self.fixture(json: Self.solidJSON())
        let (compiled, car) = try Self.compile(roots)
        _ = fixture
        #expect(compiled.notices.isEmpty, "\(compiled.notices)")
        let sizes = try Self.drawnSizes(car)
        // cubeSQL (Xcode 26.2, macOS 10.14): 16…512 points at 2x, then 1024 at 1x, dimension 2 from 1 to 7, universal.
        #expect(sizes.map(\.index) == [1, 2, 3, 4, 5, 6, 7])
        #expect(sizes.map(\.scale) == [2, 2, 2, 2, 2, 2, 1])
        #expect(sizes.map(\.side) == [32, 64, 128, 256, 512, 1024, 1024])
        #expect(sizes.allSatisfy { $0.idiom == 0 })
        let facet = try #require(car.facets.first { $0.name == "App" })
        let renditions = facet.renditions.map { car.renditions[$0] }
        #expect(renditions.filter { $0.key[.part] == 220 }.allSatisfy { $0.name.hasPrefix("App") && $0.name.contains("_NSAppearanceNameSystem_") })
        #expect(renditions.contains { $0.key[.part] == 218 && $0.layout == 1010 })
        // The 32, 64 and 128 pixel images packed into one atlas, as cubeSQL's are (`ZZZZPackedAsset-2.0.0-gamut0`,
        // 198 x 132, the 128 at the bottom left); the larger ones on their own.
        let icons = renditions.filter { $0.key[.part] == 220 }
        #expect(icons.filter { $0.width <= 128 }.allSatisfy { $0.layout == 1003 } && icons.filter { $0.width > 128 }.allSatisfy { $0.layout == 12 })
        let atlas = try #require(car.renditions.first { $0.name == "ZZZZPackedAsset-2.0.0-gamut0" })
        #expect(atlas.width == 198 && atlas.height == 132)
        let largest = try #require(icons.first { $0.key[.dimension2] == 3 }?.internalReference)
        #expect(largest.x == 2 && largest.y == 2 && largest.width == 128)
        // The layer stacks are still there for macOS 26.
        #expect(renditions.filter { $0.key[.part] == 245 }.count == 3)
    }

    @Test func theDrawingHasATransparentCornerTheFillAndTheLayer() throws {
        let (fixture, roots) = try Self.fixture(json: Self.solidJSON())
        let (_, car) = try Self.compile(roots)
        _ = fixture
        let image = try Self.image(car, dimension2: 7)
        #expect(image.width == 1024 && image.height == 1024)
        // Outside the macOS shape (100-point margin): transparent, above the drop shadow.
        #expect(Self.pixel(image, 2, 2)[3] == 0)
        #expect(Self.pixel(image, 40, 512)[3] < 8)
        // Inside the shape, away from the layer and the rim: the green fill, opaque.
        let fill = Self.pixel(image, 300, 512)
        #expect(fill[3] == 255 && abs(fill[1] - 128) <= 3 && fill[0] <= 3 && fill[2] <= 3, "\(fill)")
        // The middle: the red layer (100 points × 1.25, drawn into the 824-point shape: about 100 pixels wide).
        let middle = Self.pixel(image, 512, 512)
        #expect(middle == [255, 0, 0, 255], "\(middle)")
        #expect(abs(Self.pixel(image, 512 + 60, 512)[1] - 128) <= 3)
        // The 16-point image is the same drawing, smaller: transparent corner, red middle.
        let small = try Self.image(car, dimension2: 1)
        #expect(small.width == 32 && Self.pixel(small, 0, 0)[3] == 0 && Self.pixel(small, 16, 16)[0] > 200)
    }

    @Test func anAppIconSetOfTheIconsNameGivesNoImagesOfItsOwn() throws {
        let (fixture, roots) = try Self.fixture(json: Self.solidJSON())
        try fixture.png("App.appiconset/icon.png", width: 16, height: 16)
        try fixture.contents(
            "App.appiconset", #"{"images":[{"filename":"icon.png","idiom":"mac","scale":"1x","size":"16x16"}],"info":{"author":"xcode","version":1}}"#)
        let (_, car) = try Self.compile(roots)
        // cubeSQL: Xcode writes the drawn sizes, not its App.iconset's (which has no 64-point image).
        #expect(try Self.drawnSizes(car).map(\.side) == [32, 64, 128, 256, 512, 1024, 1024])
    }

    @Test func macOS26AndLaterGetsNoFlatImages() throws {
        let (fixture, roots) = try Self.fixture(json: Self.solidJSON())
        let (_, car) = try Self.compile(roots, target: "26.0")
        _ = fixture
        #expect(try Self.drawnSizes(car).isEmpty)
    }

    @Test func iOSGetsTheAppIconSizesAndTheAppStoreIcon() throws {
        let (fixture, roots) = try Self.fixture(json: Self.solidJSON())
        let (compiled, car) = try Self.compile(roots, platform: .iphoneos, target: "18.0")
        _ = fixture
        #expect(compiled.notices.isEmpty, "\(compiled.notices)")
        let sizes = try Self.drawnSizes(car)
        #expect(sizes.contains { $0.side == 120 && $0.scale == 2 && $0.idiom == 1 })  // iPhone 60 pt @2x
        #expect(sizes.contains { $0.side == 180 && $0.scale == 3 && $0.idiom == 1 })  // iPhone 60 pt @3x
        #expect(sizes.contains { $0.side == 167 && $0.idiom == 2 })  // iPad Pro 83.5 pt @2x
        #expect(sizes.contains { $0.side == 1024 && $0.scale == 1 && $0.idiom == 6 })  // App Store (ios-marketing)
        // iOS icons are full squares (the system masks them): the corner is opaque fill.
        let store = try Self.image(car, dimension2: try #require(sizes.last).index)
        #expect(Self.pixel(store, 0, 0)[3] == 255 && abs(Self.pixel(store, 0, 0)[1] - 128) <= 3)
    }

    @Test func theSameIconGivesTheSameBytesOnAnyThreadCount() throws {
        let json = """
            {"fill":{"linear-gradient":["display-p3:0.73194,0.76219,0.85679,1.00000","display-p3:0.39129,0.42206,0.51617,1.00000"]},
             "groups":[{"layers":[{"image-name":"bg.svg","glass":true,"opacity":0.8,"blend-mode":"multiply","position":{"scale":2,"translation-in-points":[10,-20]}}],
                        "shadow":{"kind":"layer-color","opacity":0.5},"translucency":{"enabled":true,"value":0.4}},
                       {"layers":[{"image-name":"bg.svg","fill":{"solid":"srgb:0,0,1,1"}}],"shadow":{"kind":"neutral","opacity":0.5}}],
             "supported-platforms":{"squares":["macOS"]}}
            """
        let (fixture, roots) = try Self.fixture(json: json)
        _ = fixture
        let one = try Self.compile(roots, jobs: 1).0.car
        let two = try Self.compile(roots, jobs: 2).0.car
        #expect(one == two)
    }

    // MARK: - Hostile icons

    @Test func aLayerPNGTooLargeToDrawIsNamedAndRefusedBeforeItsPixelsAreRead() throws {
        // A PNG whose header claims 20,000 × 20,000 pixels (its data is a 1-pixel stream: the header is checked first).
        var header = PNGFixtures.signature
        header += PNGFixtures.ihdr(width: 20_000, height: 20_000, bitDepth: 8, colorType: .rgba, interlaced: false)
        header += PNGFixtures.chunk("IDAT", PNGFixtures.zlibStored([0, 0, 0, 0, 0]))
        header += PNGFixtures.chunk("IEND", [])
        // The renderer's own limit, before any pixel buffer is made.
        guard case .failure(let problem) = IconComposerLayerImage.read(header, contentType: .png, member: "Assets/huge.png") else {
            Issue.record("a 20,000-pixel layer was accepted")
            return
        }
        #expect(problem.message == "Assets/huge.png is larger than 4096 × 4096 pixels, too large to draw")
        // In a compile the damaged file fails it, named by its path, in bounded time.
        let (fixture, roots) = try Self.fixture(json: Self.solidJSON(layer: "huge.png"), files: ["huge.png": header])
        _ = fixture
        let started = ContinuousClock.now
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read(roots)
        do {
            let compiled = try CARCompiler(options: CompileOptions(platform: .macosx, minimumDeploymentTarget: "10.14", toolVersion: "test")).compile(index)
            #expect(compiled.notices.contains { $0.contains("Assets/huge.png") }, "\(compiled.notices)")
        } catch {
            #expect("\(error)".contains("huge.png"), "\(error)")
        }
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test func aDamagedLayerIsNamedWithoutQuotingIt() throws {
        let (fixture, roots) = try Self.fixture(json: Self.solidJSON(layer: "bad.svg"), files: ["bad.svg": Array("<svg SECRET-CONTENT".utf8)])
        _ = fixture
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read(roots)
        let compiled = try CARCompiler(options: CompileOptions(platform: .macosx, minimumDeploymentTarget: "10.14", toolVersion: "test")).compile(index)
        #expect(compiled.notices.contains { $0.contains("Assets/bad.svg") }, "\(compiled.notices)")
        #expect(!compiled.notices.contains { $0.contains("SECRET") })
    }

    @Test func absurdNumbersInIconJSONAreRefusedWithTheMemberNamed() {
        let cases: [(json: String, fragment: String)] = [
            (#"{"groups":[{"layers":[{"image-name":"a.svg","position":{"scale":1e9}}]}]}"#, "groups[0]"),
            (#"{"groups":[{"position":{"scale":1e300},"layers":[]}]}"#, "groups[0].position"),
            (#"{"groups":[{"opacity":7,"layers":[]}]}"#, "opacity"),
            (#"{"groups":[{"layers":[{"image-name":"a.svg","opacity":-1}]}]}"#, "layer a.svg"),
            (#"{"groups":[{"shadow":{"kind":"neutral","opacity":40},"layers":[]}]}"#, "shadow.opacity"),
            (#"{"groups":[{"translucency":{"enabled":true,"value":9},"layers":[]}]}"#, "translucency"),
        ]
        for (json, fragment) in cases {
            guard case .failure(let problem) = IconComposerDocument.parse(Array(json.utf8)) else {
                Issue.record("accepted: \(json)")
                continue
            }
            #expect(problem.message.contains(fragment), "\(problem.message)")
        }
    }

    @Test func theLargestScaleAllowedDrawsInBoundedTime() throws {
        // Scale 100 makes the 100-point layer 10,000 points wide: the SVG is drawn at most 4096 pixels a side and only
        // the part on the canvas is sampled.
        let (fixture, roots) = try Self.fixture(json: Self.solidJSON(scale: "100"))
        _ = fixture
        let started = ContinuousClock.now
        let (compiled, car) = try Self.compile(roots)
        #expect(ContinuousClock.now - started < .seconds(120))
        #expect(compiled.notices.isEmpty, "\(compiled.notices)")
        // The red square's middle fills the whole shape.
        #expect(Self.pixel(try Self.image(car, dimension2: 7), 300, 512) == [255, 0, 0, 255])
    }

    @Test func layersArePlacedRecolouredFadedAndHiddenAsIconJSONSays() throws {
        // A 100-pixel opaque white square as a bitmap layer, on iOS (the whole square, the canvas unscaled), 256 pixels.
        let white = DecodedImage(width: 100, height: 100, premultiplied: true, pixels: [UInt8](repeating: 255, count: 100 * 100 * 4))
        let json = """
            {"fill":{"solid":"srgb:0,0,0,1"},
             "groups":[{"layers":[{"image-name":"w.png","glass":false,"fill":{"solid":"srgb:0,0,1,1"},"position":{"scale":1,"translation-in-points":[-300,0]}},
                                  {"image-name":"w.png","glass":false,"opacity":0.5,"position":{"scale":1,"translation-in-points":[300,0]}},
                                  {"image-name":"w.png","hidden":true,"position":{"scale":1,"translation-in-points":[0,300]}}]}]}
            """
        let document = try IconComposerDocument.parse(Array(json.utf8)).get()
        let renderer = IconComposerRenderer(document: document, images: ["w.png": .bitmap(white)], platform: .iOS)
        let image = try renderer.render(side: 256).get()
        // 256 pixels a side: a point is a quarter pixel; the layers are 25 pixels wide, centred ±75 pixels off the middle.
        #expect(Self.pixel(image, 128 - 75, 128) == [0, 0, 255, 255])  // recoloured blue
        #expect(Self.pixel(image, 128 + 75, 128) == [128, 128, 128, 255])  // white at half opacity over black
        #expect(Self.pixel(image, 128, 128 + 75) == [0, 0, 0, 255])  // hidden: the fill
        #expect(Self.pixel(image, 128, 128) == [0, 0, 0, 255])
    }

    @Test func theRendererRefusesSidesOutsideItsRange() {
        let renderer = IconComposerRenderer(document: IconComposerDocument(fill: nil, darkFill: nil, groups: []), images: [:], platform: .macOS)
        guard case .failure = renderer.render(side: 0), case .failure = renderer.render(side: 100_000) else {
            Issue.record("an absurd side was drawn")
            return
        }
        guard case .success(let image) = renderer.render(side: 64) else {
            Issue.record("an icon without layers was not drawn")
            return
        }
        // The default fill (white to light grey) in the middle, transparent corners.
        #expect(Self.pixel(image, 32, 32)[3] == 255 && Self.pixel(image, 0, 0)[3] == 0)
    }
}

/// The loose icon files `--app-icon` asks for, made of the flat drawing.
@Suite("Icon Composer flat icon files")
struct IconComposerFlatFileTests {
    @Test func macOSGetsAnICNSOfTheDrawingAndIOSTheTwoPNGs() throws {
        let (fixture, roots) = try IconComposerFallbackTests.fixture(json: IconComposerFallbackTests.solidJSON())
        _ = fixture
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read(roots)
        let mac = AppIconOutputs(index: index, options: CompileOptions(platform: .macosx, minimumDeploymentTarget: "10.14", appIcon: "App"))
        let icns = try #require(mac.files.first { $0.name == "App.icns" }?.bytes)
        #expect(Array(icns.prefix(4)) == Array("icns".utf8) && icns.count > 1000)
        // Its ic10 entry (512 points at 2x) is the 1024-pixel drawing: transparent corner, red middle.
        let at = try #require((0..<(icns.count - 4)).first { Array(icns[$0..<($0 + 4)]) == Array("ic10".utf8) })
        let length = Int(icns[at + 4]) << 24 | Int(icns[at + 5]) << 16 | Int(icns[at + 6]) << 8 | Int(icns[at + 7])
        let png = try PNGCodec.decodeRGBA8(Array(icns[(at + 8)..<(at + length)]))
        #expect(png.width == 1024 && png.pixels[3] == 0 && IconComposerFallbackTests.pixel(png, 512, 512) == [255, 0, 0, 255])
        #expect(mac.infoPlist["CFBundleIconFile"] == .string("App") && mac.infoPlist["CFBundleIconName"] == .string("App"))

        let newMac = AppIconOutputs(index: index, options: CompileOptions(platform: .macosx, minimumDeploymentTarget: "26.0", appIcon: "App"))
        #expect(newMac.files.isEmpty)

        let phone = AppIconOutputs(index: index, options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "18.0", appIcon: "App"))
        #expect(phone.files.map(\.name) == ["App60x60@2x.png", "App76x76@2x~ipad.png"])
        let icon = try PNGCodec.decodeRGBA8(try #require(phone.files.first?.bytes))
        #expect(icon.width == 120 && icon.pixels[3] == 255)
    }
}
