/// `symbol-weights`: a symbol template that draws neither all 27 glyphs nor the three masters.
public struct SymbolWeightsRule: ReaderDiagnosticRule {
    public static let identifier = "symbol-weights"
    public static let defaultSeverity = Diagnostic.Severity.note
    public static let summary =
        "A custom symbol's template draws neither all 27 weight and size glyphs nor the three masters (Ultralight-S, Regular-S, Black-S) the others are interpolated from."
    public static let rationale = """
        A symbol can be asked for in nine weights and three sizes. A variable template (SF Symbols 3 and later) draws \
        the three masters and the compile interpolates the other 24; a static template draws all 27. A template with \
        fewer (the Regular-M alone, or Regular-S, -M and -L, as SF Symbols 1 exported them) compiles to the glyphs it \
        draws and no more, so bold or light text gets no design of its own for the symbol. This is a note: a \
        one-weight symbol can be a choice. Export a variable template from the SF Symbols app to have every weight. \
        Detected by the reader, which reads the template as the compile does.
        """
    public static let triggeringExamples = [
        AuditExample("A template drawing Regular-M alone", files: AuditExample.symbolSet("Star", .symbolTemplate))
    ]
    public static let nonTriggeringExamples = [
        AuditExample("A variable template with its three masters", files: AuditExample.symbolSet("Star", .symbolMasters))
    ]

    public init() {}
}
