import AssetCatalog

/// `sixteen-bit`: a PNG with 16 bits per channel.
public struct SixteenBitRule: AuditRule {
    public static let identifier = "sixteen-bit"
    public static let defaultSeverity = Diagnostic.Severity.note
    public static let summary = "A PNG with 16 bits per channel."
    public static let rationale = """
        Displays show 8 bits per channel (10 on some), and UIKit draws 16-bit PNGs through a slower path; the \
        file is about twice as large for no visible gain, unless it is a source for image processing. Export \
        it at 8 bits per channel. Design tools write 16-bit PNGs when the document is in 16-bit mode.
        """
    public static let triggeringExamples = [
        AuditExample(
            "16-bit RGB images",
            files: AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [2, 3]) { ExamplePNG(width: $0, height: $0, bitDepth: 16) }))
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("8-bit images")]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        context.asset.variants.compactMap { variant in
            guard let png = variant.inspection?.png, variant.inspection?.problem == nil, png.bitDepth == 16 else { return nil }
            return finding(
                context, at: context.path(of: variant),
                "\(context.fileName(variant)) has 16 bits per channel; export it at 8 bits: the file is about half the size and displays show no difference"
            )
        }
    }
}
