import AssetCatalogBuilder
import Foundation
import Testing

@testable import AssetCatalogActool
@testable import AssetCatalogCompileCache

/// The folder listings a snapshot keeps (docs/COMPILE-CACHE.md, "The folder listings"): a snapshot that reuses them is
/// the snapshot a full walk takes, a changed folder is listed again, a folder changed within the last seconds is never
/// kept, and a damaged or forged file is set aside, never followed.
@Suite("compile cache: the kept folder listings")
struct FolderListingsTests {
    /// A catalog in folders two deep, with a plain folder beside the sets and a file at the top.
    static func tree(_ test: TestCatalog) throws {
        try CompileCacheTests.catalog(test, count: 6)
        try test.imageSet("Even/Deeper/Image9")
        try Data("notes".utf8).write(to: test.catalog.appendingPathComponent("Even/Deeper/readme.txt"))
        // Names that are not ASCII, one not even UTF-8 (a kept listing's file the walk examines the general way).
        try Data("ü".utf8).write(to: test.catalog.appendingPathComponent("Even/Image0.imageset/Ünïcode ✓.png"))
        let raw = (test.catalog.path + "/Odd/Image1.imageset/b").utf8CString.dropLast() + [CChar(bitPattern: 0xFF), 0x2E, 0x70, 0]
        let descriptor = raw.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
    }

    /// Every folder below the catalog (the catalog itself is listed each time: its entries are split between the cores).
    static func folderCount(_ test: TestCatalog) -> Int {
        let found = FileManager.default.enumerator(at: test.catalog, includingPropertiesForKeys: [.isDirectoryKey])
        var count = 0
        while let url = found?.nextObject() as? URL {
            // (A name that is not UTF-8 comes back changed and cannot be examined: it is not a folder here.)
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true { count += 1 }
        }
        return count
    }

    /// The snapshot's listings written to and read back from a cache in `test`'s folder, as a compile keeps them.
    static func keep(_ snapshot: InputSnapshot, in test: TestCatalog) throws -> (CompileCache, FolderListings) {
        let cache = CompileCache(directory: test.path("cache"), limit: CompileCache.defaultLimit)
        let listings = try #require(snapshot.listingsToKeep)
        cache.storeListings(listings, file: 7)
        return (cache, try #require(cache.keptListings(file: 7)))
    }

    static func expectSame(_ one: InputSnapshot, _ other: InputSnapshot, files: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(one.digest == other.digest, sourceLocation: sourceLocation)
        #expect(one.readDigest == other.readDigest, sourceLocation: sourceLocation)
        #expect(one.fileCount == other.fileCount, sourceLocation: sourceLocation)
        for file in files {
            #expect(one.identity(of: file) == other.identity(of: file), "\(file)", sourceLocation: sourceLocation)
        }
    }

    @Test("a snapshot through kept listings is the snapshot of a full walk, and keeps them as they are")
    func reusedListingsGiveTheSameSnapshot() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.tree(test)
        let root = test.catalog.path
        let full = try #require(InputSnapshot(roots: [root], settledBefore: .max))
        let (_, kept) = try Self.keep(full, in: test)
        #expect(kept.count == Self.folderCount(test))
        let reusing = try #require(InputSnapshot(roots: [root], keptListings: kept, settledBefore: .max))
        let files = ["/Even/Image0.imageset/image.png", "/Even/Deeper/readme.txt", "/Even/Image0.imageset/Ünïcode ✓.png", "/Even/Deeper/Image9.imageset/Contents.json", "/Contents.json"]
        Self.expectSame(reusing, full, files: files.map { root + $0 })
        #expect(reusing.identity(of: root + "/Even/Deeper/readme.txt") != nil)
        #expect(reusing.identity(of: root + "/Even/Image0.imageset/Ünïcode ✓.png") != nil)
        // Every folder was taken from the kept listings and none listed again, so there is nothing new to keep.
        #expect(reusing.listingsToKeep == nil)
    }

