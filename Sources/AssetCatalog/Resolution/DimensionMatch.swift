/// How well a variant matches a request in one dimension.
public struct DimensionMatch: Hashable, Sendable {
    /// The dimension judged.
    public let dimension: TraitDimension
    /// The outcome in that dimension.
    public let quality: Quality
    /// The rank within the dimension: 0 is best. Only comparable within one dimension.
    public let score: Int

    /// The kind of outcome in one dimension.
    public enum Quality: String, Hashable, Sendable, Codable {
        /// The variant's value equals the request's (or both are unspecified/any).
        case exact
        /// The variant is "any" (universal, vector) in this dimension.
        case any
        /// The variant has a different value that is still usable (another scale or gamut, …).
        case fallback
        /// The variant contradicts the request and cannot be chosen.
        case eliminated
    }

    /// Judges one dimension under `rules`. This is the single definition of the rules; the packed fast
    /// path is built from it (see ``CompiledRequest``).
    public static func judge(
        _ dimension: TraitDimension, variant: VariantTraits, request: TraitCollection, rules: ResolutionRules = .assetc
    ) -> DimensionMatch {
        switch dimension {
        case .idiom:
            return exclusive(dimension, variant.idiom, request.idiom)
        case .width:
            return exclusive(dimension, variant.horizontalSizeClass, request.horizontalSizeClass)
        case .height:
            return exclusive(dimension, variant.verticalSizeClass, request.verticalSizeClass)
        case .appearance:
            return exclusive(dimension, variant.appearance, request.appearance)
        case .direction:
            // CoreUI ranks the other direction after "none" instead of eliminating it.
            return rules.eliminatesOtherDirection
                ? exclusive(dimension, variant.layoutDirection, request.layoutDirection)
                : soft(dimension, variant.layoutDirection, request.layoutDirection)
        case .contrast:
            let offered = variant.contrast ?? (rules.unmarkedContrastIsNormal ? .normal : nil)
            // High-contrast artwork on a normal-contrast screen would look wrong; normal artwork on a
            // high-contrast screen is merely less helpful, so it stays as a last resort.
            if request.contrast == .normal, offered == .high {
                return DimensionMatch(dimension: dimension, quality: .eliminated, score: 0)
            }
            return soft(dimension, offered, request.contrast)
        case .gamut:
            let offered = variant.displayGamut ?? (rules.unmarkedGamutIsSRGB ? .sRGB : nil)
            // CoreUI takes the requested gamut or sRGB: Display P3 artwork on an sRGB screen is never drawn.
            if rules.eliminatesOtherGamut, let wanted = request.displayGamut, let offered, offered != wanted, offered != .sRGB {
                return DimensionMatch(dimension: dimension, quality: .eliminated, score: 0)
            }
            return soft(dimension, offered, request.displayGamut)
        case .scale:
            return scale(variant.displayScale, request.displayScale, lowerFirst: rules.scalePreference == .lowerFirst)
        case .locale:
            return locale(variant.locale, request.locale)
        }
    }

    /// The locale score for a variant that is "any" (no locale) when the request names one.
    static let unlocalizedLocaleScore = 16

    /// Locale: exact, then a parent tag (`fr` or `zh-Hans` for `zh-Hans-CN`, fewer dropped subtags
    /// first), then no locale, then another tag of the same language (`fr-FR` for `fr-CA`); a variant of
    /// another language is eliminated. An unspecified request prefers the unlocalized variant.
    static func locale(_ variant: LocaleTag?, _ request: LocaleTag?) -> DimensionMatch {
        guard let request else {
            return variant == nil
                ? DimensionMatch(dimension: .locale, quality: .exact, score: 0)
                : DimensionMatch(dimension: .locale, quality: .fallback, score: 1)
        }
        guard let variant else {
            return DimensionMatch(dimension: .locale, quality: .any, score: unlocalizedLocaleScore)
        }
        if variant == request { return DimensionMatch(dimension: .locale, quality: .exact, score: 0) }
        if variant.isParent(of: request) {
            let dropped = min(request.subtagCount - variant.subtagCount, unlocalizedLocaleScore - 1)
            return DimensionMatch(dimension: .locale, quality: .fallback, score: dropped)
        }
        if variant.language == request.language {
            return DimensionMatch(dimension: .locale, quality: .fallback, score: unlocalizedLocaleScore + 1)
        }
        return DimensionMatch(dimension: .locale, quality: .eliminated, score: 0)
    }

