import Testing

@testable import AssetCatalog

@Suite("Packed variant traits")
struct PackedVariantTraitsTests {
    @Test("Packing then unpacking gives the same traits, for random traits")
    func roundTrip() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<5_000 {
            let traits = random.variantTraits(maxScale: 70_000)
            let packed = PackedVariantTraits(traits)
            var expected = traits
            if let scale = expected.displayScale, scale.value > 0xFFFF { expected.displayScale = DisplayScale(0xFFFF) }
            #expect(packed.unpacked == expected)
            #expect(PackedVariantTraits(rawValue: packed.rawValue) == packed)
        }
    }

    @Test("Raw values with codes no trait has are refused")
    func refusesUnknownCodes() {
        #expect(PackedVariantTraits(rawValue: 0) != nil)
        #expect(PackedVariantTraits(rawValue: 0b11 << 3) == nil)  // width code 3
        #expect(PackedVariantTraits(rawValue: 1 << 15) == nil)  // reserved bit
    }

    @Test("Unknown codes in a damaged archive eliminate the variant instead of matching it")
    func damagedCodesEliminate() {
        let compiled = CompiledRequest(DevicePreset.named("ipad")!.traits)
        let damaged = [PackedVariantTraits(unsafeRawValue: 0b11 << 3)]
        #expect(compiled.bestIndex(in: damaged) == nil)
    }
}

extension PackedVariantTraits {
    /// Test-only: wraps any bits, as a damaged archive might hold.
    init(unsafeRawValue: UInt32) {
        self = unsafeBitCast(unsafeRawValue, to: PackedVariantTraits.self)
    }
}

@Suite("Compiled requests")
struct CompiledRequestTests {
    /// The fast path's lookup words must equal the documented rules for every request value and code.
    @Test("Every lookup-word entry agrees with DimensionMatch.judge, for every request")
    func lookupWordsMatchTheRules() {
        func check<Value: TraitValue>(
            _ dimension: TraitDimension, _: Value.Type, set: (inout VariantTraits, Value?) -> Void,
            request: (inout TraitCollection, Value?) -> Void
        ) {
            let values: [Value?] = [nil] + Value.allCases.map { $0 }
            for requested in values {
                var traits = TraitCollection()
                request(&traits, requested)
                let compiled = CompiledRequest(traits)
                for (code, offered) in values.enumerated() {
                    var variant = VariantTraits()
                    set(&variant, offered)
                    let rule = DimensionMatch.judge(dimension, variant: variant, request: traits)
                    let entry = compiled.entry(dimension, code: UInt32(code))
                    #expect(entry?.eliminated == (rule.quality == .eliminated), "\(dimension) \(String(describing: requested)) vs \(String(describing: offered))")
                    if rule.quality != .eliminated { #expect(entry?.score == rule.score) }
                }
                for code in values.count..<8 { #expect(compiled.entry(dimension, code: UInt32(code))?.eliminated == true) }
            }
        }
        check(.idiom, Idiom.self, set: { $0.idiom = $1 }, request: { $0.idiom = $1 })
        check(.width, SizeClass.self, set: { $0.horizontalSizeClass = $1 }, request: { $0.horizontalSizeClass = $1 })
        check(.height, SizeClass.self, set: { $0.verticalSizeClass = $1 }, request: { $0.verticalSizeClass = $1 })
        check(.appearance, Appearance.self, set: { $0.appearance = $1 }, request: { $0.appearance = $1 })
        check(.contrast, Contrast.self, set: { $0.contrast = $1 }, request: { $0.contrast = $1 })
        check(.direction, LayoutDirection.self, set: { $0.layoutDirection = $1 }, request: { $0.layoutDirection = $1 })
        check(.gamut, DisplayGamut.self, set: { $0.displayGamut = $1 }, request: { $0.displayGamut = $1 })
    }

    @Test("Ordinals are positions in allCases")
    func ordinals() {
        func check<Value: TraitValue>(_: Value.Type) {
            #expect(Value.valueCount == Value.allCases.count)
            for (index, value) in Value.allCases.enumerated() { #expect(value.ordinal == index) }
        }
        check(Idiom.self)
        check(DisplayGamut.self)
        check(SizeClass.self)
        check(Appearance.self)
        check(Contrast.self)
        check(LayoutDirection.self)
    }
}
