import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Baselines: stable fingerprints, one finding per entry, and a file that round-trips.
@Suite("Audit baselines")
struct AuditBaselineTests {
    static func finding(_ message: String = "is missing", catalog: String = "App/Assets.xcassets") -> Finding {
        Finding(rule: "missing-file", severity: .error, asset: "Icon", catalog: catalog, path: "Icon.imageset/Contents.json", message: message)
    }

    @Test("Fingerprints depend on rule, catalog folder name, asset, path and message only")
    func fingerprints() {
        let base = Self.finding()
        #expect(base.fingerprint.count == 32)
        #expect(base.fingerprint == Self.finding(catalog: "/other/checkout/App/Assets.xcassets").fingerprint)
        #expect(base.fingerprint != Self.finding("is gone").fingerprint)
        var relevelled = base
        relevelled.severity = .warning
        #expect(base.fingerprint == relevelled.fingerprint, "re-levelling a rule keeps the baseline valid")
    }

    @Test("Each entry absorbs one finding; a repeated problem is new")
    func marking() {
        let baseline = AuditBaseline(findings: [Self.finding()])
        var findings = [Self.finding(), Self.finding(), Self.finding("other")]
        baseline.mark(&findings)
        #expect(findings.map(\.isBaselined) == [true, false, false])
        let report = AuditReport(findings: findings, sources: [], assetCount: 1)
        #expect(report.summary.baselined == 1 && report.summary.errors == 2)
    }

    @Test("The file round-trips and accepts a bare list of fingerprints")
    func roundTrip() throws {
        let baseline = AuditBaseline(findings: [Self.finding(), Self.finding("other")])
        let parsed = try AuditBaseline.parse(json: baseline.json, source: "b.json")
        #expect(parsed == baseline)
        let bare = try AuditBaseline.parse(json: "[\"\(Self.finding().fingerprint)\"]", source: "b.json")
        var findings = [Self.finding()]
        bare.mark(&findings)
        #expect(findings[0].isBaselined)
        #expect(throws: AuditConfigurationError.self) { try AuditBaseline.parse(json: "{\"findings\": 3}", source: "b.json") }
        #expect(throws: AuditConfigurationError.self) { try AuditBaseline.parse(json: "not json", source: "b.json") }
    }

    @Test("A baselined error does not fail the run; a new one does")
    func failing() throws {
        let root = AuditTestSupport.repositoryRoot.appendingPathComponent("SampleCatalogs/Broken.xcassets").path
        let index = CatalogReader(options: ReaderOptions(jobs: 2)).read([root])
        let first = Auditor(jobs: 2).audit(index)
        #expect(first.fails(strict: true))
        let baseline = AuditBaseline(findings: first.findings)
        let second = Auditor(jobs: 2).audit(index, baseline: baseline)
        #expect(second.findings.allSatisfy { $0.isBaselined })
        #expect(!second.fails(strict: true))
        let partial = AuditBaseline(entries: Array(baseline.entries.dropFirst()))
        let third = Auditor(jobs: 2).audit(index, baseline: partial)
        #expect(third.findings.filter { !$0.isBaselined }.count == 1)
    }
}
