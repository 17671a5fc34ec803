import AssetCatalog
import AssetCatalogBuilder
import Testing

@testable import AssetCatalogActool

@Suite("Thinning: what a device keeps")
struct DeviceThinningTests {
    typealias F = ThinningFixtures

    @Test("a 3x iPhone keeps 3x and drops 1x and 2x")
    func exactScale() {
        let kept = F.kept([F.image("a@1x", scale: 1), F.image("a@2x", scale: 2), F.image("a@3x", scale: 3)], on: "iPhone14,7")
        #expect(kept == ["a@3x"])
    }

    @Test("without 3x, a 3x iPhone keeps the largest lower scale, as CoreUI picks it")
    func lowerScaleFallback() {
        #expect(F.kept([F.image("a@1x", scale: 1), F.image("a@2x", scale: 2)], on: "iPhone14,7") == ["a@2x"])
    }

    @Test("empty slots (entries without a file) outclass nothing: a 1x file beside empty 2x and 3x slots is kept")
    func emptySlots() {
        // SwiftUITestProject1's `Avatar` (../shared): Xcode 15 keeps the 1x JPEG in its car thinned for a 3x simulator.
        var empty2x = F.image("unused", scale: 2), empty3x = F.image("unused", scale: 3)
        empty2x.source = nil
        empty3x.source = nil
        #expect(F.kept([F.image("a@1x", scale: 1), empty2x, empty3x], on: "iPhone14,7") == ["a@1x"])
        // A file at the device's scale still outclasses the lower one.
        #expect(F.kept([F.image("a@1x", scale: 1), empty2x, F.image("a@3x", scale: 3)], on: "iPhone14,7") == ["a@3x"])
    }

    @Test("the App Store's marketing icon is left out of a device's car, unless the set has nothing else")
    func marketingIcons() {
        // SwiftUITestProject1 (../shared): Xcode 15's thinned car has no `ios-marketing` image.
        let home = F.image("icon@3x", idiom: .phone, scale: 3, attributes: ["size": "60x60", "idiom": "iphone"])
        let store = F.image("store", scale: 1, attributes: ["size": "1024x1024", "idiom": "ios-marketing"])
        #expect(F.kept([home, store], on: "iPhone14,7") == ["icon@3x"])
        #expect(F.kept([store], on: "iPhone14,7") == ["store"])
    }

    @Test("with no lower scale, the smallest higher one is kept")
    func higherScaleFallback() {
        #expect(F.kept([F.image("a@3x", scale: 3), F.image("a@4x", scale: 4)], on: "iPad16,3") == ["a@3x"])
    }

    @Test("a vector entry is drawn at every scale, so it replaces lower bitmaps; a preserved vector replaces nothing")
    func vectors() {
        let entries = [F.image("a.pdf"), F.image("a@2x", scale: 2)]
        #expect(F.kept(entries, on: "iPhone14,7") == ["a.pdf"])
        let preserved = AssetProperties(preservesVectorRepresentation: true)
        #expect(F.kept(entries, on: "iPhone14,7", properties: preserved) == ["a.pdf", "a@2x"])
    }

    @Test("an iPad keeps iPad and universal entries and drops iPhone ones")
    func idioms() {
        let kept = F.kept(
            [F.image("phone", idiom: .phone, scale: 2), F.image("pad", idiom: .pad, scale: 2), F.image("any-1x", scale: 1)],
            on: "iPad13,18")
        #expect(kept == ["pad"])
        let universalOnly = F.kept([F.image("phone", idiom: .phone, scale: 2), F.image("any", scale: 2)], on: "iPad13,18")
        #expect(universalOnly == ["any"])
    }

    @Test("the device's idiom at a worse scale is kept beside universal artwork at its scale")
    func idiomAgainstScale() {
        // CoreUI weighs scale first, assetc's own rules idiom first: both stay, the runtime decides.
        let kept = F.kept([F.image("phone@2x", idiom: .phone, scale: 2), F.image("any@3x", scale: 3)], on: "iPhone14,7")
        #expect(kept == ["phone@2x", "any@3x"])
    }

