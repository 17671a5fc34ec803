import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `assetc audit`: checks catalogs against the audit rules (docs/AUDITS.md) and reports the findings.
struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check asset catalogs for real problems, for people and for CI (docs/AUDITS.md).",
        discussion: """
            Reads every root like 'assetc info', runs the audit rules ('--list-rules' lists them), and reports the \
            findings as text (grouped by asset, 'path: severity: message [rule]'), JSON, SARIF 2.1.0 or GitHub \
            Actions annotations. '.assetc.yml' at a catalog's root (or --config) enables, disables and re-levels \
            rules, sets their options, and ignores paths. '--write-baseline FILE' records the current findings; \
            '--baseline FILE' then reports them as known without failing.

            Exit status: 0 when there is no error-level finding (with --strict: no error or warning), 1 when there \
            is, 2 for usage errors, unreadable configuration or baseline files, missing roots and internal errors.
            """)

    @Argument(help: ArgumentHelp("An .xcassets folder, a plain asset folder, or a compiled Assets.car (or an .app holding one).", valueName: "catalog-or-folder"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("text, json, sarif or github (with --list-rules: text, markdown or json).", valueName: "format"))
    var format: String = "text"

    @Option(help: ArgumentHelp("A configuration file to use for every catalog, instead of each root's .assetc.yml.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Findings listed in this file are reported as known and do not fail the run.", valueName: "file"))
    var baseline: String?

    @Option(
        name: .customLong("write-baseline"),
        help: ArgumentHelp("Write every current finding to this baseline file (the run then succeeds).", valueName: "file"))
    var writeBaseline: String?

    @Flag(name: .customLong("show-baseline"), help: "List the findings from --baseline one by one (text), not only their counts per rule.")
    var showBaseline = false

    @Flag(name: .customLong("allow-empty"), help: "Accept a root with no asset catalog and no image (otherwise an error, exit 2).")
    var allowEmpty = false

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write the report to this file instead of standard output (- for standard output).", valueName: "file"))
    var output: String?

    @Flag(name: .customLong("list-rules"), help: "List the rules instead of auditing ('--format markdown' prints docs/AUDITS.md).")
    var listRules = false

    @Option(
        help: ArgumentHelp("Explain one rule instead of auditing: what it finds, why, its settings and examples.", valueName: "rule"),
        completion: Completions.auditRules)
    var explain: String?

    @Option(
        name: .customLong("max-pixels"),
        help: ArgumentHelp("Images with more pixels than this are errors and are not decoded.", valueName: "n"))
    var maxPixels: Int = ReaderOptions().maxPixels

    @Option(help: ArgumentHelp("Files and assets checked at once (default: one per processor).", valueName: "n"))
    var jobs: Int?

    @OptionGroup(title: "Build systems")
    var declared: DeclaredInputsOption

    func run() throws {
        try AuditCommandSupport.exitingWithTwoOnErrors(perform)
    }

    private func perform() throws {
        if listRules {
            try emit(try ruleList())
            return
        }
        if let explain {
            guard let rule = AuditRules.all.first(where: { $0.identifier == explain }) else {
                let known = AuditRules.all.map { $0.identifier }
                let hint = AssetNameSuggestion.suggestions(for: explain, among: known).first.map { " (did you mean '\($0)'?)" } ?? ""
                throw usage("no audit rule is called '\(MessageText.quote(explain))'\(hint); 'assetc audit --list-rules' lists them")
            }
            try emit(AuditDocumentation.section(rule))
            return
        }
        guard ["text", "json", "sarif", "github"].contains(format) else {
            throw usage("unknown format '\(format)'; accepted: text, json, sarif, github")
        }
        guard !paths.isEmpty else { throw usage("give at least one catalog or folder (or --list-rules)") }
        if maxPixels < 1 { throw usage("--max-pixels must be at least 1") }
        if let jobs, jobs < 1 { throw usage("--jobs must be at least 1") }
        if baseline != nil, writeBaseline != nil { throw usage("--baseline and --write-baseline cannot be used together") }
        let compiled = try CARAuditInput.open(paths.map(CARSource.expandingApplication), command: "audit")
        if compiled == nil { try InputPaths.requireFolders(paths, command: "audit") }

        let (defaultConfiguration, catalogConfigurations) = try AuditCommandSupport.configurations(
            config: config, paths: compiled == nil ? paths : [])
        var knownFindings: AuditBaseline?
        if let baseline {
            do { knownFindings = try AuditBaseline.load(path: baseline) } catch { throw usage("\(error)") }
        }

        let auditor = Auditor(configuration: defaultConfiguration, catalogConfigurations: catalogConfigurations, jobs: jobs)
        let declaredInputs = try declared.load()
        let display = ProgressDisplay(command: "assetc audit", quiet: false)
        let index =
            compiled?.index
            ?? CatalogReader(options: auditor.readerOptions(ReaderOptions(maxPixels: maxPixels, jobs: jobs, declaredInputs: declaredInputs))) {
                display.update(done: $0, total: $1, unit: "sets read")
            }.read(paths)
        display.finish()
        if compiled == nil { try InputPaths.requireContent(index, roots: paths, allowEmpty: allowEmpty) }
        var report = auditor.audit(index, baseline: knownFindings, compiledCatalogs: compiled?.cars ?? [:])

        if let writeBaseline {
            let text = AuditBaseline(findings: report.findings).json
            try OutputFile.write(text, to: writeBaseline, option: "--write-baseline")
            for position in report.findings.indices { report.findings[position].isBaselined = true }
            AuditCommandSupport.standardError("wrote \(report.findings.count) finding\(report.findings.count == 1 ? "" : "s") to \(writeBaseline)")
        }

        let text: String
        switch format {
        case "json": text = AuditJSONReporter.render(report)
        case "sarif": text = AuditSARIFReporter(version: AssetcVersion.current, usedBaseline: knownFindings != nil).render(report)
        case "github": text = AuditGitHubReporter.render(report)
        default:
            let toTerminal = (output == nil || output == "-") && AuditCommandSupport.colorsWanted()
            text = AuditTextReporter(colors: toTerminal, showsBaselined: showBaseline).render(report)
        }
        try emit(text)
        if report.fails(strict: strict) { throw ExitCode(1) }
    }

    private func ruleList() throws -> String {
        switch format {
        case "markdown", "md": return AuditDocumentation.markdown()
        case "json":
            let rules = AuditRules.all.map { rule -> [String: String] in
                ["id": rule.identifier, "severity": rule.defaultSeverity.rawValue, "summary": rule.summary, "rationale": rule.rationale]
            }
            let data = try JSONSerialization.data(withJSONObject: rules, options: [.prettyPrinted, .sortedKeys])
            return String(decoding: data, as: UTF8.self) + "\n"
        case "text":
            let width = AuditRules.all.map { $0.identifier.count }.max() ?? 0
            return AuditRules.all.map { rule in
                rule.identifier.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                    + rule.defaultSeverity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + rule.summary
            }.joined(separator: "\n") + "\n"
        default:
            throw usage("unknown format '\(format)' for --list-rules; accepted: text, markdown, json")
        }
    }

    private func emit(_ text: String) throws {
        try OutputFile.write(text, to: output ?? "-", option: "--output")
    }

    private func usage(_ message: String) -> ExitCode {
        AuditCommandSupport.standardError("error: \(message)")
        return ExitCode(2)
    }

}

