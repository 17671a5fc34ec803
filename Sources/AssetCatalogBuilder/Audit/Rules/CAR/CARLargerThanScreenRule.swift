import AssetCatalog

/// `car-larger-than-screen`: a compiled bitmap far larger than any screen of its platform.
public struct CARLargerThanScreenRule: AuditRule {
    public static let identifier = "car-larger-than-screen"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let input = AuditRuleInput.compiledCatalogs
    public static let summary = "A bitmap in an Assets.car whose size in points is several times the largest screen of its platform (option `max-screen-multiple`)."
    public static let rationale = """
        A rendition's size in points is its pixel size divided by its scale. When that is several times the \
        longest side of the platform's largest screen (13-inch iPad Pro 1376 pt, Apple TV 1920 pt, Apple Watch \
        Ultra 251 pt, a 6K Mac display 3008 pt), no device ever draws it at full size: it costs download size \
        and memory for pixels that are thrown away. Export it at the size it is displayed at.
        """
    public static let options = [
        AuditRuleOption(
            name: "max-screen-multiple", kind: .positiveNumber, defaultValue: "2",
            summary: "Report images whose longest side in points exceeds this multiple of the largest screen's longest side.")
    ]
    public static let triggeringExamples = [
        AuditExample.compiled(
            "A watchOS image of 1200×1200 pixels at 2x (600 points; the largest watch is 251 points)", for: .watchos, deploymentTarget: "9.0",
            files: AuditExample.imageSet("Backdrop", [ExampleVariant("backdrop@2x.png", scale: "2x", .png(1200, 1200))]))
    ]
    public static let nonTriggeringExamples = [
        AuditExample.compiled(
            "A watchOS image of 400×400 pixels at 2x", for: .watchos, deploymentTarget: "9.0",
            files: AuditExample.imageSet("Backdrop", [ExampleVariant("backdrop@2x.png", scale: "2x", .png(400, 400))]))
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard let car = context.compiledCatalog, let deployment = CARDeployment(car) else { return [] }
        let multiple = context.number("max-screen-multiple", of: Self.self)
        let limit = Double(deployment.largestScreenPoints) * multiple
        var findings: [Finding] = []
        for pair in context.compiledRenditions where pair.rendition.isRasterImage {
            let scale = Double(pair.variant.traits.displayScale?.value ?? 1)
            let points = Double(max(pair.rendition.width, pair.rendition.height)) / scale
            guard points > limit else { continue }
            findings.append(
                finding(
                    context, at: context.path(of: pair.variant),
                    "\(MessageQuote.quoted(context.asset.name)) (\(pair.variant.traits)) is \(pair.rendition.width)x\(pair.rendition.height) pixels, \(formatDimension(points)) points on its longest side, over \(formatDimension(multiple)) times the largest \(deployment.platform.rawValue) screen (\(deployment.largestScreenPoints) points). Export it at the size it is displayed at"
                ))
        }
        return findings
    }
}
