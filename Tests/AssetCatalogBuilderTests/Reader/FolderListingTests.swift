import Foundation
import Testing

@testable import AssetCatalogBuilder

/// `FileSystem.list` reads folders with `getdents64` (see its comment): it must list what the directory holds,
/// however many records the kernel hands over per call, with every kind and name as before.
@Suite("Listing folders")
struct FolderListingTests {
    @Test func aLargeFolderIsListedWholeSortedAndTyped() throws {
        let fixture = try CatalogFixture("Plain")
        // Long names: more than 32 KiB of records, so the listing takes several reads.
        var expected: [String] = []
        for number in 0..<600 {
            let name = String(format: "image-%04d-", number) + String(repeating: "x", count: 80) + ".png"
            try fixture.write(name, [1])
            expected.append(name)
        }
        try fixture.folder("Sub.imageset")
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/link", withDestinationPath: "Sub.imageset")
        let listing = try FileSystem.list(fixture.root).get()
        #expect(listing.map(\.name) == (expected + ["Sub.imageset", "link"]).sorted { Bytewise.less($0, $1) })
        #expect(listing.filter { $0.kind == .file }.count == 600)
        #expect(listing.first { $0.name == "Sub.imageset" }?.kind == .directory)
        #expect(listing.first { $0.name == "link" }?.kind == .symbolicLink)
        #expect(!listing.contains { $0.name == "." || $0.name == ".." })
    }

    @Test func aNameThatIsNotUTF8IsListedRepairedAsNeitherFileNorFolder() throws {
        let fixture = try CatalogFixture("Plain")
        try fixture.write("fine.png", [1])
        var path = Array(fixture.root.utf8) + Array("/bad-".utf8) + [0xFF, 0xFE] + Array(".png".utf8) + [0]
        let descriptor = path.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        try #require(descriptor >= 0, "this file system refuses such names")
        close(descriptor)
        let listing = try FileSystem.list(fixture.root).get()
        #expect(listing.count == 2)
        let bad = try #require(listing.first { $0.name != "fine.png" })
        #expect(bad.kind == .other)
        #expect(bad.name.hasPrefix("bad-") && bad.name.hasSuffix(".png") && bad.name.contains("\u{FFFD}"))
    }

    @Test func aMissingFolderIsAnError() {
        guard case .failure(let failure) = FileSystem.list("/nonexistent-assetc-folder") else {
            Issue.record("listed a folder that does not exist")
            return
        }
        #expect(failure.code == ENOENT)
    }
}
