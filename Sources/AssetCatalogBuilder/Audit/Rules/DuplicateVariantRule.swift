/// `duplicate-variant`: two files of one plain-folder asset with the same traits.
public struct DuplicateVariantRule: ReaderDiagnosticRule {
    public static let identifier = "duplicate-variant"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "Two files of one plain-folder asset claim the same traits (hero.png and hero.jpg)."
    public static let rationale = """
        Only the first can ever be chosen, so the other is dead weight, and which one wins depends on the \
        name order. Usually an old export left behind in another format. Delete one. Detected by the reader \
        (catalog sets get `ambiguous-variant` instead).
        """
    public static let triggeringExamples = [
        AuditExample("hero@2x.png and hero@2x.jpg", roots: ["Images"], files: ["hero@2x.png": .png(32, 32), "hero@2x.jpg": .jpeg(32, 32)])
    ]
    public static let nonTriggeringExamples = [
        AuditExample("hero@2x.png and hero@3x.png", roots: ["Images"], files: ["hero@2x.png": .png(32, 32), "hero@3x.png": .png(48, 48)])
    ]

    public init() {}
}
