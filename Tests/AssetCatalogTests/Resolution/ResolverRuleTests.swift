import Testing

@testable import AssetCatalog

/// One test per documented rule of docs/RESOLUTION.md.
@Suite("Resolver rules")
struct ResolverRuleTests {
    let resolver = Resolver()
    let iPhone = DevicePreset.named("iphone-portrait")!.traits
    let iPad = DevicePreset.named("ipad")!.traits

    func pick(_ variants: [VariantTraits], _ request: TraitCollection, order: FallbackOrder = .default) -> Int? {
        let fast = Resolver(order: order).bestVariant(among: variants, for: request)
        // The explanation must always agree with the fast path.
        #expect(Resolver(order: order).explain(variants, for: request).chosenIndex == fast)
        return fast
    }

    @Test("Idiom: another idiom is eliminated; the exact idiom beats universal")
    func idiom() {
        let variants = [VariantTraits(idiom: .pad), VariantTraits(), VariantTraits(idiom: .phone)]
        #expect(pick(variants, iPhone) == 2)
        #expect(pick(variants, iPad) == 0)
        #expect(pick([VariantTraits(idiom: .pad)], iPhone) == nil)
        #expect(pick([VariantTraits(idiom: .pad), VariantTraits()], iPhone) == 1)
    }

    @Test("Size classes: another class is eliminated; exact beats any; width matters more than height")
    func sizeClasses() {
        let wRhR = VariantTraits(horizontalSizeClass: .regular, verticalSizeClass: .regular)
        let wC = VariantTraits(horizontalSizeClass: .compact)
        let hR = VariantTraits(verticalSizeClass: .regular)
        let any = VariantTraits()
        #expect(pick([wRhR, any], iPhone) == 1)
        #expect(pick([any, wC], iPhone) == 1)
        // Width before height: a wC variant beats an hR one on wC hR.
        #expect(pick([hR, wC], iPhone) == 1)
        #expect(pick([wRhR], iPhone) == nil)
        #expect(pick([wC, wRhR], DevicePreset.named("ipad-slide-over")!.traits) == 0)
    }

    @Test("Appearance: dark is eliminated on light; exact beats any")
    func appearance() {
        var dark = iPhone
        dark.appearance = .dark
        let variants = [VariantTraits(appearance: .dark), VariantTraits(), VariantTraits(appearance: .light)]
        #expect(pick(variants, iPhone) == 2)
        #expect(pick(variants, dark) == 0)
        #expect(pick([VariantTraits(appearance: .dark)], iPhone) == nil)
        #expect(pick([VariantTraits(appearance: .dark), VariantTraits()], iPhone) == 1)
    }

    @Test("Contrast: high is eliminated on normal; on high, high beats any beats normal")
    func contrast() {
        var high = iPhone
        high.contrast = .high
        let highVariant = VariantTraits(contrast: .high)
        let normalVariant = VariantTraits(contrast: .normal)
        #expect(pick([highVariant], iPhone) == nil)
        #expect(pick([highVariant, VariantTraits()], iPhone) == 1)
        #expect(pick([VariantTraits(), highVariant], high) == 1)
        #expect(pick([normalVariant, VariantTraits()], high) == 1)
        #expect(pick([normalVariant], high) == 0)
    }

    @Test("Layout direction: the other direction is eliminated; exact beats any")
    func direction() {
        var rtl = iPhone
        rtl.layoutDirection = .rightToLeft
        let variants = [VariantTraits(layoutDirection: .rightToLeft), VariantTraits(), VariantTraits(layoutDirection: .leftToRight)]
        #expect(pick(variants, iPhone) == 2)
        #expect(pick(variants, rtl) == 0)
        #expect(pick([VariantTraits(layoutDirection: .rightToLeft)], iPhone) == nil)
    }

    @Test("Scale: exact, then vector, then the nearest higher, then the nearest lower; never eliminates")
    func scale() {
        func scaled(_ value: Int?) -> VariantTraits { VariantTraits(displayScale: value.flatMap(DisplayScale.init)) }
        var request = iPhone
        request.displayScale = 2
        #expect(pick([scaled(1), scaled(3), scaled(nil), scaled(2)], request) == 3)
        #expect(pick([scaled(1), scaled(3), scaled(nil)], request) == 2)
        #expect(pick([scaled(1), scaled(4), scaled(3)], request) == 2)
        #expect(pick([scaled(1)], request) == 0)
        request.displayScale = 4
        #expect(pick([scaled(1), scaled(3), scaled(2)], request) == 1)
    }

    @Test("Gamut: exact, then any, then the other gamut; never eliminates")
    func gamut() {
        let p3 = VariantTraits(displayGamut: .displayP3)
        let sRGB = VariantTraits(displayGamut: .sRGB)
        let any = VariantTraits()
        #expect(pick([sRGB, any, p3], iPhone) == 2)
        #expect(pick([sRGB, any], iPhone) == 1)
        #expect(pick([sRGB], iPhone) == 0)
        #expect(pick([p3, sRGB], DevicePreset.named("ipad-legacy")!.traits) == 1)
    }