    @Test("a folder met twice (below two roots, one inside the other) is kept once, and the file reads back")
    func overlappingRootsKeepEachFolderOnce() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.tree(test)
        let roots = [test.catalog.path, test.catalog.path + "/Even"]
        let full = try #require(InputSnapshot(roots: roots, settledBefore: .max))
        let (_, kept) = try Self.keep(full, in: test)
        #expect(kept.count == Self.folderCount(test))
        let reusing = try #require(InputSnapshot(roots: roots, keptListings: kept, settledBefore: .max))
        Self.expectSame(reusing, full, files: [test.catalog.path + "/Even/Deeper/readme.txt"])
        #expect(reusing.listingsToKeep == nil)
    }

    @Test("a folder changed since its listing was kept is listed again: entries added, removed and renamed are seen")
    func changedFoldersAreListedAgain() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.tree(test)
        let root = test.catalog.path
        let (_, kept) = try Self.keep(try #require(InputSnapshot(roots: [root], settledBefore: .max)), in: test)
        let manager = FileManager.default
        try Data("new".utf8).write(to: test.catalog.appendingPathComponent("Even/Deeper/added.txt"))
        try manager.removeItem(at: test.catalog.appendingPathComponent("Odd/Image1.imageset"))
        try manager.moveItem(
            at: test.catalog.appendingPathComponent("Even/Image2.imageset/image.png"),
            to: test.catalog.appendingPathComponent("Even/Image2.imageset/renamed.png"))
        let reusing = try #require(InputSnapshot(roots: [root], keptListings: kept, settledBefore: .max))
        let full = try #require(InputSnapshot(roots: [root], settledBefore: .max))
        Self.expectSame(
            reusing, full,
            files: ["/Even/Deeper/added.txt", "/Even/Image2.imageset/renamed.png", "/Even/Image2.imageset/image.png", "/Odd/Image1.imageset/image.png"]
                .map { root + $0 })
        #expect(reusing.identity(of: root + "/Even/Deeper/added.txt") != nil)
        #expect(reusing.identity(of: root + "/Even/Image2.imageset/image.png") == nil)
        // The changed folders' new listings are to be kept, the removed one's dropped.
        let again = try #require(reusing.listingsToKeep)
        #expect(again.count == Self.folderCount(test))
    }

    @Test("a folder changed in the last seconds is never kept: a second change in the same tick of its clock would not show")
    func unsettledFoldersAreNotKept() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.tree(test)
        // Every folder was made just now: none settled, nothing to keep.
        #expect(InputSnapshot(roots: [test.catalog.path])?.listingsToKeep == nil)
        let now = Int64(Date().timeIntervalSince1970)
        // Settled only before a time earlier than the folders' own: still nothing kept.
        #expect(InputSnapshot(roots: [test.catalog.path], settledBefore: now - 60)?.listingsToKeep == nil)
        #expect(InputSnapshot(roots: [test.catalog.path], settledBefore: now + 60)?.listingsToKeep?.count == Self.folderCount(test))
    }

    @Test("compiles through kept listings: nothing changed is up to date, and sets added, removed, edited and renamed give the bytes of --no-cache")
    func compilesThroughKeptListings() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try CompileCacheTests.catalog(test)
        let words = CompileCacheTests.words(test, output: "out")
        CompileCacheTests.expectSameAsWithoutCache(test)  // cold: the folders were made just now, so none is kept
        // The listings a compile keeps once the folders have settled, under the run's own settings and roots.
        func keepListings() throws {
            let invocation = try ActoolInvocation(ActoolArguments(parsing: words), toolVersion: "9.9")
            let cache = CompileCache(directory: try #require(invocation.cacheFolder), limit: CompileCache.defaultLimit)
            let settings = CacheRun.settings(of: invocation, toolVersion: "9.9")
            let snapshot = try #require(InputSnapshot(roots: CacheRun.roots(of: invocation), settledBefore: .max))
            cache.storeListings(try #require(snapshot.listingsToKeep), file: settings)
            #expect(cache.keptListings(file: settings)?.count == Self.folderCount(test))
        }
        try keepListings()
        // Nothing changed: the walk through the kept listings gives the stamp's digest, so nothing is written.
        let car = test.path("out/Assets.car")
        let before = try #require(FileIdentity.of(car))
        #expect(CompileCacheTests.run(words).exitStatus == 0)
        #expect(FileIdentity.of(car) == before, "a rebuild with nothing changed rewrote the car")
        // A set added to a folder, another removed, an image edited: each folder changed is listed again.
        try test.imageSet("Even/Added", side: 9, color: [1, 2, 3])
        try FileManager.default.removeItem(at: test.catalog.appendingPathComponent("Odd/Image3.imageset"))
        try CompileCacheTests.png(side: 11, color: [9, 9, 9]).write(to: test.catalog.appendingPathComponent("Even/Image2.imageset/image.png"))
        CompileCacheTests.expectSameAsWithoutCache(test)
        try keepListings()
        // A set renamed, and a file renamed within a set and its Contents.json with it.
        try FileManager.default.moveItem(
            at: test.catalog.appendingPathComponent("Odd/Image5.imageset"), to: test.catalog.appendingPathComponent("Odd/Renamed.imageset"))
        let set = test.catalog.appendingPathComponent("Even/Image4.imageset")
        try FileManager.default.moveItem(at: set.appendingPathComponent("image.png"), to: set.appendingPathComponent("moved.png"))
        try Data(#"{"images":[{"filename":"moved.png","idiom":"universal","scale":"1x"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        CompileCacheTests.expectSameAsWithoutCache(test)
    }

    /// A listings file of one folder, written as the cache writes it, with `entries` (type byte, name) as given.
    static func forged(entries: [(UInt8, [UInt8])], key: UInt64 = 7) -> [UInt8] {
        var writer = CacheWriter(magic: FolderListings.magic)
        writer.add(key)
        writer.add(UInt32(1))
        writer.add(UInt64(1))
        writer.add(UInt64(2))
        writer.add(UInt64(3))
        writer.add(UInt32(entries.count))
        for (type, name) in entries {
            writer.add(type)
            writer.add(name)
        }
        writer.seal()
        return writer.bytes
    }

    @Test("a damaged, truncated or forged listings file is set aside with a notice, never followed")
    func damagedListingsAreSetAside() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.tree(test)
        let (cache, _) = try Self.keep(try #require(InputSnapshot(roots: [test.catalog.path], settledBefore: .max)), in: test)
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.directory).first { $0.hasSuffix(".listings") })
        let path = cache.directory + "/" + file
        let good = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
        #expect(try FolderListings.decode(Self.forged(entries: [(0, Array("a.png".utf8)), (1, Array("b".utf8))]), key: 7)?.count == 1)
        var flipped = good
        flipped[flipped.count / 2] ^= 0x10
        let damaged: [(String, [UInt8], String)] = [
            ("a flipped bit", flipped, "digest"),
            ("truncated", Array(good.prefix(good.count - 20)), "digest"),
            ("too short", Array(good.prefix(5)), "too short"),
            ("an entry named ..", Self.forged(entries: [(1, Array("..".utf8))]), "not a name"),
            ("a path for a name", Self.forged(entries: [(0, Array("../../etc/passwd".utf8))]), "not a name"),
            // (An entry is at least 6 bytes, so an empty name is followed by another to pass the count's check.)
            ("an empty name", Self.forged(entries: [(0, []), (0, Array("zzzzzz".utf8))]), "not a name"),
            ("a NUL in a name", Self.forged(entries: [(0, [0x61, 0, 0x62])]), "not a name"),
            ("names out of order", Self.forged(entries: [(0, Array("b".utf8)), (0, Array("a".utf8))]), "out of order"),
            ("a name twice", Self.forged(entries: [(0, Array("a".utf8)), (0, Array("a".utf8))]), "out of order"),
            ("an unknown type", Self.forged(entries: [(2, Array("a".utf8))]), "type"),
        ]
        for (what, bytes, reason) in damaged {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let notices = cache.notices.count
            #expect(cache.keptListings(file: 7) == nil, "\(what)")
            #expect(!FileManager.default.fileExists(atPath: path), "\(what): the damaged file is removed")
            #expect(cache.notices.count == notices + 1, "\(what)")
            #expect(cache.notices.last?.contains(reason) == true, "\(what): \(cache.notices.last ?? "")")
        }
        // Written under other settings: not damage, only of no use.
        try Data(Self.forged(entries: [], key: 8)).write(to: URL(fileURLWithPath: path))
        let notices = cache.notices.count
        #expect(cache.keptListings(file: 7) == nil)
        #expect(cache.notices.count == notices)
    }
}
