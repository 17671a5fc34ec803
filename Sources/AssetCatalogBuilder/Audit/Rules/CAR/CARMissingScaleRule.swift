import AssetCatalog

/// `car-missing-scale`: a compiled image lacks a scale that devices of its platform display.
public struct CARMissingScaleRule: AuditRule {
    public static let identifier = "car-missing-scale"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let input = AuditRuleInput.compiledCatalogs
    public static let summary = "A bitmap in an Assets.car lacks a scale that devices of the car's platform and deployment target use."
    public static let rationale = """
        The platform and deployment target come from the car's metadata; the device scales from Apple's \
        published device specifications (iPhone 2x and 3x, iPad 2x from iOS 10, Apple TV and Mac 1x and 2x, \
        Apple Watch and Vision Pro 2x). A device whose scale is missing gets the nearest other scale, resampled: \
        blurry when it is smaller, wasted memory when it is larger. Add the missing scale to the source catalog, \
        or make the image a vector (PDF/SVG with preserved vector data). Thinned cars (App Store thinning keeps \
        one scale on purpose) and vector images are not checked.
        """
    public static let triggeringExamples = [
        AuditExample.compiled(
            "An iOS image at 2x only (3x iPhones upscale it)",
            files: AuditExample.imageSet("Badge", [ExampleVariant("badge@2x.png", scale: "2x", .png(40, 40))]))
    ]
    public static let nonTriggeringExamples = [
        AuditExample.compiled(
            "An iOS image at 2x and 3x",
            files: AuditExample.imageSet(
                "Badge",
                [ExampleVariant("badge@2x.png", scale: "2x", .png(40, 40)), ExampleVariant("badge@3x.png", scale: "3x", .png(60, 60))])),
        AuditExample.compiled(
            "A macOS image at 1x and 2x", for: .macosx, deploymentTarget: "13.0",
            files: AuditExample.imageSet(
                "Badge",
                [ExampleVariant("badge.png", scale: "1x", .png(20, 20)), ExampleVariant("badge@2x.png", scale: "2x", .png(40, 40))])),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard context.asset.kind == .image, let car = context.compiledCatalog, let deployment = CARDeployment(car),
            !deployment.isThinned
        else { return [] }
        var groups: [VariantTraits: [CARVariantRendition]] = [:]
        var order: [VariantTraits] = []
        for pair in context.compiledRenditions {
            var traits = pair.variant.traits
            traits.displayScale = nil
            if groups[traits] == nil { order.append(traits) }
            groups[traits, default: []].append(pair)
        }
        var findings: [Finding] = []
        for traits in order {
            let group = groups[traits] ?? []
            // A vector or scale-less rendition serves every scale.
            guard group.allSatisfy({ $0.rendition.isRasterImage && $0.variant.traits.displayScale != nil }) else { continue }
            let present = Set(group.compactMap { $0.variant.traits.displayScale?.value })
            let missing = deployment.deviceScales(for: traits.idiom).subtracting(present).sorted()
            guard !missing.isEmpty, let first = group.first else { continue }
            let have = present.sorted().map { "\($0)x" }.joined(separator: ", ")
            let need = missing.map { "\($0)x" }.joined(separator: ", ")
            findings.append(
                finding(
                    context, at: context.path(of: first.variant),
                    "\(MessageQuote.quoted(context.asset.name)) (\(traits)) is stored at \(have) only; \(deployment.description) devices also draw it at \(need). Add the missing scale or use a vector image"
                ))
        }
        return findings
    }
}
