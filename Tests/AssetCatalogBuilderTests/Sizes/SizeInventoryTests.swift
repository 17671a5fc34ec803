import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Size inventories of cars, archives and catalogs")
struct SizeInventoryTests {
    @Test func aCarsInventoryCountsEveryRenditionOnce() throws {
        let fixture = try SizeFixture()
        let car = try SizeFixture.car(try fixture.catalog(version: 1))
        let sizes = SizeInventory(car: car, path: "App.car")
        #expect(sizes.kind == .car)
        #expect(sizes.totalBytes == car.renditions.reduce(0) { $0 + $1.byteCount })
        #expect(sizes.variantCount == car.renditions.count)
        let names = sizes.assets.filter { !$0.isInternal }.map(\.name)
        #expect(names == ["Accent", "Hero", "Icons/Star", "Notes"])

        let hero = try #require(sizes.assets.first { $0.name == "Hero" })
        #expect(hero.kind == .image)
        #expect(hero.variants.map(\.key).sorted() == ["universal 2x", "universal 3x"])
        #expect(hero.variants.allSatisfy { $0.bytes > 0 && $0.checksum != nil })
        let threeX = try #require(hero.variants.first { $0.key == "universal 3x" })
        #expect(threeX.pixelWidth == 30 && threeX.pixelHeight == 30)

        let accent = try #require(sizes.assets.first { $0.name == "Accent" })
        #expect(accent.kind == .color)
        #expect(accent.variants.map(\.encoding) == ["colour"])
        #expect(accent.bytes > 0, "a colour rendition takes bytes in the car")
        #expect(sizes.assets.first { $0.name == "Notes" }?.variants.map(\.encoding) == ["data"])
        #expect(sizes.assets.first { $0.name == "Icons/Star" }?.namespace == "Icons")
        #expect(hero.namespace == "")
    }

    @Test func aCarsChecksumIgnoresTheModificationTimeButNotThePayload() throws {
        let fixture = try SizeFixture()
        var options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
        options.packsAtlases = false  // the image keeps its own payload, whose last byte is flipped
        let bytes = try CARCompiler(options: options).compile(SizeFixture.index(try fixture.catalog(version: 1))).car
        let car = try CARFile(bytes: bytes)
        let position = try #require(car.renditions.firstIndex { $0.name == "hero@3x.png" })
        let rendition = car.renditions[position]
        let original = SizeInventory.checksum(rendition)

        var touched = bytes
        touched[rendition.offset + 32] ^= 0x5A  // the CSI header's modification time
        let retimed = try CARFile(bytes: touched)
        #expect(SizeInventory.checksum(retimed.renditions[position]) == original)

        var changed = bytes
        changed[rendition.offset + rendition.byteCount - 1] ^= 0x01  // the payload's last byte
        let edited = try CARFile(bytes: changed)
        #expect(SizeInventory.checksum(edited.renditions[position]) != original)
        let diff = SizeDiff(old: SizeInventory(car: car, path: "a"), new: SizeInventory(car: edited, path: "b"))
        #expect(diff.assets.map(\.name) == ["Hero"])
        #expect(diff.assets.first?.variants.map(\.key) == ["universal 3x"])
        #expect(diff.delta == 0)
        #expect(SizeDiffText(diff: diff).render().contains("other content"))
    }

    @Test func anArchivesInventoryCountsASharedPayloadOnce() throws {
        let fixture = try SizeFixture()
        let root = try fixture.catalog(version: 1)
        // A second set with the same file: the archive stores it once.
        try FileManager.default.createDirectory(atPath: root + "/Copy.imageset", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/Hero.imageset/hero@2x.png", toPath: root + "/Copy.imageset/hero@2x.png")
        try Data(#"{"images":[{"idiom":"universal","filename":"hero@2x.png","scale":"2x"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/Copy.imageset/Contents.json"))
        let archive = try SizeFixture.archive(root)
        let sizes = try SizeInventory(archive: archive, path: "App.assetc")
        var payloads: [Int: Int] = [:]
        for asset in try archive.assets() {
            for variant in asset.variants { if let payload = variant.payload { payloads[payload.index] = payload.byteCount } }
        }
        #expect(sizes.totalBytes == payloads.values.reduce(0, +))
        let copy = try #require(sizes.assets.first { $0.name == "Copy" })
        let hero = try #require(sizes.assets.first { $0.name == "Hero" })
        // "Copy" sorts first, so it carries the bytes and Hero's 2x shares them.
        #expect(copy.variants.first?.bytes ?? 0 > 0 && copy.variants.first?.sharesPayload == false)
        let shared = try #require(hero.variants.first { $0.key == "universal 2x" })
        #expect(shared.sharesPayload && shared.bytes == 0)
        #expect(sizes.assets.first { $0.name == "Accent" }?.bytes == 0, "colours live in the archive's tables")
    }

    @Test func aCatalogsInventoryIsItsFiles() throws {
        let fixture = try SizeFixture()
        let root = try fixture.catalog(version: 1)
        let sizes = SizeInventory(index: SizeFixture.index(root))
        #expect(sizes.kind == .catalog)
        let files = ["Hero.imageset/hero@2x.png", "Hero.imageset/hero@3x.png", "Icons/Star.imageset/star.png", "Notes.dataset/notes.txt"]
        let expected = try files.reduce(0) { total, file in
            total + ((try FileManager.default.attributesOfItem(atPath: root + "/" + file)[.size] as? Int) ?? 0)
        }
        #expect(sizes.totalBytes == expected)
        #expect(sizes.assets.first { $0.name == "Hero" }?.variants.map(\.encoding) == ["png", "png"])
    }

    @Test func variantsAlikeInTraitsAreToldApartBySizeThenOrder() {
        var asset = SizedAsset(
            name: "AppIcon", kind: .appIcon,
            variants: [
                SizedVariant(traits: VariantTraits(idiom: .phone, displayScale: 2), name: "a", encoding: "lzfse", bytes: 1, pixelWidth: 40, pixelHeight: 40),
                SizedVariant(traits: VariantTraits(idiom: .phone, displayScale: 2), name: "b", encoding: "lzfse", bytes: 1, pixelWidth: 120, pixelHeight: 120),
                SizedVariant(traits: VariantTraits(idiom: .phone, displayScale: 2), name: "c", encoding: "lzfse", bytes: 1, pixelWidth: 120, pixelHeight: 120),
                SizedVariant(traits: VariantTraits(idiom: .phone, displayScale: 3, displayGamut: .sRGB), name: "d", encoding: "lzfse", bytes: 1),
            ])
        asset.assignKeys()
        #expect(asset.variants.map(\.key) == ["phone 2x 40x40", "phone 2x 120x120", "phone 2x 120x120 #2", "phone 3x"])
        #expect(asset.variants[3].traits.displayGamut == nil, "sRGB is stored as no gamut, as CoreUI stores it")
    }
}
