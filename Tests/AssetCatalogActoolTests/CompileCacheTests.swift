import AssetCatalog
import AssetCatalogBuilder
import AssetCatalogCompileCache
import Foundation
import Testing

@testable import AssetCatalogActool
@testable import AssetCatalogCompileCache

/// The compile cache through `assetc actool` (docs/COMPILE-CACHE.md): every rebuild gives the bytes of a compile with
/// `--no-cache` of the same inputs, nothing is rewritten when nothing changed, and no fault of the cache makes a car
/// wrong.
@Suite("compile cache: the same bytes as --no-cache, for every change and every fault")
struct CompileCacheTests {
    /// A catalog of `count` small image sets in two folders (packed into atlases for iOS 17), one colour set and one
    /// larger image that is not packed.
    static func catalog(_ test: TestCatalog, count: Int = 12) throws {
        for number in 0..<count {
            let folder = number % 2 == 0 ? "Even" : "Odd"
            try test.imageSet("\(folder)/Image\(number)", side: 8 + number % 5, color: [UInt8(20 * number % 256), 90, 200])
        }
        try test.imageSet("Large/Hero", side: 240, color: [10, 200, 30])
        let color = test.catalog.appendingPathComponent("Tint.colorset")
        try FileManager.default.createDirectory(at: color, withIntermediateDirectories: true)
        try Data(
            #"{"colors":[{"color":{"color-space":"srgb","components":{"red":"0.1","green":"0.5","blue":"0.9","alpha":"1"}},"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
                .utf8
        ).write(to: color.appendingPathComponent("Contents.json"))
    }

    static func words(_ test: TestCatalog, output: String, extra: [String] = []) -> [String] {
        [test.catalog.path, "--compile", test.path(output), "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
         "--output-partial-info-plist", test.path(output + ".plist"), "--export-dependency-info", test.path(output + ".deps")] + extra
    }