    @Test("a P3 device keeps P3 artwork; an sRGB device keeps sRGB and drops P3")
    func gamut() {
        let entries = [F.image("srgb", scale: 2, gamut: .sRGB), F.image("p3", scale: 2, gamut: .displayP3)]
        #expect(F.kept(entries, on: "iPhone12,8") == ["p3"])  // iPhone SE (2nd generation): 2x, P3
        #expect(F.kept(entries, on: "iPhone8,4") == ["srgb"])  // iPhone SE (1st generation): 2x, sRGB
        #expect(F.kept([F.image("p3", scale: 2, gamut: .displayP3)], on: "iPhone8,4").isEmpty)
    }

    @Test("the best memory class the device has is kept")
    func memory() {
        let entries = [
            F.image("any", scale: 3), F.image("2GB", scale: 3, attributes: ["memory": "2GB"]),
            F.image("4GB", scale: 3, attributes: ["memory": "4GB"]), F.image("8GB", scale: 3, attributes: ["memory": "8GB"]),
        ]
        #expect(F.kept(entries, on: "iPhone14,7") == ["4GB"])  // 6 GB
        #expect(F.kept(entries, on: "iPhone16,1") == ["8GB"])  // 8 GB
        #expect(F.kept(entries, on: "iPhone7,2") == ["any"])  // iPhone 6: 1 GB, 2x; the 3x entries are all it has
        // iPad Pro 11-inch (M4): 8 GB, 16 GB with 1 TB of storage; the build cannot tell which, so both stay.
        let sixteen = entries + [F.image("16GB", scale: 3, attributes: ["memory": "16GB"])]
        #expect(F.kept(sixteen, on: "iPad16,3") == ["8GB", "16GB"])
    }

    @Test("the best graphics class the GPU supports is kept; a GPU without Metal keeps the unmarked entry")
    func graphics() {
        let entries = [
            F.image("any", scale: 2), F.image("metal3v1", scale: 2, attributes: ["graphics-feature-set": "metal3v1"]),
            F.image("apple7", scale: 2, attributes: ["graphics-feature-set": "apple7"]),
            F.image("apple9", scale: 2, attributes: ["graphics-feature-set": "apple9"]),
        ]
        #expect(F.kept(entries, on: "iPad13,18") == ["apple7"])  // A14: family 7
        #expect(F.kept(entries, on: "iPad7,5") == ["metal3v1"])  // A10: family 3
        #expect(F.kept(entries, on: "iPad3,4") == ["any"])  // A6X: no Metal
        #expect(F.kept(entries, on: "iPad16,3") == ["apple9"])  // M4: family 9
    }

    @Test("dark, high-contrast, right-to-left, size-class and localized entries are all kept")
    func runtimeTraitsAreKept() throws {
        var rtl = F.image("rtl@3x", scale: 3)
        rtl.traits.layoutDirection = .rightToLeft
        var regular = F.image("wR@3x", scale: 3)
        regular.traits.horizontalSizeClass = .regular
        var french = F.image("fr@3x", scale: 3)
        french.traits.locale = try LocaleTag(parsing: "fr")
        var highContrast = F.image("high@3x", scale: 3)
        highContrast.traits.contrast = .high
        let entries = [
            F.image("light@3x", scale: 3), F.image("dark@2x", scale: 2, appearance: .dark), F.image("dark@3x", scale: 3, appearance: .dark),
            rtl, regular, french, highContrast, F.image("light@2x", scale: 2),
        ]
        #expect(F.kept(entries, on: "iPhone14,7") == ["light@3x", "dark@3x", "rtl@3x", "wR@3x", "fr@3x", "high@3x"])
        // Without dark artwork at 3x, the 2x dark artwork is what a dark 3x phone shows: kept.
        let noDark3x = [F.image("light@3x", scale: 3), F.image("dark@2x", scale: 2, appearance: .dark)]
        #expect(F.kept(noDark3x, on: "iPhone14,7") == ["light@3x", "dark@2x"])
    }

    @Test("a 4-inch iPhone keeps its retina4 artwork; other phones drop it")
    func retina4() {
        let entries = [F.image("plain", idiom: .phone, scale: 2), F.image("568h", idiom: .phone, scale: 2, attributes: ["subtype": "retina4"])]
        #expect(F.kept(entries, on: "iPhone8,4") == ["568h"])
        #expect(F.kept(entries, on: "iPhone12,8") == ["plain"])
    }

