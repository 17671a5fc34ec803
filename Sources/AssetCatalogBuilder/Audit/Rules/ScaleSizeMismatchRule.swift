import AssetCatalog

/// `scale-size-mismatch`: within a set, the pixel sizes do not agree across scales.
public struct ScaleSizeMismatchRule: AuditRule {
    public static let identifier = "scale-size-mismatch"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "Within a set, an image whose pixel size is not its scale times the size of the others (a 3x that is not three times the 1x)."
    public static let rationale = """
        UIKit lays an image out at its pixel size divided by its scale, so a 3x image of the wrong size makes \
        the artwork a different size, or blurry, on 3x devices only: a bug nobody sees in the simulator they \
        happen to use. Variants with the same traits except the scale are compared; the size most of them \
        agree on is the reference, and each one that disagrees is reported with the expected and the actual \
        size. A difference of up to one pixel of the lower-scale image is rounding (27.5 pt artwork is 55 pixels at \
        2x and 27 or 28 at 1x) and is allowed.
        """
    public static let triggeringExamples = [
        AuditExample(
            "1x 32×32, 2x 64×64, 3x 128×129",
            files: AuditExample.imageSet(
                "Icon",
                [
                    ExampleVariant("Icon.png", scale: "1x", .png(32, 32)), ExampleVariant("Icon@2x.png", scale: "2x", .png(64, 64)),
                    ExampleVariant("Icon@3x.png", scale: "3x", .png(128, 129)),
                ])),
        AuditExample(
            "A dark 2x that is the size of the 1x",
            files: AuditExample.imageSet(
                "Icon",
                AuditExample.scaled("Icon", scales: [1, 2])
                    + [
                        ExampleVariant("Dark.png", scale: "1x", #""appearances":[{"appearance":"luminosity","value":"dark"}]"#, .png(16, 16)),
                        ExampleVariant("Dark@2x.png", scale: "2x", #""appearances":[{"appearance":"luminosity","value":"dark"}]"#, .png(16, 16)),
                    ])),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.healthy("1x 16×16, 2x 32×32, 3x 48×48"),
        AuditExample(
            "Different sizes for different idioms (the iPad artwork is bigger)",
            files: AuditExample.imageSet(
                "Banner", AuditExample.scaled("Phone", points: 20, scales: [2, 3], idiom: "iphone")
                    + AuditExample.scaled("Pad", points: 40, scales: [1, 2], idiom: "ipad"))),
        AuditExample(
            "A 1x of 28×28 beside a 2x of 54×54 (one pixel of rounding at 1x)",
            files: AuditExample.imageSet(
                "Icon", [ExampleVariant("Icon.png", scale: "1x", .png(28, 28)), ExampleVariant("Icon@2x.png", scale: "2x", .png(54, 54))])),
    ]

    public init() {}

    /// A variant with a pixel size and a scale.
    private struct Sized {
        var variant: Variant
        var width: Int
        var height: Int
        var scale: Int

        var label: String { "\(width)x\(height)@\(scale)x" }
    }

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard context.asset.kind == .image else { return [] }
        var findings: [Finding] = []
        let candidates = context.asset.variants.filter { !VariantGrouping.isUnassigned($0) }
        for (_, members) in VariantGrouping.scaleGroups(candidates) {
            let sized = members.compactMap { variant -> Sized? in
                guard let inspection = variant.inspection, inspection.problem == nil, !inspection.contentType.isVector,
                    let width = inspection.pixelWidth, let height = inspection.pixelHeight,
                    let scale = variant.traits.displayScale?.value
                else { return nil }
                return Sized(variant: variant, width: width, height: height, scale: scale)
            }
            guard Set(sized.map(\.scale)).count > 1 else { continue }
            // The reference: the variant most others agree with; ties go to the lowest scale, then the first.
            let agreement = sized.map { candidate in sized.filter { Self.consistent(candidate, $0) }.count }
            var best = 0
            for position in sized.indices {
                if agreement[position] > agreement[best]
                    || (agreement[position] == agreement[best] && sized[position].scale < sized[best].scale)
                {
                    best = position
                }
            }
            let reference = sized[best]
            for other in sized where !Self.consistent(reference, other) {
                let ratio = Double(other.scale) / Double(reference.scale)
                let expected = "\(formatDimension(Double(reference.width) * ratio))x\(formatDimension(Double(reference.height) * ratio))"
                findings.append(
                    finding(
                        context, at: context.path(of: other.variant),
                        "`\(reference.label)` vs `\(other.label)`: at \(other.scale)x \(context.fileName(other.variant)) should be \(expected) pixels (\(other.scale)/\(reference.scale) of \(context.fileName(reference.variant))) but is \(other.width)x\(other.height); it will be drawn at a different size on \(other.scale)x devices"
                    ))
            }
        }
        return findings
    }

    /// Whether two variants describe the same point size, up to one pixel of the lower-scale image
    /// (artwork of 27.5 pt is 55 px at 2x and 27 or 28 px at 1x).
    private static func consistent(_ lhs: Sized, _ rhs: Sized) -> Bool {
        let (low, high) = lhs.scale <= rhs.scale ? (lhs, rhs) : (rhs, lhs)
        func agrees(_ lowPixels: Int, _ highPixels: Int) -> Bool {
            abs(lowPixels * high.scale - highPixels * low.scale) <= high.scale
        }
        return agrees(low.width, high.width) && agrees(low.height, high.height)
    }
}
