import AssetCatalog

/// `opaque-alpha`: a PNG with an alpha channel in which every pixel is opaque.
public struct OpaqueAlphaRule: AuditRule {
    public static let identifier = "opaque-alpha"
    public static let defaultSeverity = Diagnostic.Severity.note
    public static let summary = "A PNG with an alpha channel (or tRNS transparency) in which every pixel is fully opaque."
    public static let rationale = """
        The alpha channel costs a quarter of the decoded memory and makes the GPU blend an image that hides \
        everything behind it. Save it without alpha (RGB). The iOS App Store icon's alpha channel is an error of \
        its own (`app-icon-alpha`), reported there instead. Found while the reader decodes every pixel.
        """
    public static let triggeringExamples = [
        AuditExample(
            "RGBA images whose alpha is 255 everywhere",
            files: AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [2, 3]) { ExamplePNG(width: $0, height: $0, channels: .rgba) }))
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "RGBA images with transparent pixels",
            files: AuditExample.imageSet(
                "Icon", AuditExample.scaled("Icon", scales: [2, 3]) { ExamplePNG(width: $0, height: $0, channels: .rgba, transparentCorner: true) })),
        AuditExample.healthy("RGB images without alpha"),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        context.asset.variants.compactMap { variant in
            guard let png = variant.inspection?.png, variant.inspection?.problem == nil, png.hasAlphaChannel,
                png.isFullyOpaque == true
            else { return nil }
            // The App Store icon's alpha channel is an error of its own (`app-icon-alpha`).
            if context.asset.kind == .appIcon, AppIconSlots.isIOSAppStoreIcon(variant), context.isEnabled(AppIconAlphaRule.identifier) {
                return nil
            }
            let icon = context.asset.kind == .appIcon ? "; icons are always drawn opaque" : ""
            return finding(
                context, at: context.path(of: variant),
                "\(context.fileName(variant)) has an alpha channel but every pixel is opaque; save it without alpha (RGB) to use a quarter less memory\(icon)"
            )
        }
    }
}
