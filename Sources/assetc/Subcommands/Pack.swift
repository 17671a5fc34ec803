import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `assetc pack`: reads catalogs and asset folders and writes one archive file.
struct Pack: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pack asset catalogs and plain asset folders into one archive file.",
        discussion: """
            Reads every root, checks every PNG's chunks and CRCs (and decodes it with --verify-pixels), \
            and writes the archive described in docs/FORMAT.md. Payloads are stored byte for byte unless \
            --optimize, which re-encodes PNGs losslessly and keeps the smaller file. The same inputs always \
            give the same bytes. The archive is written to a temporary file beside the output and renamed \
            into place: an interrupted or failed pack leaves an existing archive untouched.

            A cache beside the output (.<output>.assetc-cache) remembers what was checked and optimised, so \
            a repack only works on files that changed, and does nothing when nothing changed.

            Every error of a run is reported at once (duplicate names, unreadable sets, damaged PNGs); with \
            --allow-errors the archive is packed around all of them, keeping the first set (by path) of a \
            duplicated name. A root with no asset catalog and no image is an error unless --allow-empty.

            Exit status: 0 on success, 1 when the inputs have errors (without --allow-errors), 2 when a path \
            does not exist, a root is empty, -o is not a file path or the archive cannot be written, 130 when \
            interrupted.
            """)

    @Argument(help: ArgumentHelp("An .xcassets folder or a plain asset folder.", valueName: "catalog-or-folder"))
    var inputs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The archive to write.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Files read and checked at once (default: one per processor).", valueName: "n"))
    var jobs: Int?

    @Option(
        name: .customLong("memory-limit"),
        help: ArgumentHelp(
            "Working memory all jobs share, in MiB (default: 512); --jobs divides it. Never changes the archive.",
            valueName: "mib"))
    var memoryLimit: Int?

    @Flag(help: "Re-encode PNGs losslessly and keep the smaller file (decoded pixels must be identical).")
    var optimize = false

    @Option(
        name: .customLong("max-pixels"),
        help: ArgumentHelp("Images with more pixels than this are errors.", valueName: "n"))
    var maxPixels: Int?

    @Flag(name: .customLong("verify-pixels"), help: "Fully decode every PNG, not only check its chunks and CRCs.")
    var verifyPixels = false

    @Option(help: ArgumentHelp("The cache folder (default: beside the output).", valueName: "dir"))
    var cache: String?

    @Flag(name: .customLong("no-cache"), help: "Use no cache: check (and optimise) every file again.")
    var noCache = false

    @Flag(name: .customLong("allow-errors"), help: "Pack what is valid even when some inputs have errors.")
    var allowErrors = false

    @Flag(name: .customLong("allow-empty"), help: "Accept a root with no asset catalog and no image (otherwise an error, exit 2).")
    var allowEmpty = false

    @OptionGroup(title: "Build systems")
    var declared: DeclaredInputsOption

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print the pack summary as JSON.")
    var json = false

    @Flag(help: "Show progress even when standard error is not a terminal.")
    var progress = false

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one catalog or folder") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let maxPixels, maxPixels < 1 { throw ValidationError("--max-pixels must be at least 1") }
        if let memoryLimit, memoryLimit < 1 || memoryLimit > 1 << 30 {
            throw ValidationError("--memory-limit must be between 1 and \(1 << 30) MiB")
        }
        if cache != nil && noCache { throw ValidationError("give either --cache or --no-cache, not both") }
    }

    func run() throws {
        try InputPaths.requireFolders(inputs, command: "pack")
        if OutputFile.isStandardOutput(output) {
            throw CLIError.usage("-o needs a file path: an archive is written to a file and renamed into place, not to standard output")
        }
        try OutputFile.checkDestination(output)
        let started = Date()
        var options = PackOptions(optimize: optimize, verifyPixels: verifyPixels, maxPixels: maxPixels, allowErrors: allowErrors)
        if let jobs { options.jobs = jobs }
        if let memoryLimit { options.memoryLimit = memoryLimit << 20 }
        if noCache {
            options.cache = .disabled
        } else if let cache {
            options.cache = .directory(cache)
        }

        // Nothing changed since the last pack (checked with stat alone): skip reading altogether.
        let cacheDirectory = options.cacheDirectory(forOutput: output)
        let stampRoots = inputs + [Bundle.main.executablePath].compactMap { $0 }
        let optionsDescription =
            "assetc \(AssetcVersion.current) optimize=\(optimize) verify-pixels=\(verifyPixels) "
            + "max-pixels=\(maxPixels ?? 0) allow-errors=\(allowErrors)"
        if let cacheDirectory, let stored = InputTreeStamp.load(from: cacheDirectory),
            InputTreeStamp(roots: stampRoots, optionsDescription: optionsDescription, output: output, jobs: jobs) == stored.stamp
        {
            var summary = stored.summary
            summary.upToDate = true
            summary.elapsedSeconds = Date().timeIntervalSince(started)
            try report(summary, started: started)
            return
        }
        if let cacheDirectory { InputTreeStamp.remove(from: cacheDirectory) }

        let reporter = ProgressDisplay(command: "assetc pack", quiet: quiet || json, forced: progress)
        reporter.phase("reading \(inputs.count == 1 ? inputs[0] : "\(inputs.count) roots")")

        // The reader only reads headers: the packer checks every PNG itself (and decodes with --verify-pixels).
        var readerOptions = ReaderOptions(verifyPixels: false, jobs: jobs, declaredInputs: try declared.load())
        if let maxPixels { readerOptions.maxPixels = maxPixels }
        let index = CatalogReader(options: readerOptions) { reporter.update(done: $0, total: $1, unit: "sets read") }.read(inputs)
        do {
            try InputPaths.requireContent(index, roots: inputs, allowEmpty: allowEmpty)
        } catch {
            reporter.finish()
            throw error
        }
        options.progress = { progress in
            reporter.update(done: progress.filesDone, total: progress.filesTotal, unit: "files", detail: Pack.bytes(progress.bytesWritten))
        }

        let summary: PackSummary
        do {
            // Handed over: the packer releases the index once its plan is made.
            summary = try Packer(options: options).pack(consume index, to: output)
        } catch {
            reporter.finish()
            // A failed write is exit 2 in every subcommand; errors in the inputs are 1.
            if case .cannotWrite = error { throw CLIError(error.description, exitCode: 2) }
            throw CLIError(error.description)
        }
        reporter.finish()
        if let cacheDirectory,
            let stamp = InputTreeStamp(roots: stampRoots, optionsDescription: optionsDescription, output: output, jobs: jobs)
        {
            stamp.store(in: cacheDirectory, summary: summary)
        }
        try report(summary, started: started)
    }

    private func report(_ summary: PackSummary, started: Date) throws {
        if json {
            try Console.line(try JSONOutput.string(summary))
            return
        }
        if !quiet {
            for problem in summary.problems { Console.error("warning: skipped: \(problem)") }
            try Console.line(TerminalText.escaped(Self.describe(summary, seconds: Date().timeIntervalSince(started)), keepingLineBreaks: true))
        }
    }

    static func describe(_ summary: PackSummary, seconds: Double) -> String {
        if summary.upToDate {
            return "\(summary.output) is up to date (\(summary.assetCount) assets, \(bytes(summary.bytesOut)))"
        }
        var text = "packed \(summary.assetCount) assets, \(summary.variantCount) variants, \(summary.payloadCount) payloads"
        if summary.deduplicatedCount > 0 { text += " (\(summary.deduplicatedCount) duplicates stored once)" }
        let unit = ByteUnit(forLargest: max(summary.bytesIn, summary.bytesOut))
        text += " into \(summary.output): \(unit.format(summary.bytesIn)) in, \(unit.format(summary.bytesOut)) out"
        if summary.optimizedSavings > 0 { text += ", \(unit.format(summary.optimizedSavings)) saved by --optimize" }
        if summary.skippedVariantCount > 0 {
            let count = summary.skippedVariantCount
            text += ", \(count) empty slot\(count == 1 ? "" : "s") left out (variants with no usable file)"
        }
        if summary.cachedFileCount > 0 { text += ", \(summary.cachedFileCount) files from cache" }
        return text + String(format: " in %.2f s", seconds)
    }

    static func bytes(_ count: Int) -> String {
        ByteUnit(forLargest: count).format(count)
    }
}
