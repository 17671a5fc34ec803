/// `wrong-content-type`: the bytes are not what the file name says.
public struct WrongContentTypeRule: ReaderDiagnosticRule {
    public static let identifier = "wrong-content-type"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "A file whose bytes are not what its extension says (a WebP or Photoshop file named .png)."
    public static let rationale = """
        Renaming a file does not convert it. Xcode's compiler and the device's decoders trust the content, so \
        a WebP or PSD named `.png` fails to compile or shows nothing. Export the image again in the format its \
        name promises. A file of no recognised image format gets a warning instead. A symbol set's file must be \
        an SF Symbols template (a `Symbols` group with weight/scale glyphs such as `Regular-M`); a plain SVG or \
        a bitmap there is an error, a template with neither `Regular-M` nor the three masters \
        `Ultralight-S`, `Regular-S` and `Black-S` a warning. Detected by the reader, which \
        sniffs every file's first bytes.
        """
    public static let triggeringExamples = [
        AuditExample("A WebP image named .png", files: AuditExample.imageSet("Photo", [ExampleVariant("Photo.png", scale: "1x", .webp)])),
        AuditExample(
            "A Photoshop document named .png", files: AuditExample.imageSet("Layers", [ExampleVariant("Layers.png", scale: "1x", .psd)])),
        AuditExample("A plain SVG in a symbol set (not a symbol template)", files: AuditExample.symbolSet("Star", .svg)),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.healthy("PNG files named .png"),
        AuditExample("A JPEG named .jpg", files: AuditExample.imageSet("Photo", [ExampleVariant("Photo.jpg", scale: "1x", .jpeg(16, 16))])),
        AuditExample("A symbol set holding an SF Symbols template", files: AuditExample.symbolSet("Star", .symbolTemplate)),
    ]

    public init() {}
}
