import Testing

@testable import AssetCatalog

/// One test per documented difference between `ResolutionRules.coreUI` and `.assetc` (docs/RESOLUTION.md),
/// and one per publicly described CoreUI fallback that assetc's rules already share.
@Suite("CoreUI rule set")
struct CoreUIRulesTests {
    static func pick(_ variants: [VariantTraits], _ request: TraitCollection, _ rules: ResolutionRules) -> Int? {
        Resolver(rules: rules).bestVariant(among: variants, for: request)
    }

    @Test("Names: coreui and assetc, case-insensitive; unknown names are nil")
    func names() {
        #expect(ResolutionRules.named("CoreUI") == .coreUI)
        #expect(ResolutionRules.named("assetc") == .assetc)
        #expect(ResolutionRules.named("android") == nil)
        #expect(Resolver().rules == .assetc)
    }

    @Test("Difference: CoreUI tries lower scales before higher ones")
    func lowerScalesFirst() {
        let variants = [VariantTraits(displayScale: 3), VariantTraits(displayScale: 1)]
        let request = TraitCollection(displayScale: 2)
        #expect(Self.pick(variants, request, .assetc) == 0)
        #expect(Self.pick(variants, request, .coreUI) == 1)
        // The nearest lower first: 2x before 1x for a 3x screen, and higher ones only after every lower one.
        let more = [VariantTraits(displayScale: 1), VariantTraits(displayScale: 4), VariantTraits(displayScale: 2)]
        #expect(Self.pick(more, TraitCollection(displayScale: 3), .coreUI) == 2)
        #expect(Self.pick(Array(more.prefix(2)), TraitCollection(displayScale: 3), .coreUI) == 0)
        // The compiled table and the rules agree beyond the tabulated scales.
        let big = [VariantTraits(displayScale: 9), VariantTraits(displayScale: 12)]
        #expect(Self.pick(big, TraitCollection(displayScale: 10), .coreUI) == 0)
        #expect(Self.pick(big, TraitCollection(displayScale: 10), .assetc) == 1)
    }

    @Test("Difference: unmarked artwork counts as sRGB, so P3 falls back to sRGB and unmarked alike (source order)")
    func unmarkedGamutIsSRGB() {
        let variants = [VariantTraits(displayGamut: .sRGB), VariantTraits()]
        let p3 = TraitCollection(displayGamut: .displayP3)
        #expect(Self.pick(variants, p3, .assetc) == 1, "assetc prefers 'any' over the other gamut")
        #expect(Self.pick(variants, p3, .coreUI) == 0, "for CoreUI both are sRGB: the first listed wins")
        // An sRGB screen: an explicit sRGB variant no longer beats the unmarked one listed before it.
        let srgb = TraitCollection(displayGamut: .sRGB)
        #expect(Self.pick([VariantTraits(), VariantTraits(displayGamut: .sRGB)], srgb, .assetc) == 1)
        #expect(Self.pick([VariantTraits(), VariantTraits(displayGamut: .sRGB)], srgb, .coreUI) == 0)
        // P3 artwork still wins on a P3 screen.
        #expect(Self.pick([VariantTraits(), VariantTraits(displayGamut: .displayP3)], p3, .coreUI) == 1)
    }

    @Test("Difference: unmarked artwork counts as normal contrast (CoreUI's 'dark' covers both)")
    func unmarkedContrastIsNormal() {
        let variants = [VariantTraits(contrast: .normal), VariantTraits()]
        let high = TraitCollection(contrast: .high)
        #expect(Self.pick(variants, high, .assetc) == 1)
        #expect(Self.pick(variants, high, .coreUI) == 0)
    }

    @Test("Shared: appearances walk high-contrast dark, dark, high-contrast any, any")
    func appearanceWalk() {
        let walk = [
            VariantTraits(), VariantTraits(contrast: .high), VariantTraits(appearance: .dark),
            VariantTraits(appearance: .dark, contrast: .high),
        ]
        let request = TraitCollection(appearance: .dark, contrast: .high)
        for rules in ResolutionRules.all {
            var remaining = walk
            var order: [VariantTraits] = []
            while let best = Self.pick(remaining, request, rules) {
                order.append(remaining.remove(at: best))
            }
            #expect(order == Array(walk.reversed()), "\(rules)")
            // Light never falls back to dark, nor normal contrast to high contrast.
            #expect(Self.pick([VariantTraits(appearance: .dark)], TraitCollection(appearance: .light), rules) == nil)
            #expect(Self.pick([VariantTraits(contrast: .high)], TraitCollection(contrast: .normal), rules) == nil)
        }
    }

