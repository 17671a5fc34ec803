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
        /// CoreUI's lookup never returns it, whatever the request (its kind, or a key attribute no request
        /// names; see ``CoreUIKeyFacts``).
        case notReturned(reason: String)
    }

    /// Under rules whose order puts the appearance first (``ResolutionRules/coreUI``), the appearance and contrast
    /// the answer was found in when they are not the requested ones: CoreUI's own lookup matches the appearance
    /// exactly and found nothing in the requested one, so the app (UIKit, AppKit) asked again with this fallback
    /// (dark → any; high-contrast dark → dark → high-contrast any → any). `nil` when the first lookup answered, or
    /// nothing was found.
    public var appearanceFallback: (appearance: Appearance?, contrast: Contrast?)? {
        guard rules.name == ResolutionRules.coreUI.name, let chosenIndex else { return nil }
        let chosen = candidates[chosenIndex].traits
        // A light request finds "any" artwork in the first lookup unless the asset has light artwork of its own
        // (CoreUI knows only the appearances its catalog names; the others are its default, 0).
        let hasLight = candidates.contains { $0.traits.appearance == .light }
        let appearanceMatches =
            chosen.appearance == request.appearance || (request.appearance == .light && chosen.appearance == nil && !hasLight)
        let contrastMatches = request.contrast != .high || chosen.contrast == .high
        return appearanceMatches && contrastMatches ? nil : (chosen.appearance, chosen.contrast)
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
        case .notReturned(let reason):
            return "not returned by CoreUI's lookup: \(reason)"
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
