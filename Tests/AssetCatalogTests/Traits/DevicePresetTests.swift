import Testing

@testable import AssetCatalog

@Suite("Device presets")
struct DevicePresetTests {
    @Test("Every preset is fully specified, light, normal contrast, left to right, with a unique name")
    func allFullySpecified() {
        #expect(Set(DevicePreset.all.map(\.name)).count == DevicePreset.all.count)
        for preset in DevicePreset.all {
            #expect(preset.traits.isFullySpecified, "\(preset.name)")
            #expect(preset.traits.appearance == .light)
            #expect(preset.traits.contrast == .normal)
            #expect(preset.traits.layoutDirection == .leftToRight)
        }
    }

    @Test(
        "The required presets have the documented traits",
        arguments: [
            ("iphone-portrait", Idiom.phone, 3, DisplayGamut.displayP3, "wC hR"),
            ("iphone-landscape", .phone, 3, .displayP3, "wC hC"),
            ("iphone-max-landscape", .phone, 3, .displayP3, "wR hC"),
            ("iphone-legacy-portrait", .phone, 2, .sRGB, "wC hR"),
            ("ipad", .pad, 2, .displayP3, "wR hR"),
            ("ipad-slide-over", .pad, 2, .displayP3, "wC hR"),
            ("ipad-legacy", .pad, 1, .sRGB, "wR hR"),
            ("tv", .tv, 1, .sRGB, "wR hC"),
            ("watch", .watch, 2, .sRGB, "wC hC"),
            ("mac", .mac, 2, .displayP3, "wR hR"),
            ("vision", .vision, 2, .displayP3, "wR hR"),
        ])
    func documentedTraits(name: String, idiom: Idiom, scale: Int, gamut: DisplayGamut, sizeClasses: String) throws {
        let preset = try #require(DevicePreset.named(name))
        #expect(preset.traits.idiom == idiom)
        #expect(preset.traits.displayScale?.value == scale)
        #expect(preset.traits.displayGamut == gamut)
        #expect(preset.traits.sizeClasses.description == sizeClasses)
    }

    @Test("Lookup ignores case and rejects unknown names")
    func lookup() {
        #expect(DevicePreset.named("IPAD")?.name == "ipad")
        #expect(DevicePreset.named("toaster") == nil)
    }
}