    @Test("Shared: an idiom falls back to universal, never to another idiom")
    func idiomToUniversal() {
        let variants = [VariantTraits(idiom: .phone), VariantTraits(), VariantTraits(idiom: .pad)]
        for rules in ResolutionRules.all {
            #expect(Self.pick(variants, TraitCollection(idiom: .pad), rules) == 2)
            #expect(Self.pick(Array(variants.prefix(2)), TraitCollection(idiom: .pad), rules) == 1)
            #expect(Self.pick([VariantTraits(idiom: .phone)], TraitCollection(idiom: .pad), rules) == nil)
        }
    }

    @Test("Shared: size classes are relaxed keeping the horizontal class longest")
    func horizontalKeptFirst() {
        let variants = [
            VariantTraits(), VariantTraits(verticalSizeClass: .regular), VariantTraits(horizontalSizeClass: .compact),
            VariantTraits(horizontalSizeClass: .compact, verticalSizeClass: .regular),
        ]
        let request = TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular)
        for rules in ResolutionRules.all {
            var remaining = variants
            var order: [VariantTraits] = []
            while let best = Self.pick(remaining, request, rules) { order.append(remaining.remove(at: best)) }
            #expect(order == Array(variants.reversed()), "\(rules)")
        }
    }

    @Test("CoreUI's scale order: exact, the largest lower, a vector, the smallest higher")
    func scaleThenVector() {
        let vector = VariantTraits()
        let one = VariantTraits(displayScale: 1), two = VariantTraits(displayScale: 2), three = VariantTraits(displayScale: 3)
        // An exact bitmap beats the vector at every scale; a lower scale beats the vector; the vector beats a higher scale.
        #expect(Self.pick([vector, one, two, three], TraitCollection(displayScale: 2), .coreUI) == 2)
        #expect(Self.pick([vector, one, three], TraitCollection(displayScale: 2), .coreUI) == 1)
        #expect(Self.pick([vector, three], TraitCollection(displayScale: 2), .coreUI) == 0)
        #expect(Self.pick([three, two], TraitCollection(displayScale: 1), .coreUI) == 1)
        // assetc's own order puts the vector right after the exact scale.
        #expect(Self.pick([vector, one, three], TraitCollection(displayScale: 2), .assetc) == 0)
    }

    @Test("CoreUI compares the scale before the idiom: universal artwork at the right scale beats the idiom's at another")
    func scaleBeforeIdiom() {
        let variants = [VariantTraits(idiom: .phone, displayScale: 2), VariantTraits(displayScale: 3)]
        let request = TraitCollection(idiom: .phone, displayScale: 3)
        #expect(Self.pick(variants, request, .coreUI) == 1)
        #expect(Self.pick(variants, request, .assetc) == 0)
        // At the same scale the idiom's own artwork wins.
        #expect(Self.pick([VariantTraits(displayScale: 3), VariantTraits(idiom: .phone, displayScale: 3)], request, .coreUI) == 1)
    }

    @Test("CoreUI takes the requested gamut or sRGB: Display P3 artwork is never drawn on an sRGB screen")
    func gamutRequestedOrSRGB() {
        let p3 = VariantTraits(displayScale: 2, displayGamut: .displayP3)
        #expect(Self.pick([p3], TraitCollection(displayScale: 2, displayGamut: .sRGB), .coreUI) == nil)
        #expect(Self.pick([p3], TraitCollection(displayScale: 2, displayGamut: .sRGB), .assetc) == 0)
        #expect(Self.pick([VariantTraits(displayScale: 2), p3], TraitCollection(displayScale: 2, displayGamut: .displayP3), .coreUI) == 1)
    }

    @Test("CoreUI ranks the other layout direction after none instead of eliminating it")
    func otherDirectionLast() {
        let rtl = VariantTraits(layoutDirection: .rightToLeft)
        let request = TraitCollection(layoutDirection: .leftToRight)
        #expect(Self.pick([rtl], request, .coreUI) == 0)
        #expect(Self.pick([rtl], request, .assetc) == nil)
        #expect(Self.pick([rtl, VariantTraits()], request, .coreUI) == 1)
    }

    @Test("Key facts: the facet's part, a bitmap before a vector of its scale, the largest deployment target and dimension 2")
    func keyFacts() {
        let resolver = Resolver(rules: .coreUI)
        let request = TraitCollection(idiom: .phone, displayScale: 2)
        func pick(_ variants: [VariantTraits], _ facts: [CoreUIKeyFacts]) -> Int? {
            resolver.bestVariant(among: variants, keyFacts: facts, for: request)
        }
        let two = VariantTraits(displayScale: 2)
        // Another part (a preserved vector, an icon size) loses to the facet's own part even at a worse scale.
        #expect(pick([two, VariantTraits(displayScale: 1)], [CoreUIKeyFacts(isInFacetPart: false), CoreUIKeyFacts()]) == 1)
        #expect(pick([two, two], [CoreUIKeyFacts(isVector: true), CoreUIKeyFacts()]) == 1)
        #expect(pick([two, two, two], [CoreUIKeyFacts(), CoreUIKeyFacts(deploymentTarget: 5), CoreUIKeyFacts(deploymentTarget: 3)]) == 1)
        #expect(pick([two, two], [CoreUIKeyFacts(dimension2: 1), CoreUIKeyFacts(dimension2: 4)]) == 1)
        #expect(pick([two, two], [CoreUIKeyFacts(otherAttributesSet: 1), CoreUIKeyFacts()]) == 1)
        // The deployment target ranks after the scale: an exact scale at an older target beats a lower one at a newer.
        #expect(pick([VariantTraits(displayScale: 1), two], [CoreUIKeyFacts(deploymentTarget: 5), CoreUIKeyFacts()]) == 1)
        // A subtype no request names, and a kind CoreUI's lookup does not return, never answer.
        #expect(pick([two], [CoreUIKeyFacts(subtype: 1792)]) == nil)
        let explanation = resolver.explain([two], keyFacts: [CoreUIKeyFacts(notReturned: "a layer stack")], for: request)
        #expect(explanation.candidates[0].outcome == .notReturned(reason: "a layer stack"))
        // assetc's rules ignore the facts.
        #expect(Resolver().bestVariant(among: [two], keyFacts: [CoreUIKeyFacts(subtype: 1792)], for: request) == 0)
    }

    @Test("The two layers: CoreUI matches the appearance exactly; the app's retry in the default appearance is reported")
    func appearanceLayers() {
        let resolver = Resolver(rules: .coreUI)
        let dark = TraitCollection(displayScale: 2, appearance: .dark)
        let onlyAny = resolver.explain([VariantTraits(displayScale: 2)], for: dark)
        #expect(onlyAny.chosenIndex == 0)
        #expect(onlyAny.appearanceFallback?.appearance == nil && onlyAny.appearanceFallback != nil)
        let withDark = resolver.explain([VariantTraits(displayScale: 2), VariantTraits(displayScale: 1, appearance: .dark)], for: dark)
        #expect(withDark.chosenIndex == 1, "the dark lookup answers, even at a lower scale")
        #expect(withDark.appearanceFallback == nil)
        // A light request finds "any" artwork in CoreUI's first lookup when the asset has no light artwork.
        #expect(resolver.explain([VariantTraits(displayScale: 2)], for: TraitCollection(appearance: .light)).appearanceFallback == nil)
    }

    @Test("--fallback-order applies to a rule set without changing its other rules")
    func orderOverride() throws {
        let rules = ResolutionRules.coreUI.with(order: try FallbackOrder(parsing: "scale"))
        #expect(rules.scalePreference == .lowerFirst)
        #expect(rules.order.dimensions.first == .scale)
        #expect(rules.description == "coreui (order scale,idiom,width,height,appearance,contrast,direction,locale,gamut)")
    }
}
