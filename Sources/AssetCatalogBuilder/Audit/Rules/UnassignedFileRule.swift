/// `unassigned-file`: a file in a set folder that no entry names.
public struct UnassignedFileRule: ReaderDiagnosticRule {
    public static let identifier = "unassigned-file"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "A file inside a set's folder that no entry of its Contents.json names."
    public static let rationale = """
        The file is not part of the asset: Xcode ignores it and it only bloats the repository. Typical \
        causes are Finder duplicates (`icon 2.png`, `Contents 2.json`) and images dropped into the folder \
        instead of onto a slot. Delete it, or assign it to a slot in Xcode. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A Finder duplicate 'Icon 2.png' beside the assigned files",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon")), ["Icon.imageset/Icon 2.png": .png(16, 16)])),
        AuditExample(
            "A stray 'Contents 2.json'",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon")),
                ["Icon.imageset/Contents 2.json": .text(#"{"images":[],"info":{"author":"xcode","version":1}}"#)])),
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("Every file is named by an entry")]

    public init() {}
}
