/// The accessibility contrast setting.
public enum Contrast: TraitValue {
    /// Standard contrast.
    case normal
    /// The "Increase Contrast" accessibility setting.
    case high

    public var ordinal: Int {
        switch self {
        case .normal: return 0
        case .high: return 1
        }
    }

    public static var valueCount: Int { 2 }

    public var token: String {
        switch self {
        case .normal: return "normal"
        case .high: return "high"
        }
    }

    public var acceptedSpellings: [String] {
        switch self {
        case .normal: return ["normal", "standard"]
        case .high: return ["high", "highcontrast"]
        }
    }
}
