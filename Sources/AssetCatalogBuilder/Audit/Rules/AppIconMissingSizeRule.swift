import AssetCatalog

/// `app-icon-missing-size`: an iOS app icon set without an icon its idioms require.
public struct AppIconMissingSizeRule: AuditRule {
    public static let identifier = "app-icon-missing-size"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "An iOS app icon set that lacks a size its idioms require (an empty iPhone 60×60 pt 2x slot, no App Store icon)."
    public static let rationale = """
        actool warns about the same gaps ("A 120x120 app icon is required for iPhone apps targeting iOS 7.0 and \
        later", "A 1024x1024 app store icon is required for iOS apps"), and App Store Connect rejects a build \
        without its home-screen or App Store icon. A set with iPhone slots needs the 60×60 pt icon at 2x \
        (120×120 px); with iPad slots, 76×76 pt and 83.5×83.5 pt at 2x (152×152 and 167×167 px); with either, \
        the 1024×1024 `ios-marketing` icon. A single-size icon (Xcode 14 and later: one 1024×1024 universal \
        entry with `"platform": "ios"`) is complete on its own: Xcode derives every size from it. macOS, \
        watchOS and tvOS icon sets are not checked.
        """
    public static let triggeringExamples = [
        AuditExample(
            "An iPhone icon set whose 60×60 pt 2x slot is empty",
            files: AuditExample.imageSet(
                "AppIcon",
                [
                    ExampleVariant(nil, idiom: "iphone", scale: "2x", #""size":"60x60""#, nil),
                    ExampleVariant("Icon-60@3x.png", idiom: "iphone", scale: "3x", #""size":"60x60""#, .png(180, 180)),
                    ExampleVariant("Store.png", idiom: "ios-marketing", scale: "1x", #""size":"1024x1024""#, .png(1024, 1024)),
                ], folderExtension: "appiconset")),
        AuditExample(
            "iPhone icons without the App Store icon",
            files: AuditExample.imageSet(
                "AppIcon",
                [
                    ExampleVariant("Icon-60@2x.png", idiom: "iphone", scale: "2x", #""size":"60x60""#, .png(120, 120)),
                    ExampleVariant(nil, idiom: "ios-marketing", scale: "1x", #""size":"1024x1024""#, nil),
                ], folderExtension: "appiconset")),
        AuditExample(
            "A single-size iOS icon entry without its image",
            files: AuditExample.imageSet(
                "AppIcon", [ExampleVariant(nil, #""platform":"ios","size":"1024x1024""#, nil)], folderExtension: "appiconset")),
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "A single-size 1024×1024 universal iOS icon (Xcode 14 and later)",
            files: AuditExample.imageSet(
                "AppIcon", [ExampleVariant("Icon.png", #""platform":"ios","size":"1024x1024""#, .png(1024, 1024))],
                folderExtension: "appiconset")),
        AuditExample(
            "iPhone and iPad icons at every required size, with the App Store icon",
            files: AuditExample.imageSet(
                "AppIcon",
                [
                    ExampleVariant("Icon-60@2x.png", idiom: "iphone", scale: "2x", #""size":"60x60""#, .png(120, 120)),
                    ExampleVariant("Icon-76@2x.png", idiom: "ipad", scale: "2x", #""size":"76x76""#, .png(152, 152)),
                    ExampleVariant("Icon-83.5@2x.png", idiom: "ipad", scale: "2x", #""size":"83.5x83.5""#, .png(167, 167)),
                    ExampleVariant("Store.png", idiom: "ios-marketing", scale: "1x", #""size":"1024x1024""#, .png(1024, 1024)),
                ], folderExtension: "appiconset")),
        AuditExample(
            "A macOS icon set (not checked)",
            files: AuditExample.imageSet(
                "AppIcon", [ExampleVariant("icon_16x16.png", idiom: "mac", scale: "1x", #""size":"16x16""#, .png(16, 16))],
                folderExtension: "appiconset")),
    ]

    public init() {}

    /// A size an idiom requires, and actool's words for it.
    private struct Requirement {
        var idiom: Idiom?
        var marketing: String?
        var points: Double
        var scale: Int
        var slot: String
        /// The icon's side in pixels.
        var pixels: Int
        var actool: String
    }

    private static let iPhone = [
        Requirement(
            idiom: .phone, points: 60, scale: 2, slot: "iPhone 60x60 pt 2x", pixels: 120,
            actool: "A 120x120 app icon is required for iPhone apps targeting iOS 7.0 and later")
    ]
    private static let iPad = [
        Requirement(
            idiom: .pad, points: 76, scale: 2, slot: "iPad 76x76 pt 2x", pixels: 152,
            actool: "A 152x152 app icon is required for iPad apps targeting iOS 7.0 and later"),
        Requirement(
            idiom: .pad, points: 83.5, scale: 2, slot: "iPad Pro 83.5x83.5 pt 2x", pixels: 167,
            actool: "A 167x167 app icon is required for iPad apps targeting iOS 9.0 and later"),
    ]
    private static let appStore = Requirement(
        marketing: "ios-marketing", points: 1024, scale: 1, slot: "App Store (ios-marketing) 1024x1024 pt 1x", pixels: 1024,
        actool: "A 1024x1024 app store icon is required for iOS apps")

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard context.asset.kind == .appIcon else { return [] }
        let variants = context.asset.variants
        let singleSize = variants.filter { AppIconSlots.isSingleSize($0, platform: "ios") }
        if !singleSize.isEmpty {
            guard !singleSize.contains(where: { $0.source != nil }) else { return [] }
            return [
                finding(
                    context, at: context.setFile,
                    "\(Self.appStore.actool): the single-size iOS icon entry has no image; add a 1024x1024 px PNG")
            ]
        }
        let hasPhone = variants.contains { $0.traits.idiom == .phone }
        let hasPad = variants.contains { $0.traits.idiom == .pad }
        var required: [Requirement] = []
        if hasPhone { required += Self.iPhone }
        if hasPad { required += Self.iPad }
        if hasPhone || hasPad { required.append(Self.appStore) }
        return required.compactMap { requirement in
            guard
                !AppIconSlots.isFilled(
                    variants, idiom: requirement.idiom, marketing: requirement.marketing, points: requirement.points,
                    scale: requirement.scale)
            else { return nil }
            let pixels = requirement.pixels
            return finding(
                context, at: context.setFile,
                "\(requirement.actool): the \(requirement.slot) slot has no image; add a \(pixels)x\(pixels) px PNG")
        }
    }
}
