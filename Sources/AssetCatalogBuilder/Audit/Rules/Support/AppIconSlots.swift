import AssetCatalog

/// What app icon rules need to know about the entries of an app icon set.
enum AppIconSlots {
    /// Whether the entry is the iOS App Store (marketing) icon: `ios-marketing`, or the single-size
    /// universal iOS icon of Xcode 14 and later (`"idiom": "universal", "platform": "ios"`), which the App
    /// Store also uses.
    /// Dark and tinted variants (iOS 18) are not: the dark icon is meant to have a transparent background.
    static func isIOSAppStoreIcon(_ variant: Variant) -> Bool {
        guard variant.traits.appearance == nil, variant.attributes["luminosity"] == nil else { return false }
        let idiom = variant.attributes["idiom"]?.lowercased()
        if idiom == "ios-marketing" { return true }
        return isSingleSize(variant, platform: "ios")
    }

    /// Whether the entry is a single-size icon (Xcode 14+): universal idiom, a `platform`, no scale.
    static func isSingleSize(_ variant: Variant, platform: String) -> Bool {
        variant.traits.idiom == nil && variant.attributes["idiom"] == nil
            && variant.attributes["platform"]?.lowercased() == platform
    }

    /// Whether an entry with a file fills the slot of this idiom, size in points and scale.
    static func isFilled(
        _ variants: [Variant], idiom: Idiom?, marketing: String? = nil, points: Double, scale: Int
    ) -> Bool {
        variants.contains { variant in
            guard variant.source != nil, let size = variant.attributes["size"],
                let parsed = AppIconSizeRule.parseSize(size), parsed.width == points, parsed.height == points
            else { return false }
            if let marketing {
                guard variant.attributes["idiom"]?.lowercased() == marketing else { return false }
            } else {
                guard variant.traits.idiom == idiom else { return false }
            }
            return (variant.traits.displayScale?.value ?? 1) == scale
        }
    }
}
