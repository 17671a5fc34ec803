/// The kind of device an interface runs on.
///
/// Catalog files spell the first two `iphone` and `ipad`; both spellings are accepted.
public enum Idiom: TraitValue {
    /// iPhone and iPod touch.
    case phone
    /// iPad.
    case pad
    /// Apple TV.
    case tv
    /// Apple Watch.
    case watch
    /// Mac.
    case mac
    /// CarPlay.
    case car
    /// Apple Vision Pro.
    case vision

    public var ordinal: Int {
        switch self {
        case .phone: return 0
        case .pad: return 1
        case .tv: return 2
        case .watch: return 3
        case .mac: return 4
        case .car: return 5
        case .vision: return 6
        }
    }

    public static var valueCount: Int { 7 }

    public var token: String {
        switch self {
        case .phone: return "phone"
        case .pad: return "pad"
        case .tv: return "tv"
        case .watch: return "watch"
        case .mac: return "mac"
        case .car: return "car"
        case .vision: return "vision"
        }
    }

    public var acceptedSpellings: [String] {
        switch self {
        case .phone: return ["phone", "iphone"]
        case .pad: return ["pad", "ipad"]
        case .tv: return ["tv", "appletv"]
        case .watch: return ["watch"]
        case .mac: return ["mac"]
        case .car: return ["car", "carplay"]
        case .vision: return ["vision", "reality"]
        }
    }

    /// The spelling used in `Contents.json` files.
    public var catalogSpelling: String {
        switch self {
        case .phone: return "iphone"
        case .pad: return "ipad"
        case .tv, .watch, .mac, .car, .vision: return token
        }
    }
}
