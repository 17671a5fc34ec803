/// The direction in which the interface's language is laid out.
public enum LayoutDirection: TraitValue {
    /// Left to right (English, French, …).
    case leftToRight
    /// Right to left (Arabic, Hebrew, …).
    case rightToLeft

    public var ordinal: Int {
        switch self {
        case .leftToRight: return 0
        case .rightToLeft: return 1
        }
    }

    public static var valueCount: Int { 2 }

    public var token: String {
        switch self {
        case .leftToRight: return "ltr"
        case .rightToLeft: return "rtl"
        }
    }

    public var acceptedSpellings: [String] {
        switch self {
        case .leftToRight: return ["ltr", "left-to-right", "lefttoright"]
        case .rightToLeft: return ["rtl", "right-to-left", "righttoleft"]
        }
    }

    /// The spelling used in `Contents.json` files (`language-direction`).
    public var catalogSpelling: String {
        switch self {
        case .leftToRight: return "left-to-right"
        case .rightToLeft: return "right-to-left"
        }
    }
}
