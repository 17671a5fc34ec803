import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// `assetc diff` of cars whose small images are packed into atlases, as Xcode's are: the atlases' bytes are
/// shared out among their images, and an image changed only when its own pixels did.
@Suite("assetc diff: packed atlases")
struct SizePackedDiffTests {
    static let images: [(name: String, side: Int, seed: UInt32)] = [
        ("Anchor", 40, 11), ("Bell", 30, 12), ("Cloud", 30, 13), ("Drop", 20, 14), ("Echo", 20, 15),
    ]

    /// Both inventories, their packed images settled, compared.
    static func diff(_ old: CARFile, _ new: CARFile) -> SizeDiff {
        var before = SizeInventory(car: old, path: "old.car"), after = SizeInventory(car: new, path: "new.car")
        SizeInventory.settlePackedContent(old: &before, oldCar: old, new: &after, newCar: new, jobs: 2)
        return SizeDiff(old: before, new: after)
    }

    static func frames(_ inventory: SizeInventory) -> [String: PackedFrame] {
        var frames: [String: PackedFrame] = [:]
        for asset in inventory.assets { frames[asset.name] = asset.variants.first?.packedFrame }
        return frames
    }

    @Test func everyAtlasIsSharedOutAmongItsImagesByArea() throws {
        let fixture = try SizeFixture()
        let car = try SizeFixture.packedCar(try fixture.packedCatalog("v1", Self.images))
        let atlases = car.renditions.indices.filter { car.renditions[$0].layout == 1004 }
        #expect(!atlases.isEmpty, "the images are packed")
        let sizes = SizeInventory(car: car, path: "App.car")
        #expect(sizes.assets.map(\.name) == Self.images.map(\.name), "no atlas is an asset of its own")
        #expect(sizes.totalBytes == car.renditions.reduce(0) { $0 + $1.byteCount }, "every byte of the car is someone's")
        let variants = sizes.assets.flatMap(\.variants)
        #expect(variants.allSatisfy { $0.encoding == "packed" && $0.atlasShare > 0 && $0.packedFrame != nil })
        for atlas in atlases {
            let inside = variants.filter { $0.packedFrame?.atlas == atlas }
            #expect(inside.reduce(0) { $0 + $1.atlasShare } == car.renditions[atlas].byteCount)
        }
        // Shares follow the frames' areas: equal sizes, equal shares (to the byte); 40 × 40 is 16/9 of 30 × 30.
        let share = Dictionary(uniqueKeysWithValues: sizes.assets.map { ($0.name, $0.variants[0].atlasShare) })
        #expect(abs(share["Bell"]! - share["Cloud"]!) <= 1 && abs(share["Drop"]! - share["Echo"]!) <= 1)
        #expect(abs(Double(share["Anchor"]!) / Double(share["Bell"]!) - 16.0 / 9.0) < 0.01)
    }

    @Test func anImageAddedInFrontMovesTheOthersButIsTheOnlyChange() throws {
        let fixture = try SizeFixture()
        let old = try SizeFixture.packedCar(try fixture.packedCatalog("v1", Self.images))
        let new = try SizeFixture.packedCar(try fixture.packedCatalog("v2", Self.images + [("Beacon", 60, 16)]))
        // The largest image is placed first: every other image has another frame in the new car.
        let oldFrames = Self.frames(SizeInventory(car: old, path: "")), newFrames = Self.frames(SizeInventory(car: new, path: ""))
        #expect(Self.images.allSatisfy { oldFrames[$0.name].map { [$0.x, $0.y] } != newFrames[$0.name].map { [$0.x, $0.y] } })

        let diff = Self.diff(old, new)
        #expect(diff.assets.map(\.name) == ["Beacon"] && diff.assets.first?.status == .added, "\(diff.assets.map { "\($0.name) \($0.status)" })")
        #expect(diff.unchangedAssets == Self.images.count)
        #expect(diff.delta == diff.assets.reduce(0) { $0 + $1.delta } + diff.unchangedDelta, "the remainder is the unchanged images' shares")
        let text = SizeDiffText(diff: diff).render()
        #expect(text.contains("assets: 1 added, 0 removed, 0 changed, 5 unchanged"))
        #expect(!text.contains("ZZZZPackedAsset"))
        if diff.unchangedDelta != 0 {
            #expect(text.contains("unchanged assets: \(ByteText.signed(diff.unchangedDelta)) bytes"))
        }

        let back = Self.diff(new, old)
        #expect(back.assets.map(\.name) == ["Beacon"] && back.assets.first?.status == .removed)
        #expect(back.unchangedAssets == Self.images.count)
    }

