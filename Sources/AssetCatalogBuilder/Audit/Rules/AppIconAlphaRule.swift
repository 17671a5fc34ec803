import AssetCatalog

/// `app-icon-alpha`: the iOS App Store icon has an alpha channel.
public struct AppIconAlphaRule: AuditRule {
    public static let identifier = "app-icon-alpha"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "The iOS App Store (marketing) icon has an alpha channel, which App Store Connect rejects."
    public static let rationale = """
        The 1024×1024 App Store icon (`ios-marketing`, or the single-size universal iOS icon of Xcode 14 and \
        later, from which every other size is made; not its dark or tinted variants) can't be transparent or contain an alpha channel: App \
        Store Connect refuses the upload (ITMS-90717, "Invalid App Store Icon"). This holds even when every \
        pixel is opaque, so it is an error, not the `opaque-alpha` note. Export the icon as RGB without alpha \
        (in Preview: Export, untick Alpha).
        """
    public static let triggeringExamples = [
        AuditExample(
            "An ios-marketing icon saved with an (opaque) alpha channel",
            files: AuditExample.imageSet(
                "AppIcon",
                [
                    ExampleVariant(
                        "Store.png", idiom: "ios-marketing", scale: "1x", #""size":"1024x1024""#,
                        .png(ExamplePNG(width: 1024, height: 1024, channels: .rgba)))
                ], folderExtension: "appiconset")),
        AuditExample(
            "A single-size iOS icon with transparent corners",
            files: AuditExample.imageSet(
                "AppIcon",
                [
                    ExampleVariant(
                        "Icon.png", #""platform":"ios","size":"1024x1024""#,
                        .png(ExamplePNG(width: 1024, height: 1024, channels: .rgba, transparentCorner: true)))
                ], folderExtension: "appiconset")),
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "An RGB single-size iOS icon",
            files: AuditExample.imageSet(
                "AppIcon", [ExampleVariant("Icon.png", #""platform":"ios","size":"1024x1024""#, .png(1024, 1024))],
                folderExtension: "appiconset")),
        AuditExample(
            "The dark variant of a single-size iOS icon with a transparent background (as iOS 18 asks)",
            files: AuditExample.imageSet(
                "AppIcon",
                [
                    ExampleVariant("Icon.png", #""platform":"ios","size":"1024x1024""#, .png(1024, 1024)),
                    ExampleVariant(
                        "Dark.png", #""platform":"ios","size":"1024x1024","appearances":[{"appearance":"luminosity","value":"dark"}]"#,
                        .png(ExamplePNG(width: 1024, height: 1024, channels: .rgba, transparentCorner: true))),
                ], folderExtension: "appiconset")),
        AuditExample(
            "A macOS icon with transparent corners (macOS icons are shaped by their alpha)",
            files: AuditExample.imageSet(
                "AppIcon",
                [
                    ExampleVariant(
                        "icon_512x512@2x.png", idiom: "mac", scale: "2x", #""size":"512x512""#,
                        .png(ExamplePNG(width: 1024, height: 1024, channels: .rgba, transparentCorner: true)))
                ], folderExtension: "appiconset")),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard context.asset.kind == .appIcon else { return [] }
        return context.asset.variants.compactMap { variant in
            guard AppIconSlots.isIOSAppStoreIcon(variant), let inspection = variant.inspection, inspection.problem == nil,
                let png = inspection.png, png.hasAlphaChannel
            else { return nil }
            let opaque = png.isFullyOpaque == true ? " (every pixel is opaque, but the channel is there)" : ""
            return finding(
                context, at: context.path(of: variant),
                "\(context.fileName(variant)) is the App Store icon and has an alpha channel\(opaque); App Store Connect rejects it (ITMS-90717: the App Store icon can't be transparent or contain an alpha channel). Save it as RGB without alpha"
            )
        }
    }
}
