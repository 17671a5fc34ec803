import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Icon Composer icons (`.icon`, Xcode 26) compiled beside the catalogs as Xcode 26 writes them: the icon stack,
/// its groups, gradients, colours and layer files as facets of their own (docs/CAR-FORMAT.md, "Icon Composer icons").
@Suite("Compiling Icon Composer icons")
struct IconComposerCompileTests {
    /// An SVG of 100 × 100 points.
    static let svg = Array(
        #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect x="10" y="10" width="80" height="80" fill="red"/></svg>"#.utf8)

    /// A catalog with one image set, and beside it `.icon` bundles named `icons`, each with one group holding one
    /// SVG layer `bg.svg` scaled 1.25, glass off in the light appearance, and a two-colour gradient fill.
    static func fixture(icons: [String], appIconSet: String? = nil) throws -> (fixture: CatalogFixture, roots: [String]) {
        let fixture = try CatalogFixture()
        try fixture.simpleImageset("Hero")
        if let appIconSet {
            try fixture.png("\(appIconSet).appiconset/icon.png", width: 16, height: 16)
            try fixture.contents(
                "\(appIconSet).appiconset",
                #"{"images":[{"filename":"icon.png","idiom":"mac","scale":"1x","size":"16x16"}],"info":{"author":"xcode","version":1}}"#)
        }
        var roots = [fixture.root]
        for icon in icons {
            let folder = fixture.base + "/\(icon).icon"
            try fixture.writeAbsolute(folder + "/Assets/bg.svg", svg)
            try fixture.writeAbsolute(
                folder + "/icon.json",
                Array(
                    """
                    {"fill":{"linear-gradient":["srgb:0.09020,0.19216,0.25882,1.00000","srgb:0.05882,0.12549,0.17255,1.00000"]},
                     "groups":[{"layers":[{"image-name":"bg.svg","name":"bg","glass-specializations":[{"appearance":"light","value":false}],
                                "position":{"scale":1.25,"translation-in-points":[0,0]}}],
                               "shadow":{"kind":"neutral","opacity":0.5}}],
                     "supported-platforms":{"squares":["macOS"]}}
                    """.utf8))
            roots.append(folder)
        }
        return (fixture, roots)
    }

    static func compile(_ roots: [String], naming: IconComposerNaming = .assetsFolder) throws -> (compiled: CompiledCatalog, car: CARFile) {
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read(roots)
        #expect(!index.diagnostics.contains { $0.severity == .error }, "\(index.diagnostics)")
        var options = CompileOptions(platform: .macosx, minimumDeploymentTarget: "10.14", toolVersion: "test")
        options.iconComposerNaming = naming
        let compiled = try CARCompiler(options: options).compile(index)
        return (compiled, try CARFile(bytes: compiled.car))
    }

    static func facet(_ car: CARFile, _ name: String) throws -> CARFacet {
        try #require(car.facets.first { $0.name == name }, "no facet \(name); facets: \(car.facets.map(\.name))")
    }

    static func appearanceName(_ car: CARFile, _ rendition: CARRendition) -> String? {
        car.appearances.first { $0.identifier == rendition.key[.appearance] }?.name
    }

    @Test func severalIconBundlesCompileWithTheCatalogInOneRun() throws {
        let (fixture, roots) = try Self.fixture(icons: ["One", "Two"])
        let (compiled, car) = try Self.compile(roots)
        #expect(compiled.notices.isEmpty, "\(compiled.notices)")
        _ = fixture
        for icon in ["One", "Two"] {
            let parts: [(String, UInt16)] = [
                (icon, 245), ("\(icon)/Group", 246), ("\(icon)_Assets/Gradient-1", 247), ("\(icon)_Assets/bg", 181),
                ("\(icon)_Assets/Color-1", 217), ("\(icon)_Assets/Color-2", 217), ("\(icon)_Assets/Color-3", 217),
                ("\(icon)_Assets/Color-4", 217), ("\(icon)_Assets/Color-5", 217),
            ]
            for (name, part) in parts {
                #expect(try Self.facet(car, name).attributes[.part] == part, "\(name)")
            }
            // One stack per appearance, each listing the fill (the light or the dark gradient) behind the group.
            let stack = try Self.facet(car, icon)
            let stacks = stack.renditions.map { car.renditions[$0] }.filter { $0.key[.part] == 245 }
            #expect(stacks.count == 3)
            let gradients = try (1...2).map { try Self.facet(car, "\(icon)_Assets/Gradient-\($0)").attributes[.identifier] }
            let group = try Self.facet(car, "\(icon)/Group").attributes[.identifier]
            for rendition in stacks {
                #expect(rendition.layout == 1019 && rendition.width == 1024 && rendition.height == 1024 && rendition.name == "\(icon).iconstack")
                let layers = try #require(rendition.layerReferences)
                let appearance = Self.appearanceName(car, rendition)
                let fill = appearance == "NSAppearanceNameDarkAqua" ? gradients[1] : gradients[0]
                #expect(layers.map(\.identifier) == [fill, group], "\(appearance ?? "-")")
            }
            #expect(Set(stacks.compactMap { Self.appearanceName(car, $0) }) == ["NSAppearanceNameAqua", "NSAppearanceNameDarkAqua", "ISAppearanceTintable"])
            // The group places the 100-point layer at 1.25 in the middle of the 1024-point canvas, glass off in light.
            for rendition in try Self.facet(car, "\(icon)/Group").renditions.map({ car.renditions[$0] }) {
                let layer = try #require(rendition.layerReferences?.first)
                #expect(layer.x == 449 && layer.y == 449 && layer.width == 125 && layer.height == 125)
                #expect(layer.identifier == (try Self.facet(car, "\(icon)_Assets/bg").attributes[.identifier]))
                // Tag 1020's second word: 1 where the layer is glass (dark and tinted), 0 where it is off (light).
                let glass = try #require(rendition.infoTags.first { $0.tag == 1020 }).value.u32(8)
                #expect(glass == (Self.appearanceName(car, rendition) == "NSAppearanceNameAqua" ? 0 : 1))
            }
        }
        // The layer file is kept as it is (LZFSE-compressed in the car), the colours as icon.json gives them.
        let decoder = CARDecoder(file: car)
        let layer = try Self.facet(car, "One_Assets/bg").renditions[0]
        #expect(car.renditions[layer].rawDataIsLZFSE)
        guard case .file(let bytes, _) = try decoder.decode(layer) else {
            Issue.record("the SVG layer does not decode to its file")
            return
        }
        #expect(bytes == Self.svg)
        guard case .color(let color) = try decoder.decode(try Self.facet(car, "One_Assets/Color-2").renditions[0]) else {
            Issue.record("Color-2 is not a colour")
            return
        }
        // icon.json's 0.09020 and 0.25882 rounded to thousandths, as 32-bit floats: what Xcode 26 stores (sudoku).
        #expect(color.components == [Double(Float(0.090)), Double(Float(0.192)), Double(Float(0.259)), 1])
        guard case .color(let dark) = try decoder.decode(try Self.facet(car, "One_Assets/Color-4").renditions[0]) else {
            Issue.record("Color-4 is not a colour")
            return
        }
        // The default dark fill's first grey, 49/255, stored as Xcode stores it: 0.192.
        #expect(dark.components == [Double(Float(0.192)), 1] && dark.colorSpaceName == "gray-gamma-22")
        // The gradients the writer lays out read back (the reader's ARGG decoder against the writer's encoder): the
        // light fill through Color-2 and Color-3, the dark one through Color-4 and Color-5, top to bottom.
        for (number, colours) in [(1, ["One_Assets/Color-2", "One_Assets/Color-3"]), (2, ["One_Assets/Color-4", "One_Assets/Color-5"])] {
            guard case .gradient(let gradient) = try decoder.decode(try Self.facet(car, "One_Assets/Gradient-\(number)").renditions[0]) else {
                Issue.record("Gradient-\(number) is not a gradient")
                continue
            }
            #expect(gradient.stops == [.init(location: 0, colorName: colours[0]), .init(location: 1, colorName: colours[1])])
            #expect(gradient.kindName == "linear" && gradient.start == (0.5, 0) && gradient.end == (0.5, 1))
        }
    }

    @Test("the ARGG encoder and decoder agree for one, two and three stops")
    func gradientValuesReadBack() throws {
        for names in [["A"], ["A", "B"], ["Icon_Assets/Color-2", "Icon_Assets/Color-3", "Icon_Assets/Color-4"]] {
            let value = IconComposerRenditions.gradient(name: "Icon_Assets/Gradient-1", colorNames: names)
            let rendition = try value.withUnsafeBytes { buffer in
                try CARRendition(key: CARKey(values: []), value: CARBytes(buffer: buffer, base: 0, structure: "value"))
            }
            #expect(rendition.layout == 1021 && rendition.name == "Icon_Assets/Gradient-1" && rendition.damage == nil)
            guard case .gradient(let gradient) = rendition.payload else {
                Issue.record("\(names): the payload is \(rendition.payload.kindName)")
                continue
            }
            #expect(gradient.stops.map(\.colorName) == names)
            #expect(gradient.stops.map(\.location) == (names.count == 1 ? [0] : names.indices.map { Float($0) / Float(names.count - 1) }))
            #expect(gradient.leadingWord == UInt32(names.count) && gradient.kind == 1)
        }
    }

    @Test func xcode26ZeroNamesTheIconsPartsUnderTheIconsName() throws {
        #expect(IconComposerNaming(xcodeVersion: "26.0") == .iconFolder)
        #expect(IconComposerNaming(xcodeVersion: "26.0.1") == .iconFolder)
        #expect(IconComposerNaming(xcodeVersion: "26.2") == .assetsFolder)
        #expect(IconComposerNaming(xcodeVersion: "27") == .assetsFolder)
        #expect(IconComposerNaming(xcodeVersion: "twenty-six") == nil)
        let (fixture, roots) = try Self.fixture(icons: ["One"])
        let car = try Self.compile(roots, naming: .iconFolder).car
        _ = fixture
        #expect(try Self.facet(car, "One/bg").attributes[.part] == 181)
        #expect(try Self.facet(car, "One/Gradient-1").attributes[.part] == 247)
        #expect(!car.facets.contains { $0.name.hasPrefix("One_Assets/") })
    }

    @Test func anIconSharesItsFacetWithTheAppIconSetOfItsName() throws {
        let (fixture, roots) = try Self.fixture(icons: ["App"], appIconSet: "App")
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read(roots)
        #expect(!index.diagnostics.contains { $0.rule == "duplicate-name" }, "\(index.diagnostics)")
        let car = try Self.compile(roots).car
        _ = fixture
        let facet = try Self.facet(car, "App")
        #expect(facet.attributes[.part] == 245)
        let parts = Set(facet.renditions.map { car.renditions[$0].key[.part] })
        #expect(parts == [218, 220, 245])
    }

    @Test func anIconJSONTheCompileCannotUseIsNamedAndLeftOut() throws {
        let bad = IconComposerDocument.parse(Array(#"{"fill":{"linear-gradient":["srgb:1,0,0,1","purple"]}}"#.utf8))
        guard case .failure(let problem) = bad else {
            Issue.record("a gradient with a bad stop was accepted")
            return
        }
        #expect(problem.message.contains("gradient stop"))
        #expect(!problem.message.contains("purple"))
        guard case .failure = IconComposerDocument.parse(Array(#"{"groups":[{"layers":[{"image-name":"a.svg","position":{"scale":-1}}]}]}"#.utf8))
        else {
            Issue.record("a negative layer scale was accepted")
            return
        }
        // In a compile: a notice naming the icon, the rest of the catalog compiled.
        let (fixture, roots) = try Self.fixture(icons: ["One"])
        try fixture.writeAbsolute(roots[1] + "/icon.json", Array(#"{"fill":{"solid":"srgb:1,0"},"groups":[]}"#.utf8))
        let (compiled, car) = try Self.compile(roots)
        #expect(compiled.notices.contains { $0.hasPrefix("One: fill.solid") })
        #expect(car.facets.map(\.name) == ["Hero"])
    }

    /// The reader's Icon Composer fixture: two groups, PNG and SVG layers, a dark image specialisation, a solid dark
    /// fill and no light one, an SVG without a size.
    @Test func groupsBitmapLayersAndDarkSpecialisationsAreCompiled() throws {
        let fixture = try CatalogFixture()
        try NestedFixtures.writeIconComposer(fixture)
        let (compiled, car) = try Self.compile([fixture.root])
        // The SVG without a size is kept in the car but cannot be drawn flat: the notice names it.
        #expect(compiled.notices == ["AppIcon: Assets/glyph.svg declares no size (or cannot be read); it is left out of the pre-rendered images"])
        #expect(try Self.facet(car, "AppIcon/Group").attributes[.part] == 246)
        #expect(try Self.facet(car, "AppIcon/Group 2").attributes[.part] == 246)
        let ring = try Self.facet(car, "AppIcon_Assets/ring").renditions.map { car.renditions[$0] }
        #expect(ring.count == 1 && ring[0].layout == 12 && ring[0].name == "image.png" && ring[0].width == 8)
        // A bitmap layer as cubeSQL's (Xcode 26.2): flags 16, deepmap-LZFSE, whatever the target.
        #expect(ring[0].flags == 16)
        if case .bitmap(let bitmap) = ring[0].payload { #expect(bitmap.compression == .deepmapLZFSE) } else { Issue.record("not a bitmap") }
        let glyph = try Self.facet(car, "AppIcon_Assets/glyph").renditions.map { car.renditions[$0] }
        #expect(Set(glyph.compactMap { Self.appearanceName(car, $0) }) == ["NSAppearanceNameSystem", "NSAppearanceNameDarkAqua"])
        // Back to front: the second group (Back) behind the first; the dark stack has the black fill behind both.
        let black = try Self.facet(car, "AppIcon_Assets/Color-2")
        let groups = try ["AppIcon/Group 2", "AppIcon/Group"].map { try Self.facet(car, $0).attributes[.identifier] }
        for rendition in try Self.facet(car, "AppIcon").renditions.map({ car.renditions[$0] }) where rendition.key[.part] == 245 {
            let layers = try #require(rendition.layerReferences).map(\.identifier)
            if Self.appearanceName(car, rendition) == "NSAppearanceNameDarkAqua" {
                #expect(layers == [black.attributes[.identifier]] + groups)
            } else {
                #expect(layers == groups)
            }
        }
        // The first group lists Ring behind Glyph; the size-less glyph fills the canvas.
        let first = try #require(try Self.facet(car, "AppIcon/Group").renditions.first.map { car.renditions[$0] }?.layerReferences)
        #expect(first.map(\.width) == [8, 1024])
    }

    @Test func theColourTextOfIconJSONIsReadAsIconComposerWritesIt() {
        #expect(IconComposerDocument.color("srgb:0.1,0.2,0.3,1") == ColorComponents(colorSpace: "srgb", red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
        #expect(IconComposerDocument.color("extended-gray:1.00000,1.00000")?.isGray == true)
        #expect(IconComposerDocument.color("srgb:0.1,0.2,0.3") == nil)
        #expect(IconComposerDocument.color("srgb:1e999,0,0,1") == nil)
        #expect(IconComposerDocument.color("0.1,0.2,0.3,1") == nil)
    }

    /// The sudoku sample of ../shared (Xcode 26, CoreUI 969): its catalog and `App.icon` compiled together give the
    /// facets Xcode's car has for the icon, with the same parts, and the stack's layers name the same facets.
    @Test func theSudokuIconGivesXcodesFacets() throws {
        guard let sample = SharedCars.folder("jo-tools+sudoku") else { return }
        let source = sample + "/src/Resources/Assets"
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read([source + "/Assets.xcassets", source + "/App.icon"])
        #expect(!index.diagnostics.contains { $0.severity == .error }, "\(index.diagnostics)")
        // Xcode 26.0.1 built this car: it draws no flat images from the icon (Xcode 26.2 does; IconComposerFallbackTests).
        var options = CompileOptions(platform: .macosx, minimumDeploymentTarget: "10.14", appIcon: "App", toolVersion: "test")
        options.drawsIconComposerImages = false
        let ours = try CARFile(bytes: try CARCompiler(options: options).compile(index).car)
        let xcode = try CARFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: sample + "/Resources__Assets.car"))))
        func iconFacets(_ car: CARFile) -> [String: UInt16] {
            Dictionary(uniqueKeysWithValues: car.facets.filter { $0.name.hasPrefix("App") }.map { ($0.name, $0.attributes[.part]) })
        }
        #expect(iconFacets(ours) == iconFacets(xcode))
        func stackLayers(_ car: CARFile) -> [String: [String]] {
            let names = Dictionary(car.facets.map { ($0.attributes[.identifier], $0.name) }, uniquingKeysWith: { first, _ in first })
            var result: [String: [String]] = [:]
            for facet in car.facets where facet.name == "App" || facet.name == "App/Group" {
                for rendition in facet.renditions.map({ car.renditions[$0] }) where rendition.layerReferences != nil {
                    let appearance = car.appearances.first { $0.identifier == rendition.key[.appearance] }?.name ?? "-"
                    result["\(facet.name) \(appearance)"] = rendition.layerReferences!.map { names[$0.identifier ?? 0] ?? "?" }
                }
            }
            return result
        }
        #expect(stackLayers(ours) == stackLayers(xcode))
        // The group's per-layer records (tag 1020, the glass setting among them) per appearance, byte for byte.
        func groupRecords(_ car: CARFile) throws -> [String: [UInt8]] {
            var result: [String: [UInt8]] = [:]
            for rendition in try #require(car.facets.first { $0.name == "App/Group" }).renditions.map({ car.renditions[$0] }) {
                let appearance = car.appearances.first { $0.identifier == rendition.key[.appearance] }?.name ?? "-"
                result[appearance] = rendition.infoTags.first { $0.tag == 1020 }.map { $0.value.bytes }
            }
            return result
        }
        #expect(try groupRecords(ours) == groupRecords(xcode))
        #expect(try groupRecords(ours).count == 3)
        // The two multisize sets list the same sizes in the same order, smallest first.
        func sizeList(_ car: CARFile, _ name: String) -> [String]? {
            car.renditions.first { $0.name == name && $0.layout == 1010 }.flatMap {
                if case .multisizeSet(let entries) = $0.payload { entries.map { "\($0.width)x\($0.height) #\($0.index) idiom \($0.idiom)" } } else { nil }
            }
        }
        for name in ["App", "Sudoku"] {
            #expect(sizeList(ours, name) != nil && sizeList(ours, name) == sizeList(xcode, name), "\(name)")
        }
        // Every colour, gradient and size list holds what Xcode's holds (compare-car's content lines).
        let differences = CARStructureComparison.differences(ours: CARStructure(file: ours), xcode: CARStructure(file: xcode))
        let contents = differences.filter { $0.subject.hasSuffix(": content") }
        #expect(contents.isEmpty, "\(contents)")
        // And every info tag's value (the stacks' and groups' 1020 and 1021 records among them), but the packed
        // atlases' row bytes (1007), which Xcode pads and assetc does not.
        let tags = differences.filter { $0.subject.contains(": info tag ") && !$0.subject.hasPrefix("ZZZZPackedAsset") }
        #expect(tags.isEmpty, "\(tags)")
    }

    /// The cubeSQL sample of ../shared (Xcode 26.2): its icon's bitmap layer `icon_384.png` comes out of the compile with
    /// the pixels Xcode's car holds, every one (deepmap-LZFSE quality 1 halves the chroma; docs/CAR-FORMAT.md).
    @Test func theCubeSQLLayerGivesXcodesPixels() throws {
        guard let sample = SharedCars.folder("cubesql+cubeSQLAdmin") else { return }
        let source = sample + "/src/Resources/Assets"
        let (_, ours) = try Self.compile([source + "/Assets.xcassets", source + "/App.icon"])
        let xcode = try CARFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: sample + "/Resources__Assets.car"))))
        func layer(_ car: CARFile) throws -> (rendition: CARRendition, pixels: [UInt8]) {
            let index = try #require(try Self.facet(car, "App_Assets/icon_384").renditions.first)
            guard case .image(let image) = try CARDecoder(file: car).decode(index) else { throw CompileProblem("not an image") }
            return (car.renditions[index], image.pixels)
        }
        let (ourLayer, ourPixels) = try layer(ours)
        let (xcodeLayer, xcodePixels) = try layer(xcode)
        #expect(ourLayer.flags == xcodeLayer.flags)
        #expect(ourPixels.count == 384 * 384 * 4 && ourPixels == xcodePixels)
    }
}
