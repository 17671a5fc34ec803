import AssetCatalog
import AssetCatalogBuilder
import AssetCatalogServer
import Foundation
import Logging
import Testing

/// Swapping an archive under a running server: picked up when renamed into place, refused when damaged.
struct ReloadTests {
    /// A one-asset archive ("Swapped", one 1x PNG of `width` pixels).
    private func smallArchive(width: Int) throws -> [UInt8] {
        let folder = try ServerFixture.temporaryFolder()
        let set = folder.appendingPathComponent("Small.xcassets/Swapped.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let pixels = DecodedImage(
            width: width, height: 1, premultiplied: false, pixels: [UInt8](repeating: 0x7F, count: width * 4))
        try Data(try PNGCodec.encodeRGBA8(pixels)).write(to: set.appendingPathComponent("swapped.png"))
        try Data(#"{"images":[{"idiom":"universal","filename":"swapped.png","scale":"1x"}],"info":{"version":1,"author":"xcode"}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let index = CatalogReader(options: ReaderOptions(jobs: 1)).read([folder.appendingPathComponent("Small.xcassets").path])
        return try Packer().packToBytes(index).archive
    }

    /// Writes `bytes` beside `path` and renames them over it, as `assetc pack` does.
    private func replace(_ path: String, with bytes: [UInt8]) throws {
        let temporary = path + ".new"
        try Data(bytes).write(to: URL(fileURLWithPath: temporary))
        #expect(rename(temporary, path) == 0)
    }

    @Test("A new archive renamed over the path is served after a reload; the old snapshot still answers")
    func swap() async throws {
        let folder = try ServerFixture.temporaryFolder()
        let path = try ServerFixture.writeShowcase(in: folder)
        let store = try CatalogStore(paths: [path])
        let server = AssetServer(store: store)
        let client = InProcessClient(server)
        let before = store.current
        #expect(try await client.request("/assets/Hero").status == .ok)

        #expect(store.reload(force: false, logger: Logger(label: "test")).replaced.isEmpty, "nothing changed yet")
        try replace(path, with: try smallArchive(width: 3))
        let outcome = store.reload(force: false, logger: Logger(label: "test"))
        #expect(outcome.replaced == [path])
        #expect(store.current.generation == before.generation + 1)
        #expect(try await client.request("/assets/Hero").status == .notFound)
        #expect(try await client.request("/assets/Swapped").status == .ok)
        // A request that took the old snapshot before the swap finishes on the old mapping.
        #expect(before.asset(named: "Hero") != nil)
        let (catalog, asset) = try #require(before.asset(named: "Hero"))
        let file = try catalog.file(for: asset, request: TraitCollection(), pinnedVariant: 0)
        #expect(file.body.readableBytes > 0)
    }

    @Test("A damaged new archive is refused, named in the outcome; the old one keeps serving")
    func damagedIsRefused() async throws {
        let folder = try ServerFixture.temporaryFolder()
        let path = try ServerFixture.writeShowcase(in: folder)
        let store = try CatalogStore(paths: [path])
        let client = InProcessClient(AssetServer(store: store))
        let good = try await client.request("/assets/AppLogo")

        var damaged = try smallArchive(width: 5)
        damaged[damaged.count - 20] ^= 0xFF
        try replace(path, with: damaged)
        let outcome = store.reload(force: false, logger: Logger(label: "test"))
        #expect(outcome.replaced.isEmpty)
        #expect(outcome.refused.count == 1)
        #expect(outcome.refused.first?.path == path)
        let still = try await client.request("/assets/AppLogo")
        #expect(still.status == .ok)
        #expect(still.body == good.body)
        #expect(store.reload(force: false, logger: Logger(label: "test")).refused.isEmpty, "not retried until it changes again")

        try replace(path, with: Array("not an archive at all".utf8))
        #expect(store.reload(force: false, logger: Logger(label: "test")).refused.count == 1)
        try replace(path, with: try smallArchive(width: 4))
        #expect(store.reload(force: false, logger: Logger(label: "test")).replaced == [path])
        #expect(try await client.request("/assets/Swapped").status == .ok)
    }

    @Test("Opening refuses a damaged or missing file with its path in the message")
    func openErrors() throws {
        let folder = try ServerFixture.temporaryFolder()
        let path = folder.appendingPathComponent("bad.assetc").path
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try CatalogStore(paths: [path])
        } throws: { error in
            (error as? CatalogOpenError)?.description.hasPrefix(path + ": ") == true
        }
    }
}
