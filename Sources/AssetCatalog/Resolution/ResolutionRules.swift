/// A named rule set for the resolver: the ``FallbackOrder`` and the few rules in which assetc's own
/// choices and Apple's runtime (CoreUI, behind `UIImage(named:)`) differ.
///
/// ``assetc`` is the default. ``coreUI`` models what is publicly described of CoreUI's fallback, for
/// answering "which image would a device show?" from an `Assets.car`; `docs/RESOLUTION.md` lists every
/// difference and where the fact comes from.
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

    /// Which other scale the resolver tries first when the requested one is missing.
    public enum ScalePreference: String, Hashable, Sendable, CaseIterable {
        /// The nearest higher scale, then the nearest lower one (assetc: downscaling a sharper image looks better).
        case higherFirst = "higher-first"
        /// The nearest lower scale, then higher ones (CoreUI: the smaller image costs less memory).
        case lowerFirst = "lower-first"
    }

    /// assetc's own rules, described in `docs/RESOLUTION.md`: the default.
    public static let assetc = ResolutionRules(
        name: "assetc", order: .default, scalePreference: .higherFirst, unmarkedGamutIsSRGB: false,
        unmarkedContrastIsNormal: false)

    /// The publicly described behaviour of Apple's CoreUI: lower scales before higher ones, unmarked
    /// artwork counted as sRGB and as normal contrast; the same order of dimensions as ``assetc``
    /// (idiom → universal, horizontal size class kept longer than the vertical one, appearances walked
    /// as high-contrast dark → dark → high-contrast any → any).
    public static let coreUI = ResolutionRules(
        name: "coreui", order: .default, scalePreference: .lowerFirst, unmarkedGamutIsSRGB: true,
        unmarkedContrastIsNormal: true)

    /// Every built-in rule set.
    public static let all: [ResolutionRules] = [.assetc, .coreUI]

    /// The built-in rule set called `name` (ignoring case), or `nil`.
    public static func named(_ name: String) -> ResolutionRules? {
        let lowered = name.lowercased()
        return all.first { $0.name == lowered }
    }

    private init(
        name: String, order: FallbackOrder, scalePreference: ScalePreference, unmarkedGamutIsSRGB: Bool,
        unmarkedContrastIsNormal: Bool
    ) {
        self.name = name
        self.order = order
        self.scalePreference = scalePreference
        self.unmarkedGamutIsSRGB = unmarkedGamutIsSRGB
        self.unmarkedContrastIsNormal = unmarkedContrastIsNormal
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
    public var description: String { order == .default ? name : "\(name) (order \(order))" }
}
