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

    @Test("the read's shape and its opened files: a touch keeps the shape, an added file changes it; a set's PNGs are not opened")
    func shapeAndOpenedFiles() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try CompileCacheTests.catalog(test, count: 2)
        let root = test.catalog.path
        let snapshot = try #require(InputSnapshot(roots: [root]))
        let shape = try #require(snapshot.shapeDigest)
        #expect(
            snapshot.openedFiles.map(\.path) == [
                "Contents.json", "Even/Image0.imageset/Contents.json", "Large/Hero.imageset/Contents.json", "Odd/Image1.imageset/Contents.json",
                "Tint.colorset/Contents.json",
            ].map { root + "/" + $0 })
        #expect(snapshot.openedFiles.allSatisfy { snapshot.identity(of: $0.path) == $0.identity })

        try Self.touchEveryContentsFile(test, seconds: 1_000_000)
        let touched = try #require(InputSnapshot(roots: [root]))
        #expect(touched.shapeDigest == shape && touched.readDigest != snapshot.readDigest)
        #expect(touched.openedFiles.map(\.identity) != snapshot.openedFiles.map(\.identity))

        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/Odd/notes.txt"))
        #expect(try #require(InputSnapshot(roots: [root])).shapeDigest != shape)
        try FileManager.default.removeItem(atPath: root + "/Odd/notes.txt")
        #expect(try #require(InputSnapshot(roots: [root])).shapeDigest == shape)
        // Permissions are part of the shape: a file the read can no longer open reads differently.
        chmod(root + "/Tint.colorset/Contents.json", 0o200)
        #expect(try #require(InputSnapshot(roots: [root])).shapeDigest != shape)
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

    /// The cache folder's one file ending in `suffix`.
    static func cacheFile(_ test: TestCatalog, _ suffix: String) throws -> String {
        let folder = test.path(".out.assetc-cache")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(suffix) }
        try #require(names.count == 1, "\(names)")
        return folder + "/" + names[0]
    }

    /// The facet names of the cached compile's car.
    static func facetNames(_ test: TestCatalog) throws -> Set<String> {
        Set(try CARFile(path: test.path("out/Assets.car")).facets.map(\.name))
    }

    /// Gives every Contents.json of the catalog new times (its bytes unchanged), as a checkout or `touch` does.
    static func touchEveryContentsFile(_ test: TestCatalog, seconds: TimeInterval) throws {
        let catalog = test.catalog.path
        for case let relative as String in FileManager.default.enumerator(atPath: catalog)! where relative.hasSuffix("Contents.json") {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: catalog + "/" + relative)
        }
    }

    @Test("files the read opens touched with the same bytes: the kept index is used (hashed again, not read); new bytes are read")
    func touchedFilesKeepTheIndex() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try CompileCacheTests.catalog(test)
        CompileCacheTests.expectSameAsWithoutCache(test)
        #expect(FileManager.default.fileExists(atPath: try Self.cacheFile(test, ".contents")))

        // The kept index marked: its colour set renamed, under its own key. A run that uses the index writes the mark;
        // one that reads the catalog does not.
        func mark() throws {
            let file = try Self.cacheFile(test, ".index")
            let (key, index) = try IndexCodec.decode(try #require(CompileCacheTests.bytes(file)))
            var marked = index
            let colour = try #require(marked.assets.firstIndex { $0.name == "Tint" })
            marked.assets[colour].name = "Marked"
            try Data(IndexCodec.encode(marked, key: key)).write(to: URL(fileURLWithPath: file))
        }
        try mark()
        let run = { CompileCacheTests.run(CompileCacheTests.words(test, output: "out", extra: ["--notices"])) }

        // Every Contents.json touched: hashed, found the same, the index used and kept under the new statuses.
        try Self.touchEveryContentsFile(test, seconds: 1_000_000)
        #expect(run().exitStatus == 0)
        #expect(try Self.facetNames(test).contains("Marked"), "the touched files' index is used, not read again")
        let rekeyed = try #require(CompileCacheTests.bytes(try Self.cacheFile(test, ".index")))
        #expect(run().exitStatus == 0)
        #expect(try Self.facetNames(test).contains("Marked"))
        #expect(CompileCacheTests.bytes(try Self.cacheFile(test, ".index")) == rekeyed, "found at once under the new key")

        // Touched again, one file now with other bytes of the same size: read again, the bytes of --no-cache.
        try Self.touchEveryContentsFile(test, seconds: 2_000_000)
        let tint = test.catalog.appendingPathComponent("Tint.colorset/Contents.json")
        let text = try String(contentsOf: tint, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""red":"0.1""#, with: #""red":"0.2""#).utf8).write(to: tint)
        CompileCacheTests.expectSameAsWithoutCache(test)
        #expect(try !Self.facetNames(test).contains("Marked"))

        // A file added where the read looks (the shape changed), the others touched: read again.
        try mark()
        try Self.touchEveryContentsFile(test, seconds: 3_000_000)
        try Data("notes".utf8).write(to: test.catalog.appendingPathComponent("Even/Image4.imageset/notes.txt"))
        CompileCacheTests.expectSameAsWithoutCache(test)
        #expect(try !Self.facetNames(test).contains("Marked"))

        // The record of the opened files damaged: set aside with a notice, the catalog read, the car right.
        for damage in CompileCacheTests.damageKinds {
            let file = try Self.cacheFile(test, ".contents")
            try Data(CompileCacheTests.damaged(try #require(CompileCacheTests.bytes(file)), damage)).write(to: URL(fileURLWithPath: file))
            try Self.touchEveryContentsFile(test, seconds: 4_000_000 + Double(damage.count))
            let result = CompileCacheTests.expectSameAsWithoutCache(test, extra: ["--notices"])
            let output = String(decoding: result.output, as: UTF8.self)
            #expect(output.contains(".contents") && output.contains("was damaged"), "\(damage): \(output)")
        }
    }

    @Test("the record of the opened files: read back as written; a cut, a flipped bit or a count too large is damage")
    func contentsFileFields() throws {
        let contents = IndexContents(
            indexKey: 1, shapeKey: 2,
            files: [.init(path: "A.xcassets/Contents.json", identity: 3, contentHash: 4), .init(path: "A.xcassets/Ü.colorset/Contents.json", identity: 5, contentHash: 6)])
        let bytes = contents.encoded()
        #expect(try IndexContents.decode(bytes) == contents)
        for length in 0..<bytes.count {
            #expect(throws: CacheDamage.self) { _ = try IndexContents.decode(Array(bytes[0..<length])) }
        }
        CompileCacheTests.expectEachByteChanged(bytes, magic: IndexContents.magic) { _ = try IndexContents.decode($0) }
        // A count of files larger than the bytes could hold, sealed again: refused before anything is reserved.
        var huge = Array(bytes.dropLast(8))
        let countOffset = IndexContents.magic.utf8.count + 16
        huge.replaceSubrange(countOffset..<(countOffset + 4), with: [0xFF, 0xFF, 0xFF, 0x7F])
        huge += withUnsafeBytes(of: CacheDigest.of(huge).littleEndian) { Array($0) }
        #expect(throws: CacheDamage.self) { _ = try IndexContents.decode(huge) }
    }

    @Test("the read's digests: each Contents.json parsed, by the path opened; used for the files kept beside the index")
    func readDigestsAreRecordedAndUsed() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try CompileCacheTests.catalog(test, count: 2)
        let root = test.catalog.path
        let snapshot = try #require(InputSnapshot(roots: [root]))
        let digests = ReadContentDigests()
        _ = CatalogReader(options: ReaderOptions(verifyPixels: false, defersPNGInspection: true, readDigests: digests)).read([root])
        for file in snapshot.openedFiles {
            let bytes = try #require(CompileCacheTests.bytes(file.path))
            #expect(digests.digest(of: file.path) == KnownFile.contentHash(of: bytes), "\(file.path)")
        }

        // A file changed after the snapshot: hashed now, it cannot be vouched for; the read's digest of it can.
        let tint = root + "/Tint.colorset/Contents.json"
        try Data((String(decoding: try #require(CompileCacheTests.bytes(tint)), as: UTF8.self) + " ").utf8).write(to: URL(fileURLWithPath: tint))
        #expect(IndexContents.make(indexKey: 1, shapeKey: 2, opened: snapshot.openedFiles, previous: nil) == nil)
        let changed = ReadContentDigests()
        _ = CatalogReader(options: ReaderOptions(verifyPixels: false, defersPNGInspection: true, readDigests: changed)).read([root])
        let contents = try #require(IndexContents.make(indexKey: 1, shapeKey: 2, opened: snapshot.openedFiles, previous: nil, read: changed))
        #expect(contents.files.first { $0.path == tint }?.contentHash == KnownFile.contentHash(of: try #require(CompileCacheTests.bytes(tint))))

        // A path read twice with different bytes has no digest.
        let twice = ReadContentDigests()
        twice.record(path: tint, bytes: [1])
        twice.record(path: tint, bytes: [2])
        twice.record(path: tint, bytes: [1])
        #expect(twice.digest(of: tint) == nil)
    }
}
