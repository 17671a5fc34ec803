/// The colour gamut of a display.
public enum DisplayGamut: TraitValue {
    /// The standard sRGB gamut.
    case sRGB
    /// The wider Display P3 gamut.
    case displayP3

    public var ordinal: Int {
        switch self {
        case .sRGB: return 0
        case .displayP3: return 1
        }
    }

    public static var valueCount: Int { 2 }

    public var token: String {
        switch self {
        case .sRGB: return "srgb"
        case .displayP3: return "p3"
        }
    }

    public var acceptedSpellings: [String] {
        switch self {
        case .sRGB: return ["srgb"]
        case .displayP3: return ["p3", "display-p3", "displayp3"]
        }
    }

    /// The spelling used in `Contents.json` files.
    public var catalogSpelling: String {
        switch self {
        case .sRGB: return "sRGB"
        case .displayP3: return "display-P3"
        }
    }
}
