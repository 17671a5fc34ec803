import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The structures Xcode writes, as assetc now writes them (docs/CAR-FORMAT.md, "Xcode's structure, rule by rule").
@Suite("Compiling the structure Xcode writes")
struct XcodeStructureTests {
    /// An image set (1x, 2x, a dark 1x when `dark`) and a macOS-style icon set of 32 pt at 2x and 128 pt at 1x and 2x.
    /// The fixture must outlive the compile (its folder goes away with it).
    static func fixture(dark: Bool) throws -> CatalogFixture {
        let fixture = try CatalogFixture()
        var entries: [(file: String?, json: String)] = [("a1.png", #""idiom":"universal","scale":"1x""#), ("a2.png", #""idiom":"universal","scale":"2x""#)]
        if dark { entries.append(("ad.png", #""idiom":"universal","scale":"1x","appearances":[{"appearance":"luminosity","value":"dark"}]"#)) }
        try fixture.imageset("Art", entries)
        try fixture.png("AppIcon.appiconset/i64.png", width: 64, height: 64)
        try fixture.png("AppIcon.appiconset/i128.png", width: 128, height: 128)
        try fixture.png("AppIcon.appiconset/i256.png", width: 256, height: 256)
        try fixture.contents(
            "AppIcon.appiconset",
            #"{"images":[{"idiom":"mac","scale":"1x","size":"16x16"},{"filename":"i64.png","idiom":"mac","scale":"2x","size":"32x32"},"#
                + #"{"filename":"i128.png","idiom":"mac","scale":"1x","size":"128x128"},{"filename":"i256.png","idiom":"mac","scale":"2x","size":"128x128"}],"#
                + #""info":{"author":"xcode","version":1}}"#)
        return fixture
    }

    static func compile(_ index: CatalogIndex, _ platform: CompilePlatform, jobs: Int? = nil) throws -> (bytes: [UInt8], car: CARFile) {
        let options = CompileOptions(
            platform: platform, minimumDeploymentTarget: platform.isMac ? "10.14" : "17.0", appIcon: "AppIcon", jobs: jobs, toolVersion: "test")
        let bytes = try CARCompiler(options: options).compile(index).car
        return (bytes, try CARFile(bytes: bytes))
    }

    @Test func keySemanticsAndKeyFormatFollowThePlatform() throws {
        let fixture = try Self.fixture(dark: true)
        let index = fixture.read()
        let mac = try Self.compile(index, .macosx).car
        #expect(mac.header.keySemantics == 1)
        #expect(mac.header.schemaVersion == 2)
        // sudoku's order (Xcode 26, macOS): the fixed attributes and dimension 2 for the icon sizes.
        #expect(mac.keyFormat.map(\.name) == [
            "appearance", "element", "part", "identifier", "dimension2", "state", "presentation-state", "scale", "previous-state", "previous-value",
        ])
        let phone = try Self.compile(index, .iphoneos).car
        #expect(phone.header.keySemantics == 2)
        // Stasis's order (Xcode 26, tvOS); the icon set's mac entries are not for iOS, so no dimension 2.
        #expect(phone.keyFormat.map(\.name) == ["appearance", "localization", "scale", "idiom", "subtype", "identifier", "element", "part"])
    }

    @Test func theAppearanceTableListsTheAnyNameAndWhatIsUsed() throws {
        let plainFixture = try Self.fixture(dark: false)
        let plain = try Self.compile(plainFixture.read(), .iphoneos).car
        #expect(plain.appearances.map(\.name) == ["UIAppearanceAny"])
        let darkFixture = try Self.fixture(dark: true)
        let dark = try Self.compile(darkFixture.read(), .iphoneos).car
        #expect(dark.appearances.map(\.name) == ["UIAppearanceAny", "UIAppearanceDark"])
        let mac = try Self.compile(darkFixture.read(), .macosx).car
        #expect(mac.appearances.map(\.name) == ["NSAppearanceNameDarkAqua", "NSAppearanceNameSystem"])
        #expect(mac.appearances.first { $0.name == "NSAppearanceNameDarkAqua" }?.identifier == 1)
        #expect(CARCompiler.appearanceValue(VariantTraits(), ["luminosity": "tinted"], platform: .macosx) == 10)
        #expect(CARCompiler.appearanceNames(platform: .macosx).contains { $0.name == "ISAppearanceTintable" && $0.identifier == 10 })
        var light = VariantTraits()
        light.appearance = .light
        #expect(CARCompiler.appearanceValue(light, [:], platform: .macosx) == 8)
    }

    /// sudoku (Xcode 26, built for the app icon `App`): a `.iconset` beside it is compiled too, its sizes numbered
    /// from 1; colours are keyed at scale 1; colours and multisize sets carry tags 1004 (opacity 0) and 1006 (1).
    @Test func iconSetsColoursAndMultisizeSetsAreWrittenAsSudokusAre() throws {
        let fixture = try Self.fixture(dark: false)
        try fixture.png("Other.iconset/icon_16x16.png", width: 16, height: 16)
        try fixture.png("Other.iconset/icon_32x32@2x.png", width: 64, height: 64)
        try fixture.png("Other.iconset/icon_128x128.png", width: 128, height: 128)
        try fixture.contents(
            "Tint.colorset",
            #"{"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1","blue":"0.5","green":"0.25","red":"0"}},"idiom":"universal"}],"#
                + #""info":{"author":"xcode","version":1}}"#)
        let car = try Self.compile(fixture.read(), .macosx).car
        let other = car.renditions.filter { $0.name.hasPrefix("icon_") && $0.key[.part] == 220 }
        #expect(
            Set(other.map { "\($0.name) \($0.key[.dimension2]) \($0.key[.scale])" })
                == ["icon_16x16.png 1 1", "icon_32x32@2x.png 2 2", "icon_128x128.png 3 1"])
        // Its size list runs smallest first, as sudoku's do, although the files come in name order (128 before 16).
        let otherSet = try #require(car.renditions.first { $0.name == "Other" && $0.key[.part] == 218 })
        guard case .multisizeSet(let otherSizes) = otherSet.payload else {
            Issue.record("Other has no multisize set")
            return
        }
        #expect(otherSizes.map { "\($0.width) \($0.index)" } == ["16 1", "32 2", "128 3"])
        // The named app icon set keeps its numbering from 0.
        #expect(car.renditions.contains { $0.name == "i64.png" && $0.key[.dimension2] == 0 })
        let pixelless = [(1004 as UInt32, [UInt8](repeating: 0, count: 8)), (1006, [1, 0, 0, 0])]
        let color = try #require(car.renditions.first { $0.name == "Tint" })
        #expect(color.key[.scale] == 1)
        #expect(color.infoTags.map(\.tag) == pixelless.map(\.0) && color.infoTags.map(\.value.bytes) == pixelless.map(\.1))
        let sets = car.renditions.filter { $0.key[.part] == 218 }
        #expect(sets.count == 2)
        for set in sets { #expect(set.infoTags.map(\.tag) == [1004, 1006] && set.infoTags.map(\.value.bytes) == pixelless.map(\.1)) }
    }

    @Test func appIconSizesAreKeyedInDimension2AndTheLargestIsWhatCoreUIReturns() throws {
        let fixture = try Self.fixture(dark: false)
        let car = try Self.compile(fixture.read(), .macosx).car
        let icons = car.renditions.filter { $0.key[.part] == 220 }
        #expect(icons.allSatisfy { $0.key[.dimension1] == 0 })
        // SISM: 32 pt index 0, 128 pt index 1; the images carry those indices in dimension 2.
        #expect(Set(icons.map { "\($0.name) \($0.key[.dimension2]) \($0.key[.scale])" }) == ["i64.png 0 2", "i128.png 1 1", "i256.png 1 2"])
        let sism = try #require(car.renditions.first { $0.key[.part] == 218 })
        guard case .multisizeSet(let entries) = sism.payload else {
            Issue.record("no multisize set")
            return
        }
        #expect(entries.map { "\($0.width) \($0.index)" } == ["32 0", "128 1"])
        let lookup = CoreUIKeyLookup(file: car)
        #expect(lookup.image(named: "AppIcon", scale: 2, idiom: 0, appearanceName: nil).map { car.renditions[$0].name } == "i256.png")
    }

    @Test func bitmapKeysHoldEachFacetsMasksAsXcodeWritesThem() throws {
        let fixture = try Self.fixture(dark: true)
        let index = fixture.read()
        let (bytes, car) = try Self.compile(index, .macosx)
        #expect(car.blockNames.suffix(3) == ["KEYFORMAT", "EXTENDED_METADATA", "BITMAPKEYS"])
        #expect(car.bitmapKeys.count == car.facets.count)
        #expect(car.bitmapKeys.map(\.identifier) == car.bitmapKeys.map(\.identifier).sorted())
        let art = try #require(car.facets.first { $0.name == "Art" })
        let entry = try #require(car.bitmapKeys.first { $0.identifier == UInt32(art.attributes[.identifier]) })
        var masks: [String: UInt32] = [:]
        for (attribute, mask) in zip(car.keyFormat, entry.masks) { masks[attribute.name] = mask }
        // Appearance and previous value always all ones; element 85, part 181 and the identifier are 32 or more.
        #expect(masks["appearance"] == .max && masks["previous-value"] == .max)
        #expect(masks["element"] == .max && masks["part"] == .max && masks["identifier"] == .max)
        // Scales 1 and 2, dimension 2 and the states only 0.
        #expect(masks["scale"] == 0b110 && masks["dimension2"] == 1 && masks["state"] == 1)
        let icon = try #require(car.facets.first { $0.name == "AppIcon" })
        let iconMasks = try #require(car.bitmapKeys.first { $0.identifier == UInt32(icon.attributes[.identifier]) }).masks
        #expect(iconMasks[car.keyFormat.firstIndex(of: .dimension2)!] == 0b11)
        // The tree keeps its keys in the pages: the header's flag byte is 1 and its pages are 1024 bytes.
        let header = try bytes.withUnsafeBytes { buffer in
            let store = try BOMStore(file: CARBytes(buffer: buffer, base: 0, structure: "file"))
            return try store.block(try #require(store.variable("BITMAPKEYS")), as: "tree").bytes
        }
        #expect(Array(header[12..<16]) == [0, 0, 4, 0] && header[20] == 1)
        #expect(try Self.compile(index, .macosx, jobs: 1).bytes == bytes)
    }
}
