import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

/// Every kind of mistake produces a diagnostic naming the file and the problem, and the rest of the
/// catalog is still read (each test keeps a healthy `Good` set beside the broken one).
@Suite("Reader: mistakes are diagnosed, the rest is still read")
struct ReaderMistakeTests {
    private func fixtureWithGoodSet() throws -> CatalogFixture {
        let fixture = try CatalogFixture()
        try fixture.simpleImageset("Good")
        return fixture
    }

    private func expectGoodSetRead(_ index: CatalogIndex, sourceLocation: SourceLocation = #_sourceLocation) {
        let good = index.asset(named: "Good")
        #expect(good?.variants.count == 3, sourceLocation: sourceLocation)
        #expect(good?.variants.allSatisfy { $0.isSelectable } == true, sourceLocation: sourceLocation)
    }

    @Test("Contents.json that is not JSON: invalid-contents with the line")
    func notJSON() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.png("Broken.imageset/a.png")
        try fixture.contents("Broken.imageset", "{\n  \"images\" : [\n<<<<<<< HEAD\n  ]\n}\n")
        let index = fixture.read()
        #expect(index.has("invalid-contents", at: "Broken.imageset/Contents.json", "not valid JSON", "line 3"), "\(index.diagnosticDump)")
        #expect(index.asset(named: "Broken") == nil)
        expectGoodSetRead(index)
    }

    @Test("trailing comma and empty file are invalid-contents")
    func trailingComma() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.contents("Comma.imageset", "{\"images\":[],}")
        try fixture.contents("Empty.imageset", "")
        let index = fixture.read()
        #expect(index.has("invalid-contents", at: "Comma.imageset/Contents.json", "line 1, column 14"), "\(index.diagnosticDump)")
        #expect(index.has("invalid-contents", at: "Empty.imageset/Contents.json", "empty"), "\(index.diagnosticDump)")
        expectGoodSetRead(index)
    }

    @Test("wrong types: 'images' should be an array but is a string; a number scale; a non-object entry")
    func wrongTypes() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.contents("Oops.imageset", #"{"images":"oops"}"#)
        try fixture.png("Scale.imageset/a.png")
        try fixture.png("Scale.imageset/a@2x.png")
        try fixture.contents(
            "Scale.imageset", #"{"images":[{"filename":"a.png","idiom":"universal","scale":"1x"},{"filename":"a@2x.png","idiom":"universal","scale":2},42]}"#)
        try fixture.contents("Top.imageset", #"[1,2]"#)
        let index = fixture.read()
        #expect(index.has("invalid-contents", at: "Oops.imageset/Contents.json", "'images' should be an array but is a string"))
        #expect(index.has("invalid-contents", at: "Scale.imageset/Contents.json", "'images[1].scale' should be a string but is a number"))
        #expect(index.has("invalid-contents", at: "Scale.imageset/Contents.json", "'images[2]' should be an object but is a number"))
        #expect(index.has("invalid-contents", at: "Top.imageset/Contents.json", "top level should be an object but is an array"))
        // The mistyped entry is still indexed (scale any), so its file is not unassigned.
        let scale = try #require(index.asset(named: "Scale"))
        #expect(scale.variants.count == 2)
        #expect(scale.variants[1].traits.displayScale == nil)
        #expect(index.diagnostics("unassigned-file").isEmpty)
        #expect(index.asset(named: "Oops")?.variants.isEmpty == true)
        expectGoodSetRead(index)
    }

    @Test("unknown keys and unknown values are unknown-key warnings; the entry is indexed with that trait any")
    func unknownKeys() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.imageset(
            "Hero",
            [
                ("a.png", #""idiom":"universal","scale":"1x""#),
                ("b.png", #""idiom":"universal","scale":"2x""#),
                ("c.png", #""idiom":"universal","scale":"3x","resolution":"high""#),
                ("toaster@2x.png", #""idiom":"toaster","scale":"2x""#),
                ("odd.png", #""idiom":"iphone","scale":"4.5x","display-gamut":"rec2020","width-class":"huge""#),
                ("e.png", #""idiom":"universal","appearances":[{"appearance":"luminosity","value":"sepia"},{"appearance":"mood","value":"happy"}]"#),
            ])
        try fixture.contents("Group", #"{"info":{"version":1},"colour":"blue"}"#)
        let index = fixture.read()
        let path = "Hero.imageset/Contents.json"
        #expect(index.has("unknown-key", at: path, "unknown key 'resolution' in images[2]"), "\(index.diagnosticDump)")
        #expect(
            index.diagnostics.contains { $0.description == "\(fixture.root)/\(path): warning: unknown key 'resolution' in images[2] [unknown-key]" })
        #expect(index.has("unknown-key", at: path, "unknown idiom 'toaster' in images[3]"))
        #expect(index.has("unknown-key", at: path, "unknown scale '4.5x' in images[4]"))
        #expect(index.has("unknown-key", at: path, "unknown display-gamut 'rec2020' in images[4]"))
        #expect(index.has("unknown-key", at: path, "unknown width-class 'huge' in images[4]"))
        #expect(index.has("unknown-key", at: path, "unknown luminosity 'sepia'"))
        #expect(index.has("unknown-key", at: path, "unknown appearance 'mood'"))
        #expect(index.has("unknown-key", at: "Group/Contents.json", "unknown key 'colour' at the top level"))
        #expect(index.diagnostics.allSatisfy { $0.severity == .warning }, "\(index.diagnosticDump)")
        let hero = try #require(index.asset(named: "Hero"))
        #expect(hero.variants.count == 6)
        #expect(hero.variants[3].traits == VariantTraits(displayScale: 2))
        #expect(hero.variants[3].attributes["idiom"] == "toaster")
        #expect(hero.variants[4].traits == VariantTraits(idiom: .phone))
        #expect(hero.variants[4].attributes["scale"] == "4.5x")
        expectGoodSetRead(index)
    }

    @Test("missing-file names the entry and the file; the variant is kept without inspection")
    func missingFile() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.png("Hero.imageset/hero.png")
        try fixture.contents(
            "Hero.imageset",
            #"{"images":[{"filename":"hero.png","idiom":"universal","scale":"1x"},{"filename":"hero@2x.png","idiom":"universal","scale":"2x"}]}"#)
        let index = fixture.read()
        #expect(index.has("missing-file", at: "Hero.imageset/Contents.json", "images[1]", "'hero@2x.png'", "not in Hero.imageset"), "\(index.diagnosticDump)")
        let hero = try #require(index.asset(named: "Hero"))
        #expect(hero.variants[1].source == "Hero.imageset/hero@2x.png")
        #expect(hero.variants[1].inspection == nil && hero.variants[1].contentType == nil)
        #expect(hero.variants[0].isSelectable)
        expectGoodSetRead(index)
    }

    @Test("unassigned files: Finder duplicates, stray Contents 2.json, folders; hidden files ignored")
    func unassignedFiles() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.simpleImageset("Icon")
        try fixture.png("Icon.imageset/icon 2.png")
        try fixture.write("Icon.imageset/Contents 2.json", text: "{}")
        try fixture.write("Icon.imageset/.DS_Store", [0, 0, 0, 1])
        try fixture.folder("Icon.imageset/old")
        let index = fixture.read()
        #expect(index.has("unassigned-file", at: "Icon.imageset/icon 2.png", "Icon.imageset"), "\(index.diagnosticDump)")
        #expect(index.has("unassigned-file", at: "Icon.imageset/Contents 2.json"))
        #expect(index.has("unassigned-file", at: "Icon.imageset/old", "folder"))
        #expect(index.diagnostics.count == 3, "\(index.diagnosticDump)")
        #expect(index.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(index.asset(named: "Icon")?.variants.count == 3)
        expectGoodSetRead(index)
    }

    @Test("content decides: WebP or PSD named .png, PNG named .jpg, garbage named .png")
    func wrongContentType() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.write("Photo.imageset/photo.png", TinyPNG.webp)
        try fixture.write("Photo.imageset/layers.png", TinyPNG.psd)
        try fixture.png("Photo.imageset/real.jpg", width: 6, height: 5)
        try fixture.write("Photo.imageset/text.png", text: "hello, world\n")
        try fixture.write("Photo.imageset/photo.jpg", TinyPNG.jpeg(width: 30, height: 20))
        try fixture.contents(
            "Photo.imageset",
            #"{"images":[{"filename":"photo.png","idiom":"universal","scale":"1x"},{"filename":"layers.png","idiom":"universal","scale":"2x"},{"filename":"real.jpg","idiom":"universal","scale":"3x"},{"filename":"text.png","idiom":"iphone","scale":"1x"},{"filename":"photo.jpg","idiom":"ipad","scale":"1x"}]}"#
        )
        let index = fixture.read()
        #expect(index.has("wrong-content-type", at: "Photo.imageset/photo.png", "WebP", "PNG"), "\(index.diagnosticDump)")
        #expect(index.has("wrong-content-type", at: "Photo.imageset/layers.png", "Photoshop", "PNG"))
        #expect(index.has("wrong-content-type", at: "Photo.imageset/real.jpg", "PNG image", "JPEG"))
        #expect(index.has("wrong-content-type", at: "Photo.imageset/text.png", "no known image format"))
        #expect(index.diagnostics("wrong-content-type").allSatisfy { $0.severity == .error })
        #expect(index.diagnostics("wrong-content-type").count == 4)
        let photo = try #require(index.asset(named: "Photo"))
        #expect(photo.variants.map(\.contentType) == [.webp, .psd, .png, .unknown, .jpeg])
        // The PNG named .jpg is still measured: content decides.
        #expect(photo.variants[2].inspection?.pixelWidth == 6)
        #expect(photo.variants[4].inspection?.pixelWidth == 30 && photo.variants[4].inspection?.pixelHeight == 20)
        expectGoodSetRead(index)
    }

    @Test("a Git LFS pointer instead of the image")
    func lfsPointer() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.simpleImageset("Hero")
        try fixture.write("Hero.imageset/Hero@2x.png", TinyPNG.lfsPointer)
        let index = fixture.read()
        #expect(index.has("lfs-pointer", at: "Hero.imageset/Hero@2x.png", "git lfs pull"), "\(index.diagnosticDump)")
        #expect(index.diagnostics.count == 1, "\(index.diagnosticDump)")
        let hero = try #require(index.asset(named: "Hero"))
        #expect(hero.variants[1].contentType == .gitLFSPointer)
        #expect(!hero.variants[1].isSelectable)
        expectGoodSetRead(index)
    }

    @Test("corrupt and truncated PNGs: corrupt-image with libpng's reason")
    func corruptImages() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.simpleImageset("Hero")
        try fixture.write("Hero.imageset/Hero@2x.png", TinyPNG.corrupt())
        try fixture.write("Hero.imageset/Hero@3x.png", TinyPNG.truncated())
        try fixture.simpleImageset("Empty")
        try fixture.write("Empty.imageset/Empty.png", [])
        let index = fixture.read()
        #expect(index.has("corrupt-image", at: "Hero.imageset/Hero@2x.png", "CRC"), "\(index.diagnosticDump)")
        #expect(index.has("corrupt-image", at: "Hero.imageset/Hero@3x.png"), "\(index.diagnosticDump)")
        #expect(index.has("corrupt-image", at: "Empty.imageset/Empty.png", "empty"), "\(index.diagnosticDump)")
        let hero = try #require(index.asset(named: "Hero"))
        #expect(hero.variants[0].isSelectable)
        #expect(hero.variants[1].inspection?.problem != nil && !hero.variants[1].isSelectable)
        #expect(hero.variants[2].inspection?.problem != nil && !hero.variants[2].isSelectable)
        expectGoodSetRead(index)
    }

    @Test("without pixel verification a damaged IDAT goes unnoticed, the header is still read")
    func noVerification() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.simpleImageset("Hero")
        try fixture.write("Hero.imageset/Hero@2x.png", TinyPNG.corrupt())
        let index = fixture.read(verifyPixels: false)
        #expect(index.diagnostics("corrupt-image").isEmpty, "\(index.diagnosticDump)")
        #expect(index.asset(named: "Hero")?.variants[1].inspection?.pixelWidth == 8)
    }

    @Test("image-too-large over the pixel limit")
    func tooLarge() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.png("Huge.imageset/Huge.png")
        try fixture.png("Huge.imageset/Huge@3x.png", width: 40, height: 30)
        try fixture.write("Huge.imageset/Huge@2x.jpg", TinyPNG.jpeg(width: 300, height: 300))
        try fixture.contents(
            "Huge.imageset",
            #"{"images":[{"filename":"Huge.png","idiom":"universal","scale":"1x"},{"filename":"Huge@2x.jpg","idiom":"universal","scale":"2x"},{"filename":"Huge@3x.png","idiom":"universal","scale":"3x"}]}"#
        )
        let index = fixture.read(maxPixels: 1_000)
        #expect(index.has("image-too-large", at: "Huge.imageset/Huge@3x.png", "40×30", "1000"), "\(index.diagnosticDump)")
        #expect(index.has("image-too-large", at: "Huge.imageset/Huge@2x.jpg", "300×300"), "\(index.diagnosticDump)")
        #expect(index.diagnostics.count == 2, "\(index.diagnosticDump)")
        let huge = try #require(index.asset(named: "Huge"))
        #expect(huge.variants[0].isSelectable)
        #expect(!huge.variants[2].isSelectable)
        #expect(huge.variants[2].inspection?.pixelWidth == 40)
        expectGoodSetRead(index)
    }

    @Test("unsafe filenames: absolute, parent folder, sub folder; the entry is skipped, never read")
    func unsafeFilenames() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.png("Other.imageset/secret.png")
        try fixture.contents("Other.imageset", #"{"images":[{"filename":"secret.png","idiom":"universal"}]}"#)
        try fixture.png("Escape.imageset/ok.png")
        try fixture.png("Escape.imageset/sub/inner.png")
        try fixture.contents(
            "Escape.imageset",
            #"{"images":[{"filename":"ok.png","idiom":"universal","scale":"1x"},{"filename":"../Other.imageset/secret.png","idiom":"iphone","scale":"2x"},{"filename":"/etc/passwd","idiom":"iphone","scale":"3x"},{"filename":"sub/inner.png","idiom":"ipad","scale":"1x"},{"filename":"..","idiom":"ipad","scale":"2x"}]}"#
        )
        let index = fixture.read()
        let path = "Escape.imageset/Contents.json"
        #expect(index.has("unsafe-path", at: path, "images[1]", "../Other.imageset/secret.png", "leaves"), "\(index.diagnosticDump)")
        #expect(index.has("unsafe-path", at: path, "images[2]", "/etc/passwd", "absolute"))
        #expect(index.has("unsafe-path", at: path, "images[3]", "sub/inner.png"))
        #expect(index.has("unsafe-path", at: path, "images[4]"))
        #expect(index.diagnostics("unsafe-path").allSatisfy { $0.severity == .error })
        let escape = try #require(index.asset(named: "Escape"))
        #expect(escape.variants.map(\.source) == ["Escape.imageset/ok.png"])
        expectGoodSetRead(index)
    }

    @Test("a set without Contents.json is an error; the rest is read")
    func setWithoutContents() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.png("Bare.imageset/bare.png")
        let index = fixture.read()
        #expect(index.has("invalid-contents", at: "Bare.imageset", "no Contents.json"), "\(index.diagnosticDump)")
        expectGoodSetRead(index)
    }

    @Test("duplicate names within a catalog and across catalogs keep both assets")
    func duplicateNames() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.simpleImageset("Dup")
        try fixture.contents("Nested", #"{"info":{"version":1}}"#)
        try fixture.simpleImageset("Nested/Dup")
        let index = fixture.read()
        #expect(index.assets.filter { $0.name == "Dup" }.map(\.path) == ["Dup.imageset", "Nested/Dup.imageset"])
        #expect(index.has("duplicate-name", at: "Nested/Dup.imageset", "'Dup'", "Dup.imageset"), "\(index.diagnosticDump)")

        let other = try CatalogFixture("Other.xcassets")
        try other.simpleImageset("Good")
        let both = CatalogReader(options: ReaderOptions(jobs: 2)).read([fixture.root, other.root])
        let goods = both.assets.filter { $0.name == "Good" }
        #expect(goods.map(\.sourceIndex) == [0, 1])
        let crossing = both.diagnostics("duplicate-name").filter { $0.catalog == other.root }
        #expect(crossing.count == 1)
        #expect(crossing.first?.message.contains(fixture.root + "/Good.imageset") == true, "\(both.diagnosticDump)")
    }

    @Test("a root that does not exist or is a file: unreadable-path, other roots still read")
    func badRoots() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.write("loose.txt", text: "x")
        let reader = CatalogReader(options: ReaderOptions(jobs: 1))
        let index = reader.read(["/nonexistent/Nope.xcassets", fixture.root + "/loose.txt", fixture.root])
        #expect(index.sources.map(\.path) == [fixture.root])
        #expect(index.diagnostics("unreadable-path").map(\.catalog) == ["/nonexistent/Nope.xcassets", fixture.root + "/loose.txt"])
        #expect(index.asset(named: "Good")?.sourceIndex == 0)
        expectGoodSetRead(index)
    }

    @Test("colour-set mistakes: bad component; an entry without color is the system default")
    func colorMistakes() throws {
        let fixture = try fixtureWithGoodSet()
        try fixture.contents(
            "Tint.colorset",
            #"{"colors":[{"idiom":"universal"},{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"lots","green":"0","blue":"0","alpha":"1"}}},{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"0.5","green":"0.5","alpha":"1"}}},{"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"red":"1.0","green":"0.5","blue":"0.0","alpha":"1.0"}}}]}"#
        )
        let index = fixture.read()
        let path = "Tint.colorset/Contents.json"
        // An entry without a colour is Xcode's own template (the system default colour), not a mistake.
        #expect(!index.diagnostics.contains { $0.message.contains("colors[0]") }, "\(index.diagnosticDump)")
        #expect(index.has("invalid-contents", at: path, "colors[1].color.components.red", "\"lots\""))
        #expect(index.has("invalid-contents", at: path, "colors[2].color.components has no 'blue'"))
        let tint = try #require(index.asset(named: "Tint"))
        #expect(tint.colors.count == 2)
        #expect(tint.colors[0].value == .systemReference(name: "default"))
        #expect(tint.colors[1].traits.appearance == .dark)
        expectGoodSetRead(index)
    }
}
