import Foundation
import Testing

@testable import AssetCatalog

/// Random variant sets and requests, checked against a brute-force ranking written independently
/// of the resolver (straight from the rules in docs/RESOLUTION.md, without its scoring code).
@Suite("Resolver properties")
struct ResolverPropertyTests {
    /// A language tag's subtags, compared the documented way: case-insensitive, `_` the same as `-`.
    static func subtags(_ tag: LocaleTag?) -> [String]? {
        tag.map { $0.identifier.lowercased().replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init) }
    }

    /// Per-dimension badness as a (class, distance) pair under `rules`; `nil` means eliminated.
    static func bruteForceScore(
        _ dimension: TraitDimension, _ variant: VariantTraits, _ r: TraitCollection, _ rules: ResolutionRules = .assetc
    ) -> (Int, Int)? {
        var v = variant
        // CoreUI: unmarked artwork is sRGB and normal contrast.
        if rules.name == "coreui" {
            if v.displayGamut == nil { v.displayGamut = .sRGB }
            if v.contrast == nil { v.contrast = .normal }
        }
        let coreUI = rules.name == "coreui"
        let lowerFirst = coreUI
        func hard<T: Equatable>(_ variant: T?, _ request: T?) -> (Int, Int)? {
            guard let request else { return variant == nil ? (0, 0) : (1, 0) }
            guard let variant else { return (1, 0) }
            return variant == request ? (0, 0) : nil
        }
        func soft<T: Equatable>(_ variant: T?, _ request: T?) -> (Int, Int) {
            guard let request else { return variant == nil ? (0, 0) : (1, 0) }
            guard let variant else { return (1, 0) }
            return variant == request ? (0, 0) : (2, 0)
        }
        switch dimension {
        case .idiom: return hard(v.idiom, r.idiom)
        case .width: return hard(v.horizontalSizeClass, r.horizontalSizeClass)
        case .height: return hard(v.verticalSizeClass, r.verticalSizeClass)
        case .appearance: return hard(v.appearance, r.appearance)
        // CoreUI: the other direction ranks after none instead of being eliminated.
        case .direction: return coreUI ? soft(v.layoutDirection, r.layoutDirection) : hard(v.layoutDirection, r.layoutDirection)
        case .contrast:
            if r.contrast == .normal && v.contrast == .high { return nil }
            return soft(v.contrast, r.contrast)
        case .gamut:
            // CoreUI: the requested gamut or sRGB, nothing else.
            if coreUI, let wanted = r.displayGamut, let offered = v.displayGamut, offered != wanted, offered != .sRGB { return nil }
            return soft(v.displayGamut, r.displayGamut)
        case .scale:
            guard let wanted = r.displayScale?.value else { return v.displayScale == nil ? (0, 0) : (1, 0) }
            // CoreUI: exact, the nearest lower, vector (any), the nearest higher.
            guard let offered = v.displayScale?.value else { return lowerFirst ? (2, 0) : (1, 0) }
            if offered == wanted { return (0, 0) }
            if lowerFirst { return offered < wanted ? (1, wanted - offered) : (3, offered - wanted) }
            return offered > wanted ? (2, offered - wanted) : (3, wanted - offered)
        case .locale:
            // Exact, then a parent (fewer dropped subtags first), then none, then the same language; else eliminated.
            guard let wanted = subtags(r.locale) else { return v.locale == nil ? (0, 0) : (1, 0) }
            guard let offered = subtags(v.locale) else { return (2, 0) }
            if offered == wanted { return (0, 0) }
            if offered.count < wanted.count && Array(wanted.prefix(offered.count)) == offered {
                return (1, wanted.count - offered.count)
            }
            return offered[0] == wanted[0] ? (3, 0) : nil
        }
    }

    static func bruteForceKey(
        _ v: VariantTraits, _ r: TraitCollection, _ order: FallbackOrder, _ rules: ResolutionRules = .assetc
    ) -> [Int]? {
        var key: [Int] = []
        for dimension in order.dimensions {
            guard let (cls, distance) = bruteForceScore(dimension, v, r, rules) else { return nil }
            key += [cls, distance]
        }
        return key
    }

    @Test("The answer is never eliminated, nothing ranks strictly better, and ties go to the earliest", arguments: [1, 2, 3, 4])
    func answerIsOptimal(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let orders = [FallbackOrder.default, try FallbackOrder(parsing: "scale,gamut"), try FallbackOrder(parsing: "appearance,idiom,direction")]
        for iteration in 0..<3_000 {
            let order = orders[iteration % orders.count]
            let variants = (0..<Int.random(in: 0...10, using: &random)).map { _ in random.variantTraits() }
            let request = random.request()
            let answer = Resolver(order: order).bestVariant(among: variants, for: request)
            let keys = variants.map { Self.bruteForceKey($0, request, order) }
            let context = "seed \(seed) iteration \(iteration): \(request) among \(variants)"
            guard let answer else {
                #expect(keys.allSatisfy { $0 == nil }, "found nothing although a variant survives: \(context)")
                continue
            }
            let answerKey = try #require(keys[answer], "chose an eliminated variant: \(context)")
            for (index, key) in keys.enumerated() {
                guard let key else { continue }
                #expect(!key.lexicographicallyPrecedes(answerKey), "variant \(index) ranks better: \(context)")
                if key == answerKey { #expect(index >= answer, "an earlier tie was passed over: \(context)") }
            }
            #expect(Resolver(order: order).explain(variants, for: request).chosenIndex == answer, "explain disagrees: \(context)")
        }
    }

    @Test(
        "With locales and under both rule sets, the answer is what the reference ranking says",
        arguments: [(ResolutionRules.assetc, 11 as UInt64), (.assetc, 12), (.coreUI, 13), (.coreUI, 14)])
    func answerIsOptimalWithLocalesAndRules(rules: ResolutionRules, seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let orders = [rules.order, FallbackOrder.default, try FallbackOrder(parsing: "scale,locale,gamut"), try FallbackOrder(parsing: "locale,idiom")]
        for iteration in 0..<3_000 {
            let order = orders[iteration % orders.count]
            let resolver = Resolver(rules: rules.with(order: order))
            let variants = (0..<Int.random(in: 0...10, using: &random)).map { _ in
                random.variantTraits(maxScale: iteration % 5 == 0 ? 12 : 4, withLocale: true)
            }
            var request = random.request()
            request.locale = random.locale()
            if iteration % 5 == 0 { request.displayScale = DisplayScale(Int.random(in: 1...12, using: &random)) }
            let answer = resolver.bestVariant(among: variants, for: request)
            let keys = variants.map { Self.bruteForceKey($0, request, order, rules) }
            let context = "\(rules) seed \(seed) iteration \(iteration): \(request) among \(variants)"
            guard let answer else {
                #expect(keys.allSatisfy { $0 == nil }, "found nothing although a variant survives: \(context)")
                continue
            }
            let answerKey = try #require(keys[answer], "chose an eliminated variant: \(context)")
            for (index, key) in keys.enumerated() {
                guard let key else { continue }
                #expect(!key.lexicographicallyPrecedes(answerKey), "variant \(index) ranks better: \(context)")
                if key == answerKey { #expect(index >= answer, "an earlier tie was passed over: \(context)") }
            }
            #expect(resolver.explain(variants, for: request).chosenIndex == answer, "explain disagrees: \(context)")
        }
    }
}
