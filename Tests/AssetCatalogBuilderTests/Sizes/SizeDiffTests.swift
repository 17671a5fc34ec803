import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("assetc diff: sizes compared")
struct SizeDiffTests {
    @Test func twoCarsOfTheSameCatalogAreEqual() throws {
        let fixture = try SizeFixture()
        let root = try fixture.catalog(version: 1)
        let diff = SizeDiff(old: SizeInventory(car: try SizeFixture.car(root), path: "a.car"), new: SizeInventory(car: try SizeFixture.car(root), path: "b.car"))
        #expect(diff.isEqual)
        #expect(diff.delta == 0 && diff.encodings.isEmpty && diff.traits.isEmpty)
        #expect(diff.unchangedAssets == 4)
        let text = SizeDiffText(diff: diff).render()
        #expect(text.contains("no differences: 4 assets the same"))
    }

    @Test func addedRemovedAndChangedAssetsSortedByGrowth() throws {
        let fixture = try SizeFixture()
        let old = SizeInventory(car: try SizeFixture.car(try fixture.catalog(version: 1)), path: "old.car")
        let new = SizeInventory(car: try SizeFixture.car(try fixture.catalog(version: 2)), path: "new.car")
        let diff = SizeDiff(old: old, new: new)
        #expect(!diff.isEqual)
        #expect(diff.delta == new.totalBytes - old.totalBytes)
        #expect(diff.delta > 0)
        let status = Dictionary(uniqueKeysWithValues: diff.assets.map { ($0.name, $0.status) })
        #expect(status == ["Hero": .changed, "Icons/Moon": .added, "Notes": .removed])
        #expect(diff.unchangedAssets == 2, "Accent and Icons/Star are the same")
        #expect(diff.assets.map(\.delta) == diff.assets.map(\.delta).sorted(by: >), "sorted by growth")
        #expect(diff.assets.first?.name == "Hero", "a 60x60 noise image grew more than a 16x16 one was added")

        let hero = try #require(diff.assets.first { $0.name == "Hero" })
        #expect(hero.variants.map(\.key) == ["universal 3x"])
        #expect(hero.variants.first?.old?.pixelWidth == 30 && hero.variants.first?.new?.pixelWidth == 60)
        #expect(hero.delta == hero.variants.reduce(0) { $0 + $1.delta })
        let notes = try #require(diff.assets.first { $0.name == "Notes" })
        #expect(notes.newBytes == 0 && notes.oldBytes > 0 && notes.variants.allSatisfy { $0.status == .removed })

        // Every variant has one encoding: the buckets' changes add up to the total change.
        #expect(diff.encodings.reduce(0) { $0 + $1.delta } == diff.delta)
        #expect(diff.encodings.contains { $0.name == "data" && $0.newVariants == 0 && $0.oldVariants == 1 })
        let threeX = try #require(diff.traits.first { $0.name == "scale=3x" })
        #expect(threeX.delta == hero.delta)
        #expect(diff.traits.first { $0.name == "scale=1x" }?.newVariants == 2)

        let text = SizeDiffText(diff: diff).render()
        #expect(text.hasPrefix("old: old.car (car): "))
        #expect(text.contains("assets: 1 added, 1 removed, 1 changed, 2 unchanged"))
        #expect(text.contains("total: \(ByteText.signed(diff.delta)) bytes"))
        let lines = text.split(separator: "\n").map(String.init)
        let heroLine = try #require(lines.firstIndex { $0.contains("changed") && $0.contains("Hero") })
        #expect(lines[heroLine].contains("\(ByteText.grouped(hero.oldBytes)) → \(ByteText.grouped(hero.newBytes))"))
        #expect(lines[heroLine + 1].contains("universal 3x") && lines[heroLine + 1].contains("30x30 → 60x60"))
        #expect(lines.contains { $0.contains("added") && $0.contains("Icons/Moon") && $0.contains("in 1 variant") })
        #expect(text.contains("bytes by compression, by growth:") && text.contains("bytes by trait, by growth:"))
    }

