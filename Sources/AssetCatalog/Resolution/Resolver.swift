/// Picks the variant of an asset that best matches a trait collection.
///
/// The rules, in order (see `docs/RESOLUTION.md`):
/// 1. Variants that contradict a specified request trait are eliminated.
/// 2. Survivors are ranked dimension by dimension along the ``FallbackOrder``.
/// 3. Remaining ties go to the variant that comes first in source order.
///
/// A resolver is a small value; it is `Sendable` and holds no locks, so any number of threads
/// may use one at once.
public struct Resolver: Hashable, Sendable {
    /// The rule set: ``ResolutionRules/assetc`` unless chosen otherwise.
    public var rules: ResolutionRules

    /// The order in which dimensions are compared (the rule set's order).
    public var order: FallbackOrder {
        get { rules.order }
        set { rules.order = newValue }
    }

    /// Creates a resolver using assetc's rules in `order`.
    public init(order: FallbackOrder = .default) {
        self.rules = ResolutionRules.assetc.with(order: order)
    }

    /// Creates a resolver using `rules` (for example ``ResolutionRules/coreUI``).
    public init(rules: ResolutionRules) {
        self.rules = rules
    }

    /// Prepares a request for repeated lookups.
    public func compile(_ request: TraitCollection) -> CompiledRequest {
        CompiledRequest(request, rules: rules)
    }

    /// The index of the best variant in `variants` (in source order), or `nil` when none can be used.
    public func bestVariant(among variants: [VariantTraits], for request: TraitCollection) -> Int? {
        compile(request).bestIndex(in: variants)
    }

    /// Explains a resolution: every variant with why it was eliminated or where it ranked.
    public func explain(_ variants: [VariantTraits], for request: TraitCollection) -> ResolutionExplanation {
        var candidates: [ResolutionExplanation.Candidate] = []
        var survivors: [(index: Int, scores: [Int])] = []
        for (index, variant) in variants.enumerated() {
            let matches = order.dimensions.map { DimensionMatch.judge($0, variant: variant, request: request, rules: rules) }
            if let veto = matches.first(where: { $0.quality == .eliminated }) {
                candidates.append(.init(index: index, traits: variant, matches: matches, outcome: .eliminated(by: veto.dimension)))
            } else {
                candidates.append(.init(index: index, traits: variant, matches: matches, outcome: .ranked(place: 0)))
                survivors.append((index, matches.map(\.score)))
            }
        }
        // Lexicographic on the scores in fallback order, then source order: the documented rule itself.
        survivors.sort { lhs, rhs in
            lhs.scores != rhs.scores ? lhs.scores.lexicographicallyPrecedes(rhs.scores) : lhs.index < rhs.index
        }
        for (place, survivor) in survivors.enumerated() {
            let old = candidates[survivor.index]
            candidates[survivor.index] = .init(
                index: old.index, traits: old.traits, matches: old.matches, outcome: .ranked(place: place + 1))
        }
        return ResolutionExplanation(
            request: request, order: order, rules: rules, chosenIndex: survivors.first?.index, candidates: candidates)
    }
}
