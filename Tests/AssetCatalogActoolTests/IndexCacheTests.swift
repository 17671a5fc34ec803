import AssetCatalog
import AssetCatalogBuilder
import Foundation
import Testing

@testable import AssetCatalogActool
@testable import AssetCatalogCompileCache

/// The compile cache's index (docs/COMPILE-CACHE.md, "The index"): the last read's index is used again only while
/// everything that read sees is unchanged, its codec gives back the index it was given, and a damaged file is an error,
/// never a crash or a wrong index.
@Suite("compile cache: the kept index")
struct IndexCacheTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// An index with every field of every type set, some twice over (both kinds of colour, wide and narrow sizes).
    static var everyField: CatalogIndex {
        var traits = VariantTraits(
            idiom: .pad, displayScale: 3, displayGamut: .displayP3, horizontalSizeClass: .compact, verticalSizeClass: .regular,
            appearance: .dark, contrast: .high, layoutDirection: .rightToLeft, locale: LocaleTag("pt-BR"))
        var image = Asset(
            name: "Icons/Ünïcode ✓", kind: .image, sourceIndex: 1, path: "Icons/Ünïcode ✓.imageset",
            properties: AssetProperties(
                templateRenderingIntent: "template", preservesVectorRepresentation: true, compressionType: "lossy", localizable: false,
                onDemandResourceTags: ["level1", "level2"]))
        var inspection = FileInspection(byteCount: 1234, contentType: .pdf, pixelWidth: 1 << 40, pixelHeight: 20, problem: "odd")
        inspection.svg = SVGInspection(hasSymbolsGroup: true, symbolVariants: ["Regular-M"])
        image.variants = [
            Variant(traits: traits, source: "Icons/Ünïcode ✓.imageset/a.pdf", contentType: .pdf, inspection: inspection,
                    attributes: ["resizing": "{}", "alignment-insets": "1,2,3,4"]),
            Variant(traits: VariantTraits(displayScale: 2), source: "Icons/Ünïcode ✓.imageset/a@2x.png", contentType: .png),
            Variant(traits: VariantTraits(), source: nil),
            Variant(traits: VariantTraits(idiom: .mac), source: "Elsewhere/b.png", contentType: .png),
            // The set's folder in another Unicode form (decomposed "Ü"), and a file with an empty name.
            Variant(traits: VariantTraits(idiom: .tv), source: "Icons/U\u{308}nïcode ✓.imageset/c.png", contentType: .png),
            Variant(traits: VariantTraits(idiom: .watch), source: "Icons/Ünïcode ✓.imageset/"),
        ]
        traits.locale = nil
        var color = Asset(name: "Tint", kind: .color, sourceIndex: 0, path: "Tint.colorset")
        color.colors = [
            ColorVariant(
                traits: traits, value: .components(ColorComponents(colorSpace: "display-p3", red: 0.1, green: -0.5, blue: 1e-9, alpha: 1)),
                decimalChannels: [.red, .alpha]),
            ColorVariant(traits: VariantTraits(appearance: .light), value: .systemReference(name: "labelColor")),
        ]
        let stack = Asset(
            name: "Stack", kind: .imageStack, sourceIndex: 0, path: "Stack.imagestack",
            members: [AssetMember(name: "Stack/Front", attributes: ["layer": "Front"]), AssetMember(name: "Stack/Back")])
        return CatalogIndex(
            sources: [CatalogSource(path: "A.xcassets", kind: .xcassets), CatalogSource(path: "/abs/Plain", kind: .folder)],
            assets: [color, image, stack],
            unsupportedSets: [UnsupportedSet(name: "Launch", type: "launchimage", path: "Launch.launchimage")],
            diagnostics: [
                Diagnostic(severity: .warning, rule: "unassigned-file", catalog: "A.xcassets", path: "x/y.png", message: "is in x"),
                Diagnostic(severity: .error, rule: "missing-file", catalog: "", path: "", message: ""),
            ])
    }

    @Test("the codec gives back every field of every type")
    func everyFieldRoundTrips() throws {
        let index = Self.everyField
        let decoded = try IndexCodec.decode(IndexCodec.encode(index, key: 42))
        #expect(decoded.key == 42)
        #expect(decoded.index == index)
        #expect(decoded.index.assets[1].variants[0].inspection?.pixelWidth == 1 << 40)
        #expect(decoded.index.assets[1].variants[1].source == "Icons/Ünïcode ✓.imageset/a@2x.png")
        // Byte for byte (strings compare by Unicode equivalence): the decoder copies each source's bytes.
        let sources = { (index: CatalogIndex) in index.assets.flatMap(\.variants).map { $0.source.map { Array($0.utf8) } } }
        #expect(sources(decoded.index) == sources(index))
    }

    /// The codec writes the fields it knows: a field added to a type of the index must be added to the codec, or a kept
    /// index would lose it. Counted by reflection, so that the new field fails here rather than in a user's rebuild.
    @Test("the codec knows every stored field of the index's types")
    func everyStoredFieldIsKnown() {
        let index = Self.everyField
        let image = index.assets[1]
        let counts: [(String, Any, Int)] = [
            ("CatalogIndex", index, 4), ("CatalogSource", index.sources[0], 2), ("Asset", image, 8),
            ("AssetMember", index.assets[2].members[0], 2), ("Variant", image.variants[0], 5),
            ("VariantTraits", image.variants[0].traits, 9), ("ColorVariant", index.assets[0].colors[0], 3),
            ("ColorComponents", ColorComponents(colorSpace: "srgb", red: 0, green: 0, blue: 0, alpha: 0), 5),
            ("UnsupportedSet", index.unsupportedSets[0], 3), ("Diagnostic", index.diagnostics[0], 5),
            ("AssetProperties", image.properties, 1),
        ]
        for (name, value, known) in counts {
            #expect(Mirror(reflecting: value).children.count == known, "\(name) has a stored field IndexCodec does not write")
        }
        // The properties' box: its five fields.
        let box = Mirror(reflecting: image.properties).children.first.map { Mirror(reflecting: $0.value) }
        let fields = box?.children.first.map { Mirror(reflecting: $0.value) }?.children.first.map { Mirror(reflecting: $0.value) }
        #expect(fields?.children.count == 5, "AssetProperties has a field IndexCodec does not write")
    }

    @Test("the indexes of the sample catalogs and of the real apps' catalogs round-trip")
    func realCatalogsRoundTrip() throws {
        var roots = ["Showcase.xcassets", "PlainAssets", "Broken.xcassets"].map { Self.repository.appendingPathComponent("SampleCatalogs/" + $0).path }
        let corpora = Self.repository.deletingLastPathComponent().appendingPathComponent("shared/corpora").path
        if let walker = FileManager.default.enumerator(atPath: corpora) {
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".xcassets") else { continue }
                roots.append(corpora + "/" + relative)
                walker.skipDescendants()
            }
        }
        for root in roots {
            for defers in [true, false] {
                let index = CatalogReader(options: ReaderOptions(verifyPixels: false, defersPNGInspection: defers)).read([root])
                #expect(!index.assets.isEmpty, "\(root)")
                let decoded = try IndexCodec.decode(IndexCodec.encode(index, key: 7)).index
                #expect(decoded == index, "\(root), deferring PNGs: \(defers)")
            }
        }
    }

    @Test("a damaged index is an error naming what and where, never a crash: each byte changed, each length cut")
    func damagedIndex() {
        let bytes = IndexCodec.encode(Self.everyField, key: 1)
        // Cut anywhere: the digest no longer matches, or the file is too short.
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: CacheDamage.self) { try IndexCodec.decode(Array(bytes[0..<length])) }
        }
        // Each byte changed with the digest made to match again (as a bug, not a disk, would leave it): every count,
        // length, presence byte and value is checked, so each either decodes to some index or is an error.
        let body = bytes.count - 8
        var errors = 0
        for position in IndexCodec.magic.utf8.count..<body {
            for change: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = Array(bytes[0..<body])
                damaged[position] ^= change
                damaged += withUnsafeBytes(of: CacheDigest.of(damaged).littleEndian) { Array($0) }
                do { _ = try IndexCodec.decode(damaged) } catch { errors += 1 }
            }
        }
        #expect(errors > 0)
    }

    @Test("what the read sees: unchanged by a set's PNG edited or saved by renaming over, changed by anything else it reads")
    func readDigest() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try CompileCacheTests.catalog(test, count: 4)
        let root = test.catalog.path
        func digest() throws -> UInt64? { try #require(InputSnapshot(roots: [root])).readDigest }
        let start = try #require(try digest())
        let png = root + "/Even/Image0.imageset/image.png"

        // A PNG of a set: new bytes and size, then saved the way editors save (a new file renamed over the old one).
        try CompileCacheTests.png(side: 30, color: [1, 2, 3]).write(to: URL(fileURLWithPath: png))
        #expect(try digest() == start)
        try CompileCacheTests.png(side: 31, color: [1, 2, 3]).write(to: URL(fileURLWithPath: png), options: .atomic)
        #expect(try digest() == start)

        // Anything else the read sees changes it.
        var last = start
        func expectChanged(_ what: String, _ change: () throws -> Void) throws {
            try change()
            let now = try digest()
            #expect(now != nil && now != last, "\(what)")
            last = now ?? last
        }
        try expectChanged("a Contents.json edited") {
            try Data(#"{"images":[{"filename":"image.png","idiom":"universal"}],"info":{"version":1}}"#.utf8)
                .write(to: URL(fileURLWithPath: root + "/Even/Image0.imageset/Contents.json"))
        }
        try expectChanged("a PNG added to a set") {
            try CompileCacheTests.png(side: 8, color: [1, 1, 1]).write(to: URL(fileURLWithPath: root + "/Even/Image0.imageset/extra.png"))
        }
        try expectChanged("a PNG renamed") {
            try FileManager.default.moveItem(atPath: root + "/Even/Image0.imageset/extra.png", toPath: root + "/Even/Image0.imageset/other.png")
        }
        try expectChanged("a PDF of a set edited") {
            try Data("%PDF-1.4 one".utf8).write(to: URL(fileURLWithPath: root + "/Even/Image0.imageset/vector.pdf"))
        }
        try expectChanged("the same PDF edited again") {
            try Data("%PDF-1.4 two, longer".utf8).write(to: URL(fileURLWithPath: root + "/Even/Image0.imageset/vector.pdf"))
        }
        // A PNG outside a set folder counts with its status: an icon set's (whose reader opens it), one in a set below an
        // icon set, one loose in a group. Each is made (a new listing), then edited (the same listing).
        try FileManager.default.createDirectory(atPath: root + "/Mac.iconset/Inner.imageset", withIntermediateDirectories: true)
        for (what, path) in [
            ("an icon set's PNG", "/Mac.iconset/icon_16x16.png"), ("a PNG of a set below an icon set", "/Mac.iconset/Inner.imageset/a.png"),
            ("a PNG in a group", "/Even/loose.png"),
        ] {
            for (side, change) in [(16, "made"), (17, "edited")] {
                try expectChanged("\(what) \(change)") {
                    try CompileCacheTests.png(side: side, color: [1, 1, 1]).write(to: URL(fileURLWithPath: root + path))
                }
            }
        }

        // A link anywhere: no digest, the read is done each time.
        try FileManager.default.createSymbolicLink(atPath: root + "/Odd/link.png", withDestinationPath: png)
        #expect(try digest() == nil)
    }

    @Test("a plain folder's PNGs are opened by its reader: their edits count")
    func plainFolderPNGsCount() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString)/Art")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try CompileCacheTests.png(side: 8, color: [1, 2, 3]).write(to: folder.appendingPathComponent("hero@2x.png"))
        let before = try #require(InputSnapshot(roots: [folder.path])?.readDigest)
        try CompileCacheTests.png(side: 9, color: [1, 2, 3]).write(to: folder.appendingPathComponent("hero@2x.png"))
        #expect(InputSnapshot(roots: [folder.path])?.readDigest != before)
    }

    @Test("the rule of unopened files: SetReader's, a set's PNG by its extension in any case")
    func unopenedFileRule() {
        for (name, expected) in [
            ("a.png", true), ("a.PNG", true), ("a.Png", true), ("a@2x.png", true), ("..png", true), (".png", false), ("png", false),
            ("a.png.pdf", false), ("a.pdf", false), ("a.pngx", false), ("a.jpg", false), ("Contents.json", false),
        ] {
            #expect(UnopenedFiles.isUnopened(fileNamed: name, in: .set) == expected, "\(name)")
            #expect(!UnopenedFiles.isUnopened(fileNamed: name, in: .catalog) && !UnopenedFiles.isUnopened(fileNamed: name, in: .opened))
        }
        #expect(UnopenedFiles.scope(ofRoot: "x/A.xcassets/") == .catalog && UnopenedFiles.scope(ofRoot: "A.XCASSETS") == .catalog)
        #expect(UnopenedFiles.scope(ofRoot: "Plain") == .opened && UnopenedFiles.scope(ofRoot: "A.icon") == .opened)
        #expect(UnopenedFiles.scope(ofFolderNamed: "A.imageset", in: .catalog) == .set)
        #expect(UnopenedFiles.scope(ofFolderNamed: "A.appiconset", in: .catalog) == .set)
        #expect(UnopenedFiles.scope(ofFolderNamed: "Group", in: .catalog) == .catalog)
        #expect(UnopenedFiles.scope(ofFolderNamed: "A.iconset", in: .catalog) == .opened)
        #expect(UnopenedFiles.scope(ofFolderNamed: "A.icon", in: .catalog) == .opened)
        #expect(UnopenedFiles.scope(ofFolderNamed: "A.imageset", in: .opened) == .opened)
    }

    /// The index file's inode tells whether a run used it (left in place) or read the catalog (a new file renamed over).
    static func indexInode(_ test: TestCatalog) throws -> UInt64? {
        let folder = test.path(".out.assetc-cache")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".index") }
        guard names.count == 1 else { return nil }
        return (try FileManager.default.attributesOfItem(atPath: folder + "/" + names[0])[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    @Test("a rebuild after a PNG edit uses the kept index, after a Contents.json edit reads again: the same bytes as --no-cache")
    func rebuildsUseTheIndex() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try CompileCacheTests.catalog(test)
        CompileCacheTests.expectSameAsWithoutCache(test)
        let first = try #require(try Self.indexInode(test))

        // PNGs edited in place and saved by renaming over: the index is used (left in place), the car still right.
        try CompileCacheTests.png(side: 10, color: [250, 0, 0]).write(to: test.catalog.appendingPathComponent("Even/Image4.imageset/image.png"))
        CompileCacheTests.expectSameAsWithoutCache(test)
        try CompileCacheTests.png(side: 12, color: [0, 250, 0]).write(
            to: test.catalog.appendingPathComponent("Odd/Image3.imageset/image.png"), options: .atomic)
        CompileCacheTests.expectSameAsWithoutCache(test)
        #expect(try Self.indexInode(test) == first, "a PNG edit reads nothing")

        // A Contents.json edit (a property that changes the car): read again, kept anew.
        try Data(
            #"{"images":[{"filename":"image.png","idiom":"universal"}],"info":{"version":1},"properties":{"template-rendering-intent":"template"}}"#
                .utf8
        ).write(to: test.catalog.appendingPathComponent("Even/Image4.imageset/Contents.json"))
        CompileCacheTests.expectSameAsWithoutCache(test)
        let second = try #require(try Self.indexInode(test))
        #expect(second != first, "a Contents.json edit is read")
        // A PNG of a set that becomes unreadable by name (removed): read again, the same error as without the cache.
        try FileManager.default.removeItem(at: test.catalog.appendingPathComponent("Even/Image6.imageset/image.png"))
        let cached = CompileCacheTests.run(CompileCacheTests.words(test, output: "out"))
        let reference = CompileCacheTests.run(CompileCacheTests.words(test, output: "reference", extra: ["--no-cache"]))
        #expect(cached.exitStatus == reference.exitStatus && cached.exitStatus != 0)
        #expect(String(decoding: cached.output, as: UTF8.self) == String(decoding: reference.output, as: UTF8.self).replacingOccurrences(of: "reference", with: "out"))
    }
}
