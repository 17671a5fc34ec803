import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `assetc diff OLD NEW`: what changed in bytes between two compiled catalogs, archives or source catalogs.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare the sizes of two Assets.car files, archives or catalogs, asset by asset.",
        discussion: """
            Each side is an Assets.car (or an .app or .ipa holding one), an archive written by 'assetc pack', or \
            an .xcassets or plain asset folder, so a catalog can be compared with its car. Prints the assets \
            added, removed and changed with their bytes and changed variants, then the bytes per compression and \
            per trait value, each sorted by growth; --json prints the document of docs/DIFF-JSON.md.

            A car's bytes are its renditions' stored sizes (packed atlases are internal renditions of their own), \
            an archive's its payloads', a catalog's its files'. Variants are matched by traits (then pixel size).

            Exit status: 0 when both sides hold the same assets with the same variants, 1 when they differ, 2 when \
            a path does not exist or cannot be read.
            """)

    @Argument(help: ArgumentHelp("The old side: an Assets.car, .app, .ipa, archive, or catalog folder.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The new side, of any of the same kinds.", valueName: "new"))
    var new: String

    @Flag(help: "Print JSON (docs/DIFF-JSON.md) instead of text.")
    var json = false

    @Option(help: ArgumentHelp("Files read or renditions checksummed at once (default: one per processor).", valueName: "n"))
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let before = try inventory(old)
        let after = try inventory(new)
        let diff = SizeDiff(old: before, new: after)
        if json {
            try Console.out(SizeDiffJSON(diff: diff).render())
        } else {
            try Console.out(TerminalText.escaped(SizeDiffText(diff: diff).render(), keepingLineBreaks: true))
        }
        if !diff.isEqual { throw ExitCode(1) }
    }

    /// The sizes of one side, or a CLIError (exit 2) naming the path and the problem.
    private func inventory(_ given: String) throws -> SizeInventory {
        let path: String
        do {
            path = try CARSource.expandingApplication(given)
        } catch let error as CLIError {
            throw CLIError.usage(error.description)
        } catch {
            throw CLIError.usage("\(MessageText.quote(given)): \(error)")
        }
        switch try InputPaths.requireExisting([path]).first {
        case .folder?:
            let index = CatalogReader(options: ReaderOptions(verifyPixels: false, jobs: jobs)).read([path])
            try InputPaths.requireContent(index, roots: [path], allowEmpty: false)
            return SizeInventory(index: index)
        case .file?, nil:
            if CARSource.isCAR(path) {
                do {
                    return SizeInventory(car: try CARFile(path: path), path: given, jobs: jobs)
                } catch {
                    throw CLIError.usage("\(MessageText.quote(given)): not a readable Assets.car: \(error)")
                }
            }
            do {
                return try SizeInventory(archive: try AssetArchive(path: path), path: given)
            } catch {
                throw CLIError.usage("\(MessageText.quote(given)): neither an Assets.car nor a readable assetc archive: \(error)")
            }
        }
    }
}
