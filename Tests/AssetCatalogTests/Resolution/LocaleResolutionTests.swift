import Testing

@testable import AssetCatalog

@Suite("Locale resolution")
struct LocaleResolutionTests {
    static func variants(_ tags: [String?]) -> [VariantTraits] {
        tags.map { VariantTraits(displayScale: 2, locale: $0.flatMap(LocaleTag.init)) }
    }

    static func chosen(_ tags: [String?], request: String?, rules: ResolutionRules = .assetc) -> String?? {
        let request = TraitCollection(displayScale: 2, locale: request.flatMap(LocaleTag.init))
        return Resolver(rules: rules).bestVariant(among: variants(tags), for: request).map { tags[$0] }
    }

    @Test("Exact, then the language alone, then no locale, then the same language elsewhere; other languages never")
    func fallbackChain() {
        var tags: [String?] = ["de", "fr-FR", nil, "fr", "fr-CA"]
        #expect(Self.chosen(tags, request: "fr-CA") == .some("fr-CA"))
        tags.removeLast()
        #expect(Self.chosen(tags, request: "fr-CA") == .some("fr"))
        tags.removeLast()
        #expect(Self.chosen(tags, request: "fr-CA") == .some(nil))
        tags.removeLast()
        #expect(Self.chosen(tags, request: "fr-CA") == .some("fr-FR"))
        tags.removeLast()
        #expect(Self.chosen(tags, request: "fr-CA") == nil, "a German variant is never shown to a French reader")
    }

    @Test("Matching ignores case and the separator")
    func caseInsensitive() {
        #expect(Self.chosen(["fr", "fr-CA", nil], request: "FR_ca") == .some("fr-CA"))
        #expect(Self.chosen([nil, "ZH_hans"], request: "zh-Hans") == .some("ZH_hans"))
    }

    @Test("The nearest parent wins: zh-Hans before zh for zh-Hans-CN")
    func nearestParent() {
        #expect(Self.chosen(["zh", "zh-Hans", nil, "zh-Hant"], request: "zh-Hans-CN") == .some("zh-Hans"))
        #expect(Self.chosen(["zh", nil, "zh-Hant"], request: "zh-Hans-CN") == .some("zh"))
        #expect(Self.chosen(["zh-Hant", nil], request: "zh-Hans-CN") == .some(nil))
    }

    @Test("A request without a locale prefers the unlocalized variant, then the first localized one")
    func unspecifiedRequest() {
        #expect(Self.chosen(["fr", nil, "de"], request: nil) == .some(nil))
        #expect(Self.chosen(["fr", "de"], request: nil) == .some("fr"))
    }

    @Test("Locale ranks after direction and before scale: French at 1x beats unlocalized at 2x")
    func orderAgainstScale() {
        let variants = [VariantTraits(displayScale: 2), VariantTraits(displayScale: 1, locale: LocaleTag("fr"))]
        #expect(Resolver().bestVariant(among: variants, for: TraitCollection(displayScale: 2, locale: LocaleTag("fr"))) == 1)
        #expect(FallbackOrder.default.description == "idiom,width,height,appearance,contrast,direction,locale,scale,gamut")
        let scaleFirst = Resolver(order: try! FallbackOrder(parsing: "scale"))
        #expect(scaleFirst.bestVariant(among: variants, for: TraitCollection(displayScale: 2, locale: LocaleTag("fr"))) == 0)
    }

    @Test("Explain names the locale that eliminated a variant")
    func explanation() throws {
        let request = TraitCollection(locale: LocaleTag("en-GB"))
        let explanation = Resolver().explain(Self.variants(["de", nil]), for: request)
        #expect(explanation.chosenIndex == 1)
        #expect(explanation.candidates[0].outcome == .eliminated(by: .locale))
        #expect(explanation.candidates[0].summary(request: request) == "eliminated by locale (variant de, request en-GB)")
    }

    @Test("The packed fast path with locale keys agrees with the rules on every pairing of a small tag pool")
    func fastPathAgrees() {
        let pool: [LocaleTag?] = [nil] + ["fr", "fr-CA", "fr-FR", "de", "zh", "zh-Hans", "zh-Hans-CN", "zh-Hant"].map(LocaleTag.init)
        for request in pool {
            let compiled = Resolver().compile(TraitCollection(locale: request))
            for variant in pool {
                let match = DimensionMatch.locale(variant, request)
                let key = compiled.localeKey(variant)
                #expect((key >= CompiledRequest.eliminated) == (match.quality == .eliminated), "\(String(describing: variant)) for \(String(describing: request))")
            }
        }
    }
}