/// What `audit` and `report` share.
enum AuditCommandSupport {
    /// Runs a command's body. Anything other than a deliberate exit status is an internal error: it is
    /// printed and the exit status is 2, never 1 (which means "findings").
    static func exitingWithTwoOnErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch let error as CLIError {
            throw CLIError(error.description, exitCode: 2)
        } catch {
            standardError("error: \(error)")
            throw ExitCode(2)
        }
    }

    /// The configuration for every catalog (from `--config`, or the defaults) and those found at catalog roots.
    static func configurations(config: String?, paths: [String]) throws -> (AuditConfiguration, [String: AuditConfiguration]) {
        if let config {
            do {
                return (try AuditConfiguration.load(path: config), [:])
            } catch {
                standardError("error: \(error)")
                throw ExitCode(2)
            }
        }
        var perCatalog: [String: AuditConfiguration] = [:]
        for path in paths {
            guard let file = AuditConfiguration.file(atCatalogRoot: path) else { continue }
            do {
                perCatalog[path] = try AuditConfiguration.load(path: file, insideRoot: path)
            } catch {
                standardError("error: \(error)")
                throw ExitCode(2)
            }
        }
        return (AuditConfiguration(), perCatalog)
    }

    static func standardError(_ line: String) {
        Console.error(line)
    }

    /// ANSI colours only for a terminal, and never when `NO_COLOR` is set (https://no-color.org).
    static func colorsWanted() -> Bool {
        if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}
