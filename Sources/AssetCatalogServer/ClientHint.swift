import AssetCatalog
import HTTPTypes

/// A request header the server reads to choose a variant: three client hints and `Accept-Language`.
///
/// Browsers send the `Sec-CH-` hints only to servers that ask for them (``AssetServer`` answers every request with
/// `Accept-CH` and `Critical-CH` naming them); `Accept-Language` is always sent.
public enum ClientHint: String, CaseIterable, Sendable, Hashable {
    /// `Sec-CH-DPR`: device pixels per CSS pixel; decides the display scale.
    case devicePixelRatio = "Sec-CH-DPR"
    /// `Sec-CH-Prefers-Color-Scheme`: `"light"` or `"dark"`; decides the appearance.
    case prefersColorScheme = "Sec-CH-Prefers-Color-Scheme"
    /// `Sec-CH-Viewport-Width`: the layout viewport's width in CSS pixels; decides the horizontal size class.
    case viewportWidth = "Sec-CH-Viewport-Width"
    /// `Accept-Language`: the user's languages by preference; decides the locale.
    case acceptLanguage = "Accept-Language"

    /// The header's name as `HTTPTypes` spells it.
    public var fieldName: HTTPField.Name {
        switch self {
        case .devicePixelRatio: return Self.dprField
        case .prefersColorScheme: return Self.colorSchemeField
        case .viewportWidth: return Self.viewportWidthField
        case .acceptLanguage: return .acceptLanguage
        }
    }

    /// The trait dimension the header decides.
    public var dimension: TraitDimension {
        switch self {
        case .devicePixelRatio: return .scale
        case .prefersColorScheme: return .appearance
        case .viewportWidth: return .width
        case .acceptLanguage: return .locale
        }
    }

    /// Whether the server must ask for the header with `Accept-CH` (the `Sec-CH-` ones); browsers send
    /// `Accept-Language` unasked.
    public var needsAsking: Bool { self != .acceptLanguage }

    // Built once: `HTTPField.Name(_:)` validates its text on every call.
    private static let dprField = HTTPField.Name("Sec-CH-DPR")!
    private static let colorSchemeField = HTTPField.Name("Sec-CH-Prefers-Color-Scheme")!
    private static let viewportWidthField = HTTPField.Name("Sec-CH-Viewport-Width")!
}
