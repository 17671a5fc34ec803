/// `corrupt-image`: an image that fails to decode.
public struct CorruptImageRule: ReaderDiagnosticRule {
    public static let identifier = "corrupt-image"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary =
        "An image that cannot be decoded: CRC or zlib error, truncated file, bad header, a PDF without %%EOF or with a broken xref, an SVG that is not well-formed XML."
    public static let rationale = """
        A damaged file shows as nothing (or garbage) on the device and often breaks Xcode's compile step with \
        an unhelpful message. Interrupted copies, bad merges of binary files and broken export scripts cause \
        it. Export the image again. Detected by the reader, which fully decodes every PNG and checks the \
        structure (not the rendering) of every PDF (the `%%EOF` marker, `startxref` pointing at a cross-reference \
        table or stream) and SVG (well-formed XML with an `<svg>` root). A symbol set's template is read as the \
        compile reads it: masters that cannot be interpolated (not the same paths and commands in Ultralight-S, \
        Regular-S and Black-S), arcs in path data, a glyph drawn with something other than paths, or entity \
        declarations are errors naming the glyph and path.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A PNG with a flipped byte in its image data",
            files: AuditExample.imageSet("Icon", [ExampleVariant("Icon@2x.png", scale: "2x", .corruptPNG)])),
        AuditExample(
            "A PNG cut in half", files: AuditExample.imageSet("Icon", [ExampleVariant("Icon@2x.png", scale: "2x", .truncatedPNG)])),
        AuditExample(
            "A PDF cut off before its %%EOF marker",
            files: AuditExample.imageSet("Logo", [ExampleVariant("Logo.pdf", .truncatedPDF)])),
        AuditExample(
            "An SVG whose tags are not properly nested",
            files: AuditExample.imageSet("Logo", [ExampleVariant("Logo.svg", .malformedSVG)])),
        AuditExample(
            "A symbol template whose Regular-S master has fewer points than Ultralight-S",
            files: AuditExample.symbolSet("Star", .incompatibleSymbolMasters)),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.healthy("Sound PNG files"),
        AuditExample("A sound PDF", files: AuditExample.imageSet("Logo", [ExampleVariant("Logo.pdf", .pdf)])),
        AuditExample("A sound SVG", files: AuditExample.imageSet("Logo", [ExampleVariant("Logo.svg", .svg)])),
    ]

    public init() {}
}
