import AssetCatalog

/// `car-unused-scale`: a compiled bitmap at a scale no device of the deployment uses.
public struct CARUnusedScaleRule: AuditRule {
    public static let identifier = "car-unused-scale"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let input = AuditRuleInput.compiledCatalogs
    public static let summary = "A bitmap in an Assets.car at a scale no device of its platform and deployment target has (1x on iOS 10 and later)."
    public static let rationale = """
        Every rendition ships in the app whether a device draws it or not. No iPhone running iOS 7 or later and \
        no iPad running iOS 10 or later has a 1x screen; Apple Watch and Vision Pro are 2x; no Mac or Apple TV \
        is 3x. Such renditions only make the download bigger: remove those slots from the source catalog \
        (the platform and deployment target come from the car's metadata).
        """
    public static let triggeringExamples = [
        AuditExample.compiled(
            "An iOS 15 image with a 1x bitmap",
            files: AuditExample.imageSet(
                "Badge",
                [
                    ExampleVariant("badge.png", scale: "1x", .png(20, 20)), ExampleVariant("badge@2x.png", scale: "2x", .png(40, 40)),
                    ExampleVariant("badge@3x.png", scale: "3x", .png(60, 60)),
                ])),
        AuditExample.compiled(
            "A macOS image with a 3x bitmap", for: .macosx, deploymentTarget: "13.0",
            files: AuditExample.imageSet(
                "Badge",
                [
                    ExampleVariant("badge.png", scale: "1x", .png(20, 20)), ExampleVariant("badge@2x.png", scale: "2x", .png(40, 40)),
                    ExampleVariant("badge@3x.png", scale: "3x", .png(60, 60)),
                ])),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.compiled(
            "An iOS 15 image at 2x and 3x",
            files: AuditExample.imageSet(
                "Badge",
                [ExampleVariant("badge@2x.png", scale: "2x", .png(40, 40)), ExampleVariant("badge@3x.png", scale: "3x", .png(60, 60))])),
        AuditExample.compiled(
            "An iPad image at 1x for iOS 9 (the iPad 2 is 1x)", deploymentTarget: "9.0",
            files: AuditExample.imageSet(
                "Badge",
                [
                    ExampleVariant("badge.png", idiom: "ipad", scale: "1x", .png(20, 20)),
                    ExampleVariant("badge@2x.png", idiom: "ipad", scale: "2x", .png(40, 40)),
                ])),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard let car = context.compiledCatalog, let deployment = CARDeployment(car) else { return [] }
        var findings: [Finding] = []
        for pair in context.compiledRenditions where pair.rendition.isRasterImage {
            guard let scale = pair.variant.traits.displayScale?.value else { continue }
            let used = deployment.deviceScales(for: pair.variant.traits.idiom)
            guard !used.contains(scale) else { continue }
            let scales = used.sorted().map { "\($0)x" }.joined(separator: " and ")
            findings.append(
                finding(
                    context, at: context.path(of: pair.variant),
                    "\(MessageQuote.quoted(context.asset.name)) (\(pair.variant.traits)) ships a \(scale)x bitmap of \(pair.rendition.byteCount) bytes, but \(deployment.description) devices are \(scales) only. Remove the \(scale)x slot from the source catalog"
                ))
        }
        return findings
    }
}
