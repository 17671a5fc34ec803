/// `ignored-file`: a file the reader skips on purpose.
public struct IgnoredFileRule: ReaderDiagnosticRule {
    public static let identifier = "ignored-file"
    public static let defaultSeverity = Diagnostic.Severity.note
    public static let summary = "A file that is skipped on purpose: a stray file in a catalog group, a non-image in a plain folder."
    public static let rationale = """
        Xcode ignores files that are not inside a set, so such a file is dead weight or a mistake (an image \
        dropped into a group instead of into a set). Move it into a set or delete it. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A PNG dropped into the catalog root instead of into a set",
            files: AuditExample.merged(AuditExample.imageSet("Icon", AuditExample.scaled("Icon")), ["Logo.png": .png(16, 16)])),
        AuditExample("A text file in a plain folder", roots: ["Images"], files: ["hero@2x.png": .png(32, 32), "notes.txt": .text("todo")]),
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("Every file is inside a set")]

    public init() {}
}
