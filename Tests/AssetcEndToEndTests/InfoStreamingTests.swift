import AssetCatalog
import AssetCatalogBuilder
import Foundation
import Testing

/// `info --json` on a large catalog must not hold its whole document in memory (docs/PERFORMANCE.md,
/// "Cost grows in a straight line"): the renderer hands it out a window of pieces at a time.
@Suite("assetc info --json: streamed output")
struct InfoStreamingTests {
    /// An index of `count` image sets of three variants each, built in memory.
    private static func index(sets count: Int) -> CatalogIndex {
        let source = CatalogSource(path: "Big.xcassets", kind: .xcassets)
        let assets = (0..<count).map { number in
            let name = String(format: "Asset%05d", number)
            return Asset(
                name: name, kind: .image, sourceIndex: 0, path: "\(name).imageset",
                variants: (1...3).map { scale in
                    Variant(
                        traits: VariantTraits(displayScale: DisplayScale(scale)), source: "\(name).imageset/\(name)@\(scale)x.png",
                        contentType: .png,
                        inspection: FileInspection(byteCount: 100 * scale, contentType: .png, pixelWidth: 8 * scale, pixelHeight: 8 * scale))
                })
        }
        return CatalogIndex(sources: [source], assets: assets)
    }

    @Test("the document comes out in many bounded chunks whose concatenation is the one-piece rendering")
    func boundedChunks() throws {
        let index = Self.index(sets: 5000)  // ten pieces of 512 assets
        var chunks: [[UInt8]] = []
        InfoReport(index: index).render(piecesPerWindow: 2) { chunks.append($0) }
        let whole = chunks.flatMap { $0 }
        // The same bytes whatever the window: one window holding every piece gives the reference.
        var reference: [UInt8] = []
        InfoReport(index: index).render(piecesPerWindow: 1_000) { reference.append(contentsOf: $0) }
        #expect(whole == reference)
        #expect(whole == InfoReport(index: index).render())
        // Every asset piece on its own: no chunk holds more than one piece's worth of assets (about a tenth).
        #expect(chunks.count >= 10)
        let largest = try #require(chunks.map(\.count).max())
        #expect(largest * 5 < whole.count, "largest chunk \(largest) of \(whole.count) bytes")

        let object = try #require(try JSONSerialization.jsonObject(with: Data(whole)) as? [String: Any])
        let names = try #require(object["assets"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names == (0..<5000).map { String(format: "Asset%05d", $0) })
    }

    @Test("an empty index is still one well-formed document")
    func emptyIndex() throws {
        var chunks: [[UInt8]] = []
        InfoReport(index: CatalogIndex()).render(piecesPerWindow: 2) { chunks.append($0) }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(chunks.flatMap { $0 })) as? [String: Any])
        #expect((object["assets"] as? [Any])?.isEmpty == true)
    }
}
