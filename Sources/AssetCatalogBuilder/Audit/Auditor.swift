import AssetCatalog

/// Runs the audit rules over an index read by ``CatalogReader`` and applies the configuration
/// (disabled rules, severities, ignored paths) and the baseline.
///
/// ```swift
/// let index = CatalogReader().read(["App/Assets.xcassets"])
/// let report = Auditor().audit(index)
/// for finding in report.findings { print(finding) }
/// ```
///
/// Asset rules run in parallel over the assets; the findings are sorted, so the report is the same for
/// any thread count.
public struct Auditor: Sendable {
    /// The rules to run.
    public var rules: [any AuditRule.Type]
    /// The configuration for catalogs that have none of their own.
    public var configuration: AuditConfiguration
    /// Configurations for particular catalog roots, keyed by the root as it was given to the reader.
    public var catalogConfigurations: [String: AuditConfiguration]
    /// How many assets are checked at once; `nil` means one per active processor.
    public var jobs: Int?

    /// Creates an auditor.
    public init(
        rules: [any AuditRule.Type] = AuditRules.all, configuration: AuditConfiguration = AuditConfiguration(),
        catalogConfigurations: [String: AuditConfiguration] = [:], jobs: Int? = nil
    ) {
        self.rules = rules
        self.configuration = configuration
        self.catalogConfigurations = catalogConfigurations
        self.jobs = jobs
    }

    /// The options to read catalogs with before auditing them: `base`, plus what the rules that will run
    /// need from the reader (the recompression estimate, for the files `unoptimized-png` may measure under
    /// any of the configurations, when the rule runs).
    public func readerOptions(_ base: ReaderOptions = ReaderOptions()) -> ReaderOptions {
        var options = base
        let identifier = UnoptimizedPNGRule.identifier
        guard rules.contains(where: { $0.identifier == identifier }) else { return options }
        let running = ([configuration] + catalogConfigurations.values).filter { $0.isEnabled(identifier) }
        guard !running.isEmpty else { return options }
        let minBytes = running.map { $0.number("min-bytes", of: UnoptimizedPNGRule.self) }.min() ?? 0
        let ratio = running.map { $0.number("candidate-ratio", of: UnoptimizedPNGRule.self) }.min() ?? 0
        options.recompressionEstimate = RecompressionEstimatePolicy(
            minFileBytes: Int(clampingDouble: minBytes), minImageDataRatio: ratio)
        return options
    }

