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
    /// A symbol set (`.symbolset`): SVG symbol templates, one per entry.
    case symbol
    /// A tvOS layered image (`.imagestack`): its layers, front to back, are image sets of their own.
    case imageStack = "image-stack"
    /// A tvOS brand assets folder (`.brandassets`): app icons and top shelf images, each with a role.
    case brandAssets = "brand-assets"
    /// An Icon Composer icon (`.icon`, Xcode 26): `icon.json` and the layer files in `Assets/`.
    case icon
}
