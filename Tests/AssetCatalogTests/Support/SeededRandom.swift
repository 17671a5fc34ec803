@testable import AssetCatalog

/// A reproducible random source (SplitMix64), so a failing property test can be replayed from its seed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `nil` about a third of the time, otherwise a random case.
    mutating func maybe<Value: CaseIterable>(_: Value.Type, nilOdds: Int = 3) -> Value? where Value.AllCases == [Value] {
        Int.random(in: 0..<nilOdds, using: &self) == 0 ? nil : Value.allCases.randomElement(using: &self)
    }

    /// Tags spelled in several ways, with parents, siblings and other languages.
    static let localePool = ["fr", "FR_ca", "fr-CA", "fr-FR", "de", "zh", "zh-Hans", "zh_hans_CN", "zh-Hant"]

    /// `nil` half the time, otherwise a tag from ``localePool``.
    mutating func locale() -> LocaleTag? {
        Bool.random(using: &self) ? nil : LocaleTag(Self.localePool.randomElement(using: &self)!)
    }

    mutating func variantTraits(maxScale: Int = 4, withLocale: Bool = false) -> VariantTraits {
        var traits = variantTraits(maxScale: maxScale)
        if withLocale { traits.locale = locale() }
        return traits
    }

    mutating func variantTraits(maxScale: Int = 4) -> VariantTraits {
        VariantTraits(
            idiom: maybe(Idiom.self, nilOdds: 2),
            displayScale: Int.random(in: 0..<3, using: &self) == 0 ? nil : DisplayScale(Int.random(in: 1...maxScale, using: &self)),
            displayGamut: maybe(DisplayGamut.self),
            horizontalSizeClass: maybe(SizeClass.self),
            verticalSizeClass: maybe(SizeClass.self),
            appearance: maybe(Appearance.self),
            contrast: maybe(Contrast.self),
            layoutDirection: maybe(LayoutDirection.self))
    }

    mutating func request(unspecifiedOdds: Int = 6) -> TraitCollection {
        func specified() -> Bool { Int.random(in: 0..<unspecifiedOdds, using: &self) != 0 }
        return TraitCollection(
            idiom: specified() ? Idiom.allCases.randomElement(using: &self) : nil,
            displayScale: specified() ? DisplayScale(Int.random(in: 1...4, using: &self)) : nil,
            displayGamut: specified() ? DisplayGamut.allCases.randomElement(using: &self) : nil,
            horizontalSizeClass: specified() ? SizeClass.allCases.randomElement(using: &self) : nil,
            verticalSizeClass: specified() ? SizeClass.allCases.randomElement(using: &self) : nil,
            appearance: specified() ? Appearance.allCases.randomElement(using: &self) : nil,
            contrast: specified() ? Contrast.allCases.randomElement(using: &self) : nil,
            layoutDirection: specified() ? LayoutDirection.allCases.randomElement(using: &self) : nil)
    }
}