    /// Audits an index. Findings listed in `baseline` are marked ``Finding/isBaselined``.
    ///
    /// `compiledCatalogs` holds, by source path, the opened `Assets.car` of each source of kind
    /// ``CatalogSource/Kind/car`` (the rules about stored payloads read them); each rule runs only on the
    /// kinds of source its ``AuditRule/input`` accepts.
    public func audit(_ index: CatalogIndex, baseline: AuditBaseline? = nil, compiledCatalogs: [String: CARFile] = [:]) -> AuditReport {
        let configurations = index.sources.map { catalogConfigurations[$0.path] ?? configuration }
        let shared = AuditShared(index: index, configurations: configurations)
        let instances: [any AuditRule] = rules.map { $0.init() }
        let sourceKinds = Set(index.sources.map(\.kind))

        // Whole-audit rules, once, when some source is of a kind they check.
        let catalogContext = CatalogAuditContext(index: index, configurations: configurations, compiledCatalogs: compiledCatalogs)
        let lookups = compiledCatalogs.mapValues(CARAuditLookup.init)
        var findings: [Finding] = []
        for rule in instances where sourceKinds.contains(where: type(of: rule).input.accepts) || index.sources.isEmpty {
            findings += rule.check(catalog: catalogContext)
        }
        // A diagnostic of a rule no audit rule documents (a reader newer than the registry) is still reported.
        let documented = Set(AuditRules.all.map { $0.identifier })
        for rule in Set(index.diagnostics.map(\.rule)).subtracting(documented).sorted() {
            findings += catalogContext.readerFindings(rule: rule)
        }

        // Asset rules, in parallel over the assets.
        let assets = index.assets
        let sources = index.sources
        let width = ReaderOptions(jobs: jobs).effectiveJobs
        let perAsset = parallelMap(count: assets.count, width: width) { position -> [Finding] in
            let asset = assets[position]
            let configuration = configurations[asset.sourceIndex]
            if configuration.isIgnored(asset.path) { return [] }
            let source = sources[asset.sourceIndex]
            let context = AssetAuditContext(
                asset: asset, source: source, configuration: configuration, shared: shared,
                compiledCatalog: compiledCatalogs[source.path], compiledLookup: lookups[source.path])
            var found: [Finding] = []
            for rule in instances
            where configuration.isEnabled(type(of: rule).identifier) && type(of: rule).input.accepts(source.kind) {
                found += rule.check(asset: context)
            }
            return found
        }
        for batch in perAsset { findings += batch }

        // Configuration: disabled rules, ignored paths, severities.
        var kept: [Finding] = []
        kept.reserveCapacity(findings.count)
        for var finding in findings {
            let configuration = catalogContext.configuration(forCatalog: finding.catalog)
            guard configuration.isEnabled(finding.rule), !configuration.isIgnored(finding.path) else { continue }
            if let severity = configuration.severityOverride(finding.rule) { finding.severity = severity }
            kept.append(finding)
        }
        let order = Dictionary(index.sources.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        kept.sort { lhs, rhs in Self.precedes(lhs, rhs, catalogOrder: order) }
        if let baseline { baseline.mark(&kept) }
        var report = AuditReport(findings: kept, sources: index.sources, assetCount: index.assets.count + index.unsupportedSets.count)
        report.unsupportedSetCount = index.unsupportedSets.count
        return report
    }

    /// Catalog (in the order given), asset, path, rule, message.
    static func precedes(_ lhs: Finding, _ rhs: Finding, catalogOrder: [String: Int]) -> Bool {
        let leftCatalog = catalogOrder[lhs.catalog] ?? Int.max
        let rightCatalog = catalogOrder[rhs.catalog] ?? Int.max
        if leftCatalog != rightCatalog { return leftCatalog < rightCatalog }
        if lhs.catalog != rhs.catalog { return lhs.catalog.utf8.lexicographicallyPrecedes(rhs.catalog.utf8) }
        let leftAsset = lhs.asset ?? ""
        let rightAsset = rhs.asset ?? ""
        if leftAsset != rightAsset { return leftAsset.utf8.lexicographicallyPrecedes(rightAsset.utf8) }
        if lhs.path != rhs.path { return lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8) }
        if lhs.rule != rhs.rule { return lhs.rule.utf8.lexicographicallyPrecedes(rhs.rule.utf8) }
        return NaturalOrder.less(lhs.message, rhs.message)
    }
}

/// The outcome of an audit: the findings, sorted by catalog, asset, path, rule and message.
public struct AuditReport: Hashable, Sendable {
    /// Every finding, baselined ones included.
    public var findings: [Finding]
    /// The roots that were read.
    public var sources: [CatalogSource]
    /// The number of assets (sets of every kind, unsupported ones included).
    public var assetCount: Int
    /// How many of ``assetCount`` are sets of a kind assetc does not read (`assetc info` lists them apart).
    public var unsupportedSetCount = 0

    /// Creates a report.
    public init(findings: [Finding], sources: [CatalogSource], assetCount: Int) {
        self.findings = findings
        self.sources = sources
        self.assetCount = assetCount
    }

    /// Counts of the findings that are not in the baseline, per severity, and of the baselined ones.
    public var summary: AuditSummary {
        var summary = AuditSummary()
        for finding in findings {
            if finding.isBaselined {
                summary.baselined += 1
                continue
            }
            switch finding.severity {
            case .error: summary.errors += 1
            case .warning: summary.warnings += 1
            case .note: summary.notes += 1
            }
        }
        return summary
    }

    /// Whether the run fails: an error that is not in the baseline, or with `strict` also a warning.
    public func fails(strict: Bool) -> Bool {
        findings.contains { !$0.isBaselined && ($0.severity == .error || (strict && $0.severity == .warning)) }
    }
}

/// Finding counts.
public struct AuditSummary: Hashable, Sendable, Codable {
    /// Error-level findings not in the baseline.
    public var errors = 0
    /// Warning-level findings not in the baseline.
    public var warnings = 0
    /// Note-level findings not in the baseline.
    public var notes = 0
    /// Findings of any severity that the baseline lists.
    public var baselined = 0

    /// Creates zero counts.
    public init() {}
}
