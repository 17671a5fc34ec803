import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Reader: sets inside sets, symbol sets, icon bundles")
struct ReaderNestedSetTests {
    @Test("brand assets: parts keep their own names (as in Xcode's Assets.car); stacks list their layers in order")
    func brandAssets() throws {
        let fixture = try CatalogFixture()
        try NestedFixtures.writeBrandAssets(fixture)
        let index = fixture.read()
        let brand = "App Icon & Top Shelf Image"
        let names = index.assets.map(\.name)
        #expect(
            names == [
                "App Icon", brand, "App Icon - App Store", "App Icon - App Store/Back/Content", "App Icon - App Store/Front/Content",
                "App Icon - App Store/Middle/Content", "App Icon/Back/Content", "App Icon/Front/Content", "App Icon/Middle/Content",
                "Top Shelf Image", "Top Shelf Image Wide",
            ])
        let container = try #require(index.asset(named: brand))
        #expect(container.kind == .brandAssets)
        #expect(container.path == "\(brand).brandassets")
        #expect(container.members.map(\.name) == ["App Icon - App Store", "App Icon", "Top Shelf Image Wide", "Top Shelf Image", ""])
        #expect(container.members[0].attributes == ["idiom": "tv", "role": "primary-app-icon", "size": "1280x768", "type": "imagestack"])
        #expect(container.members[3].attributes["role"] == "top-shelf-image")
        #expect(container.members[4].attributes["subtype"] == "empty")

        let stack = try #require(index.asset(named: "App Icon"))
        #expect(stack.kind == .imageStack)
        #expect(stack.members.map(\.name) == ["App Icon/Front/Content", "App Icon/Middle/Content", "App Icon/Back/Content"])
        #expect(stack.members.map { $0.attributes["layer"] } == ["Front", "Middle", "Back"])

        // Nested files are inspected like any other.
        let front = try #require(index.asset(named: "App Icon/Front/Content"))
        #expect(front.kind == .image)
        #expect(front.path == "\(brand).brandassets/App Icon.imagestack/Front.imagestacklayer/Content.imageset")
        #expect(front.variants.first?.inspection?.pixelWidth == 4)

