import AssetCatalog

/// `missing-scale`: a raster set that has some of the scales its idiom needs but not all.
public struct MissingScaleRule: AuditRule {
    public static let identifier = "missing-scale"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "A raster image that has some of the scales its idiom needs but not all (an iPhone image with 2x but no 3x)."
    public static let rationale = """
        Devices whose scale is missing get the nearest other scale, resized: a 2x image on a 3x iPhone is \
        blurry. Variants with the same traits except the scale are checked against the scales their idiom \
        needs (option `scales`; by default iPhone 2x and 3x, iPad 1x and 2x, universal 2x and 3x). Universal \
        artwork needs only the universal scales that the catalog's idioms need (a Mac-only catalog needs no 3x; \
        see `idioms`). A group with none of its required scales is left to `upscaled-on-device`, and vector \
        artwork (PDF, SVG) never needs scales.
        """
    public static let options = [
        AuditRuleOption(
            name: "scales", kind: .scalesByIdiom,
            defaultValue: "car=2,3;mac=1,2;pad=1,2;phone=2,3;tv=1,2;universal=2,3;vision=2;watch=2",
            summary: "The scales each idiom needs, e.g. `phone: [2, 3]`, `pad: [2]`, `universal: [2, 3]`; idioms not given keep their default.")
    ]
    public static let triggeringExamples = [
        AuditExample("An iPhone image with 2x but no 3x", files: AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [2], idiom: "iphone"))),
        AuditExample(
            "A universal image with 1x and 2x but no 3x",
            files: AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [1, 2]))),
        AuditExample(
            "Dark artwork at 2x only beside complete light artwork",
            files: AuditExample.imageSet(
                "Icon",
                AuditExample.scaled("Icon", scales: [2, 3])
                    + AuditExample.scaled("Dark", scales: [2], #""appearances":[{"appearance":"luminosity","value":"dark"}]"#))),
        AuditExample(
            "An iPad image with 2x but no 1x (iPad needs 1x and 2x unless configured otherwise)",
            files: AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [2], idiom: "ipad"))),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.healthy("Universal 1x, 2x and 3x"),
        AuditExample("Universal 2x and 3x (no 1x: no current iPhone needs it)", files: AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [2, 3]))),
        AuditExample("A single-scale PDF", files: AuditExample.imageSet("Icon", [ExampleVariant("Icon.pdf", .pdf)])),
        AuditExample(
            "iPhone 2x/3x and iPad 1x/2x",
            files: AuditExample.imageSet(
                "Icon", AuditExample.scaled("Phone", scales: [2, 3], idiom: "iphone") + AuditExample.scaled("Pad", scales: [1, 2], idiom: "ipad"))),
        AuditExample(
            "A universal 1x/2x image in a Mac-only catalog",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [1, 2])),
                AuditExample.imageSet(
                    "AppIcon",
                    [
                        ExampleVariant("mac16.png", idiom: "mac", scale: "1x", #""size":"16x16""#, .png(16, 16)),
                        ExampleVariant("mac16@2x.png", idiom: "mac", scale: "2x", #""size":"16x16""#, .png(32, 32)),
                    ], folderExtension: "appiconset"))),
        AuditExample(
            "An iPad image with 2x only when the configuration requires only 2x",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [2], idiom: "ipad")),
                [".assetc.yml": .text("rules:\n  missing-scale:\n    scales:\n      pad: [2]\n")])),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard context.asset.kind == .image else { return [] }
        let required = RequiredScales(context: context)
        return context.scaleGaps.map { gap in
            let who = gap.key.traits.idiom.map { Self.deviceName($0) } ?? "devices"
            let nearest = gap.present.sorted().last ?? 1
            return finding(
                context, at: context.setFile,
                "the \(gap.key.label) artwork has \(gap.present.scaleList) but no \(gap.missing.scaleList); \(gap.missing.scaleList) \(who) will scale the \(nearest)x image instead (required for \(gap.key.traits.idiom?.token ?? "universal"): \(required.required(for: gap.key.traits.idiom).scaleList))"
            )
        }
    }

    static func deviceName(_ idiom: Idiom) -> String {
        switch idiom {
        case .phone: return "iPhones"
        case .pad: return "iPads"
        case .tv: return "Apple TVs"
        case .watch: return "Apple Watches"
        case .mac: return "Macs"
        case .car: return "CarPlay screens"
        case .vision: return "Vision Pro"
        }
    }
}
