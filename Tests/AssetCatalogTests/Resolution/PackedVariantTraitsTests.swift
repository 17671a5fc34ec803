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

    /// The fast path reads one table entry for two neighbouring packed fields (width and height,
    /// appearance and contrast, direction and gamut). For every request value of both fields, under both
    /// rule sets and several orders, every one of the sixteen code pairs (the unused code 3 included) must
    /// rank against every other exactly as the reference rules do (`DimensionMatch.judge` in fallback
    /// order, the rule `Resolver.explain` applies), and `bestIndex` — which stops at the best possible
    /// key — must choose what `explain` chooses.
    @Test("Combined table entries rank every code pair as the rules do, for every request")
    func combinedEntriesMatchTheRules() throws {
        struct Field {
            let dimension: TraitDimension
            let valueCount: Int
            let setVariant: (inout VariantTraits, Int) -> Void  // code 1…valueCount; 0 leaves "any"
            let setRequest: (inout TraitCollection, Int) -> Void
        }
        func field<Value: TraitValue>(
            _ dimension: TraitDimension, _: Value.Type, _ variant: WritableKeyPath<VariantTraits, Value?>,
            _ request: WritableKeyPath<TraitCollection, Value?>
        ) -> Field {
            Field(
                dimension: dimension, valueCount: Value.valueCount,
                setVariant: { if $1 > 0 { $0[keyPath: variant] = Value.allCases[$1 - 1] } },
                setRequest: { if $1 > 0 { $0[keyPath: request] = Value.allCases[$1 - 1] } })
        }
        let pairs: [(Field, Field, offset: UInt32)] = [
            (field(.width, SizeClass.self, \.horizontalSizeClass, \.horizontalSizeClass),
             field(.height, SizeClass.self, \.verticalSizeClass, \.verticalSizeClass), 3),
            (field(.appearance, Appearance.self, \.appearance, \.appearance),
             field(.contrast, Contrast.self, \.contrast, \.contrast), 7),
            (field(.direction, LayoutDirection.self, \.layoutDirection, \.layoutDirection),
             field(.gamut, DisplayGamut.self, \.displayGamut, \.displayGamut), 11),
        ]
        let orders = [
            FallbackOrder.default, try FallbackOrder(parsing: "gamut,direction,contrast,appearance,height,width"),
            try FallbackOrder(parsing: "scale,locale,contrast,idiom,width"),
        ]
        for rules in [ResolutionRules.assetc, .coreUI] {
            for order in orders {
                let ruleSet = rules.with(order: order)
                for (low, high, offset) in pairs {
                    for lowRequest in 0...low.valueCount {
                        for highRequest in 0...high.valueCount {
                            var request = TraitCollection(displayScale: 2)
                            low.setRequest(&request, lowRequest)
                            high.setRequest(&request, highRequest)
                            let compiled = CompiledRequest(request, rules: ruleSet)
                            // Every code pair: the reference key (nil when eliminated) and the packed form.
                            var entries: [(packed: PackedVariantTraits, reference: [Int]?)] = []
                            for code in 0..<16 {
                                let lowCode = code & 0b11, highCode = code >> 2
                                var packed = PackedVariantTraits(unsafeRawValue: UInt32(code) << offset | 2 << 16)
                                var reference: [Int]?
                                if lowCode <= low.valueCount && highCode <= high.valueCount {
                                    var variant = VariantTraits(displayScale: 2)
                                    low.setVariant(&variant, lowCode)
                                    high.setVariant(&variant, highCode)
                                    packed = PackedVariantTraits(variant)
                                    let matches = order.dimensions.map {
                                        DimensionMatch.judge($0, variant: variant, request: request, rules: ruleSet)
                                    }
                                    if !matches.contains(where: { $0.quality == .eliminated }) { reference = matches.map(\.score) }
                                }
                                entries.append((packed, reference))
                            }
                            let context = "\(rules.name) \(order) \(low.dimension) \(lowRequest) \(high.dimension) \(highRequest)"
                            for a in entries {
                                let keyA = compiled.rankKey(a.packed)
                                #expect((keyA >= CompiledRequest.eliminated) == (a.reference == nil), "\(context) \(a.packed)")
                                guard let referenceA = a.reference else { continue }
                                for b in entries {
                                    guard let referenceB = b.reference else { continue }
                                    let keyB = compiled.rankKey(b.packed)
                                    #expect((keyA < keyB) == referenceA.lexicographicallyPrecedes(referenceB), "\(context)")
                                    #expect((keyA == keyB) == (referenceA == referenceB), "\(context)")
                                }
                            }
                            // bestIndex against explain, on the valid codes in both orders.
                            let valid = entries.filter { $0.packed.unpacked != nil }
                            for list in [valid, valid.reversed()] {
                                let traits = list.map { $0.packed.unpacked! }
                                let chosen = list.map(\.packed).withUnsafeBufferPointer { compiled.bestIndex(in: $0) }
                                #expect(chosen == Resolver(rules: ruleSet).explain(traits, for: request).chosenIndex, "\(context)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("The best possible key ends ranking early without changing the answer")
    func earlyExitKeepsTheAnswer() {
        let compiled = CompiledRequest(TraitCollection(displayScale: 2))
        // The exact match comes second; a later equal one must not take its place, an earlier worse one must not win.
        let variants = [1, 2, 2, 3].map { PackedVariantTraits(VariantTraits(displayScale: DisplayScale($0))) }
        #expect(variants.withUnsafeBufferPointer { compiled.bestIndex(in: $0) } == 1)
        let eliminated = PackedVariantTraits(unsafeRawValue: 0b11 << 3 | 2 << 16)
        #expect([eliminated, variants[3]].withUnsafeBufferPointer { compiled.bestIndex(in: $0) } == 1)
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