    /// A dimension where a different specified value eliminates the variant.
    private static func exclusive<Value: Equatable>(
        _ dimension: TraitDimension, _ variant: Value?, _ request: Value?
    ) -> DimensionMatch {
        switch (request, variant) {
        case (nil, nil): return DimensionMatch(dimension: dimension, quality: .exact, score: 0)
        case (nil, .some): return DimensionMatch(dimension: dimension, quality: .fallback, score: 1)
        case (.some, nil): return DimensionMatch(dimension: dimension, quality: .any, score: 1)
        case (.some(let wanted), .some(let offered)):
            return wanted == offered
                ? DimensionMatch(dimension: dimension, quality: .exact, score: 0)
                : DimensionMatch(dimension: dimension, quality: .eliminated, score: 0)
        }
    }

    /// A dimension where a different specified value is the last resort: exact, then any, then other.
    private static func soft<Value: Equatable>(
        _ dimension: TraitDimension, _ variant: Value?, _ request: Value?
    ) -> DimensionMatch {
        switch (request, variant) {
        case (nil, nil): return DimensionMatch(dimension: dimension, quality: .exact, score: 0)
        case (nil, .some): return DimensionMatch(dimension: dimension, quality: .fallback, score: 1)
        case (.some, nil): return DimensionMatch(dimension: dimension, quality: .any, score: 1)
        case (.some(let wanted), .some(let offered)):
            return wanted == offered
                ? DimensionMatch(dimension: dimension, quality: .exact, score: 0)
                : DimensionMatch(dimension: dimension, quality: .fallback, score: 2)
        }
    }

    /// Scale: exact, then vector (any), then the nearest higher scale, then the nearest lower one
    /// (with `lowerFirst`, CoreUI's: the nearest lower, then vector, then the nearest higher).
    static func scale(_ variant: DisplayScale?, _ request: DisplayScale?, lowerFirst: Bool = false) -> DimensionMatch {
        DimensionMatch(
            dimension: .scale,
            quality: variant == request ? .exact : (variant == nil ? .any : .fallback),
            score: Int(
                scaleScore(
                    variant: UInt32(clampingScale: variant), request: UInt32(clampingScale: request),
                    lowerFirst: lowerFirst)))
    }

    /// The largest scale score: a 1x variant for a 65535x request. Scores take 17 bits, so every pair
    /// of packed scales (1…65535) gets its own score: nothing saturates, nothing ties.
    static let maximumScaleScore: UInt64 = 0x1FFFE

    /// The scale rule on packed values (0 = any/unspecified), shared with the fast path.
    /// Written as selects rather than branches: on the lookup path the outcome is unpredictable.
    @inline(__always)
    static func scaleScore(variant: UInt32, request: UInt32, lowerFirst: Bool = false) -> UInt64 {
        let v = UInt64(variant)
        let r = UInt64(request)
        // Packed scales are at most 65535, so the preferred side scores 2…65535 (assetc; CoreUI's lower side
        // 1…65534, then vector at 65535) and the other side 65536…131070: every scale on the preferred side
        // beats every one on the other, and nearer beats further on each side. Nothing saturates, nothing ties.
        let up = v &- r &- 1  // meaningful when v > r
        let down = r &- v &- 1  // meaningful when v < r
        let higher = 0x1_0000 &+ up &- (lowerFirst ? 0 : 0xFFFE)
        let lower = lowerFirst ? 1 &+ down : 0x1_0000 &+ down
        let vector: UInt64 = lowerFirst ? 0xFFFF : 1
        let specified = v == r ? 0 : (v == 0 ? vector : (v > r ? higher : lower))
        let unspecified: UInt64 = v == 0 ? 0 : 1
        return r == 0 ? unspecified : specified
    }
}

extension UInt32 {
    /// Packs a scale into 16 bits; 0 means any. Scales above 65535 saturate (no real display has them).
    init(clampingScale scale: DisplayScale?) {
        guard let scale else { self = 0; return }
        self = UInt32(Swift.min(scale.value, 0xFFFF))
    }
}
