/// `invalid-file-name`: a plain-folder file name that does not follow the naming convention.
public struct InvalidFileNameRule: ReaderDiagnosticRule {
    public static let identifier = "invalid-file-name"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "A file in a plain asset folder whose name does not follow name[~token...][@Nx].ext."
    public static let rationale = """
        In a plain folder the file name carries the traits; a name that cannot be parsed (an unknown token, a \
        scale like `@1.5x`, two scales) would silently become a different asset, so the file is skipped \
        instead. Rename it using the tokens in the message. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample("An unknown token '~toaster'", roots: ["Images"], files: ["hero~toaster@2x.png": .png(32, 32)]),
        AuditExample("A scale that is not a whole number", roots: ["Images"], files: ["hero@1.5x.png": .png(24, 24)]),
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "Names with known tokens", roots: ["Images"],
            files: ["hero@2x.png": .png(32, 32), "hero@3x.png": .png(48, 48), "hero~dark@2x.png": .png(32, 32), "hero~dark@3x.png": .png(48, 48)])
    ]

    public init() {}
}
