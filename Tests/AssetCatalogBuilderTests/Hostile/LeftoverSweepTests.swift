import Foundation
import Testing

@testable import AssetCatalogBuilder

/// A pack killed with SIGKILL leaves `.<output>.tmp-XXXXXX`; the next run on the same output removes
/// such leftovers when nobody owns them, and nothing else.
@Suite("Pack leftovers")
struct LeftoverSweepTests {
    @Test("only old, unlocked, exactly named regular files beside the output are removed")
    func sweep() throws {
        let folder = NSTemporaryDirectory() + "assetc-sweep-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = Date(timeIntervalSinceNow: -600)
        func make(_ name: String, date: Date = old) throws {
            let path = folder + "/" + name
            try Data("x".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        try make(".out.assetc.tmp-AbC123")  // a leftover: removed
        try make(".out.assetc.tmp-Locked")  // a live writer holds its lock: kept
        try make(".out.assetc.tmp-Fresh1", date: Date())  // just created: kept
        try make(".out.assetc.tmp-TooLong1")  // not the pattern: kept
        try make(".other.assetc.tmp-AbC123")  // another output's: kept
        try make("out.assetc")  // the output itself: kept
        try FileManager.default.createSymbolicLink(atPath: folder + "/.out.assetc.tmp-Link01", withDestinationPath: folder + "/out.assetc")

        let owner = open(folder + "/.out.assetc.tmp-Locked", O_RDONLY)
        defer { close(owner) }
        #expect(flock(owner, LOCK_EX | LOCK_NB) == 0)

        let removed = TemporaryOutput.sweepLeftovers(of: folder + "/out.assetc")
        #expect(removed == [".out.assetc.tmp-AbC123"])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(
            left == [
                ".other.assetc.tmp-AbC123", ".out.assetc.tmp-Fresh1", ".out.assetc.tmp-Link01", ".out.assetc.tmp-Locked",
                ".out.assetc.tmp-TooLong1", "out.assetc",
            ])
    }
}
