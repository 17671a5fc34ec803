import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `assetc verify`: checks every checksum and record of a packed archive.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check every checksum and record of a packed archive.",
        discussion: """
            Checks the header, every section's CRC, every record's references and every payload's CRC. \
            Exit status: 0 when the archive is sound, 1 when it is damaged or cannot be read, 2 when the path \
            does not exist or is a folder.
            """)

    @Argument(help: ArgumentHelp("A packed archive.", valueName: "archive"))
    var archive: String

    func run() throws {
        let archive = try CARSource.expandingApplication(self.archive)
        try InputPaths.requireArchive(archive, command: "verify")
        if CARSource.isCAR(archive) {
            let file = try CARSource.open(archive)
            let result = CARExtract.verify(file)
            guard result.damaged.isEmpty else {
                var report = "\(archive) is damaged (\(result.damaged.count) rendition(s)):"
                for problem in result.damaged.prefix(100) { report += "\n  \(problem)" }
                throw CLIError(report)
            }
            let skipped = result.notDecodable.values.reduce(0, +)
            var lines = [
                "\(archive): OK (Assets.car, CoreUI \(file.header.coreUIVersion), \(file.facets.count) assets, \(file.renditions.count) renditions, \(result.decoded) decoded, \(skipped) not decodable, \(file.byteCount) bytes)"
            ]
            for (reason, count) in result.notDecodable.sorted(by: { $0.key < $1.key }) { lines.append("  not decodable: \(count) × \(reason)") }
            try Console.line(TerminalText.escaped(lines.joined(separator: "\n"), keepingLineBreaks: true))
            return
        }
        let catalog: AssetArchive
        do {
            catalog = try AssetArchive(path: archive)
        } catch {
            throw CLIError("\(archive) is damaged or not an archive: \(error)")
        }
        let problems = catalog.problems(limit: 100)
        guard problems.isEmpty else {
            var report = "\(archive) is damaged (\(problems.count == 100 ? "100 or more" : "\(problems.count)") problem(s)):"
            for problem in problems { report += "\n  \(problem)" }
            throw CLIError(report)
        }
        let version = catalog.formatVersion
        try Console.line("\(archive): OK (format \(version.major).\(version.minor), \(catalog.count) assets, \(catalog.byteCount) bytes)")
    }
}
