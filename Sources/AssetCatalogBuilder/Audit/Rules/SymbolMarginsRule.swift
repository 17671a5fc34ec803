/// `symbol-margins`: a symbol glyph whose outline reaches past its margin guides.
public struct SymbolMarginsRule: ReaderDiagnosticRule {
    public static let identifier = "symbol-margins"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "A custom symbol's glyph reaches past the left or right margin guide drawn for it."
    public static let rationale = """
        A symbol template's margin guides (`left-margin-Regular-M` and `right-margin-Regular-M` from template version \
        3, or one `left-margin`/`right-margin` pair beside Regular-M before it) say where text beside the symbol \
        starts: the compiled symbol's insets are measured from them. An outline that reaches more than half a unit \
        past its margin runs into the text next to it. Move the guide or the outline in the drawing app, and \
        validate the template in the SF Symbols app again. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A Regular-M glyph 20 units past its right margin", files: AuditExample.symbolSet("Arrow", .symbolPastMargin))
    ]
    public static let nonTriggeringExamples = [
        AuditExample("A glyph inside its margins", files: AuditExample.symbolSet("Arrow", .symbolWithinMargins)),
        AuditExample("A template without margin guides", files: AuditExample.symbolSet("Star", .symbolTemplate)),
    ]

    public init() {}
}
