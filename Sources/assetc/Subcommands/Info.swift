import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Dispatch
import Foundation

/// `assetc info`: reads catalogs or plain asset folders and lists their assets, variants and problems.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the assets, variants and problems of asset catalogs or plain asset folders.",
        discussion: """
            Reads every root (an .xcassets folder or a plain folder of images named name~tokens@2x.png), \
            checks every file by its content (PNGs are fully decoded unless --no-verify-pixels), and prints \
            the assets with their variants, the diagnostics as 'path: severity: message [rule]', and a summary. \
            --json prints the schema documented in docs/INFO-JSON.md.

            Exit status: 0 when nothing is wrong, 1 when any error-level diagnostic was reported (warnings \
            and notes never fail), 2 when a path does not exist or an archive cannot be opened. An archive is listed from its own \
            records (what was packed); its diagnostics stayed with the source.
            """)

    @Argument(help: ArgumentHelp("An .xcassets folder, a plain asset folder, or one packed archive.", valueName: "catalog-or-folder"))
    var paths: [String]

    @Flag(help: "Print JSON (docs/INFO-JSON.md) instead of text.")
    var json = false

    @Option(
        name: .customLong("max-pixels"),
        help: ArgumentHelp("Images with more pixels than this are errors and are not decoded.", valueName: "n"))
    var maxPixels: Int = ReaderOptions().maxPixels

    @Option(help: ArgumentHelp("Files inspected at once (default: one per processor).", valueName: "n"))
    var jobs: Int?

    @OptionGroup(title: "Build systems")
    var declared: DeclaredInputsOption

    @Flag(
        name: .customLong("verify-pixels"), inversion: .prefixedNo,
        help: "Fully decode every PNG to find CRC, zlib and truncation errors.")
    var verifyPixels = true

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one catalog or folder") }
        if maxPixels < 1 { throw ValidationError("--max-pixels must be at least 1") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        // An application bundle stands for the Assets.car inside it.
        let paths: [String]
        do {
            paths = try self.paths.map(CARSource.expandingApplication)
        } catch {
            InfoOutput.standardError("error: \(error)")
            throw ExitCode(2)
        }
        var archivePaths: [String] = []
        for (path, kind) in zip(paths, try InputPaths.requireExisting(paths)) where kind == .file {
            archivePaths.append(path)
        }
        if !archivePaths.isEmpty && paths.count > 1 {
            InfoOutput.standardError("error: give one archive on its own, or catalog folders only")
            throw ExitCode(2)
        }

        let index: CatalogIndex
        var car: CARFile?
        if let archivePath = archivePaths.first, CARSource.isCAR(archivePath) {
            let opened: CARFile
            do {
                opened = try CARSource.open(archivePath)
            } catch {
                InfoOutput.standardError("error: \(error)")
                throw ExitCode(2)
            }
            car = opened
            index = CatalogIndex(car: opened, path: archivePath)
        } else if let archivePath = archivePaths.first {
            do {
                index = try CatalogIndex(archive: try AssetArchive(path: archivePath))
            } catch {
                InfoOutput.standardError("error: \(archivePath): not a usable assetc archive: \(error)")
                throw ExitCode(2)
            }
        } else {
            let options = ReaderOptions(maxPixels: maxPixels, verifyPixels: verifyPixels, jobs: jobs, declaredInputs: try declared.load())
            index = CatalogReader(options: options).read(paths)
        }
        // Freed when the process ends, not record by record when run() returns.
        defer { KeptUntilExit.keep((index, car as Any)) }
        if json {
            // Streamed a window of assets at a time: memory does not grow with the document's size.
            try InfoReport(index: index, car: car.map(CARFacts.init)).render { (bytes) throws(CLIError) in
                try Console.out(bytes: bytes)
            }
        } else {
            // An archive's listing starts with the file it came from; its sources are where it was packed from.
            let heading = archivePaths.first.map { "archive: \($0)\n" } ?? ""
            let facts = car.map { CARFacts(file: $0).text + "\n" } ?? ""
            try Console.out(TerminalText.escaped(heading + facts + InfoText(index: index).render(), keepingLineBreaks: true))
        }
        if index.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}

enum InfoOutput {
    static func standardError(_ line: String) {
        Console.error(line)
    }
}
