/// The findings a team has accepted for now, written by `assetc audit --write-baseline FILE` and read with
/// `--baseline FILE`: listed findings are reported as known and do not fail the run, so a team can adopt
/// the audit on an old catalog and still have every new problem fail the pull request that adds it.
///
/// The file is JSON (`docs/AUDITS.md`): `{"version": 1, "findings": [{"fingerprint", "rule", "asset",
/// "path", "message"}]}`. Only the fingerprint counts when matching (see ``Finding/fingerprint``); the
/// other fields are there for people reviewing the file. Each entry absorbs one finding, so a problem
/// that appears a second time is new.
public struct AuditBaseline: Hashable, Sendable {
    /// One accepted finding.
    public struct Entry: Hashable, Sendable {
        /// ``Finding/fingerprint``.
        public var fingerprint: String
        /// The rule, for people.
        public var rule: String
        /// The asset, for people.
        public var asset: String?
        /// The path relative to the catalog root, for people.
        public var path: String
        /// The message, for people.
        public var message: String

        /// Creates an entry.
        public init(fingerprint: String, rule: String, asset: String?, path: String, message: String) {
            self.fingerprint = fingerprint
            self.rule = rule
            self.asset = asset
            self.path = path
            self.message = message
        }
    }

    /// The entries, in the order of the file.
    public var entries: [Entry]

    /// Creates a baseline.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// A baseline accepting every finding of a report (baselined or not).
    public init(findings: [Finding]) {
        entries = findings.map {
            Entry(fingerprint: $0.fingerprint, rule: $0.rule, asset: $0.asset, path: $0.path, message: $0.message)
        }
    }

    /// Marks the findings the baseline lists; each entry marks at most one finding.
    public func mark(_ findings: inout [Finding]) {
        var available: [String: Int] = [:]
        for entry in entries { available[entry.fingerprint, default: 0] += 1 }
        for position in findings.indices {
            let fingerprint = findings[position].fingerprint
            if let count = available[fingerprint], count > 0 {
                available[fingerprint] = count - 1
                findings[position].isBaselined = true
            }
        }
    }

    /// The JSON text of the file, one entry per finding, sorted like the report.
    public var json: String {
        let list = entries.map { entry -> JSONOutputValue in
            .object([
                ("fingerprint", .string(entry.fingerprint)), ("rule", .string(entry.rule)),
                ("asset", entry.asset.map(JSONOutputValue.string) ?? .null), ("path", .string(entry.path)),
                ("message", .string(entry.message)),
            ])
        }
        return JSONOutputValue.object([("version", .integer(1)), ("findings", .array(list))]).prettyText
    }

    /// Parses a baseline file.
    public static func parse(json text: String, source: String) throws(AuditConfigurationError) -> AuditBaseline {
        func fail(_ message: String) -> AuditConfigurationError {
            AuditConfigurationError(file: source, line: 0, message: message)
        }
        let value: JSONValue
        switch JSONParser.parse(Array(text.utf8)) {
        case .success(let parsed): value = parsed
        case .failure(let error): throw AuditConfigurationError(file: source, line: error.line, message: error.description)
        }
        let list: [JSONValue]
        switch value {
        case .object(let object):
            guard case .array(let findings)? = object["findings"] else {
                throw fail("a baseline needs a 'findings' array (write one with --write-baseline)")
            }
            list = findings
        case .array(let findings):
            list = findings  // a bare list of entries or fingerprints
        default:
            throw fail("a baseline must be a JSON object with a 'findings' array")
        }
        var entries: [Entry] = []
        for (position, element) in list.enumerated() {
            switch element {
            case .string(let fingerprint):
                entries.append(Entry(fingerprint: fingerprint, rule: "", asset: nil, path: "", message: ""))
            case .object(let object):
                guard case .string(let fingerprint)? = object["fingerprint"] else {
                    throw fail("findings[\(position)] has no 'fingerprint' string")
                }
                func text(_ key: String) -> String? {
                    if case .string(let value)? = object[key] { return value }
                    return nil
                }
                entries.append(
                    Entry(
                        fingerprint: fingerprint, rule: text("rule") ?? "", asset: text("asset"), path: text("path") ?? "",
                        message: text("message") ?? ""))
            default:
                throw fail("findings[\(position)] should be an object but is \(element.typeDescription)")
            }
        }
        return AuditBaseline(entries: entries)
    }

    /// Reads a baseline file.
    public static func load(path: String) throws(AuditConfigurationError) -> AuditBaseline {
        switch FileSystem.read(path, limit: 256 << 20) {
        case .success(let result):
            guard let text = String(validating: result.bytes, as: UTF8.self) else {
                throw AuditConfigurationError(file: path, line: 0, message: "is not UTF-8 text")
            }
            return try parse(json: text, source: path)
        case .failure(let failure):
            throw AuditConfigurationError(file: path, line: 0, message: "cannot be read: \(failure)")
        }
    }
}
