/// Collects the diagnostics of one piece of work (a set, a folder) for one catalog root.
struct DiagnosticSink: Sendable {
    /// The catalog root as the user gave it.
    let catalog: String
    private(set) var diagnostics: [Diagnostic] = []

    init(catalog: String) {
        self.catalog = catalog
    }

    /// Records a diagnostic at `path` (relative to the catalog root) with the rule's default severity
    /// unless `severity` is given.
    mutating func emit(_ rule: ReaderRule, at path: String, _ message: String, severity: Diagnostic.Severity? = nil) {
        diagnostics.append(
            Diagnostic(
                severity: severity ?? rule.defaultSeverity, rule: rule.rawValue, catalog: catalog, path: path,
                message: message))
    }

    /// Takes over another sink's diagnostics.
    mutating func append(contentsOf other: DiagnosticSink) {
        diagnostics.append(contentsOf: other.diagnostics)
    }

    mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }
}

/// Joins catalog-relative path components: `join("", "Hero.imageset")` is `Hero.imageset`.
@inline(__always)
func joinPath(_ base: String, _ name: String) -> String {
    base.isEmpty ? name : base + "/" + name
}
