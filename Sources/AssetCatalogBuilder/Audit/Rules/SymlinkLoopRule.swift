/// `symlink-loop`: a symbolic link to a folder that contains it.
public struct SymlinkLoopRule: ReaderDiagnosticRule {
    public static let identifier = "symlink-loop"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "A symbolic link to a folder that contains it; it is not followed."
    public static let rationale = """
        Following it would read the same sets again and again (Xcode hangs or reports duplicates). It is \
        almost always an accident of a script that links shared artwork. Remove the link. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A link to the catalog root inside the catalog",
            files: AuditExample.merged(AuditExample.imageSet("Icon", AuditExample.scaled("Icon")), ["Loop": .symbolicLink(".")]))
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("No links")]

    public init() {}
}
