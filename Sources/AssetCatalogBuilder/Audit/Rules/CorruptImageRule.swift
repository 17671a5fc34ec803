/// `corrupt-image`: an image that fails to decode.
public struct CorruptImageRule: ReaderDiagnosticRule {
    public static let identifier = "corrupt-image"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "An image that cannot be decoded: CRC or zlib error, truncated file, bad header."
    public static let rationale = """
        A damaged file shows as nothing (or garbage) on the device and often breaks Xcode's compile step with \
        an unhelpful message. Interrupted copies, bad merges of binary files and broken export scripts cause \
        it. Export the image again. Detected by the reader, which fully decodes every PNG.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A PNG with a flipped byte in its image data",
            files: AuditExample.imageSet("Icon", [ExampleVariant("Icon@2x.png", scale: "2x", .corruptPNG)])),
        AuditExample(
            "A PNG cut in half", files: AuditExample.imageSet("Icon", [ExampleVariant("Icon@2x.png", scale: "2x", .truncatedPNG)])),
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("Sound PNG files")]

    public init() {}
}
