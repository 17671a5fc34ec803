import AssetCatalog

/// `app-icon-size`: an app icon whose pixel size is not its `size` times its `scale`.
public struct AppIconSizeRule: AuditRule {
    public static let identifier = "app-icon-size"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "An app icon whose pixel size is not the entry's size × scale (a 60×60 pt icon at 2x must be 120×120 pixels)."
    public static let rationale = """
        Xcode rejects the icon ("The app icon set has an unassigned child" / "is … but should be …") and App Store \
        Connect refuses the build; if it slipped through, the icon would be scaled on the home screen. The \
        entry's `size` is in points, so the image must be size × scale pixels. Export the icon at that size.
        """
    public static let triggeringExamples = [
        AuditExample(
            "The 60×60 2x icon is 100×100 instead of 120×120",
            files: AuditExample.imageSet(
                "AppIcon",
                [
                    ExampleVariant("Icon-60@2x.png", idiom: "iphone", scale: "2x", #""size":"60x60""#, .png(100, 100)),
                    ExampleVariant("Icon-60@3x.png", idiom: "iphone", scale: "3x", #""size":"60x60""#, .png(180, 180)),
                ], folderExtension: "appiconset")),
        AuditExample(
            "A single-size iOS icon that is 512×512",
            files: AuditExample.imageSet(
                "AppIcon", [ExampleVariant("Icon.png", #""platform":"ios","size":"1024x1024""#, .png(512, 512))],
                folderExtension: "appiconset")),
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "Correct 2x, 3x and 83.5 pt icons",
            files: AuditExample.imageSet(
                "AppIcon",
                [
                    ExampleVariant("Icon-60@2x.png", idiom: "iphone", scale: "2x", #""size":"60x60""#, .png(120, 120)),
                    ExampleVariant("Icon-60@3x.png", idiom: "iphone", scale: "3x", #""size":"60x60""#, .png(180, 180)),
                    ExampleVariant("Icon-83.5@2x.png", idiom: "ipad", scale: "2x", #""size":"83.5x83.5""#, .png(167, 167)),
                ], folderExtension: "appiconset"))
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard context.asset.kind == .appIcon else { return [] }
        var findings: [Finding] = []
        for variant in context.asset.variants {
            guard let size = variant.attributes["size"], let points = Self.parseSize(size),
                let inspection = variant.inspection, inspection.problem == nil,
                let width = inspection.pixelWidth, let height = inspection.pixelHeight
            else { continue }
            let scale = Double(variant.traits.displayScale?.value ?? 1)
            let expectedWidth = Int((points.width * scale).rounded())
            let expectedHeight = Int((points.height * scale).rounded())
            guard width != expectedWidth || height != expectedHeight else { continue }
            findings.append(
                finding(
                    context, at: context.path(of: variant),
                    "\(context.fileName(variant)) is \(width)x\(height) pixels, but the \(size) pt entry at \(Int(scale))x needs \(expectedWidth)x\(expectedHeight); export the icon at that size"
                ))
        }
        return findings
    }

    /// `60x60` or `83.5x83.5` in points.
    static func parseSize(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.lowercased().split(separator: "x")
        // At most 10 000 pt, so that size × scale always fits an Int (a hostile "1e300x1e300" must not trap).
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0,
            width <= 10_000, height <= 10_000
        else {
            return nil
        }
        return (width, height)
    }
}
