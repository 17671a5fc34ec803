import AssetCatalog
import Foundation

@testable import AssetCatalogBuilder

/// Helpers shared by the audit tests.
enum AuditTestSupport {
    /// The repository root (for SampleCatalogs/ and docs/).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A fresh temporary folder, removed when the returned object goes away.
    final class TemporaryFolder {
        let path: String

        init() throws {
            path = NSTemporaryDirectory() + "assetc-audit-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Writes an example, reads it and audits it the way `assetc audit` does (each root's `.assetc.yml`).
    static func audit(_ example: AuditExample, rules: [any AuditRule.Type] = AuditRules.all) throws -> AuditReport {
        let folder = try TemporaryFolder()
        let roots = try example.materialize(in: folder.path)
        if let carPath = try example.compileExample(roots: roots, in: folder.path) {
            // A rule of compiled catalogs: the compiled Assets.car is audited, as `assetc audit Assets.car` does.
            let car = try CARFile(path: carPath)
            return Auditor(rules: rules, jobs: 2).audit(CatalogIndex(car: car, path: carPath), compiledCatalogs: [carPath: car])
        }
        return try audit(roots: roots, rules: rules)
    }

    /// Reads and audits roots with their own configuration files.
    static func audit(roots: [String], rules: [any AuditRule.Type] = AuditRules.all) throws -> AuditReport {
        var configurations: [String: AuditConfiguration] = [:]
        for root in roots {
            if let file = AuditConfiguration.file(atCatalogRoot: root) {
                configurations[root] = try AuditConfiguration.load(path: file, insideRoot: root)
            }
        }
        let auditor = Auditor(rules: rules, catalogConfigurations: configurations, jobs: 2)
        let index = CatalogReader(options: auditor.readerOptions(ReaderOptions(jobs: 2))).read(roots)
        return auditor.audit(index)
    }

    /// The findings as lines, for failure messages.
    static func dump(_ report: AuditReport) -> String {
        report.findings.map(\.description).joined(separator: "\n")
    }
}
