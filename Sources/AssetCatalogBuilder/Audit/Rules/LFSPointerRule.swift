/// `lfs-pointer`: a Git LFS pointer where an image should be.
public struct LFSPointerRule: ReaderDiagnosticRule {
    public static let identifier = "lfs-pointer"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "A Git LFS pointer file stands where the image should be."
    public static let rationale = """
        The repository stores the image in Git LFS and this checkout has only the 130-byte pointer: CI jobs \
        often clone without `git lfs pull`. The app would ship a broken image. Fetch the LFS objects in the \
        job (`git lfs pull`, or `lfs: true` in actions/checkout). Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "Icon@2x.png is an LFS pointer",
            files: AuditExample.imageSet(
                "Icon", [ExampleVariant("Icon.png", scale: "1x", .png(16, 16)), ExampleVariant("Icon@2x.png", scale: "2x", .lfsPointer)]))
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("Real PNG files")]

    public init() {}
}
