/// Renders a report as the documented JSON schema (`docs/AUDITS.md`):
///
/// ```json
/// {"findings": [{"rule", "severity", "asset", "path", "message", "catalog", "fingerprint", "baseline"}],
///  "summary": {"errors", "warnings", "notes", "baselined", "catalogs", "assets"}, "schemaVersion": 1}
/// ```
///
/// `path` is relative to `catalog`, the root as it was given; `asset` is `null` for findings outside any
/// asset. Summary counts leave out baselined findings, which `baselined` counts.
public enum AuditJSONReporter {
    /// The JSON text, ending with a newline.
    public static func render(_ report: AuditReport) -> String {
        let findings = report.findings.map { finding -> JSONOutputValue in
            .object([
                ("rule", .string(finding.rule)), ("severity", .string(finding.severity.rawValue)),
                ("asset", finding.asset.map(JSONOutputValue.string) ?? .null), ("path", .string(finding.path)),
                ("message", .string(finding.message)), ("catalog", .string(finding.catalog)),
                ("fingerprint", .string(finding.fingerprint)), ("baseline", .bool(finding.isBaselined)),
            ])
        }
        let summary = report.summary
        return JSONOutputValue.object([
            ("findings", .array(findings)),
            (
                "summary",
                .object([
                    ("errors", .integer(summary.errors)), ("warnings", .integer(summary.warnings)),
                    ("notes", .integer(summary.notes)), ("baselined", .integer(summary.baselined)),
                    ("catalogs", .integer(report.sources.count)), ("assets", .integer(report.assetCount)),
                ])
            ),
            ("schemaVersion", .integer(1)),
        ]).prettyText
    }
}

/// Renders a report as GitHub Actions workflow commands (`::error file=…,title=…::message`), which show
/// as annotations on the pull request, followed by the summary line.
public enum AuditGitHubReporter {
    /// The annotation lines and the summary, ending with a newline.
    public static func render(_ report: AuditReport) -> String {
        var out = ""
        for finding in report.findings {
            let command: String
            if finding.isBaselined {
                command = "notice"
            } else {
                switch finding.severity {
                case .error: command = "error"
                case .warning: command = "warning"
                case .note: command = "notice"
                }
            }
            let title = finding.isBaselined ? "\(finding.rule) (baseline)" : finding.rule
            out += "::\(command) file=\(property(finding.fullPath)),title=\(property(title))::\(data(finding.message))\n"
        }
        out += AuditTextReporter(colors: false).summaryLine(report) + "\n"
        return out
    }

    /// Escapes a command's message.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a command's property value.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// Renders a report as SARIF 2.1.0, the format GitHub code scanning uploads
/// (`github/codeql-action/upload-sarif`).
///
/// One run; `tool.driver.rules` lists every rule that ran with its descriptions and default level;
/// each result has its rule, level, message, one location whose URI is the finding's path as given on
/// the command line (relative to `%SRCROOT%`, the directory the audit ran in; absolute paths become
/// `file://` URIs), and `partialFingerprints` with ``Finding/fingerprint``. With a baseline, results
/// carry `baselineState` (`unchanged` for known findings, `new` otherwise).
public struct AuditSARIFReporter: Sendable {
    /// The tool's version.
    public var version: String
    /// The tool's home page, when it has one (an absolute URI).
    public var informationURI: String?
    /// The rules that ran.
    public var rules: [any AuditRule.Type]
    /// Whether a baseline was applied (then every result gets a `baselineState`).
    public var usedBaseline: Bool

    /// Creates a reporter.
    public init(version: String, informationURI: String? = nil, rules: [any AuditRule.Type] = AuditRules.all, usedBaseline: Bool = false) {
        self.version = version
        self.informationURI = informationURI
        self.rules = rules
        self.usedBaseline = usedBaseline
    }

    /// The SARIF document, ending with a newline.
    public func render(_ report: AuditReport) -> String {
        var ruleIndex: [String: Int] = [:]
        var ruleObjects: [JSONOutputValue] = []
        for rule in rules {
            ruleIndex[rule.identifier] = ruleObjects.count
            ruleObjects.append(
                .object([
                    ("id", .string(rule.identifier)), ("name", .string(Self.pascalCase(rule.identifier))),
                    ("shortDescription", .object([("text", .string(rule.summary))])),
                    ("fullDescription", .object([("text", .string(rule.rationale))])),
                    (
                        "help",
                        .object([
                            ("text", .string("\(rule.summary)\n\n\(rule.rationale)")),
                            ("markdown", .string("**\(rule.summary)**\n\n\(rule.rationale)\n\nSee docs/AUDITS.md#\(rule.identifier).")),
                        ])
                    ),
                    ("defaultConfiguration", .object([("level", .string(Self.level(rule.defaultSeverity)))])),
                    ("properties", .object([("tags", .array([.string("asset-catalog")]))])),
                ]))
        }
        var results: [JSONOutputValue] = []
        for finding in report.findings {
            var location: [(String, JSONOutputValue)] = [("uri", .string(Self.uri(finding.fullPath)))]
            if !finding.fullPath.hasPrefix("/") { location.append(("uriBaseId", .string("%SRCROOT%"))) }
            var physical: [(String, JSONOutputValue)] = [("artifactLocation", .object(location))]
            if finding.path.hasSuffix(".json") { physical.append(("region", .object([("startLine", .integer(1))]))) }
            var result: [(String, JSONOutputValue)] = [("ruleId", .string(finding.rule))]
            if let index = ruleIndex[finding.rule] { result.append(("ruleIndex", .integer(index))) }
            result += [
                ("level", .string(Self.level(finding.severity))),
                ("message", .object([("text", .string(finding.message))])),
                ("locations", .array([.object([("physicalLocation", .object(physical))])])),
                ("partialFingerprints", .object([("assetcFinding/v1", .string(finding.fingerprint))])),
            ]
            if usedBaseline { result.append(("baselineState", .string(finding.isBaselined ? "unchanged" : "new"))) }
            if let asset = finding.asset { result.append(("properties", .object([("asset", .string(asset))]))) }
            results.append(.object(result))
        }
        var driver: [(String, JSONOutputValue)] = [("name", .string("assetc"))]
        if let informationURI { driver.append(("informationUri", .string(informationURI))) }
        driver += [("semanticVersion", .string(version)), ("version", .string(version)), ("rules", .array(ruleObjects))]
        let run: JSONOutputValue = .object([
            ("tool", .object([("driver", .object(driver))])),
            ("originalUriBaseIds", .object([("%SRCROOT%", .object([("description", .object([("text", .string("The directory assetc audit ran in."))]))]))])),
            ("results", .array(results)),
            ("columnKind", .string("unicodeCodePoints")),
        ])
        return JSONOutputValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")), ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).prettyText
    }

    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// `missing-file` → `MissingFile`.
    static func pascalCase(_ identifier: String) -> String {
        identifier.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A path as a URI reference: relative paths stay relative (without `./`), absolute ones become
    /// `file://` URIs; characters outside RFC 3986's unreserved set, sub-delimiters, `:`, `@` and `/` are
    /// percent-encoded.
    static func uri(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        var out = trimmed.hasPrefix("/") ? "file://" : ""
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/".utf8)
        for byte in trimmed.utf8 {
            if allowed.contains(byte) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
