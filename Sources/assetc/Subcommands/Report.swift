import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `assetc report`: one self-contained HTML page showing every asset's variants, findings and device matrix.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an HTML report: each asset's variants by traits, its findings, and what each device gets.",
        discussion: """
            For catalogs or plain folders the page shows the audit's findings on the assets they concern (the same \
            configuration as 'assetc audit': each root's .assetc.yml, or --config). For a packed archive it shows \
            the variants and the device matrix. Images are embedded as data: URIs (up to --embed-limit bytes each; \
            larger ones and PDFs are linked relative to the page), so the page is one file.

            Exit status: 0 when the page was written, 2 for usage errors and unreadable inputs.
            """)

    @Argument(help: ArgumentHelp("An .xcassets folder, a plain asset folder, an archive written by 'assetc pack', or an Assets.car (or an .app holding one).", valueName: "catalog-or-archive"))
    var paths: [String] = []

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The HTML file to write (- for standard output).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("A configuration file to use for every catalog, instead of each root's .assetc.yml.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Findings listed in this file are shown as known.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("The page title.", valueName: "text"))
    var title: String?

    @Option(
        name: .customLong("embed-limit"),
        help: ArgumentHelp("Images larger than this many bytes are linked instead of embedded.", valueName: "bytes"))
    var embedLimit: Int = 4 << 20

    @Flag(name: .customLong("allow-empty"), help: "Accept a root with no asset catalog and no image (otherwise an error, exit 2).")
    var allowEmpty = false

    @OptionGroup(title: "Build systems")
    var declared: DeclaredInputsOption

    @Option(help: ArgumentHelp("Files and assets checked at once (default: one per processor).", valueName: "n"))
    var jobs: Int?

    func run() throws {
        try AuditCommandSupport.exitingWithTwoOnErrors(perform)
    }

    private func perform() throws {
        guard let output else { throw usage("give the page to write with -o FILE") }
        guard !paths.isEmpty else { throw usage("give a catalog, a folder or an archive") }
        if embedLimit < 0 { throw usage("--embed-limit must not be negative") }
        if let jobs, jobs < 1 { throw usage("--jobs must be at least 1") }
        if let compiled = try CARAuditInput.open(paths.map(CARSource.expandingApplication), command: "report") {
            try writeCompiledReport(compiled, to: output)
            return
        }
        var folders: [String] = []
        var archives: [String] = []
        for (path, kind) in zip(paths, try InputPaths.requireExisting(paths)) {
            switch kind {
            case .folder: folders.append(path)
            case .file: archives.append(path)
            }
        }
        if !OutputFile.isStandardOutput(output) { try OutputFile.checkDestination(output) }
        if !archives.isEmpty && (archives.count > 1 || !folders.isEmpty) {
            throw usage("give either catalog folders or one archive")
        }
        let outputFolder = URL(fileURLWithPath: OutputFile.isStandardOutput(output) ? "./-" : output).deletingLastPathComponent().standardizedFileURL.path

        let document: ReportDocument
        var indexedAssets: Int?
        if let archivePath = archives.first {
            do {
                let archive = try AssetArchive(path: archivePath)
                document = try ReportDocument(
                    archive: archive, path: archivePath, title: title ?? "Report: \(archivePath)", embedLimit: embedLimit)
            } catch {
                throw usage("\(archivePath): not a readable archive: \(error)")
            }
        } else {
            let (defaultConfiguration, perCatalog) = try AuditCommandSupport.configurations(config: config, paths: folders)
            var knownFindings: AuditBaseline?
            if let baseline {
                do { knownFindings = try AuditBaseline.load(path: baseline) } catch { throw usage("\(error)") }
            }
            let auditor = Auditor(configuration: defaultConfiguration, catalogConfigurations: perCatalog, jobs: jobs)
            let index = CatalogReader(options: auditor.readerOptions(ReaderOptions(jobs: jobs, declaredInputs: try declared.load()))).read(folders)
            try InputPaths.requireContent(index, roots: folders, allowEmpty: allowEmpty)
            let report = auditor.audit(index, baseline: knownFindings)
            indexedAssets = index.assets.count
            let shown = folders.first.flatMap { perCatalog[$0] } ?? defaultConfiguration
            document = ReportDocument(
                index: index, report: report, configuration: shown, title: title ?? "Report: \(folders.joined(separator: ", "))",
                embedLimit: embedLimit,
                linkBase: { catalog, path in
                    Self.relativePath(from: outputFolder, to: URL(fileURLWithPath: catalog).appendingPathComponent(path).standardizedFileURL.path)
                })
        }
        try OutputFile.write(HTMLReportRenderer.render(document), to: output)
        // The same asset count as `assetc info` and `assetc audit`; sets the reader could not index (with
        // findings about them) are counted apart.
        let count = indexedAssets ?? document.assets.count
        let others = document.assets.count - count
        let destination = OutputFile.isStandardOutput(output) ? "the page to standard output" : output
        var summary = "wrote \(destination): \(count) asset\(count == 1 ? "" : "s")"
        if others > 0 { summary += " and \(others) set\(others == 1 ? "" : "s") that could not be read" }
        AuditCommandSupport.standardError(summary)
    }

    /// The page for one `Assets.car`: its assets decoded, its findings from the rules for compiled catalogs.
    private func writeCompiledReport(_ compiled: CARAuditInput, to output: String) throws {
        guard compiled.cars.count == 1, let source = compiled.index.sources.first, let car = compiled.cars[source.path] else {
            throw usage("give one Assets.car (or one .app) per report")
        }
        if !OutputFile.isStandardOutput(output) { try OutputFile.checkDestination(output) }
        let (configuration, _) = try AuditCommandSupport.configurations(config: config, paths: [])
        var knownFindings: AuditBaseline?
        if let baseline {
            do { knownFindings = try AuditBaseline.load(path: baseline) } catch { throw usage("\(error)") }
        }
        let report = Auditor(configuration: configuration, jobs: jobs).audit(
            compiled.index, baseline: knownFindings, compiledCatalogs: compiled.cars)
        let document = ReportDocument(
            car: car, index: compiled.index, report: report, title: title ?? "Report: \(source.path)", embedLimit: embedLimit)
        try OutputFile.write(HTMLReportRenderer.render(document), to: output)
        let count = compiled.index.assets.count
        let destination = OutputFile.isStandardOutput(output) ? "the page to standard output" : output
        AuditCommandSupport.standardError("wrote \(destination): \(count) asset\(count == 1 ? "" : "s")")
    }

    /// `to` relative to the folder `from` (both absolute), percent-encoded for an `href`.
    static func relativePath(from folder: String, to file: String) -> String {
        let base = folder.split(separator: "/")
        let target = file.split(separator: "/")
        var common = 0
        while common < base.count, common < target.count - 1, base[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#"))
        return parts.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }.joined(separator: "/")
    }

    private func usage(_ message: String) -> ExitCode {
        AuditCommandSupport.standardError("error: \(message)")
        return ExitCode(2)
    }
}
