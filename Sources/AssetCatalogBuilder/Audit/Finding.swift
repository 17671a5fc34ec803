/// Something the audit found: which rule, how serious, about which asset, where, and what is wrong.
public struct Finding: Hashable, Sendable, Codable {
    /// The rule's identifier (``AuditRule/identifier``).
    public var rule: String
    /// How serious it is, after the configuration re-levelled the rule.
    public var severity: Diagnostic.Severity
    /// The asset's full name, or `nil` when the finding concerns no single asset (a stray file in a group).
    public var asset: String?
    /// The catalog root the path is relative to, as it was given (`SampleCatalogs/Broken.xcassets`).
    public var catalog: String
    /// The file or folder concerned, relative to ``catalog``; empty for the root itself.
    public var path: String
    /// What is wrong and how to fix it.
    public var message: String
    /// Whether the baseline lists this finding: it is reported as known and does not fail the run.
    public var isBaselined: Bool

    /// Creates a finding.
    public init(
        rule: String, severity: Diagnostic.Severity, asset: String?, catalog: String, path: String, message: String,
        isBaselined: Bool = false
    ) {
        self.rule = rule
        self.severity = severity
        self.asset = asset
        self.catalog = catalog
        self.path = path
        self.message = message
        self.isBaselined = isBaselined
    }

    /// The path joined to the catalog root, as a user would type it.
    public var fullPath: String {
        if catalog.isEmpty { return path }
        if path.isEmpty { return catalog }
        return catalog.hasSuffix("/") ? catalog + path : catalog + "/" + path
    }

    /// A stable identity for baselines and SARIF: a hash of the rule, the catalog folder's name, the asset,
    /// the path relative to the catalog and the message. It does not depend on where the catalog was
    /// checked out, on line numbers or on the order of findings; it changes when the message does.
    public var fingerprint: String {
        let catalogName = catalog.split(separator: "/").last.map(String.init) ?? catalog
        let text = [rule, catalogName, asset ?? "", path, message].joined(separator: "\u{1F}")
        return StableHash.hex128(text)
    }
}

extension Finding: CustomStringConvertible {
    /// `path: severity: message [rule]`, the form compilers and editors understand.
    public var description: String { "\(fullPath): \(severity.rawValue): \(message) [\(rule)]" }
}

/// A 128-bit FNV-1a hash printed as 32 hex digits: stable across runs, platforms and Swift versions
/// (unlike `Hasher`, which is seeded per process).
enum StableHash {
    static func hex128(_ text: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = second ^ (second >> 29)
        }
        return hex(first) + hex(second)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
