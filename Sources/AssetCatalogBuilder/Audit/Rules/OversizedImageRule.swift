import AssetCatalog

/// `oversized-image`: an image with more pixels than a configurable threshold.
public struct OversizedImageRule: AuditRule {
    public static let identifier = "oversized-image"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let input = AuditRuleInput.any
    public static let summary = "A raster image with more pixels than the threshold (12 megapixels by default, option `max-megapixels`)."
    public static let rationale = """
        A decoded image takes 4 bytes per pixel whatever its file size: a 5040×5040 image needs 100 MB of \
        memory to draw, enough to get an app killed on older devices, and it is far larger than any screen \
        (the largest iPad is 5.6 megapixels). It usually is a source image exported at the wrong scale. Scale \
        it to the size it is displayed at, or raise `max-megapixels` for a set that really needs it.
        """
    public static let options = [
        AuditRuleOption(
            name: "max-megapixels", kind: .positiveNumber, defaultValue: "12",
            summary: "Images with more pixels than this many million are reported.")
    ]
    public static let triggeringExamples = [
        AuditExample(
            "A 4000×4000 JPEG (16 megapixels)",
            files: AuditExample.imageSet("Poster", [ExampleVariant("Poster.jpg", scale: "1x", .jpeg(4000, 4000))])),
        AuditExample(
            "A 1200×1000 PNG with the threshold lowered to 1 megapixel",
            files: AuditExample.merged(
                AuditExample.imageSet(
                    "Poster", [ExampleVariant("Poster.png", scale: "1x", .png(ExamplePNG(width: 1200, height: 1000, channels: .gray)))]),
                [".assetc.yml": .text("rules:\n  oversized-image:\n    max-megapixels: 1\n")])),
    ]
    public static let nonTriggeringExamples = [
        AuditExample("A 2048×1536 JPEG (3 megapixels)", files: AuditExample.imageSet("Poster", [ExampleVariant("Poster.jpg", scale: "1x", .jpeg(2048, 1536))])),
        AuditExample.healthy("Small icons"),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        let limit = context.number("max-megapixels", of: Self.self)
        var findings: [Finding] = []
        for variant in context.asset.variants {
            guard let inspection = variant.inspection, inspection.problem == nil, !inspection.contentType.isVector,
                let width = inspection.pixelWidth, let height = inspection.pixelHeight
            else { continue }
            let megapixels = Double(width) * Double(height) / 1_000_000
            guard megapixels > limit else { continue }
            let memory = Int((Double(width) * Double(height) * 4 / 1_048_576).rounded())
            findings.append(
                finding(
                    context, at: context.path(of: variant),
                    "\(context.fileName(variant)) is \(width)x\(height) = \(formatDimension(megapixels)) megapixels, over the \(formatDimension(limit))-megapixel limit; drawing it takes \(memory) MB of memory. Scale it to the size it is displayed at"
                ))
        }
        return findings
    }
}
