import Foundation
import Testing

@testable import AssetCatalog

/// What the library promises for a file changed under an open archive (see `AssetArchive`'s
/// "A file changed while it is open").
@Suite("Archive changed on disk")
struct ArchiveChangedOnDiskTests {
    private func withArchiveFile(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "assetc-changed-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/test.assetc"
        try Data(try ArchiveSamples.archive()).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    @Test("a mapped archive notices truncation in place through hasChangedOnDisk()")
    func mappedNoticesTruncation() throws {
        try withArchiveFile { path in
            let archive = try AssetArchive(path: path)
            #expect(!archive.hasChangedOnDisk())
            #expect(truncate(path, 64) == 0)
            #expect(archive.hasChangedOnDisk())
        }
    }

    @Test("replacing the file by rename leaves a mapped archive intact and unchanged")
    func renameIsSafe() throws {
        try withArchiveFile { path in
            let archive = try AssetArchive(path: path)
            let other = path + ".new"
            try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: other))
            #expect(rename(other, path) == 0)
            #expect(!archive.hasChangedOnDisk())
            try archive.verify()
            ArchiveSamples.exercise(archive)
        }
    }

    @Test("an archive read into memory is unaffected by truncation")
    func inMemoryIgnoresTruncation() throws {
        try withArchiveFile { path in
            let archive = try AssetArchive(path: path, mode: .inMemory)
            #expect(truncate(path, 0) == 0)
            #expect(!archive.hasChangedOnDisk())
            try archive.verify()
            #expect(archive.names.count == ArchiveSamples.expected.count)
            ArchiveSamples.exercise(archive)
        }
    }
}
