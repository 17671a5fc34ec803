/// One axis along which variants differ and the resolver ranks them.
public enum TraitDimension: String, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Device idiom (phone, pad, …).
    case idiom
    /// Horizontal size class.
    case width
    /// Vertical size class.
    case height
    /// Light or dark.
    case appearance
    /// Normal or high contrast.
    case contrast
    /// Layout direction.
    case direction
    /// Language (`locale`), matched by language fallback.
    case locale
    /// Display scale.
    case scale
    /// Display gamut.
    case gamut

    public var description: String { rawValue }
}
