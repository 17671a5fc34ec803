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

    /// The index of the best of compiled renditions, ranked with their ``CoreUIKeyFacts`` as
    /// ``explain(_:keyFacts:for:)`` ranks them; without facts, or under rules that do not rank them, the same as
    /// ``bestVariant(among:for:)``.
    public func bestVariant(among variants: [VariantTraits], keyFacts: [CoreUIKeyFacts]?, for request: TraitCollection) -> Int? {
        guard rules.ranksKeyFacts, keyFacts != nil else { return bestVariant(among: variants, for: request) }
        return explain(variants, keyFacts: keyFacts, for: request).chosenIndex
    }

    /// Explains a resolution: every variant with why it was eliminated or where it ranked.
    public func explain(_ variants: [VariantTraits], for request: TraitCollection) -> ResolutionExplanation {
        explain(variants, keyFacts: nil, for: request)
    }

    /// Explains a resolution of compiled renditions: as ``explain(_:for:)``, and under rules that rank them
    /// (``ResolutionRules/ranksKeyFacts``, CoreUI's) with each rendition's ``CoreUIKeyFacts`` (`keyFacts[i]` for
    /// `variants[i]`; `nil` for none): a rendition CoreUI's lookup never returns is eliminated, the facet's own
    /// part ranks right before the scale, a bitmap before a vector of the same scale, the largest deployment
    /// target right after the locale, and the fewest classes, fewest other attributes and largest dimension 2
    /// after every dimension.
    public func explain(
        _ variants: [VariantTraits], keyFacts: [CoreUIKeyFacts]?, for request: TraitCollection
    ) -> ResolutionExplanation {
        let facts = rules.ranksKeyFacts ? keyFacts : nil
        precondition(facts == nil || facts?.count == variants.count, "one CoreUIKeyFacts per variant")
        var candidates: [ResolutionExplanation.Candidate] = []
        var survivors: [(index: Int, scores: [Int])] = []
        for (index, variant) in variants.enumerated() {
            let matches = order.dimensions.map { DimensionMatch.judge($0, variant: variant, request: request, rules: rules) }
            if let reason = facts?[index].exclusion {
                candidates.append(.init(index: index, traits: variant, matches: matches, outcome: .notReturned(reason: reason)))
            } else if let veto = matches.first(where: { $0.quality == .eliminated }) {
                candidates.append(.init(index: index, traits: variant, matches: matches, outcome: .eliminated(by: veto.dimension)))
            } else {
                candidates.append(.init(index: index, traits: variant, matches: matches, outcome: .ranked(place: 0)))
                survivors.append((index, Self.scores(matches, facts?[index])))
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

    /// The ranking key of a survivor: its score in each dimension, in fallback order, with the key facts (when
    /// given) where CoreUI compares them.
    private static func scores(_ matches: [DimensionMatch], _ facts: CoreUIKeyFacts?) -> [Int] {
        guard let facts else { return matches.map(\.score) }
        var scores: [Int] = []
        for match in matches {
            switch match.dimension {
            case .scale: scores += [facts.partRank, match.score, facts.vectorRank]
            case .locale: scores += [match.score, facts.deploymentRank]
            case .idiom, .width, .height, .appearance, .contrast, .direction, .gamut: scores.append(match.score)
            }
        }
        return scores + facts.trailingRanks
    }
}
