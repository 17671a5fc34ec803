import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `assetc compare-car`: every structural difference between our `Assets.car` and Xcode's of the same source,
/// and whether CoreUI's lookups return the same pixels from both.
struct CompareCar: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare-car",
        abstract: "List every structural difference between two Assets.car files of the same source (ours, then Xcode's).",
        discussion: """
            Compares file size, header facts, BOM variables, key format, appearance and localization names, \
            facets, BITMAPKEYS and every rendition (presence, layout, flags, pixel format and size, colour space, \
            compression, info tags, atlas reference, bytes), identifiers matched by name. Then asks both cars for \
            every image at 1x-3x in the platform's idioms, default and dark, by CoreUI's rules, and compares the \
            pixels (docs/CAR-FORMAT.md, "Comparing with Xcode's car"). Exit status: 0 when nothing differs, 1 \
            when something does, 2 when a file cannot be read.
            """)

    @Argument(help: ArgumentHelp("Our Assets.car (or an .app holding it).", valueName: "ours"))
    var ours: String

    @Argument(help: ArgumentHelp("Xcode's Assets.car of the same source (or an .app holding it).", valueName: "xcode"))
    var xcode: String

    @Flag(help: "Print JSON: {differences: [{area, subject, ours, xcode}], lookups: {requests, agreeing, exact, mismatches, nearMatches, …}}.")
    var json = false

    @Flag(inversion: .prefixedNo, help: "Compare the pixels CoreUI's lookups return from both cars.")
    var lookups = true

    func run() throws {
        let oursFile = try open(ours)
        let xcodeFile = try open(xcode)
        let differences = CARStructureComparison.differences(ours: CARStructure(file: oursFile), xcode: CARStructure(file: xcodeFile))
        let lookup = lookups ? CARLookupComparison.compare(ours: oursFile, xcode: xcodeFile) : nil
        if json {
            try Console.line(try JSONOutput.string(Report(differences: differences, lookups: lookup.map(LookupReport.init))))
        } else {
            try Console.line(TerminalText.escaped(text(differences, lookup), keepingLineBreaks: true))
        }
        if !differences.isEmpty || lookup.map({ !$0.mismatches.isEmpty }) == true { throw ExitCode(1) }
    }

    private func open(_ path: String) throws -> CARFile {
        let expanded: String
        do {
            expanded = try CARSource.expandingApplication(path)
        } catch {
            throw CLIError.usage("\(error)")
        }
        do {
            return try CARFile(path: expanded)
        } catch {
            throw CLIError.usage("\(expanded): not a readable Assets.car: \(error)")
        }
    }

    private func text(_ differences: [CARStructureDifference], _ lookup: CARLookupComparison?) -> String {
        var lines: [String] = []
        for difference in differences {
            lines.append("\(difference.area): \(difference.subject): ours \(difference.ours), Xcode \(difference.xcode)")
        }
        var counts: [String: Int] = [:]
        for difference in differences { counts[difference.area, default: 0] += 1 }
        let areas = counts.keys.sorted().map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
        lines.append("\(differences.count) structural difference(s)\(areas.isEmpty ? "" : " (\(areas))")")
        if let lookup {
            for mismatch in lookup.mismatches {
                lines.append("lookup: \(mismatch.request): ours \(mismatch.ours), Xcode \(mismatch.xcode)")
            }
            for near in lookup.nearMatches {
                lines.append("within 1: \(near.request): \(near.differingChannels) of \(near.channels) channel values differ by 1")
            }
            lines.append(
                "lookups: \(lookup.agreeing) of \(lookup.requestCount - lookup.undecodable) agree (\(String(format: "%.1f", lookup.agreementPercent))%)"
                    + ", \(lookup.exact) exactly"
                    + (lookup.undecodable > 0 ? ", \(lookup.undecodable) not decodable" : ""))
        }
        return lines.joined(separator: "\n")
    }

    private struct Report: Encodable {
        var differences: [CARStructureDifference]
        var lookups: LookupReport?
    }

    private struct LookupReport: Encodable {
        var requests: Int
        var agreeing: Int
        var undecodable: Int
        var agreementPercent: Double
        var exact: Int
        var mismatches: [[String: String]]
        var nearMatches: [[String: String]]

        init(_ comparison: CARLookupComparison) {
            requests = comparison.requestCount
            agreeing = comparison.agreeing
            undecodable = comparison.undecodable
            agreementPercent = comparison.agreementPercent
            exact = comparison.exact
            mismatches = comparison.mismatches.map { ["request": $0.request.description, "ours": $0.ours, "xcode": $0.xcode] }
            nearMatches = comparison.nearMatches.map {
                ["request": $0.request.description, "differingChannels": String($0.differingChannels), "channels": String($0.channels)]
            }
        }
    }
}
