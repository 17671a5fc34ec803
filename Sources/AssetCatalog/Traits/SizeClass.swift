/// A horizontal or vertical size class: how much room the interface has in one direction.
public enum SizeClass: TraitValue {
    /// Constrained space.
    case compact
    /// Expansive space.
    case regular

    public var ordinal: Int {
        switch self {
        case .compact: return 0
        case .regular: return 1
        }
    }

    public static var valueCount: Int { 2 }

    public var token: String {
        switch self {
        case .compact: return "compact"
        case .regular: return "regular"
        }
    }

    public var acceptedSpellings: [String] {
        switch self {
        case .compact: return ["compact", "c"]
        case .regular: return ["regular", "r"]
        }
    }

    /// The one-letter form used in size-class notation (`C`, `R`).
    public var letter: String {
        switch self {
        case .compact: return "C"
        case .regular: return "R"
        }
    }
}
