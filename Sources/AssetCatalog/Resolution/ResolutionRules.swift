/// A named rule set for the resolver: the ``FallbackOrder`` and the few rules in which assetc's own
/// choices and Apple's runtime (CoreUI, behind `UIImage(named:)`) differ.
///
/// ``assetc`` is the default. ``coreUI`` follows CoreUI's lookup as its published rules describe it (and what
/// UIKit and AppKit do when it finds nothing in a dark appearance), for answering "which image would a device
/// show?" from an `Assets.car`; `docs/RESOLUTION.md` lists every rule and where the fact comes from.
///
/// ```swift
/// let resolver = Resolver(rules: .coreUI)
/// let index = resolver.bestVariant(among: variants, for: DevicePreset.named("iphone-portrait")!.traits)
/// ```
public struct ResolutionRules: Hashable, Sendable {
    /// The name used on the command line (`--rules assetc|coreui`).
    public let name: String
    /// The order in which dimensions are compared, most important first.
    public var order: FallbackOrder
    /// Which other scale is tried first when the exact one is missing.
    public let scalePreference: ScalePreference
    /// Whether a variant without a gamut counts as sRGB (CoreUI) rather than as "any" (assetc), so that a
    /// Display P3 request falls back to sRGB and unmarked artwork alike.
    public let unmarkedGamutIsSRGB: Bool
    /// Whether a variant without a contrast counts as normal contrast (CoreUI's named appearances:
    /// "dark" covers both) rather than as "any" (assetc).
    public let unmarkedContrastIsNormal: Bool
    /// Whether a variant made for another gamut than the requested one and sRGB is eliminated (CoreUI: "the
    /// requested gamut or sRGB", so Display P3 artwork is never drawn on an sRGB screen) rather than ranked last.
    public let eliminatesOtherGamut: Bool
    /// Whether a variant made for the other layout direction is eliminated (assetc) rather than ranked after the
    /// variants without a direction (CoreUI).
    public let eliminatesOtherDirection: Bool
    /// Whether the rendition-key attributes that are not traits (``CoreUIKeyFacts``: part, vector, subtype,
    /// deployment target, dimension 2, …) take part in ranking, where a catalog supplies them (an `Assets.car`).
    public let ranksKeyFacts: Bool

    /// Which other scale the resolver tries first when the requested one is missing.
    public enum ScalePreference: String, Hashable, Sendable, CaseIterable {
        /// The nearest higher scale, then the nearest lower one (assetc: downscaling a sharper image looks better).
        case higherFirst = "higher-first"
        /// CoreUI's: the largest lower scale (the nearest first), then a scale-independent (vector) variant, then
        /// the smallest higher scale.
        case lowerFirst = "lower-first"
    }

    /// assetc's own rules, described in `docs/RESOLUTION.md`: the default.
    public static let assetc = ResolutionRules(
        name: "assetc", order: .default, scalePreference: .higherFirst, unmarkedGamutIsSRGB: false,
        unmarkedContrastIsNormal: false, eliminatesOtherGamut: false, eliminatesOtherDirection: true, ranksKeyFacts: false)

    /// CoreUI's lookup as published (calebtrueman/finch, `userland/CoreUI`): the appearance walk UIKit and AppKit
    /// do around it (high-contrast dark → dark → high-contrast any → any), then the scale (exact, largest lower,
    /// vector, smallest higher), the idiom (exact, universal), the gamut (exact, sRGB; unmarked artwork is sRGB),
    /// the direction (exact, none, other), the locale and the size classes, in ``FallbackOrder/coreUI``; the key's
    /// other attributes (``CoreUIKeyFacts``) where an `Assets.car` supplies them.
    public static let coreUI = ResolutionRules(
        name: "coreui", order: .coreUI, scalePreference: .lowerFirst, unmarkedGamutIsSRGB: true,
        unmarkedContrastIsNormal: true, eliminatesOtherGamut: true, eliminatesOtherDirection: false, ranksKeyFacts: true)

    /// Every built-in rule set.
    public static let all: [ResolutionRules] = [.assetc, .coreUI]

    /// The built-in rule set called `name` (ignoring case), or `nil`.
    public static func named(_ name: String) -> ResolutionRules? {
        let lowered = name.lowercased()
        return all.first { $0.name == lowered }
    }

    private init(
        name: String, order: FallbackOrder, scalePreference: ScalePreference, unmarkedGamutIsSRGB: Bool,
        unmarkedContrastIsNormal: Bool, eliminatesOtherGamut: Bool, eliminatesOtherDirection: Bool, ranksKeyFacts: Bool
    ) {
        self.name = name
        self.order = order
        self.scalePreference = scalePreference
        self.unmarkedGamutIsSRGB = unmarkedGamutIsSRGB
        self.unmarkedContrastIsNormal = unmarkedContrastIsNormal
        self.eliminatesOtherGamut = eliminatesOtherGamut
        self.eliminatesOtherDirection = eliminatesOtherDirection
        self.ranksKeyFacts = ranksKeyFacts
    }

    /// The same rules compared in another order.
    public func with(order: FallbackOrder) -> ResolutionRules {
        var copy = self
        copy.order = order
        return copy
    }
}

extension ResolutionRules: CustomStringConvertible {
    /// The rule set's name, and the order when it is not the default.
    public var description: String {
        order == (ResolutionRules.named(name)?.order ?? .default) ? name : "\(name) (order \(order))"
    }
}