        // The launch image stays listed as unsupported, never silently dropped.
        #expect(index.unsupportedSets == [UnsupportedSet(name: "Launch Image", type: "launchimage", path: "\(brand).brandassets/Launch Image.launchimage")])
        #expect(index.diagnostics.allSatisfy { $0.severity == .note }, "\(index.diagnosticDump)")
        #expect(index.diagnostics("unknown-key").isEmpty)
    }

    @Test("image stack problems: a layer folder that is missing, a layer without an image set, one layer only")
    func stackProblems() throws {
        let fixture = try CatalogFixture()
        try fixture.contents("Poster.imagestack", #"{"layers":[{"filename":"Front.imagestacklayer"},{"filename":"Gone.imagestacklayer"}]}"#)
        try fixture.contents("Poster.imagestack/Front.imagestacklayer", #"{}"#)
        try fixture.contents("Lonely.imagestack", #"{"layers":[{"filename":"Only.imagestacklayer"}]}"#)
        try fixture.contents("Lonely.imagestack/Only.imagestacklayer", #"{}"#)
        try fixture.simpleImageset("Lonely.imagestack/Only.imagestacklayer/Content")
        let index = fixture.read()
        #expect(index.has("missing-file", at: "Poster.imagestack/Contents.json", "Gone.imagestacklayer"))
        #expect(index.has("missing-file", at: "Poster.imagestack/Front.imagestacklayer", "no image set"))
        #expect(index.has("invalid-contents", at: "Lonely.imagestack/Contents.json", "at least two"))
        #expect(index.asset(named: "Lonely/Only/Content")?.kind == .image)
        #expect(index.asset(named: "Poster")?.members.map(\.name) == ["Poster/Front"])
    }

    @Test("a macOS .iconset is an app icon whose files are its variants; stray files are reported")
    func iconSet() throws {
        let fixture = try CatalogFixture()
        try NestedFixtures.writeIconSet(fixture)
        let index = fixture.read()
        let icon = try #require(index.asset(named: "Mac"))
        #expect(icon.kind == .appIcon)
        #expect(icon.variants.map(\.attributes) == [["size": "16x16"], ["size": "16x16"], ["size": "512x512"]])
        #expect(icon.variants.map(\.traits) == [
            VariantTraits(idiom: .mac, displayScale: 1), VariantTraits(idiom: .mac, displayScale: 2),
            VariantTraits(idiom: .mac, displayScale: 2),
        ])
        #expect(icon.variants[1].inspection?.pixelWidth == 32)
        #expect(index.has("unassigned-file", at: "Mac.iconset/notes.txt", "icon_<size>x<size>"))
        #expect(ContainerReader.iconSetSlot("icon_16x32.png") == nil)
        #expect(ContainerReader.iconSetSlot("icon_.png") == nil)
        #expect(ContainerReader.iconSetSlot("icon_1024x1024@2x.png")?.scale == 2)
    }

    @Test("an Icon Composer .icon: its layer files in order, inspected, with their appearance specialisations")
    func iconComposer() throws {
        let fixture = try CatalogFixture()
        try NestedFixtures.writeIconComposer(fixture)
        let index = fixture.read()
        let icon = try #require(index.asset(named: "AppIcon"))
        #expect(icon.kind == .icon)
        #expect(icon.variants.map(\.source) == [
            "AppIcon.icon/Assets/glyph.svg", "AppIcon.icon/Assets/glyph-dark.svg", "AppIcon.icon/Assets/ring.png",
            "AppIcon.icon/Assets/back.png",
        ])
        #expect(icon.variants.map { $0.attributes["layer"] } == ["Glyph", "Glyph", "Ring", "Back"])
        #expect(icon.variants.map { $0.attributes["group"] } == ["0", "0", "0", "1"])
        #expect(icon.variants[1].traits.appearance == .dark && icon.variants[1].attributes["appearance"] == "dark")
        #expect(icon.variants[2].attributes["appearances"] == "tinted")
        #expect(icon.variants[2].contentType == .png && icon.variants[2].inspection?.pixelWidth == 8)
        #expect(icon.members == [AssetMember(name: "AppIcon", attributes: ["appearances": "dark"])])
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
    }

    @Test("an Icon Composer layer naming a missing file, and a bundle without icon.json")
    func iconComposerProblems() throws {
        let fixture = try CatalogFixture()
        try fixture.write("Broken.icon/icon.json", text: #"{"groups":[{"layers":[{"name":"A","image-name":"gone.png"}]}]}"#)
        try fixture.folder("Empty.icon/Assets")
        let index = fixture.read()
        #expect(index.has("missing-file", at: "Broken.icon/icon.json", "gone.png"))
        #expect(index.has("invalid-contents", at: "Empty.icon", "no icon.json"))
        #expect(index.asset(named: "Empty")?.kind == .icon)
    }

    @Test("a symbol set is an asset of its own kind; its SVG is checked as a symbol template")
    func symbolSets() throws {
        let fixture = try CatalogFixture()
        let symbolJSON = #"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"s.svg","idiom":"universal"}]}"#
        for name in ["Good", "NoGroup", "NoVariant", "NoRegular", "Broken", "Bitmap"] {
            try fixture.contents("\(name).symbolset", symbolJSON)
        }
        try fixture.write("Good.symbolset/s.svg", text: NestedFixtures.symbolTemplate())
        try fixture.write("NoGroup.symbolset/s.svg", text: NestedFixtures.symbolTemplate(symbolsGroup: false))
        try fixture.write("NoVariant.symbolset/s.svg", text: NestedFixtures.symbolTemplate(variants: []))
        try fixture.write("NoRegular.symbolset/s.svg", text: NestedFixtures.symbolTemplate(variants: ["Bold-L"]))
        try fixture.write("Broken.symbolset/s.svg", text: String(NestedFixtures.symbolTemplate().dropLast(12)))
        try fixture.write("Bitmap.symbolset/s.svg", TinyPNG.make(width: 2, height: 2))
        let index = fixture.read()
        let good = try #require(index.asset(named: "Good"))
        #expect(good.kind == .symbol)
        #expect(good.variants.first?.contentType == .svg)
        #expect(good.variants.first?.inspection?.svg == SVGInspection(hasSymbolsGroup: true, symbolVariants: ["Black-L", "Regular-M", "Ultralight-S"]))
        // Regular-M with Ultralight-S and Black-L is no set of masters: the audit's note, nothing else.
        #expect(index.diagnostics.filter { $0.path.hasPrefix("Good.") }.map(\.rule) == ["symbol-weights"], "\(index.diagnosticDump)")
        #expect(index.has("wrong-content-type", at: "NoGroup.symbolset/s.svg", "no group with id Symbols"))
        #expect(index.has("wrong-content-type", at: "NoVariant.symbolset/s.svg", "no weight/scale variant"))
        let noRegular = index.diagnostics.first { $0.path == "NoRegular.symbolset/s.svg" && $0.rule == "wrong-content-type" }
        #expect(noRegular?.severity == .warning && noRegular?.message.contains("Regular-M") == true)
        #expect(index.has("corrupt-image", at: "Broken.symbolset/s.svg", "not well-formed XML"))
        #expect(index.has("wrong-content-type", at: "Bitmap.symbolset/s.svg", "a PNG image"))
        #expect(index.diagnostics("unsupported-set-type").isEmpty)
    }

    @Test("containers and symbol sets survive pack: kinds, members and symbol payloads are in the archive, deterministically")
    func packRoundTrip() throws {
        let fixture = try CatalogFixture()
        try NestedFixtures.writeBrandAssets(fixture)
        try NestedFixtures.writeIconComposer(fixture)
        try fixture.contents("Star.symbolset", #"{"symbols":[{"filename":"star.svg","idiom":"universal"}]}"#)
        try fixture.write("Star.symbolset/star.svg", text: NestedFixtures.symbolTemplate())
        let index = fixture.read(jobs: 1)
        let first = try Packer.testing().packToBytes(index).archive
        let second = try Packer.testing(jobs: 3).packToBytes(fixture.read(jobs: 4)).archive
        #expect(first == second)
        let archive = try AssetArchive(bytes: first)
        try archive.verify()
        let unpacked = try CatalogIndex(archive: archive)
        for asset in index.assets {
            let packed = try #require(unpacked.asset(named: asset.name), "\(asset.name) was not packed")
            #expect(packed.kind == asset.kind)
            #expect(packed.members == asset.members)
        }
        #expect(archive.kind(of: "Star") == .symbol)
        let star = try #require(try archive.image(named: "Star", compatibleWith: TraitCollection()))
        #expect(star.contentType == .svg)
        let dark = try #require(try archive.image(named: "AppIcon", compatibleWith: TraitCollection(appearance: .dark)))
        #expect(try dark.sourcePath == "AppIcon.icon/Assets/glyph-dark.svg")
    }

    @Test("audit sees the nested assets and containers; the report draws the containers' parts, from source and archive")
    func auditAndReport() throws {
        let fixture = try CatalogFixture()
        try NestedFixtures.writeBrandAssets(fixture)
        try fixture.contents("Star.symbolset", #"{"symbols":[{"filename":"star.svg","idiom":"universal"}]}"#)
        try fixture.write("Star.symbolset/star.svg", text: NestedFixtures.symbolTemplate(symbolsGroup: false))
        let index = fixture.read()
        let report = Auditor(jobs: 2).audit(index)
        // A finding inside a nested set belongs to that set, not to its container.
        let star = report.findings.filter { $0.asset == "Star" }
        #expect(star.contains { $0.rule == "wrong-content-type" })
        let html = HTMLReportRenderer.render(ReportDocument(index: index, report: report))
        #expect(html.contains("<span class=\"kind\">brand assets</span>"))
        #expect(html.contains("<span class=\"kind\">image stack</span>"))
        #expect(html.contains("<span class=\"kind\">symbol set</span>"))
        #expect(html.contains("Layers, front to back"))
        #expect(html.contains("<code>App Icon/Front/Content</code>"))
        #expect(html.contains("role=top-shelf-image-wide"))
        let archive = try AssetArchive(bytes: try Packer.testing(allowErrors: true).packToBytes(index).archive)
        let packed = HTMLReportRenderer.render(try ReportDocument(archive: archive, path: "Nested.assetc"))
        #expect(packed.contains("Layers, front to back"))
        #expect(packed.contains("role=primary-app-icon"))
    }
}
