/// `image-too-large`: an image beyond the reader's pixel or file-size limit.
public struct ImageTooLargeRule: ReaderDiagnosticRule {
    public static let identifier = "image-too-large"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "An image with more pixels than the reader decodes (256 megapixels, --max-pixels) or a file over 1 GiB."
    public static let rationale = """
        Such a file cannot be decoded safely (a 20000×20000 image needs 1.6 GB of memory) and is certainly not \
        meant to ship in an app; it is also how decompression bombs look. It is not decoded, and the audit \
        treats it as unusable. Scale it down to the size it is displayed at. Detected by the reader; see \
        `oversized-image` for the softer, configurable size warning.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A 20000×20000 JPEG (400 megapixels)",
            files: AuditExample.imageSet("Poster", [ExampleVariant("Poster.jpg", scale: "1x", .jpeg(20_000, 20_000))]))
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "A 4000×3000 JPEG", files: AuditExample.imageSet("Poster", [ExampleVariant("Poster.jpg", scale: "1x", .jpeg(4000, 3000))]))
    ]

    public init() {}
}
