import AssetCatalog

/// Something worth telling the user about an input: a problem, a doubt or a remark.
public struct Diagnostic: Hashable, Sendable, Codable {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
        /// Informational; never fails anything.
        case note
        /// Probably a mistake; fails only strict runs.
        case warning
        /// A real defect: the catalog is wrong or unreadable here.
        case error

        private var rank: Int {
            switch self {
            case .note: return 0
            case .warning: return 1
            case .error: return 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How serious it is.
    public var severity: Severity
    /// A stable identifier of the kind of problem, such as `missing-file`.
    public var rule: String
    /// The catalog root the path is relative to, as it was given (`SampleCatalogs/Showcase.xcassets`);
    /// empty when the diagnostic concerns no single catalog.
    public var catalog: String
    /// The file or folder concerned, relative to ``catalog`` (`Hero.imageset/Contents.json`);
    /// empty for the root itself.
    public var path: String
    /// What is wrong and, where it helps, how to fix it.
    public var message: String

    /// Creates a diagnostic.
    public init(severity: Severity, rule: String, catalog: String, path: String, message: String) {
        self.severity = severity
        self.catalog = catalog
        self.rule = rule
        self.path = path
        self.message = message
    }
}

extension Diagnostic: CustomStringConvertible {
    /// The path joined to the catalog root, as a user would type it.
    public var fullPath: String {
        if catalog.isEmpty { return path }
        if path.isEmpty { return catalog }
        return catalog.hasSuffix("/") ? catalog + path : catalog + "/" + path
    }

    /// `path: severity: message [rule]`, the form compilers and editors understand.
    public var description: String { "\(fullPath): \(severity.rawValue): \(message) [\(rule)]" }
}