    @Test("watches keep their case size and the closest screen-width condition they meet")
    func watches() {
        let widths = [
            F.image("small", idiom: .watch, scale: 2, attributes: ["screen-width": "<=145"]),
            F.image("40", idiom: .watch, scale: 2, attributes: ["screen-width": ">161"]),
            F.image("44", idiom: .watch, scale: 2, attributes: ["screen-width": ">183"]),
            F.image("any", idiom: .watch, scale: 2),
        ]
        #expect(F.kept(widths, on: "Watch4,2") == ["44"])  // 184 points
        #expect(F.kept(widths, on: "Watch4,1") == ["40"])  // 162 points
        #expect(F.kept(widths, on: "Watch2,3") == ["small"])  // 136 points
        let icons = [
            F.image("38", idiom: .watch, scale: 2, attributes: ["subtype": "38mm", "role": "appLauncher"]),
            F.image("44", idiom: .watch, scale: 2, attributes: ["subtype": "44mm", "role": "appLauncher"]),
        ]
        #expect(F.kept(icons, on: "Watch6,2") == ["44"])
        #expect(F.kept(icons, on: "Watch7,9") == ["38", "44"])  // Series 10 46 mm: subtype unknown, both kept
    }

    @Test("a TV whose scale depends on the set keeps every scale")
    func openScale() {
        let entries = [F.image("a@1x", idiom: .tv, scale: 1), F.image("a@2x", idiom: .tv, scale: 2), F.image("phone", idiom: .phone, scale: 2)]
        #expect(F.kept(entries, on: "AppleTV14,1") == ["a@1x", "a@2x"])
        #expect(F.kept(entries, on: "AppleTV5,3") == ["a@1x"])
    }

    @Test("an asset with nothing left is dropped; one with no entries to begin with stays")
    func emptiedAssets() throws {
        let device = try #require(DeviceTable.device(model: "iPhone14,7"))
        let index = CatalogIndex(assets: [
            Asset(name: "PadOnly", kind: .image, sourceIndex: 0, path: "PadOnly.imageset", variants: [F.image("pad", idiom: .pad, scale: 2)]),
            Asset(name: "Stack", kind: .imageStack, sourceIndex: 0, path: "Stack.imagestack", members: [AssetMember(name: "Stack/Front")]),
            Asset(name: "Kept", kind: .image, sourceIndex: 0, path: "Kept.imageset", variants: [F.image("any", scale: 3)]),
        ])
        #expect(index.thinned(for: device).assets.map(\.name) == ["Stack", "Kept"])
    }

    @Test("colour sets are thinned by idiom and gamut; dark colours stay")
    func colors() throws {
        let device = try #require(DeviceTable.device(model: "iPhone14,7"))
        let red = ColorValue.components(ColorComponents(colorSpace: "srgb", red: 1, green: 0, blue: 0, alpha: 1))
        let colors = [
            ColorVariant(traits: VariantTraits(), value: red),
            ColorVariant(traits: VariantTraits(displayGamut: .displayP3), value: red),
            ColorVariant(traits: VariantTraits(appearance: .dark), value: red),
            ColorVariant(traits: VariantTraits(idiom: .pad), value: red),
            ColorVariant(traits: VariantTraits(idiom: .phone, appearance: .dark), value: red),
        ]
        let index = CatalogIndex(assets: [Asset(name: "Tint", kind: .color, sourceIndex: 0, path: "Tint.colorset", colors: colors)])
        let kept = index.thinned(for: device).assets.first?.colors.map(\.traits)
        #expect(kept == [VariantTraits(displayGamut: .displayP3), VariantTraits(idiom: .phone, appearance: .dark)])
    }

    @Test("the result does not depend on the order of the entries")
    func orderIndependence() {
        let entries = [
            F.image("phone@2x", idiom: .phone, scale: 2), F.image("any@2x", scale: 2), F.image("phone@3x", idiom: .phone, scale: 3),
            F.image("any@1x", scale: 1), F.image("dark@2x", scale: 2, appearance: .dark), F.image("p3@3x", idiom: .phone, scale: 3, gamut: .displayP3),
        ]
        let forward = Set(F.kept(entries, on: "iPhone14,7"))
        let backward = Set(F.kept(entries.reversed(), on: "iPhone14,7"))
        #expect(forward == backward)
        #expect(forward == ["p3@3x", "dark@2x"])
    }

    @Test("a request without a device leaves the index as it is")
    func noDevice() throws {
        let index = F.index([F.image("a@1x", scale: 1), F.image("a@2x", scale: 2)])
        let request = try ThinningRequest(deviceConfiguration: nil, deviceModel: nil, osVersion: "17.0")
        #expect(index.thinned(for: request) == index)
    }
}
