import Foundation
import Testing

@testable import AssetCatalogBuilder

/// An output replaced by `FileSystem.moveIntoPlace`: the path holds the new bytes, nothing else is left in the folder,
/// a reader of the old file keeps its bytes, and a large old file, released on another thread, is closed once
/// `ReplacedFiles.waitForAll()` returns (no descriptor of this process still holds it).
@Suite("Replaced outputs")
struct ReplacedOutputTests {
    @Test("the old file is gone from the folder and from this process's descriptors", arguments: [100, 3 << 20])
    func replaced(oldSize: Int) throws {
        let folder = NSTemporaryDirectory() + "assetc-replace-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/Assets.car"
        let temporary = folder + "/.Assets.car.tmp-AbC123"
        try Data(repeating: 0x6F, count: oldSize).write(to: URL(fileURLWithPath: path))
        try Data("new".utf8).write(to: URL(fileURLWithPath: temporary))
        let reader = open(path, O_RDONLY)
        try #require(reader >= 0)
        defer { close(reader) }
        let inode = try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)

        #expect(FileSystem.moveIntoPlace(temporary, over: path))
        ReplacedFiles.waitForAll()

        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["Assets.car"])
        var byte: UInt8 = 0
        #expect(pread(reader, &byte, 1, off_t(oldSize - 1)) == 1 && byte == 0x6F)
        // Only the reader's own descriptor still holds the old file.
        #expect(try descriptors(ofInode: inode) == [reader])
    }

    /// This process's descriptors open on the file with `inode` (a removed file's link in /proc still names its inode).
    private func descriptors(ofInode inode: Int) throws -> [Int32] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap(Int32.init).filter { descriptor in
            var status = stat()
            return fstat(descriptor, &status) == 0 && Int(status.st_ino) == inode
        }.sorted()
    }
}
