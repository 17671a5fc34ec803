/// One check of `assetc audit`, in the manner of SwiftLint: an identifier, a default severity, a one-line
/// summary, a rationale, and example catalogs that prove it fires (``triggeringExamples``) and that it
/// stays quiet (``nonTriggeringExamples``). The test suite builds every example, reads it with
/// ``CatalogReader``, audits it and checks both; `docs/AUDITS.md` is generated from the same metadata.
///
/// A rule looks at one asset at a time (``check(asset:)``, run in parallel over the assets) or at the
/// whole audit once (``check(catalog:)``, used by the rules whose detection the reader already does).
/// Rules are stateless values: everything they need comes in the context.
public protocol AuditRule: Sendable {
    /// The stable identifier printed with every finding and used in `.assetc.yml`: `missing-file`.
    static var identifier: String { get }
    /// The severity of its findings unless the configuration re-levels the rule.
    static var defaultSeverity: Diagnostic.Severity { get }
    /// What the rule finds, in one line.
    static var summary: String { get }
    /// Why it matters and how to fix it: a short paragraph for people.
    static var rationale: String { get }
    /// The settings the rule reads from `.assetc.yml` besides its severity.
    static var options: [AuditRuleOption] { get }
    /// What the rule can check: source catalogs (the default), compiled catalogs (`Assets.car`), or both.
    /// The auditor runs a rule only on the sources it can check.
    static var input: AuditRuleInput { get }
    /// Catalogs on which the rule must report at least one finding.
    static var triggeringExamples: [AuditExample] { get }
    /// Catalogs on which the rule must report nothing.
    static var nonTriggeringExamples: [AuditExample] { get }

    /// Creates the rule.
    init()

    /// The findings about one asset. Called once per asset, possibly on several threads at once.
    func check(asset context: AssetAuditContext) -> [Finding]

    /// The findings that concern the audit as a whole (the reader's diagnostics, names across catalogs).
    /// Called once per audit.
    func check(catalog context: CatalogAuditContext) -> [Finding]
}

extension AuditRule {
    public static var options: [AuditRuleOption] { [] }

    public static var input: AuditRuleInput { .sourceCatalogs }

    public func check(asset context: AssetAuditContext) -> [Finding] { [] }

    public func check(catalog context: CatalogAuditContext) -> [Finding] { [] }

    /// A finding of this rule about the asset in `context`, at `path` (relative to the catalog root),
    /// with the rule's default severity; the auditor applies the configuration afterwards.
    public func finding(_ context: AssetAuditContext, at path: String, _ message: String) -> Finding {
        Finding(
            rule: Self.identifier, severity: Self.defaultSeverity, asset: context.asset.name,
            catalog: context.catalogPath, path: path, message: message)
    }
}

/// The kinds of source a rule can check. Rules that need the source files (`Contents.json`, file names, the
/// PNG encoding) run on source catalogs only; the rules about what the app ships run on `Assets.car` files.
public enum AuditRuleInput: Hashable, Sendable {
    /// `.xcassets` catalogs and plain folders.
    case sourceCatalogs
    /// Compiled catalogs (`Assets.car`).
    case compiledCatalogs
    /// Both.
    case any

    /// Whether a rule with this input runs on a source of `kind`.
    public func accepts(_ kind: CatalogSource.Kind) -> Bool {
        switch self {
        case .any: return true
        case .compiledCatalogs: return kind == .car
        case .sourceCatalogs: return kind != .car
        }
    }
}

/// A setting a rule reads from `.assetc.yml` (`rules: { oversized-image: { max-megapixels: 8 } }`).
public struct AuditRuleOption: Hashable, Sendable {
    /// The key under the rule's entry: `max-megapixels`.
    public let name: String
    /// What values are accepted.
    public let kind: Kind
    /// The default, written as it would be in `.assetc.yml`.
    public let defaultValue: String
    /// What it changes, in one line.
    public let summary: String
    /// The largest value a ``Kind/positiveNumber`` option accepts; a configuration above it is refused
    /// where it is parsed, so the number always fits the integer it later becomes.
    public let maximum: Double

    /// The accepted values of an option.
    public enum Kind: Hashable, Sendable {
        /// A positive number.
        case positiveNumber
        /// A share between 0 and 1 (`0.1` or `10%`).
        case fraction
        /// Per idiom (`phone`, `pad`, …, `universal`), a list of scales: `phone: [2, 3]`.
        case scalesByIdiom
    }

    /// Creates an option description.
    public init(name: String, kind: Kind, defaultValue: String, summary: String, maximum: Double = 1_000_000) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
        self.maximum = maximum
    }
}

/// A rule whose findings are the reader's diagnostics of the same identifier: the reader detects the
/// problem while reading (it has the bytes and the JSON at hand); the rule documents it, proves it with
/// examples, and lets the configuration re-level or silence it.
public protocol ReaderDiagnosticRule: AuditRule {}

extension ReaderDiagnosticRule {
    /// The reader's diagnostics of this rule, each with the severity the reader gave it.
    public func check(catalog context: CatalogAuditContext) -> [Finding] {
        context.readerFindings(rule: Self.identifier)
    }
}
