import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The sample catalogs: Broken.xcassets triggers, set by set, exactly the rule each set was made for
/// (the table in SampleCatalogs/Broken.README.md), and the healthy samples get no error or warning.
@Suite("Audit of the sample catalogs")
struct AuditSampleCatalogTests {
    static let samples = AuditTestSupport.repositoryRoot.appendingPathComponent("SampleCatalogs")

    /// `(set folders, intended rule)` from Broken.README.md; `A + B` rows name two sets with one mistake.
    static func intendedRules() throws -> [(sets: [String], rule: String)] {
        let text = try String(contentsOf: samples.appendingPathComponent("Broken.README.md"), encoding: .utf8)
        var result: [([String], String)] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 2 else { continue }
            let rule = cells[2].split(separator: "`").first.map(String.init) ?? ""
            let sets = cells[1].replacingOccurrences(of: "`", with: "").components(separatedBy: " + ")
            result.append((sets.map { $0.trimmingCharacters(in: .whitespaces) }, rule))
        }
        return result
    }

    static func isInside(_ finding: Finding, _ sets: [String]) -> Bool {
        sets.contains { finding.path == $0 || finding.path.hasPrefix($0 + "/") }
    }

    static let brokenReport: AuditReport = {
        let root = samples.appendingPathComponent("Broken.xcassets").path
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read([root])
        return Auditor(jobs: 2).audit(index)
    }()

    @Test("Broken.xcassets: every set triggers its intended rule and nothing else")
    func brokenSetsTriggerTheirRule() throws {
        let intended = try Self.intendedRules()
        #expect(intended.count >= 30, "the README table should list every set")
        let report = Self.brokenReport
        for (sets, rule) in intended {
            let onSets = report.findings.filter { Self.isInside($0, sets) }
            #expect(onSets.contains { $0.rule == rule }, "\(sets) should trigger \(rule); it has: \(onSets.map(\.rule))")
            let others = onSets.filter { $0.rule != rule }
            #expect(others.isEmpty, "\(sets) should trigger only \(rule), but also: \(others.map(\.description))")
        }
        // Nothing is reported outside the sets listed.
        let listed = intended.flatMap(\.sets)
        let unlisted = report.findings.filter { !Self.isInside($0, listed) }
        #expect(unlisted.isEmpty, "findings outside the listed sets: \(unlisted.map(\.description))")
        #expect(report.fails(strict: false))
    }

    @Test("Every rule that Broken.xcassets is meant to show fires on it")
    func everyIntendedRuleFires() throws {
        let fired = Set(Self.brokenReport.findings.map(\.rule))
        for (_, rule) in try Self.intendedRules() {
            #expect(fired.contains(rule), "\(rule)")
        }
    }

    @Test("Healthy samples have no error or warning", arguments: ["Showcase.xcassets", "PlainAssets"])
    func healthySample(_ name: String) throws {
        let root = Self.samples.appendingPathComponent(name).path
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read([root])
        let report = Auditor(jobs: 2).audit(index)
        let serious = report.findings.filter { $0.severity >= .warning }
        #expect(serious.isEmpty, "\(serious.map(\.description).joined(separator: "\n"))")
        #expect(!report.fails(strict: true))
    }

    @Test("Findings have the asset they concern, paths relative to the catalog root")
    func findingsNameTheirAsset() {
        for finding in Self.brokenReport.findings {
            #expect(finding.asset != nil, "\(finding)")
            #expect(!finding.path.hasPrefix("/"))
            #expect(finding.catalog.hasSuffix("Broken.xcassets"))
        }
        let names = Set(Self.brokenReport.findings.compactMap(\.asset))
        #expect(names.contains("NotJSON"), "a set the reader could not index is named after its folder")
        #expect(names.contains("Launch"), "unsupported sets are named too")
    }

    @Test("The audit is the same for any number of threads")
    func deterministic() {
        let root = Self.samples.appendingPathComponent("Broken.xcassets").path
        let index = CatalogReader(options: ReaderOptions(jobs: 1)).read([root])
        #expect(Auditor(jobs: 1).audit(index) == Auditor(jobs: 4).audit(index))
    }
}
