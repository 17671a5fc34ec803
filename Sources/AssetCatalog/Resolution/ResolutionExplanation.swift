/// Why a resolution came out as it did: every variant, eliminated or ranked.
public struct ResolutionExplanation: Hashable, Sendable {
    /// The request that was resolved.
    public let request: TraitCollection
    /// The order used for ranking.
    public let order: FallbackOrder
    /// The rule set used (its ``ResolutionRules/order`` is ``order``).
    public let rules: ResolutionRules
    /// The chosen variant's index, or `nil` when every variant was eliminated.
    public let chosenIndex: Int?
    /// One entry per variant, in source order.
    public let candidates: [Candidate]

    /// One variant's fate.
    public struct Candidate: Hashable, Sendable {
        /// Its position in source order.
        public let index: Int
        /// Its traits.
        public let traits: VariantTraits
        /// How it matched in each dimension, in fallback order.
        public let matches: [DimensionMatch]
        /// Whether it was eliminated or where it ranked.
        public let outcome: Outcome
    }

    /// A variant's fate.
    public enum Outcome: Hashable, Sendable {
        /// It contradicts the request in this dimension.
        case eliminated(by: TraitDimension)
        /// It survived and ranked at this place (1 is the winner).
        case ranked(place: Int)
    }
}

extension ResolutionExplanation.Candidate {
    /// A one-line account, such as `#2 universal 2x dark: eliminated by appearance (variant dark, request light)`.
    public func summary(request: TraitCollection) -> String {
        switch outcome {
        case .eliminated(let dimension):
            return "eliminated by \(dimension) (variant \(Self.value(of: dimension, in: traits)), "
                + "request \(Self.value(of: dimension, in: request)))"
        case .ranked(let place):
            let details = matches.map { "\($0.dimension) \($0.quality.rawValue)" }.joined(separator: ", ")
            return "ranked #\(place): \(details)"
        }
    }

    static func value(of dimension: TraitDimension, in traits: VariantTraits) -> String {
        switch dimension {
        case .idiom: return traits.idiom?.token ?? "universal"
        case .width: return traits.horizontalSizeClass?.token ?? "any"
        case .height: return traits.verticalSizeClass?.token ?? "any"
        case .appearance: return traits.appearance?.token ?? "any"
        case .contrast: return traits.contrast?.token ?? "any"
        case .direction: return traits.layoutDirection?.token ?? "any"
        case .scale: return traits.displayScale?.description ?? "any"
        case .gamut: return traits.displayGamut?.token ?? "any"
        case .locale: return traits.locale?.identifier ?? "any"
        }
    }

    static func value(of dimension: TraitDimension, in traits: TraitCollection) -> String {
        switch dimension {
        case .idiom: return traits.idiom?.token ?? "unspecified"
        case .width: return traits.horizontalSizeClass?.token ?? "unspecified"
        case .height: return traits.verticalSizeClass?.token ?? "unspecified"
        case .appearance: return traits.appearance?.token ?? "unspecified"
        case .contrast: return traits.contrast?.token ?? "unspecified"
        case .direction: return traits.layoutDirection?.token ?? "unspecified"
        case .scale: return traits.displayScale?.description ?? "unspecified"
        case .gamut: return traits.displayGamut?.token ?? "unspecified"
        case .locale: return traits.locale?.identifier ?? "unspecified"
        }
    }
}