    @Test("An unspecified request trait eliminates nothing and prefers 'any'")
    func unspecifiedRequest() {
        let request = TraitCollection(idiom: .phone)
        #expect(pick([VariantTraits(appearance: .dark), VariantTraits()], request) == 1)
        #expect(pick([VariantTraits(appearance: .dark)], request) == 0)
        #expect(pick([VariantTraits(displayScale: 2), VariantTraits(displayScale: nil)], request) == 1)
        #expect(pick([VariantTraits(contrast: .high), VariantTraits(contrast: .normal)], request) == 0)
    }

    @Test("Ties go to the earlier variant in source order")
    func ties() {
        let twin = VariantTraits(idiom: .phone, displayScale: 3)
        #expect(pick([twin, twin, twin], iPhone) == 0)
        #expect(pick([VariantTraits(displayGamut: .sRGB), VariantTraits(displayGamut: .sRGB)], iPad) == 0)
    }

    @Test("Right idiom and size class beat sharper artwork for the wrong one")
    func lexicographicOrder() {
        let padOneX = VariantTraits(idiom: .pad, displayScale: 1)
        let universalTwoX = VariantTraits(displayScale: 2)
        #expect(pick([universalTwoX, padOneX], iPad) == 1)
        let wideLowRes = VariantTraits(displayScale: 1, horizontalSizeClass: .regular)
        let anyHighRes = VariantTraits(displayScale: 2)
        #expect(pick([anyHighRes, wideLowRes], iPad) == 1)
        // Scale mismatch outranks gamut mismatch.
        let exactScaleWrongGamut = VariantTraits(displayScale: 2, displayGamut: .sRGB)
        let wrongScaleRightGamut = VariantTraits(displayScale: 1, displayGamut: .displayP3)
        #expect(pick([wrongScaleRightGamut, exactScaleWrongGamut], iPad) == 1)
    }

    @Test("The fallback order is a value the caller can change")
    func customOrder() throws {
        let request = iPad
        let wideOneX = VariantTraits(displayScale: 1, horizontalSizeClass: .regular)
        let anyTwoX = VariantTraits(displayScale: 2)
        #expect(pick([anyTwoX, wideOneX], request) == 1)
        let scaleFirst = try FallbackOrder(parsing: "scale")
        #expect(scaleFirst.dimensions.first == .scale)
        #expect(scaleFirst.dimensions.count == TraitDimension.allCases.count)
        #expect(pick([anyTwoX, wideOneX], request, order: scaleFirst) == 0)
    }

    @Test("Nothing found is a normal result, and an empty list finds nothing")
    func nothingFound() {
        #expect(pick([], iPhone) == nil)
        #expect(pick([VariantTraits(idiom: .tv), VariantTraits(idiom: .watch)], iPhone) == nil)
    }

    @Test("Explain names the eliminating dimension and ranks the survivors")
    func explain() {
        let variants = [
            VariantTraits(idiom: .pad), VariantTraits(displayScale: 2), VariantTraits(displayScale: 3),
            VariantTraits(appearance: .dark), VariantTraits(),
        ]
        let explanation = resolver.explain(variants, for: iPhone)
        #expect(explanation.chosenIndex == 2)
        #expect(explanation.candidates.map(\.outcome) == [
            .eliminated(by: .idiom), .ranked(place: 3), .ranked(place: 1), .eliminated(by: .appearance),
            .ranked(place: 2),
        ])
        let summary = explanation.candidates[0].summary(request: iPhone)
        #expect(summary.contains("idiom") && summary.contains("pad") && summary.contains("phone"))
        #expect(explanation.candidates[2].matches.first { $0.dimension == .scale }?.quality == .exact)
        #expect(explanation.candidates[3].matches.first { $0.dimension == .scale }?.quality == .any)
    }
}

@Suite("Fallback order")
struct FallbackOrderTests {
    @Test("The default order is the documented one")
    func defaultOrder() {
        #expect(FallbackOrder.default.description == "idiom,width,height,appearance,contrast,direction,locale,scale,gamut")
    }

    @Test("Unknown or repeated dimensions are rejected, naming the value and the accepted ones")
    func rejects() {
        do {
            _ = try FallbackOrder(parsing: "idiom,size")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("'size'"))
            #expect(error.description.contains("gamut"))
        }
        #expect(throws: FallbackOrder.ParseError.self) { try FallbackOrder(parsing: "scale,scale") }
        #expect(throws: FallbackOrder.ParseError.self) { try FallbackOrder(parsing: "") }
    }

    @Test("A full permutation is kept as given")
    func permutation() throws {
        let text = "gamut,scale,locale,direction,contrast,appearance,height,width,idiom"
        #expect(try FallbackOrder(parsing: text).description == text)
    }
}
