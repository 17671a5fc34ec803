import AssetCatalog

/// `interlaced-png`: an Adam7-interlaced PNG.
public struct InterlacedPNGRule: AuditRule {
    public static let identifier = "interlaced-png"
    public static let defaultSeverity = Diagnostic.Severity.note
    public static let summary = "An Adam7-interlaced PNG."
    public static let rationale = """
        Interlacing helps a web page show a preview while the file downloads; in an app bundle it only makes the \
        file larger (typically 10–20 %) and decoding slower. Save it non-interlaced (most exporters have an \
        "interlaced" checkbox).
        """
    public static let triggeringExamples = [
        AuditExample(
            "Interlaced images",
            files: AuditExample.imageSet(
                "Icon", AuditExample.scaled("Icon", scales: [2, 3]) { ExamplePNG(width: $0, height: $0, interlaced: true, compression: .stored) }))
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("Non-interlaced images")]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        context.asset.variants.compactMap { variant in
            guard let png = variant.inspection?.png, variant.inspection?.problem == nil, png.isInterlaced else { return nil }
            return finding(
                context, at: context.path(of: variant),
                "\(context.fileName(variant)) is interlaced (Adam7), which only makes it larger and slower to decode in an app; save it non-interlaced"
            )
        }
    }
}
