/// What an asset holds.
public enum AssetKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// An image set (`.imageset`, or images in a plain folder).
    case image
    /// A colour set (`.colorset`).
    case color
    /// A data set (`.dataset`): arbitrary files.
    case data
    /// An app icon set (`.appiconset`).
    case appIcon = "app-icon"
}
