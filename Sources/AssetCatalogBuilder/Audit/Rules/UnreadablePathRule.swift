/// `unreadable-path`: a root, folder or file that cannot be opened or read.
public struct UnreadablePathRule: ReaderDiagnosticRule {
    public static let identifier = "unreadable-path"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "A catalog root, folder or file that cannot be opened or read (missing, broken link, no permission)."
    public static let rationale = """
        What cannot be read cannot be checked or shipped. Broken symbolic links are the usual cause inside a \
        catalog (a link to a file outside the repository that exists only on one machine). Replace the link \
        with the file, or fix its target. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A broken symbolic link in a group",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon")),
                ["Shared": .symbolicLink("../nowhere/Shared")]))
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("Every path is readable")]

    public init() {}
}
