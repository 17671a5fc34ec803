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

            A car's bytes are its renditions' stored sizes, each packed atlas's shared out among the images in it \
            by pixel area; an archive's bytes are its payloads', a catalog's its files'. Variants are matched by \
            traits (then pixel size); a packed image changed when its pixels did, not when it moved in its atlas.

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
        var sides = try Self.read([old, new], jobs: jobs)
        var before = sides[0].inventory, after = sides[1].inventory
        // The only copies, so that settling the packed images' checksums changes them in place instead of copying
        // every asset's variants first.
        sides[0].inventory.assets = []
        sides[1].inventory.assets = []
        if let oldCar = sides[0].car, let newCar = sides[1].car {
            SizeInventory.settlePackedContent(old: &before, oldCar: oldCar, new: &after, newCar: newCar, jobs: jobs)
        }
        let diff = SizeDiff(old: before, new: after)
        // Freed when the process ends, not record by record when run() returns.
        defer { KeptUntilExit.keep((sides, before, after, diff)) }
        if json {
            try Console.out(SizeDiffJSON(diff: diff).render())
        } else {
            try Console.out(TerminalText.escaped(SizeDiffText(diff: diff).render(), keepingLineBreaks: true))
        }
        if !diff.isEqual { throw ExitCode(1) }
    }

    /// One side's sizes, and its car when it is one (to decode packed atlases from).
    private struct Side: Sendable {
        var inventory: SizeInventory
        var car: CARFile?
    }

    /// The sides read at once, one thread each; when several fail, the first one's error is the one thrown.
    ///
    /// The first side is read on the calling thread and the others on dispatch work items, not as iterations of one
    /// `concurrentPerform`: inside one, each side's own parallel work (parsing its renditions, its inventory) is a
    /// nested `concurrentPerform`, which libdispatch narrows to the processors divided by the outer iterations (one
    /// thread each on two processors), so the side that finished first left its processor idle while the other
    /// went on alone. Now each side's work spreads over every processor, and a side finishing early frees its
    /// threads for the other's.
    private static func read(_ paths: [String], jobs: Int?) throws -> [Side] {
        let results = SideResults(count: paths.count)
        let group = DispatchGroup()
        for index in paths.indices.dropFirst() {
            DispatchQueue.global().async(group: group) { results.store(Result { try side(paths[index], jobs: jobs) }, at: index) }
        }
        if let first = paths.indices.first { results.store(Result { try side(paths[first], jobs: jobs) }, at: first) }
        group.wait()
        return try results.all.map { try $0.get() }
    }

    /// Each side's outcome, written by its own thread and read after all have finished.
    private final class SideResults: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<Side, any Error>?]

        init(count: Int) {
            results = Array(repeating: nil, count: count)
        }

        func store(_ result: Result<Side, any Error>, at index: Int) {
            lock.withLock { results[index] = result }
        }

        var all: [Result<Side, any Error>] {
            lock.withLock { results.map { $0 ?? .failure(CLIError.usage("a side of the comparison was not read")) } }
        }
    }

    /// The sizes of one side, or a CLIError (exit 2) naming the path and the problem.
    private static func side(_ given: String, jobs: Int?) throws -> Side {
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
            return Side(inventory: SizeInventory(index: index))
        case .file?, nil:
            if CARSource.isCAR(path) {
                do {
                    let car = try CARFile(path: path)
                    return Side(inventory: SizeInventory(car: car, path: given, jobs: jobs), car: car)
                } catch {
                    throw CLIError.usage("\(MessageText.quote(given)): not a readable Assets.car: \(error)")
                }
            }
            do {
                return Side(inventory: try SizeInventory(archive: try AssetArchive(path: path), path: given))
            } catch {
                throw CLIError.usage("\(MessageText.quote(given)): neither an Assets.car nor a readable assetc archive: \(error)")
            }
        }
    }
}
