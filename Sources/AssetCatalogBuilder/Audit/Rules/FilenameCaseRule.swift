/// `filename-case`: a filename that matches its file only when case is ignored.
public struct FilenameCaseRule: ReaderDiagnosticRule {
    public static let identifier = "filename-case"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "An entry's filename matches a file only when letter case is ignored."
    public static let rationale = """
        It works on a Mac's case-insensitive disk and breaks on Linux CI and case-sensitive volumes, where the \
        file is "missing". The file is used, with this warning. Make the names agree exactly (a case-only \
        rename needs `git mv`). Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "Contents.json says Icon@2x.png, the file is icon@2x.png",
            files: [
                "Icon.imageset/Contents.json": .images([AuditExampleFile.entry("Icon@2x.png", scale: "2x")]),
                "Icon.imageset/icon@2x.png": .png(32, 32),
            ])
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("Names that agree exactly")]

    public init() {}
}