    @Test func anImageWithOtherPixelsOfTheSameSizeIsTheOnlyChange() throws {
        let fixture = try SizeFixture()
        let old = try SizeFixture.packedCar(try fixture.packedCatalog("v1", Self.images))
        var repainted = Self.images
        repainted[2].seed = 99  // Cloud: other pixels, same size, same place in the atlas
        let new = try SizeFixture.packedCar(try fixture.packedCatalog("v2", repainted))
        let diff = Self.diff(old, new)
        #expect(diff.assets.map(\.name) == ["Cloud"] && diff.assets.first?.status == .changed)
        let variant = try #require(diff.assets.first?.variants.first)
        #expect(variant.key == "universal 1x" && variant.old?.pixelWidth == 30 && variant.new?.pixelWidth == 30)
        #expect(diff.unchangedAssets == 4)

        // A frame checksum alone cannot tell: the atlas changed for every image in it.
        let before = SizeInventory(car: old, path: ""), after = SizeInventory(car: new, path: "")
        #expect(SizeInventory.packedPairsToSettle(before, after).count == Self.images.count)
        #expect(SizeDiff(old: before, new: after).assets.count == Self.images.count, "unsettled, every moved crop counts")
    }

    @Test func anAtlasDecodedIntoAKeptBufferHasTheWholeDecodesPixels() throws {
        let fixture = try SizeFixture()
        let car = try SizeFixture.packedCar(try fixture.packedCatalog("v1", Self.images))
        let atlas = try #require(car.renditions.indices.first { car.renditions[$0].layout == 1004 })
        guard case .image(let whole) = try CARDecoder(file: car).decode(atlas) else {
            Issue.record("the atlas decodes to an image")
            return
        }
        let decoder = CARDecoder(file: car)
        var buffer = [UInt8](repeating: 0xAB, count: whole.pixels.count + 100)
        for _ in 0..<2 {
            let size = try #require(try decoder.decodeRows(atlas, into: &buffer, wanted: { _ in true }))
            #expect(size.width == whole.width && size.height == whole.height)
            #expect(buffer.count == whole.pixels.count + 100, "a buffer large enough is kept, not replaced")
            #expect(Array(buffer.prefix(whole.pixels.count)) == whole.pixels)
        }
        let reference = try #require(car.renditions.indices.first { car.renditions[$0].internalReference != nil })
        #expect(try decoder.decodeRows(reference, into: &buffer, wanted: { _ in true }) == nil, "a reference has no pixels of its own")
    }

    @Test func theSameCatalogTwiceDecodesNothing() throws {
        let fixture = try SizeFixture()
        let root = try fixture.packedCatalog("v1", Self.images)
        let old = try SizeFixture.packedCar(root), new = try SizeFixture.packedCar(root)
        #expect(SizeInventory.packedPairsToSettle(SizeInventory(car: old, path: ""), SizeInventory(car: new, path: "")).isEmpty)
        let diff = Self.diff(old, new)
        #expect(diff.isEqual && diff.unchangedAssets == Self.images.count && diff.unchangedDelta == 0)
    }

    @Test func aPackedImagesOwnRecordCountsButNotItsFrame() throws {
        let fixture = try SizeFixture()
        let bytes = try CARCompiler(options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test"))
            .compile(SizeFixture.index(try fixture.packedCatalog("v1", Self.images))).car
        let car = try CARFile(bytes: bytes)
        let position = try #require(car.renditions.firstIndex { $0.internalReference != nil && $0.name == "image.png" && $0.width == 40 })
        let reference = car.renditions[position]
        #expect(reference.infoTags.last?.tag != 1010, "the last tag is not the frame")
        var edited = bytes
        edited[reference.offset + reference.byteCount - 1] ^= 0x01
        let diff = Self.diff(car, try CARFile(bytes: edited))
        #expect(diff.assets.map(\.name) == ["Anchor"] && diff.assets.first?.status == .changed)
        #expect(diff.assets.first.map { SizeDiffText(diff: diff).render().contains("other content") && $0.delta == 0 } == true)
    }

    @Test func anImageUnpackedBecauseItGrewIsChanged() throws {
        let fixture = try SizeFixture()
        let old = try SizeFixture.packedCar(try fixture.packedCatalog("v1", Self.images))
        var grown = Self.images
        grown[0].side = 240  // Anchor: too large to pack now
        let new = try SizeFixture.packedCar(try fixture.packedCatalog("v2", grown))
        let diff = Self.diff(old, new)
        let anchor = try #require(diff.assets.first)
        #expect(anchor.name == "Anchor" && anchor.status == .changed && anchor.delta > 0)
        #expect(anchor.variants.first?.old?.encoding == "packed" && anchor.variants.first?.new?.encoding != "packed")
        #expect(diff.assets.count == 1, "\(diff.assets.map(\.name))")
    }
}
