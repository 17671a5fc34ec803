import Foundation
import Testing

/// A repack with nothing changed is skipped after a stat-only check; any change is noticed.
@Suite("Repacking")
struct PackRepackTests {
    @Test("Unchanged inputs: up to date without repacking; a changed file, option or output: packed again")
    func upToDate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-repack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("Showcase.xcassets")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets"), to: catalog)
        let archive = folder.appendingPathComponent("Showcase.assetc").path

        let first = try Assetc.run(["pack", catalog.path, "-o", archive])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("packed 13 assets"))
        let original = try Data(contentsOf: URL(fileURLWithPath: archive))

        let second = try Assetc.run(["pack", catalog.path, "-o", archive])
        #expect(second.stdout.contains("is up to date"), "\(second.stdout)")

        // Swap two images of the same size: same names and sizes, different content.
        let hero = catalog.appendingPathComponent("Hero.imageset/Hero.png")
        let logo = try Data(contentsOf: catalog.appendingPathComponent("Hero.imageset/Hero-hc.png"))
        try logo.write(to: hero)
        let third = try Assetc.run(["pack", catalog.path, "-o", archive])
        #expect(third.stdout.contains("packed 13 assets"), "\(third.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: archive)) != original)

        let optimized = try Assetc.run(["pack", catalog.path, "-o", archive, "--optimize"])
        #expect(optimized.stdout.contains("packed"), "a changed option must repack: \(optimized.stdout)")

        try FileManager.default.removeItem(atPath: archive)
        let afterDelete = try Assetc.run(["pack", catalog.path, "-o", archive, "--optimize"])
        #expect(afterDelete.stdout.contains("packed"), "a missing output must repack: \(afterDelete.stdout)")
        #expect(FileManager.default.fileExists(atPath: archive))
    }
}
