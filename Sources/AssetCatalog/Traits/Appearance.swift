/// The interface style: light or dark.
public enum Appearance: TraitValue {
    /// The light appearance.
    case light
    /// The dark appearance.
    case dark

    public var ordinal: Int {
        switch self {
        case .light: return 0
        case .dark: return 1
        }
    }

    public static var valueCount: Int { 2 }

    public var token: String {
        switch self {
        case .light: return "light"
        case .dark: return "dark"
        }
    }

    public var acceptedSpellings: [String] { [token] }
}