    static func run(_ words: [String], toolVersion: String = "9.9") -> ActoolTool.Result {
        ActoolTool(toolVersion: toolVersion, programName: "actool").run(words)
    }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// Compiles with the cache into `out` and without into `reference`, and checks the car and the partial plist are
    /// the same bytes; returns the cached run's result.
    @discardableResult
    static func expectSameAsWithoutCache(
        _ test: TestCatalog, extra: [String] = [], cacheOptions: [String] = [], toolVersion: String = "9.9",
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ActoolTool.Result {
        let cached = run(words(test, output: "out", extra: extra + cacheOptions), toolVersion: toolVersion)
        let reference = run(words(test, output: "reference", extra: extra + ["--no-cache"]), toolVersion: toolVersion)
        #expect(cached.exitStatus == 0, "\(String(decoding: cached.output, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(reference.exitStatus == 0, sourceLocation: sourceLocation)
        let car = bytes(test.path("out/Assets.car"))
        #expect(car != nil, sourceLocation: sourceLocation)
        let same = car == bytes(test.path("reference/Assets.car"))
        #expect(same, "the cached compile's car differs from --no-cache's", sourceLocation: sourceLocation)
        let samePlist = bytes(test.path("out.plist")) == bytes(test.path("reference.plist"))
        #expect(samePlist, sourceLocation: sourceLocation)
        return cached
    }

    /// The damage a cache file is put through: a bit flipped, a third cut off, replaced by another file.
    static let damageKinds = ["flipped", "truncated", "foreign"]

    /// `bytes` with `damage` (one of ``damageKinds``) done to them.
    static func damaged(_ bytes: [UInt8], _ damage: String) -> [UInt8] {
        var bytes = bytes
        switch damage {
        case "flipped": bytes[bytes.count / 2] ^= 0x40
        case "truncated": bytes.removeLast(bytes.count / 3)
        default: bytes = Array("not a cache file at all".utf8)
        }
        return bytes
    }

    static func png(side: Int, color: [UInt8]) -> Data {
        Data(ExamplePNG(width: side, height: side, color: color).encoded())
    }

    @Test("a rebuild after each kind of change gives the bytes of a compile without the cache")
    func everyChangeKind() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        Self.expectSameAsWithoutCache(test)  // cold
        #expect(FileManager.default.fileExists(atPath: test.path(".out.assetc-cache")), "the default cache folder is beside the output")
        #expect(!FileManager.default.fileExists(atPath: test.path(".reference.assetc-cache")), "--no-cache writes no cache")

        // Edit: one packed image and the large one get new pixels (same size, then another size).
        try Self.png(side: 10, color: [250, 0, 0]).write(to: test.catalog.appendingPathComponent("Even/Image4.imageset/image.png"))
        Self.expectSameAsWithoutCache(test)
        try Self.png(side: 120, color: [0, 0, 250]).write(to: test.catalog.appendingPathComponent("Large/Hero.imageset/image.png"))
        Self.expectSameAsWithoutCache(test)
        // Add a set, remove one, rename one.
        try test.imageSet("Odd/Added", side: 9, color: [1, 2, 3])
        Self.expectSameAsWithoutCache(test)
        try FileManager.default.removeItem(at: test.catalog.appendingPathComponent("Even/Image2.imageset"))
        Self.expectSameAsWithoutCache(test)
        try FileManager.default.moveItem(
            at: test.catalog.appendingPathComponent("Odd/Image3.imageset"), to: test.catalog.appendingPathComponent("Odd/Renamed.imageset"))
        Self.expectSameAsWithoutCache(test)
        // A file whose time changed but not its bytes (a checkout, `touch`): hashed again, and the same car.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
            ofItemAtPath: test.catalog.appendingPathComponent("Odd/Image5.imageset/image.png").path)
        Self.expectSameAsWithoutCache(test)
        // An option that changes the car, and a new tool version.
        Self.expectSameAsWithoutCache(test, extra: ["--minimum-deployment-target", "15.0"])
        Self.expectSameAsWithoutCache(test, toolVersion: "10.0")
        Self.expectSameAsWithoutCache(test)
        // Options in another order and spelling mean the same compile: still the same car.
        let cached = Self.run(
            [test.catalog.path, "--minimum-deployment-target=17.0", "--platform=iphoneos", "--compile", test.path("out"),
             "--export-dependency-info", test.path("out.deps"), "--output-partial-info-plist", test.path("out.plist")])
        #expect(cached.exitStatus == 0)
        let same = Self.bytes(test.path("out/Assets.car")) == Self.bytes(test.path("reference/Assets.car"))
        #expect(same)
    }

    @Test("a vector's bitmaps packed into atlases: a rebuild after its edits gives the bytes of a compile without the cache")
    func packedVectorEdits() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        func svg(_ fill: String, side: Int) -> Data {
            Data(
                #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(side)" height="\#(side)"><rect width="\#(side / 2)" height="\#(side)" fill="\#(fill)"/></svg>"#
                    .utf8)
        }
        let set = test.catalog.appendingPathComponent("Odd/Mark.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images":[{"idiom":"universal","filename":"mark.svg"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        try svg("#ff0000", side: 16).write(to: set.appendingPathComponent("mark.svg"))
        Self.expectSameAsWithoutCache(test)
        let car = try CARFile(bytes: try #require(Self.bytes(test.path("out/Assets.car"))))
        let marks = car.renditions.filter { $0.name == "mark.svg" }
        #expect(marks.count == 3 && marks.allSatisfy { $0.layout == 1003 }, "the 1x-3x bitmaps are packed")
        // New pixels at the same size, then another size: the atlases holding it are drawn again.
        try svg("#00ff00", side: 16).write(to: set.appendingPathComponent("mark.svg"))
        Self.expectSameAsWithoutCache(test)
        try svg("#0000ff", side: 30).write(to: set.appendingPathComponent("mark.svg"))
        Self.expectSameAsWithoutCache(test)
        Self.expectSameAsWithoutCache(test)
    }

    @Test("a PDF's or SVG's packed bitmaps are recorded by scale: a rebuild takes their sizes from the record, not by drawing again")
    func recordedRasterProbes() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        let set = test.catalog.appendingPathComponent("Odd/Mark.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images":[{"idiom":"universal","filename":"mark.svg"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let svg = set.appendingPathComponent("mark.svg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="8" height="16" fill="red"/></svg>"#.utf8)
            .write(to: svg)
        // An entry that names its scale gives one bitmap, so one atlas holds all the file gives.
        let dotSet = test.catalog.appendingPathComponent("Odd/Dot.imageset")
        try FileManager.default.createDirectory(at: dotSet, withIntermediateDirectories: true)
        try Data(#"{"images":[{"idiom":"universal","filename":"dot.svg","scale":"1x"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: dotSet.appendingPathComponent("Contents.json"))
        let dot = dotSet.appendingPathComponent("dot.svg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="6" height="6"><rect width="6" height="3" fill="blue"/></svg>"#.utf8)
            .write(to: dot)
        let index = CatalogReader(options: ReaderOptions(verifyPixels: false, defersPNGInspection: true)).read([test.catalog.path])
        let compiler = CARCompiler(options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "9.9"))
        let car = test.path("lib/Assets.car")
        try FileManager.default.createDirectory(atPath: test.path("lib"), withIntermediateDirectories: true)
        let cold = try compiler.compile(index, toFile: car, reusing: PreviousCompile(car: -1, renditions: [:], files: [:]))
        // One answer per scale, each the size of the bitmap drawn at it.
        let recorded = try #require(cold.record.files[svg.path]).rasterProbes
        let dotRecorded = try #require(cold.record.files[dot.path]).rasterProbes
        #expect(dotRecorded.map(\.scale) == [1] && dotRecorded.first?.probe.width == 6)
        #expect(recorded.map(\.scale) == [1, 2, 3])
        #expect(recorded.allSatisfy { $0.svg && $0.probe.packable && Int($0.probe.width) == 16 * Int($0.scale) && $0.probe.decoded })

        // Through the cache's record file and back: every file's answers as the compile gave them.
        let snapshot = try #require(InputSnapshot(roots: [test.catalog.path]))
        let cache = CompileCache(directory: test.path("cache"))
        cache.storeCompile(car: car, settings: 7, record: cold.record, inputs: snapshot)
        let previous = cache.previousCompile(car: car, settings: 7, inputs: snapshot)
        defer { if previous.car >= 0 { close(previous.car) } }
        #expect(previous.car >= 0)
        #expect(previous.files == cold.record.files)
        // The record writes the fields it knows: one added to these types must be added to it too.
        let probe = AtlasProbe(packable: true, width: 1, height: 1, grey: false, decoded: false)
        for (name, value, known) in [
            ("KnownFile", KnownFile(contentHash: 0) as Any, 3), ("AtlasProbe", probe, 5), ("RasterProbe", RasterProbe(scale: 1, svg: true, probe: probe), 3),
        ] {
            #expect(Mirror(reflecting: value).children.count == known, "\(name) has a stored field the record does not write")
        }

        // The large image changed; the SVG's bytes replaced by ones that draw nothing, though the caller vouches for
        // it as unchanged: a rebuild that drew it again would not pack its bitmaps, and its car would differ.
        let hero = test.catalog.appendingPathComponent("Large/Hero.imageset/image.png")
        try Self.png(side: 240, color: [1, 1, 1]).write(to: hero)
        let expected = try compiler.compile(index).car
        try Data("not a drawing".utf8).write(to: svg)
        var files = previous.files
        files[hero.path] = nil
        let warm = try compiler.compile(
            index, toFile: test.path("lib/Warm.car"),
            reusing: PreviousCompile(car: previous.car, renditions: previous.renditions, files: files, layouts: previous.layouts))
        #expect(warm.record.builtCount == 1, "only the changed image is made")
        #expect(Self.bytes(test.path("lib/Warm.car")) == expected)
        #expect(warm.record.files[svg.path]?.rasterProbes == recorded, "the answers are kept for the next compile")

        // The SVG as it was, and a PNG of the atlas its 1x bitmap is in changed: that atlas is drawn again from the
        // SVG's unchanged bytes, and the answers stay with the file.
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="8" height="16" fill="red"/></svg>"#.utf8)
            .write(to: svg)
        let member = test.catalog.appendingPathComponent("Odd/Image1.imageset/image.png")
        try Self.png(side: 9, color: [250, 0, 0]).write(to: member)
        var warmFiles = warm.record.files
        warmFiles[member.path] = nil
        let descriptor = open(test.path("lib/Warm.car"), O_RDONLY)
        defer { close(descriptor) }
        let third = try compiler.compile(
            index, toFile: test.path("lib/Third.car"),
            reusing: PreviousCompile(car: descriptor, renditions: warm.record.renditions, files: warmFiles, layouts: warm.record.layouts))
        #expect(third.record.builtCount == 1, "only the changed member's atlas is made")
        #expect(Self.bytes(test.path("lib/Third.car")) == (try compiler.compile(index).car))
        #expect(third.record.files[svg.path]?.rasterProbes == recorded)
        #expect(third.record.files[dot.path]?.rasterProbes == dotRecorded, "kept with the file whose only atlas was drawn again")
    }

    @Test("a rebuild with nothing changed writes nothing: the outputs keep their inode and time, and the run reports the same")
    func nothingChanged() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        let first = Self.run(Self.words(test, output: "out", extra: ["--warnings", "--notices"]))
        #expect(first.exitStatus == 0)
        var before: [String: (Int, Date)] = [:]
        for output in ["out/Assets.car", "out.plist", "out.deps"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: test.path(output))
            before[output] = ((attributes[.systemFileNumber] as? Int) ?? -1, attributes[.modificationDate] as! Date)
        }
        Thread.sleep(forTimeInterval: 0.02)  // a rewrite would show in the times
        let again = Self.run(Self.words(test, output: "out", extra: ["--warnings", "--notices"]))
        #expect(again.exitStatus == 0)
        #expect(again.output == first.output, "the same result document")
        for output in ["out/Assets.car", "out.plist", "out.deps"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: test.path(output))
            #expect((attributes[.systemFileNumber] as? Int) == before[output]?.0, "\(output) was replaced")
            #expect((attributes[.modificationDate] as? Date) == before[output]?.1, "\(output) was rewritten")
        }
        // An output removed or changed by someone else: the run writes it again.
        try FileManager.default.removeItem(atPath: test.path("out.plist"))
        #expect(Self.run(Self.words(test, output: "out", extra: ["--warnings", "--notices"])).exitStatus == 0)
        #expect(FileManager.default.fileExists(atPath: test.path("out.plist")))
    }

    @Test("the rendition record lets a rebuild copy the unchanged renditions and make only the changed one")
    func onlyTheChangeIsMade() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        let index = CatalogReader(options: ReaderOptions(verifyPixels: false, defersPNGInspection: true)).read([test.catalog.path])
        let compiler = CARCompiler(options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "9.9"))
        let car = test.path("lib/Assets.car")
        try FileManager.default.createDirectory(atPath: test.path("lib"), withIntermediateDirectories: true)
        let cold = try compiler.compile(index, toFile: car, reusing: PreviousCompile(car: -1, renditions: [:], files: [:]))
        #expect(cold.record.reusedCount == 0)
        #expect(cold.record.builtCount >= 2, "the atlas and the large image are recorded")
        #expect(cold.record.files.count == 13)

        // Change one file; everything else is known unchanged.
        let changed = test.catalog.appendingPathComponent("Large/Hero.imageset/image.png").path
        try Self.png(side: 240, color: [1, 1, 1]).write(to: URL(fileURLWithPath: changed))
        var files = cold.record.files
        files[changed] = nil
        let descriptor = open(car, O_RDONLY)
        defer { close(descriptor) }
        #expect(!cold.record.layouts.isEmpty, "the atlas's layout is recorded")
        let warm = try compiler.compile(
            index, toFile: test.path("lib/Warm.car"),
            reusing: PreviousCompile(car: descriptor, renditions: cold.record.renditions, files: files, layouts: cold.record.layouts))
        #expect(warm.record.builtCount == 1, "only the changed image is made")
        #expect(warm.record.reusedCount == cold.record.builtCount - 1)
        #expect(warm.record.layouts == cold.record.layouts, "the recorded layouts are taken and recorded again")
        let fresh = try compiler.compile(index)
        let same = Self.bytes(test.path("lib/Warm.car")) == fresh.car
        #expect(same)

        // A recorded layout that does not describe its members (a frame of another size, a frame outside the atlas, an
        // odd side) is not used: the atlas is laid out again and the car is the same.
        for damage in 0..<3 {
            var layouts = cold.record.layouts
            for (fingerprint, var layout) in layouts {
                switch damage {
                case 0: layout.frames[2] += 1
                case 1: layout.frames[0] = layout.width
                default: layout.width += 1
                }
                layouts[fingerprint] = layout
            }
            let damaged = try compiler.compile(
                index, toFile: test.path("lib/Damaged.car"), reusing: PreviousCompile(car: -1, renditions: [:], files: [:], layouts: layouts))
            #expect(damaged.record.layouts == cold.record.layouts, "damage \(damage)")
            #expect(Self.bytes(test.path("lib/Damaged.car")) == fresh.car, "damage \(damage)")
        }

        // Every file's probe is recorded for the next compile: with a copied value's files, with an atlas made again
        // because one member changed (its other members' probes taken from the record, as the pack stage took them),
        // and found afresh for the changed file.
        let probes = { (record: CompileRecord) in record.files.compactMapValues(\.probe) }
        #expect(probes(cold.record).count == cold.record.files.count, "each of the catalog's PNGs is probed")
        #expect(probes(warm.record).keys.sorted() == probes(cold.record).keys.sorted())
        let member = test.catalog.appendingPathComponent("Even/Image4.imageset/image.png").path
        try Self.png(side: 12, color: [250, 0, 0]).write(to: URL(fileURLWithPath: member))
        var warmFiles = warm.record.files
        warmFiles[member] = nil
        let descriptorWarm = open(test.path("lib/Warm.car"), O_RDONLY)
        defer { close(descriptorWarm) }
        let third = try compiler.compile(
            index, toFile: test.path("lib/Third.car"),
            reusing: PreviousCompile(car: descriptorWarm, renditions: warm.record.renditions, files: warmFiles, layouts: warm.record.layouts))
        #expect(third.record.builtCount == 1, "only the changed member's atlas is made")
        let coldAgain = try compiler.compile(index, toFile: test.path("lib/Cold.car"), reusing: PreviousCompile(car: -1, renditions: [:], files: [:]))
        #expect(probes(third.record) == probes(coldAgain.record), "the probes a cold compile records")
        #expect(Self.bytes(test.path("lib/Third.car")) == Self.bytes(test.path("lib/Cold.car")))
    }

    @Test("a symbol's glyphs and bitmap caches are kept by its template's digest: a rebuild takes them, a damaged file is set aside")
    func keptSymbols() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test, count: 4)
        let set = test.catalog.appendingPathComponent("Ring.symbolset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"Ring.svg","idiom":"universal"}]}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let template = AuditExampleFile.symbolMasters.bytes
        try Data(template).write(to: set.appendingPathComponent("Ring.svg"))
        Self.expectSameAsWithoutCache(test)
        let folder = test.path(".out.assetc-cache")
        let symbolFiles = { try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".symbol") }.sorted() }
        let file = folder + "/" + (try #require(try symbolFiles().first))
        #expect(try symbolFiles().count == 1)
        let (key, symbol) = try SymbolCodec.decode(#require(Self.bytes(file)))
        #expect(key == CompiledSymbol.key(name: "Ring", templateBytes: template))
        #expect(symbol.glyphs.count == 27 && symbol.bitmaps.count == 12)
        #expect(symbol.bitmaps.allSatisfy { $0.image.width > 0 && $0.image.pixels.count == $0.image.width * $0.image.height * 4 })

        // A rebuild after a PNG edit takes the symbol from the file: read (kept, same inode), not written again.
        let inode = { try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int }
        let before = try inode()
        var edits = 0
        func editPNG() throws {
            edits += 1
            try Self.png(side: 11, color: [UInt8(edits), 9, 9]).write(to: test.catalog.appendingPathComponent("Odd/Image1.imageset/image.png"))
        }
        try editPNG()
        Self.expectSameAsWithoutCache(test)
        #expect(try inode() == before, "the symbol was made and written again")

        // A damaged file is set aside with a notice, the symbol made again, the car right.
        let whole = try #require(Self.bytes(file))
        for damage in Self.damageKinds {
            try Data(Self.damaged(whole, damage)).write(to: URL(fileURLWithPath: file))
            try editPNG()
            let text = String(decoding: Self.expectSameAsWithoutCache(test, extra: ["--notices"]).output, as: UTF8.self)
            #expect(text.contains("compile cache:") && text.contains(".symbol") && text.contains("was damaged"), "\(damage): \(text)")
            #expect(Self.bytes(file) == whole, "\(damage): the symbol is kept again")
        }

        // A changed template is compiled and kept under its own key; the car is the one without the cache.
        var thicker = template
        thicker.replaceSubrange(thicker.startIndex..<thicker.startIndex, with: Array("<!-- thicker -->".utf8))
        let changed = String(decoding: thicker, as: UTF8.self).replacingOccurrences(of: "L10 10L0 10Z", with: "L12 12L0 12Z")
        try Data(changed.utf8).write(to: set.appendingPathComponent("Ring.svg"))
        Self.expectSameAsWithoutCache(test)
        #expect(try symbolFiles().count == 2)
    }

    @Test("a compiled symbol's file: a count, size or number out of range is damage, never a wrong symbol or a crash")
    func symbolFileFields() throws {
        let image = DecodedImage(width: 2, height: 1, premultiplied: true, pixels: [0, 0, 0, 255, 0, 0, 0, 128])
        let symbol = CompiledSymbol(
            glyphs: [CompiledSymbol.Glyph(weight: 4, size: 2, value: [1, 2, 3])],
            bitmaps: [CompiledSymbol.Bitmap(weight: 4, size: 2, dimension2: 1, scale: 2, image: image)])
        let bytes = SymbolCodec.encode(symbol, key: 42)
        let decoded = try SymbolCodec.decode(bytes)
        #expect(decoded.key == 42 && decoded.symbol == symbol)
        // Cut anywhere: damage.
        for length in 0..<bytes.count {
            #expect(throws: CacheDamage.self) { try SymbolCodec.decode(Array(bytes[0..<length])) }
        }
        // Fields out of range, in a file whose digest matches: each is damage named by what it is.
        func sealed(_ body: (inout CacheWriter) -> Void) -> [UInt8] {
            var writer = CacheWriter(magic: SymbolCodec.magic)
            writer.add(UInt64(42))
            body(&writer)
            writer.seal()
            return writer.bytes
        }
        func bitmap(_ writer: inout CacheWriter, numbers: [UInt8], width: UInt32, height: UInt32, pixels: Int) {
            writer.add(UInt32(0))
            writer.add(UInt32(1))
            for number in numbers { writer.add(number) }
            writer.add(UInt8(1))
            writer.add(width)
            writer.add(height)
            writer.add([UInt8](repeating: 0, count: pixels))
        }
        let cases: [(String, [UInt8])] = [
            ("weight or size", sealed { $0.add(UInt32(1)); $0.add(UInt8(0)); $0.add(UInt8(2)); $0.add([UInt8]()) }),
            ("number of glyphs", sealed { $0.add(UInt32.max) }),
            ("point size or scale", sealed { bitmap(&$0, numbers: [4, 2, 1, 0], width: 1, height: 1, pixels: 4) }),
            ("larger than", sealed { bitmap(&$0, numbers: [4, 2, 1, 2], width: 1 << 20, height: 1, pixels: 4) }),
            ("do not fill", sealed { bitmap(&$0, numbers: [4, 2, 1, 2], width: 2, height: 2, pixels: 4) }),
            ("follow", sealed { bitmap(&$0, numbers: [4, 2, 1, 2], width: 1, height: 1, pixels: 4); $0.add(UInt8(0)) }),
        ]
        for (what, file) in cases {
            do {
                _ = try SymbolCodec.decode(file)
                Issue.record("\(what): decoded")
            } catch {
                #expect(error.what.contains(what), "\(what): \(error.what)")
            }
        }
        // Each byte changed with the digest made to match again: a symbol whose bitmaps are whole, or an error.
        Self.expectEachByteChanged(bytes, magic: SymbolCodec.magic) { bytes in
            for bitmap in try SymbolCodec.decode(bytes).symbol.bitmaps {
                #expect(bitmap.image.pixels.count == bitmap.image.width * bitmap.image.height * 4)
            }
        }
        // What the codec cannot give back is not kept.
        var deep = symbol
        deep.bitmaps[0].image = DecodedImage(width: 2, height: 1, premultiplied: true, pixels: image.pixels, pixels16: [UInt16](repeating: 0, count: 8))
        #expect(SymbolCodec.canEncode(symbol) && !SymbolCodec.canEncode(deep))
    }

    /// Changes each byte after `magic` of the file `bytes` three ways, each time making its digest match again (as a bug,
    /// not a disk, would leave it), and hands each to `decode`, which must throw ``CacheDamage`` or give something whole;
    /// at least one change must be refused.
    static func expectEachByteChanged(
        _ bytes: [UInt8], magic: String, sourceLocation: SourceLocation = #_sourceLocation, decode: ([UInt8]) throws -> Void
    ) {
        let body = bytes.count - 8
        var errors = 0
        for position in magic.utf8.count..<body {
            for change: UInt8 in [0x01, 0x80, 0xFF] {
                var damaged = Array(bytes[0..<body])
                damaged[position] ^= change
                damaged += withUnsafeBytes(of: CacheDigest.of(damaged).littleEndian) { Array($0) }
                do {
                    try decode(damaged)
                } catch is CacheDamage {
                    errors += 1
                } catch {
                    Issue.record("not a cache error: \(error)", sourceLocation: sourceLocation)
                }
            }
        }
        #expect(errors > 0, sourceLocation: sourceLocation)
    }

    @Test("a car record's file: read back as written; each byte changed is an error or a record that keeps inside its car")
    func recordFileFields() throws {
        let identity = FileIdentity(fields: [1, 2, 0o100644, 4096, 5, 6, 7, 8])
        let probe = AtlasProbe(packable: true, width: 9, height: 10, grey: true, decoded: true)
        var record = CompileRecord()
        record.renditions[RenditionFingerprint(high: 1, low: 2)] = StoredRendition(offset: 100, length: 200, digest: 3)
        record.renditions[RenditionFingerprint(high: 4, low: 5)] = StoredRendition(offset: 300, length: 50, digest: 6)
        record.layouts[RenditionFingerprint(high: 7, low: 8)] = KnownAtlasLayout(width: 32, height: 16, frames: [0, 0, 9, 10, 10, 0, 9, 10])
        let files = [
            RecordCodec.File(path: "A.xcassets/a.imageset/a.png", identity: 11, known: KnownFile(contentHash: 12, probe: probe)),
            RecordCodec.File(
                path: "A.xcassets/b.imageset/b.svg", identity: 13,
                known: KnownFile(contentHash: 14, rasterProbes: [RasterProbe(scale: 2, svg: true, probe: probe)])),
        ]
        let bytes = RecordCodec.encode(RecordCodec.Header(settings: 99, car: identity), files: files, record: record)
        var read: [String: KnownFile] = [:]
        let decoded = try #require(
            try RecordCodec.decode(bytes, accept: { $0.settings == 99 && $0.car == identity }, file: { read[$0.path] = $0.known }))
        #expect(decoded.renditions == record.renditions && decoded.layouts == record.layouts)
        #expect(read == Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.known) }))
        // A header refused: nothing more is read.
        var seen = 0
        #expect(try RecordCodec.decode(bytes, accept: { _ in false }, file: { _ in seen += 1 }) == nil && seen == 0)
        // A rendition placed past the car's end is damage.
        var outside = CompileRecord()
        outside.renditions[RenditionFingerprint(high: 1, low: 1)] = StoredRendition(offset: 4000, length: 97, digest: 0)
        let outsideBytes = RecordCodec.encode(RecordCodec.Header(settings: 99, car: identity), files: [], record: outside)
        #expect(throws: CacheDamage.self) { try RecordCodec.decode(outsideBytes, accept: { _ in true }, file: { _ in }) }
        Self.expectEachByteChanged(bytes, magic: CompileCache.formatVersion) { bytes in
            var size: UInt64 = 0
            let decoded = try RecordCodec.decode(bytes, accept: { size = $0.car.size; return true }, file: { _ in })
            for place in decoded?.renditions.values ?? [:].values { #expect(place.offset + UInt64(place.length) <= size) }
        }
    }

    @Test("a record left by another version of assetc is dropped without a notice")
    func otherVersionRecord() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        Self.expectSameAsWithoutCache(test)
        let folder = test.path(".out.assetc-cache")
        let record = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".record") })
        try Data("ACCOMP01 an older record".utf8).write(to: URL(fileURLWithPath: folder + "/" + record))
        try Self.png(side: 11, color: [3, 9, 9]).write(to: test.catalog.appendingPathComponent("Odd/Image1.imageset/image.png"))
        let result = Self.expectSameAsWithoutCache(test, extra: ["--notices"])
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(!text.contains("was damaged"), "\(text)")
    }

    @Test("a damaged, truncated or foreign cache file is set aside with a notice, and the car is still right")
    func damagedCache() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        Self.expectSameAsWithoutCache(test)
        let folder = test.path(".out.assetc-cache")
        // The car's record, and the kept index (used after a PNG edit, which is the change made each time).
        for suffix in [".record", ".index"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(suffix) }
            #expect(files.count == 1)
            let file = folder + "/" + files[0]
            let whole = Self.bytes(file)!
            for damage in Self.damageKinds {
                try Data(Self.damaged(whole, damage)).write(to: URL(fileURLWithPath: file))
                try Self.png(side: 11, color: [UInt8(damage.count + suffix.count), 9, 9])
                    .write(to: test.catalog.appendingPathComponent("Odd/Image1.imageset/image.png"))
                let result = Self.expectSameAsWithoutCache(test, extra: ["--notices"])
                let text = String(decoding: result.output, as: UTF8.self)
                #expect(text.contains("compile cache:") && text.contains(suffix) && text.contains("was damaged"), "\(suffix) \(damage): \(text)")
            }
        }
    }

    @Test("a record whose car was replaced (another compile, a copy) is not used")
    func replacedCar() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        Self.expectSameAsWithoutCache(test)
        // Another build wrote a different car at the output (same size, other bytes).
        var car = Self.bytes(test.path("out/Assets.car"))!
        for index in stride(from: 600, to: car.count, by: 7) { car[index] ^= 0x5A }
        try Data(car).write(to: URL(fileURLWithPath: test.path("out/Assets.car")))
        try Self.png(side: 12, color: [5, 6, 7]).write(to: test.catalog.appendingPathComponent("Even/Image0.imageset/image.png"))
        Self.expectSameAsWithoutCache(test)
    }

    @Test("two compiles into one output at once both succeed and leave a right car")
    func concurrentCompiles() async throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test, count: 40)
        let words = Self.words(test, output: "out")
        async let first = Task.detached { Self.run(words) }.value
        async let second = Task.detached { Self.run(words) }.value
        let results = await [first, second]
        #expect(results.allSatisfy { $0.exitStatus == 0 })
        try Self.png(side: 9, color: [9, 9, 9]).write(to: test.catalog.appendingPathComponent("Even/Image8.imageset/image.png"))
        Self.expectSameAsWithoutCache(test)
    }

    @Test("a cache folder that cannot be written is a notice; the compile succeeds")
    func unwritableCache() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        // A file where the folder should be: nothing can be created in it, whoever runs the test (root included).
        // Its name has a control character, which the notice shows escaped.
        try Data("x".utf8).write(to: URL(fileURLWithPath: test.path("blocked\u{1B}[2J")))
        let result = Self.expectSameAsWithoutCache(test, extra: ["--notices"], cacheOptions: ["--cache", test.path("blocked\u{1B}[2J")])
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(text.contains("compile cache: the cache folder"))
        #expect(!text.contains("\u{1B}"), "control characters in a path are escaped")
    }

    #if os(Linux)
    /// Whether this process may mount a file system (root with the capability, as on CI): the full-disk test mounts
    /// a tiny one.
    static let canMount: Bool = {
        let point = NSTemporaryDirectory() + "assetc-mount-probe-" + UUID().uuidString
        guard mkdir(point, 0o700) == 0 else { return false }
        defer { rmdir(point) }
        guard mount("tmpfs", point, "tmpfs", 0, "size=4k") == 0 else { return false }
        umount(point)
        return true
    }()

    @Test(
        "a full disk under the cache folder: each file that does not fit is a notice, never half a file, and the car is right",
        .enabled(if: canMount, "mounting a small file system needs root (CI runs as root)"))
    func fullDisk() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test, count: 40)
        let folder = test.path("small-disk")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // One page to four: the cache's files fit in none, some or all of them.
        for pages in 1...4 {
            guard mount("tmpfs", folder, "tmpfs", 0, "size=\(4 * pages)k") == 0 else {
                Issue.record("mount: \(String(cString: strerror(errno)))")
                return
            }
            defer { umount(folder) }
            for round in 0..<3 {
                // A new image each round, so each compile has a change to make.
                try Self.png(side: 9 + round, color: [UInt8(pages), UInt8(round), 7])
                    .write(to: test.catalog.appendingPathComponent("Even/Image8.imageset/image.png"))
                let result = Self.expectSameAsWithoutCache(test, extra: ["--notices"], cacheOptions: ["--cache", folder])
                let text = String(decoding: result.output, as: UTF8.self)
                if pages == 1 && round == 0 {
                    #expect(text.contains("No space left on device"), "\(text)")
                }
                // What a failed write began is removed: no temporary file is left behind, and every cache file
                // left reads back whole (the next round's compile would set a damaged one aside with a notice).
                let names = try FileManager.default.contentsOfDirectory(atPath: folder)
                #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
                #expect(!text.contains("was damaged"), "\(text)")
            }
        }
    }
    #endif

    @Test("--cache-limit keeps the folder within its size, least recently used first")
    func cacheLimit() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        let folder = test.path("shared-cache")
        // Three outputs share one cache folder: three records, three stamps, three indexes and their opened files' records.
        for output in ["a", "b", "c"] {
            #expect(Self.run(Self.words(test, output: output, extra: ["--cache", folder])).exitStatus == 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 12)
        let cache = CompileCache(directory: folder, limit: 1 << 20)
        cache.evict()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 12, "within the limit: nothing removed")
        let sizes = try FileManager.default.contentsOfDirectory(atPath: folder).map {
            (try FileManager.default.attributesOfItem(atPath: folder + "/" + $0)[.size] as? Int) ?? 0
        }
        CompileCache(directory: folder, limit: UInt64(sizes.reduce(0, +) - 1)).evict()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count < 12)
    }

    @Test("a temporary file a killed compile left in the cache folder is removed once a minute old; others stay")
    func leftoverTemporaryFiles() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test)
        let folder = test.path("cache")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let old = Date(timeIntervalSinceNow: -120)
        let files: [(name: String, modified: Date, removed: Bool)] = [
            ("car-0123456789abcdef.record.tmp-4242-3141592653", old, true),
            ("index-0123456789abcdef.index.tmp-4242-1", old, true),
            ("car-0123456789abcdef.record.tmp-4242-2", Date(), false),  // perhaps being written: too young
            ("notes.txt.tmp-4242-1", old, false),  // not a cache file's
            ("car-0123456789abcdef.record.tmp-4242-x1", old, false),  // not the writer's pattern
        ]
        for file in files {
            let path = folder + "/" + file.name
            try Data("partial".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: file.modified], ofItemAtPath: path)
        }
        #expect(Self.run(Self.words(test, output: "out", extra: ["--cache", folder])).exitStatus == 0)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        for file in files {
            #expect(left.contains(file.name) == !file.removed, "\(file.name)")
        }
        // The compile's own files are in place, none of its temporaries left.
        #expect(left.contains { $0.hasSuffix(".record") } && left.contains { $0.hasSuffix(".index") })
        #expect(left.filter { $0.contains(".tmp-") }.count == files.filter { !$0.removed }.count)
        // A rebuild replaces the record by exchange: still one record, and the car still right.
        try Self.png(side: 10, color: [1, 250, 0]).write(to: test.catalog.appendingPathComponent("Even/Image4.imageset/image.png"))
        Self.expectSameAsWithoutCache(test, cacheOptions: ["--cache", folder])
        let after = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(after.filter { $0.hasSuffix(".record") }.count == 1)
        #expect(after.filter { $0.contains(".tmp-") }.count == files.filter { !$0.removed }.count)
    }

    @Test("bad cache options are errors naming the option")
    func badOptions() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test, count: 1)
        for (extra, message) in [
            (["--cache-limit", "lots"], "--cache-limit takes a size such as 512M"),
            (["--cache-limit", "10K"], "--cache-limit takes a size such as 512M"),
            (["--cache", test.path("c"), "--no-cache"], "--cache and --no-cache cannot be given together"),
        ] {
            let result = Self.run(Self.words(test, output: "out", extra: extra))
            #expect(result.exitStatus == 1)
            #expect(String(decoding: result.output, as: UTF8.self).contains(message))
        }
        #expect(ActoolInvocation.byteCount("512M") == 512 << 20)
        #expect(ActoolInvocation.byteCount("2g") == 2 << 30)
        #expect(ActoolInvocation.byteCount("99999999999999999999G") == nil)
    }

    @Test("the snapshot: every regular file's status by path, links and folders left out, a touch seen")
    func snapshot() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.catalog(test, count: 4)
        let image = test.catalog.path + "/Even/Image0.imageset/image.png"
        let link = test.catalog.path + "/Even/link.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: image)
        let before = try #require(InputSnapshot(roots: [test.catalog.path]))
        // Every regular file: the catalog's Contents.json, 5 image sets and the colour set (a Contents.json and a PNG
        // each, the colour set a Contents.json); the link and the folders are not files.
        #expect(before.fileCount == 1 + 5 * 2 + 1)
        #expect(before.identity(of: image) != nil)
        #expect(before.identity(of: link) == nil, "a link is never trusted as unchanged")
        #expect(before.identity(of: test.catalog.path + "/Even") == nil)
        #expect(before.identity(of: test.catalog.path + "/Even/Image0.imageset/other.png") == nil)
        let again = try #require(InputSnapshot(roots: [test.catalog.path]))
        #expect(again.digest == before.digest && again.identity(of: image) == before.identity(of: image))
        // A new modification time (a touch) is a new identity and a new digest.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: image)
        let touched = try #require(InputSnapshot(roots: [test.catalog.path]))
        #expect(touched.identity(of: image) != before.identity(of: image))
        #expect(touched.digest != before.digest)
        #expect(touched.identity(of: test.catalog.path + "/Odd/Image1.imageset/image.png") == before.identity(of: test.catalog.path + "/Odd/Image1.imageset/image.png"))
    }
}
