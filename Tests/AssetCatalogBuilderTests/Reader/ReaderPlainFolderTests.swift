import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

@Suite("Reader: plain asset folders")
struct ReaderPlainFolderTests {
    @Test(
        "valid file names",
        arguments: [
            ("hero.png", "hero", VariantTraits(displayScale: 1)),
            ("hero@2x.png", "hero", VariantTraits(displayScale: 2)),
            ("hero~ipad~dark@2x.png", "hero", VariantTraits(idiom: .pad, displayScale: 2, appearance: .dark)),
            ("hero@2x~ipad.png", "hero", VariantTraits(idiom: .pad, displayScale: 2)),
            ("hero~iPhone@3x.PNG", "hero", VariantTraits(idiom: .phone, displayScale: 3)),
            ("b~wC~hR.jpg", "b", VariantTraits(displayScale: 1, horizontalSizeClass: .compact, verticalSizeClass: .regular)),
            ("b~wr~hc.jpeg", "b", VariantTraits(displayScale: 1, horizontalSizeClass: .regular, verticalSizeClass: .compact)),
            ("p~p3.heic", "p", VariantTraits(displayScale: 1, displayGamut: .displayP3)),
            ("p~srgb~light.webp", "p", VariantTraits(displayScale: 1, displayGamut: .sRGB, appearance: .light)),
            ("a~rtl~highcontrast.gif", "a", VariantTraits(displayScale: 1, contrast: .high, layoutDirection: .rightToLeft)),
            ("logo.pdf", "logo", VariantTraits()),
            ("star~dark.svg", "star", VariantTraits(appearance: .dark)),
            ("icon.v2@2x.png", "icon.v2", VariantTraits(displayScale: 2)),
            ("v~vision@2x.png", "v", VariantTraits(idiom: .vision, displayScale: 2)),
            ("c~car@3x.png", "c", VariantTraits(idiom: .car, displayScale: 3)),
            ("m~mac.png", "m", VariantTraits(idiom: .mac, displayScale: 1)),
        ])
    func validNames(name: String, base: String, traits: VariantTraits) throws {
        let parsed = try PlainFileName.parse(name).get()
        #expect(parsed.base == base)
        #expect(parsed.traits == traits)
    }

    @Test(
        "invalid file names say what is wrong",
        arguments: [
            ("hero~huge.png", "unknown token '~huge'"),
            ("hero@0x.png", "at least 1x"),
            ("hero@2x@3x.png", "two scales"),
            ("hero~dark~light.png", "conflicts with '~dark'"),
            ("hero~ipad~iphone.png", "conflicts with '~ipad'"),
            ("hero~dark~dark.png", "given twice"),
            ("hero~~dark.png", "empty '~' token"),
            ("~dark.png", "name before '~' or '@' is empty"),
            ("@2x.png", "name before '~' or '@' is empty"),
            ("hero@big.png", "not a scale"),
            ("hero~ipad@2x~dark.png", "right after the name or at the end"),
            ("hero~p3~srgb.png", "conflicts"),
            ("hero~wC~wR.png", "conflicts"),
            ("hero~ltr~rtl.png", "conflicts"),
            ("hero~tv~watch.png", "conflicts"),
            ("hero~mac~car@2x.png", "conflicts"),
        ])
    func invalidNames(name: String, fragment: String) throws {
        switch PlainFileName.parse(name) {
        case .success(let parsed): Issue.record("\(name) parsed as \(parsed)")
        case .failure(let problem): #expect(problem.description.contains(fragment), "\(problem)")
        }
    }

    @Test("files with one name form one asset; subfolders are namespaces; others are diagnosed")
    func folder() throws {
        let fixture = try CatalogFixture("Assets")
        try fixture.png("hero.png")
        try fixture.png("hero@2x.png")
        try fixture.png("hero~ipad~dark@2x.png")
        try fixture.write("logo.pdf", TinyPNG.pdf)
        try fixture.write("star.svg", TinyPNG.svg)
        try fixture.png("onboarding/step1.png")
        try fixture.png("onboarding/step1@3x.png")
        try fixture.png("onboarding/deep/x@2x.png")
        try fixture.png("hero~huge.png")
        try fixture.write("notes.json", text: "{}")
        try fixture.write("README", text: "hi")
        try fixture.write(".DS_Store", [1, 2, 3])
        try fixture.png(".hidden/secret.png")
        try fixture.png("Old.imageset/old.png")
        let index = fixture.read()
        #expect(index.sources == [CatalogSource(path: fixture.root, kind: .folder)])
        #expect(index.assets.map(\.name) == ["hero", "logo", "onboarding/deep/x", "onboarding/step1", "star"])
        let hero = try #require(index.asset(named: "hero"))
        #expect(hero.kind == .image)
        #expect(hero.path == "hero.png")
        #expect(hero.variants.map(\.source) == ["hero.png", "hero@2x.png", "hero~ipad~dark@2x.png"])
        #expect(hero.variants[2].traits == VariantTraits(idiom: .pad, displayScale: 2, appearance: .dark))
        #expect(hero.variants.allSatisfy { $0.contentType == .png && $0.isSelectable })
        #expect(index.asset(named: "logo")?.variants.first?.traits == VariantTraits())
        #expect(index.asset(named: "logo")?.variants.first?.contentType == .pdf)
        #expect(index.asset(named: "star")?.variants.first?.contentType == .svg)
        #expect(index.asset(named: "onboarding/step1")?.variants.map(\.source) == ["onboarding/step1.png", "onboarding/step1@3x.png"])

        #expect(index.has("invalid-file-name", at: "hero~huge.png", "unknown token '~huge'"), "\(index.diagnosticDump)")
        #expect(index.diagnostics("invalid-file-name").first?.severity == .warning)
        #expect(index.has("ignored-file", at: "notes.json"))
        #expect(index.has("ignored-file", at: "README"))
        #expect(index.has("ignored-file", at: "Old.imageset"))
        #expect(index.diagnostics.count == 4, "\(index.diagnosticDump)")
    }

    @Test("a folder holding a Contents.json at its root is read as a catalog even without .xcassets")
    func catalogWithoutSuffix() throws {
        let fixture = try CatalogFixture("Resources")
        try fixture.contents("", #"{"info":{"author":"xcode","version":1}}"#)
        try fixture.simpleImageset("Hero")
        let index = fixture.read()
        #expect(index.sources.first?.kind == .xcassets)
        #expect(index.asset(named: "Hero")?.variants.count == 3)
    }

    @Test("two files with the same traits: duplicate-variant")
    func duplicateVariant() throws {
        let fixture = try CatalogFixture("Assets")
        try fixture.png("hero.png")
        try fixture.write("hero.jpg", TinyPNG.jpeg(width: 4, height: 4))
        let index = fixture.read()
        #expect(index.has("duplicate-variant", at: "hero.png", "hero.jpg"), "\(index.diagnosticDump)")
        #expect(index.asset(named: "hero")?.variants.count == 2)
    }

    @Test("content is checked in plain folders too")
    func contentChecks() throws {
        let fixture = try CatalogFixture("Assets")
        try fixture.write("photo.png", TinyPNG.webp)
        try fixture.write("cloud.png", TinyPNG.lfsPointer)
        try fixture.png("good.png")
        let index = fixture.read()
        #expect(index.has("wrong-content-type", at: "photo.png", "WebP"), "\(index.diagnosticDump)")
        #expect(index.has("lfs-pointer", at: "cloud.png"))
        #expect(index.asset(named: "good")?.variants.first?.isSelectable == true)
    }
}
