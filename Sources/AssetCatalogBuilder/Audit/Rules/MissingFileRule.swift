/// `missing-file`: an entry names a file the set lacks.
public struct MissingFileRule: ReaderDiagnosticRule {
    public static let identifier = "missing-file"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "An entry of Contents.json names a file that is not in the set's folder."
    public static let rationale = """
        Xcode fails the build ("The file … cannot be found") and assetc leaves the slot out, so devices that \
        need it get another variant or nothing. It usually means the file was renamed, deleted or never \
        committed. Add the file, or point the entry at the right one. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "The 2x entry names Icon@2x.png, which is not in the folder",
            files: [
                "Icon.imageset/Contents.json": .images([
                    AuditExampleFile.entry("Icon.png", scale: "1x"), AuditExampleFile.entry("Icon@2x.png", scale: "2x"),
                ]),
                "Icon.imageset/Icon.png": .png(16, 16),
            ])
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("Every named file exists")]

    public init() {}
}
