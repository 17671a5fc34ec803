import AssetCatalogBuilder

/// What actool prints on standard output: its diagnostics and the files it wrote, under the section keys build
/// systems look for, in the format `--output-format` names.
///
/// - `com.apple.actool.errors`: errors of the run itself (the command line, an output that cannot be written);
/// - `com.apple.actool.document.errors`, `.document.warnings`, `.document.notices`: what the catalogs hold, each
///   entry a dictionary as actool's manual describes it (`message`, `type`), with `catalog` and `affected-items`,
///   and `description` (the whole line) for readers of the tool sections' shape; reported as `--errors`,
///   `--warnings` and `--notices` ask (errors always);
/// - `com.apple.actool.compilation-results` → `output-files`: every file written;
/// - the probes' own sections (`com.apple.actool.version`, `.catalog-contents`, `.asset-tag-combinations`).
///
/// As human-readable text each section is a `/* key */` line followed by its entries, a diagnostic as
/// `path: warning: text`, the form swift-build's output parser and editors read.
public struct ActoolResultDocument: Sendable, Hashable {
    /// Errors of the run itself, not of a catalog.
    public var toolErrors: [String] = []
    /// The catalogs' diagnostics, in the reader's order.
    public var diagnostics: [Diagnostic] = []
    /// Every file written.
    public var outputFiles: [String] = []
    /// Other sections (the probes'), by key.
    public var sections: [String: PropertyListValue] = [:]

    /// An empty document.
    public init() {}

    /// Which diagnostics the document reports (`--errors`, `--warnings`, `--notices`).
    public struct Reporting: Sendable, Hashable {
        /// Report warnings.
        public var warnings: Bool
        /// Report notices.
        public var notices: Bool

        /// Creates a selection; errors are always reported.
        public init(warnings: Bool, notices: Bool) {
            self.warnings = warnings
            self.notices = notices
        }
    }

    /// Whether the run failed: a tool error or an error in a catalog.
    public var hasErrors: Bool { !toolErrors.isEmpty || diagnostics.contains { $0.severity == .error } }

    /// The document as a property list, with the sections `reporting` selects.
    public func propertyList(reporting: Reporting) -> PropertyListValue {
        var document = sections
        if !toolErrors.isEmpty {
            document["com.apple.actool.errors"] = .array(toolErrors.map { .dictionary(["description": .string($0)]) })
        }
        for (severity, key, wanted) in Self.documentSections(reporting) where wanted {
            let entries = diagnostics.filter { $0.severity == severity }
            guard !entries.isEmpty else { continue }
            document[key] = .array(entries.map(Self.entry))
        }
        if !outputFiles.isEmpty {
            document["com.apple.actool.compilation-results"] = .dictionary(["output-files": .array(outputFiles.map { .string($0) })])
        }
        return .dictionary(document)
    }

    /// The document's bytes in `format`.
    public func rendered(as format: ActoolOutputFormat, reporting: Reporting) -> [UInt8] {
        switch format {
        case .xml1: return Array(propertyList(reporting: reporting).xmlDocument.utf8)
        case .binary1: return propertyList(reporting: reporting).binaryDocument
        case .humanReadableText: return Array(humanReadableText(reporting: reporting).utf8)
        }
    }

    /// The text form: errors first, then the catalogs' diagnostics, the probes' sections and the output files.
    func humanReadableText(reporting: Reporting) -> String {
        var text = ""
        if !toolErrors.isEmpty {
            text += "/* com.apple.actool.errors */\n"
            for error in toolErrors { text += "error: \(error)\n" }
        }
        for (severity, key, wanted) in Self.documentSections(reporting) where wanted {
            let entries = diagnostics.filter { $0.severity == severity }
            guard !entries.isEmpty else { continue }
            text += "/* \(key) */\n"
            for entry in entries { text += Self.line(for: entry, severity: true) + "\n" }
        }
        for key in sections.keys.sorted() {
            text += "/* \(key) */\n" + Self.indentedText(sections[key]!)
        }
        if !outputFiles.isEmpty {
            text += "/* com.apple.actool.compilation-results */\n"
            for file in outputFiles { text += file + "\n" }
        }
        return text
    }

    /// A document section's entry: `message` and `type` (actool's manual: "messages listed under the subkey message
    /// and error types under the subkey type"; .NET's task reads `message`, Chromium's script filters on `type`),
    /// `catalog` and `affected-items` (the set's path below it), and `description`, the whole line.
    static func entry(_ diagnostic: Diagnostic) -> PropertyListValue {
        var entry: [String: PropertyListValue] = [
            "message": .string(diagnostic.message),
            "type": .string(type(of: diagnostic)),
            "description": .string(line(for: diagnostic, severity: false)),
        ]
        if !diagnostic.catalog.isEmpty { entry["catalog"] = .string(diagnostic.catalog) }
        entry["affected-items"] = .array(diagnostic.path.isEmpty ? [] : [.string("./" + diagnostic.path)])
        return .dictionary(entry)
    }

    /// actool's category words for a diagnostic's rule: `Ambiguous Content` for two sets of one name (the type
    /// Chromium's script lets pass), `Unassigned Child`, and otherwise the rule's words capitalised
    /// (`missing-file` → `Missing File`).
    static func type(of diagnostic: Diagnostic) -> String {
        switch diagnostic.rule {
        case ReaderRule.duplicateName.rawValue: return "Ambiguous Content"
        case ReaderRule.unassignedFile.rawValue: return "Unassigned Child"
        default:
            return diagnostic.rule.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
    }

    /// The three document sections in actool's order, with whether each is reported.
    private static func documentSections(_ reporting: Reporting) -> [(Diagnostic.Severity, String, Bool)] {
        [
            (.error, "com.apple.actool.document.errors", true),
            (.warning, "com.apple.actool.document.warnings", reporting.warnings),
            (.note, "com.apple.actool.document.notices", reporting.notices),
        ]
    }

    /// `catalog:./path: warning: message` (actool's location form, which swift-build's parser splits at the
    /// colons), or without the severity for the property-list entry's description.
    public static func line(for diagnostic: Diagnostic, severity: Bool = true) -> String {
        var location = diagnostic.catalog
        if !diagnostic.path.isEmpty { location += location.isEmpty ? diagnostic.path : ":./" + diagnostic.path }
        let kind: String
        switch diagnostic.severity {
        case .error: kind = "error"
        case .warning: kind = "warning"
        case .note: kind = "notice"
        }
        let head = location.isEmpty ? "" : location + ": "
        return severity ? "\(head)\(kind): \(diagnostic.message)" : "\(head)\(diagnostic.message)"
    }

    /// A probe's section as text: `key: value` lines for a dictionary of strings, one line per entry otherwise.
    private static func indentedText(_ value: PropertyListValue, indent: String = "") -> String {
        switch value {
        case .string(let string): return indent + string + "\n"
        case .array(let values): return values.map { indentedText($0, indent: indent) }.joined()
        case .dictionary(let values):
            return values.keys.sorted().map { key in
                if case .string(let string) = values[key]! { return "\(indent)\(key): \(string)\n" }
                return "\(indent)\(key):\n" + indentedText(values[key]!, indent: indent + "    ")
            }.joined()
        }
    }
}

/// `--output-format`'s values.
public enum ActoolOutputFormat: String, Sendable, CaseIterable {
    /// `/* section */` lines and entries (the default).
    case humanReadableText = "human-readable-text"
    /// An XML property list.
    case xml1
    /// A binary property list.
    case binary1
}
