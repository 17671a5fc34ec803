/// `unsafe-path`: a file name that leaves its set folder, or a link that leaves the catalog.
public struct UnsafePathRule: ReaderDiagnosticRule {
    public static let identifier = "unsafe-path"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "A filename that is absolute or leaves its set folder, or a symbolic link that leads outside the catalog."
    public static let rationale = """
        Xcode only looks inside the set's folder, so such an entry is broken for Xcode; a tool that followed \
        it could be made to read `/etc/passwd` into an app. The entry is refused. Copy the file into the set \
        and name it plainly. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A filename with '../'",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon")),
                AuditExample.imageSet("Escape", [ExampleVariant("../Icon.imageset/Icon.png", scale: "1x", nil)]))),
        AuditExample(
            "An absolute filename", files: AuditExample.imageSet("Escape", [ExampleVariant("/etc/passwd", scale: "1x", nil)])),
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("Plain file names inside the set")]

    public init() {}
}
