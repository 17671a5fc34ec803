/// The two kinds of asset that get symbols: colour sets and image sets (Apple's build setting: "Generate asset
/// symbols for each color and image in the catalog").
public enum AssetSymbolKind: String, Sendable, Hashable, CaseIterable {
    /// A colour set: `ColorResource`, `ACColorName…`.
    case color
    /// An image set: `ImageResource`, `ACImageName…`.
    case image

    /// The word Xcode uses in comments and warnings: `color`, `image`.
    var word: String { rawValue }

    /// The suffix Xcode drops from a Swift symbol when something is left (`AccentColor` → `accent`,
    /// `LaunchImage` → `launch`).
    var droppedSuffix: String {
        switch self {
        case .color: return "Color"
        case .image: return "Image"
        }
    }

    /// The Objective-C constant prefix.
    var objcPrefix: String {
        switch self {
        case .color: return "ACColorName"
        case .image: return "ACImageName"
        }
    }

    /// The resource type's bare name.
    var resourceTypeName: String {
        switch self {
        case .color: return "ColorResource"
        case .image: return "ImageResource"
        }
    }
}