    @Test func theJSONDocumentSaysWhatTheTextSays() throws {
        let fixture = try SizeFixture()
        let old = SizeInventory(car: try SizeFixture.car(try fixture.catalog(version: 1)), path: "old.car")
        let new = SizeInventory(car: try SizeFixture.car(try fixture.catalog(version: 2)), path: "new.car")
        let diff = SizeDiff(old: old, new: new)
        let json = SizeDiffJSON(diff: diff).render()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["equal"] as? Bool == false)
        #expect(document["delta"] as? Int == diff.delta)
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary == ["added": 1, "removed": 1, "changed": 1, "unchanged": 2])
        let oldSide = try #require(document["old"] as? [String: Any])
        #expect(oldSide["bytes"] as? Int == old.totalBytes && oldSide["kind"] as? String == "car" && oldSide["path"] as? String == "old.car")
        let assets = try #require(document["assets"] as? [[String: Any]])
        #expect(assets.compactMap { $0["name"] as? String } == diff.assets.map(\.name))
        let moon = try #require(assets.first { $0["name"] as? String == "Icons/Moon" })
        #expect(moon["status"] as? String == "added" && moon["kind"] as? String == "image" && moon["internal"] as? Bool == false)
        let variant = try #require((moon["variants"] as? [[String: Any]])?.first)
        #expect(variant["old"] is NSNull)
        let stored = try #require(variant["new"] as? [String: Any])
        #expect(stored["pixelWidth"] as? Int == 16 && stored["name"] as? String == "moon.png" && (stored["bytes"] as? Int ?? 0) > 0)
        #expect((document["encodings"] as? [[String: Any]])?.count == diff.encodings.count)
        #expect((document["traits"] as? [[String: Any]])?.count == diff.traits.count)
        // Keys are sorted at every level, as in `info --json`.
        let topKeys = json.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("\""), let end = line.dropFirst().firstIndex(of: "\"") else { return nil }
            return String(line[line.index(after: line.startIndex)..<end])
        }
        #expect(topKeys == topKeys.sorted() && topKeys.count == 10)
        #expect(document["unchangedDelta"] as? Int == 0, "no atlas: the unchanged assets kept their bytes")
        #expect(stored["atlasShare"] as? Int == 0)
    }

    @Test func aCatalogAgainstItsCarMatchesEveryAssetAndVariant() throws {
        let fixture = try SizeFixture()
        let root = try fixture.catalog(version: 1)
        let diff = SizeDiff(old: SizeInventory(index: SizeFixture.index(root)), new: SizeInventory(car: try SizeFixture.car(root), path: "App.car"))
        #expect(diff.assets.allSatisfy { $0.status == .changed }, "\(diff.assets.map { "\($0.name) \($0.status)" })")
        #expect(diff.assets.flatMap(\.variants).allSatisfy { $0.status == .changed }, "every file has its rendition")
        // PNG files become compressed bitmaps: the encoding moves.
        #expect(diff.encodings.contains { $0.name == "png" && $0.newVariants == 0 && $0.oldVariants == 3 })
        #expect(diff.traits.allSatisfy { $0.oldVariants == $0.newVariants })
    }

    @Test func checksumsAreComparedOnlyBetweenInventoriesOfOneKind() {
        func inventory(_ kind: SizeInventory.Kind, checksum: UInt32?) -> SizeInventory {
            var asset = SizedAsset(
                name: "Logo", kind: .image,
                variants: [SizedVariant(traits: VariantTraits(displayScale: 2), name: "logo.png", encoding: "png", bytes: 100, checksum: checksum)])
            asset.assignKeys()
            return SizeInventory(path: kind.rawValue, kind: kind, assets: [asset])
        }
        #expect(!SizeDiff(old: inventory(.archive, checksum: 1), new: inventory(.archive, checksum: 2)).isEqual)
        #expect(SizeDiff(old: inventory(.archive, checksum: 1), new: inventory(.archive, checksum: 1)).isEqual)
        #expect(SizeDiff(old: inventory(.catalog, checksum: nil), new: inventory(.archive, checksum: 2)).isEqual)
    }

    @Test func byteCountsArePrintedExactlyAndShort() {
        #expect(ByteText.grouped(0) == "0")
        #expect(ByteText.grouped(999) == "999")
        #expect(ByteText.grouped(1_234_567) == "1,234,567")
        #expect(ByteText.signed(4096) == "+4,096")
        #expect(ByteText.signed(-12) == "-12")
        #expect(ByteText.short(512) == "512 B")
        #expect(ByteText.short(44_600) == "44.6 kB")
        #expect(ByteText.short(999_999) == "1.0 MB")
        #expect(ByteText.short(-2_500_000) == "-2.5 MB")
        #expect(ByteText.short(3_000_000_000) == "3.0 GB")
    }
}
