import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

/// The fingerprint writer: what a rendition is a function of must change its fingerprint, or a rebuild would copy a
/// stale value from the previous car.
@Suite("rendition fingerprints")
struct RenditionFingerprintTests {
    static func fingerprint(_ traits: VariantTraits) -> RenditionFingerprint {
        var writer = FingerprintWriter("rendition")
        writer.add(traits)
        return writer.finish()
    }

    /// Every value of every trait, "any" included, each changed alone from "any" everywhere.
    static var oneTraitEach: [VariantTraits] {
        var all = [VariantTraits()]
        func each<Value: TraitValue>(_ field: WritableKeyPath<VariantTraits, Value?>) {
            for value in Value.allCases {
                var traits = VariantTraits()
                traits[keyPath: field] = value
                all.append(traits)
            }
        }
        each(\.idiom)
        each(\.displayGamut)
        each(\.horizontalSizeClass)
        each(\.verticalSizeClass)
        each(\.appearance)
        each(\.contrast)
        each(\.layoutDirection)
        for scale in 1...3 { all.append(VariantTraits(displayScale: DisplayScale(scale))) }
        for locale in ["en", "pt-BR", "zh-Hant"] { all.append(VariantTraits(locale: LocaleTag(locale))) }
        return all
    }

    @Test("every value of every trait gives its own fingerprint, and the same traits the same one")
    func traitsAreTold() {
        let traits = Self.oneTraitEach
        let fingerprints = traits.map(Self.fingerprint)
        #expect(Set(fingerprints).count == traits.count)
        #expect(traits.map(Self.fingerprint) == fingerprints)
        // Two traits set at once differ from either alone (each is written in its own place).
        let both = Self.fingerprint(VariantTraits(horizontalSizeClass: .compact, verticalSizeClass: .regular))
        #expect(!fingerprints.contains(both))
        #expect(both != Self.fingerprint(VariantTraits(horizontalSizeClass: .regular, verticalSizeClass: .compact)))
    }

    @Test("past the first 512 bytes the writer grows and keeps every byte: an early field still tells two apart")
    func growthKeepsEveryByte() {
        func fingerprint(first: String, last: Int) -> RenditionFingerprint {
            var writer = FingerprintWriter("rendition")
            writer.add(first)
            for number in 0..<300 { writer.add(number) }  // 2,400 bytes: grown three times
            writer.add(String(repeating: "é", count: 500))
            writer.add(last)
            return writer.finish()
        }
        let base = fingerprint(first: "a", last: 1)
        #expect(fingerprint(first: "a", last: 1) == base)
        #expect(fingerprint(first: "b", last: 1) != base)
        #expect(fingerprint(first: "a", last: 2) != base)
    }

    @Test("finishing leaves the writer as it was: a second finish gives the same fingerprint, whose halves differ")
    func finishIsRepeatable() {
        var writer = FingerprintWriter("atlas")
        writer.add("name")
        writer.add(42)
        let first = writer.finish()
        #expect(writer.finish() == first)
        #expect(first.high != first.low)
    }
}
