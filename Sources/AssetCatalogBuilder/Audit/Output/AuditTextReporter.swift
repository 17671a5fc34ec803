/// Renders a report as text for people: findings grouped by asset, each as
/// `path: severity: message [rule]` (the form compilers use, so editors can jump to it), and a summary line.
public struct AuditTextReporter: Sendable {
    /// Whether to use ANSI colours (only for a terminal, and never when `NO_COLOR` is set).
    public var colors: Bool

    /// Whether findings from the baseline are listed one by one; when off they are one line of counts per rule.
    public var showsBaselined: Bool

    /// Creates a reporter.
    public init(colors: Bool = false, showsBaselined: Bool = true) {
        self.colors = colors
        self.showsBaselined = showsBaselined
    }

    /// The whole text, ending with the summary line and a newline.
    public func render(_ report: AuditReport) -> String {
        var out = ""
        var currentGroup: GroupKey?
        let listed = showsBaselined ? report.findings : report.findings.filter { !$0.isBaselined }
        for finding in listed {
            let group = GroupKey(catalog: finding.catalog, asset: finding.asset)
            if group != currentGroup {
                if currentGroup != nil { out += "\n" }
                currentGroup = group
                let title = TerminalText.escaped(finding.asset ?? "(not in any asset)")
                let catalogNote = report.sources.count > 1 ? " — \(TerminalText.escaped(finding.catalog))" : ""
                out += style(title, Style.bold) + style(catalogNote, Style.dim) + "\n"
            }
            out += line(finding) + "\n"
        }
        if !listed.isEmpty { out += "\n" }
        if listed.count < report.findings.count { out += baselineLine(report) + "\n" }
        out += summaryLine(report) + "\n"
        return out
    }

    /// `path: severity: message [rule]`, with ` (baseline)` for known findings.
    public func line(_ finding: Finding) -> String {
        let severity: String
        switch finding.severity {
        case .error: severity = style("error", Style.red)
        case .warning: severity = style("warning", Style.yellow)
        case .note: severity = style("note", Style.cyan)
        }
        var text = "\(TerminalText.escaped(finding.fullPath)): \(severity): \(TerminalText.escaped(finding.message, keepingLineBreaks: true)) "
            + style("[\(finding.rule)]", Style.dim)
        if finding.isBaselined { text += style(" (baseline)", Style.dim) }
        return text
    }

    /// `known from the baseline: 5 missing-scale, 2 unused-asset (--show-baseline lists them)`.
    public func baselineLine(_ report: AuditReport) -> String {
        var counts: [String: Int] = [:]
        for finding in report.findings where finding.isBaselined { counts[finding.rule, default: 0] += 1 }
        let parts = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return style("known from the baseline: \(parts.joined(separator: ", ")) (--show-baseline lists them)", Style.dim)
    }

    /// `3 errors, 5 warnings, 2 notes in 2 catalogs (412 assets)`, plus the baselined count when there are any.
    public func summaryLine(_ report: AuditReport) -> String {
        let summary = report.summary
        var text = [
            Self.count(summary.errors, "error"), Self.count(summary.warnings, "warning"), Self.count(summary.notes, "note"),
        ].joined(separator: ", ")
        // The same asset count as `assetc info`: sets of unsupported kinds are counted apart.
        let unsupported = report.unsupportedSetCount
        let sets = unsupported > 0 ? ", \(Self.count(unsupported, "unsupported set"))" : ""
        text += " in \(Self.count(report.sources.count, "catalog")) (\(Self.count(report.assetCount - unsupported, "asset"))\(sets))"
        if summary.baselined > 0 {
            text += "; \(Self.count(summary.baselined, "known finding")) from the baseline"
        }
        let color = summary.errors > 0 ? Style.red : summary.warnings > 0 ? Style.yellow : Style.green
        return style(text, color)
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    private struct GroupKey: Equatable {
        var catalog: String
        var asset: String?
    }

    private enum Style {
        static let bold = "1"
        static let dim = "2"
        static let red = "31"
        static let yellow = "33"
        static let cyan = "36"
        static let green = "32"
    }

    private func style(_ text: String, _ code: String) -> String {
        guard colors, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
