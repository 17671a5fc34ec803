import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The real catalogs in `../shared/corpora` (beside the main checkout; absent in a plain clone, where these
/// tests pass without checking anything). Set `ASSETC_CORPORA` to point elsewhere.
@Suite("Audit of real apps' catalogs (../shared/corpora)")
struct AuditCorpusTests {
    /// The corpora folder, if there is one.
    static var corpora: String? {
        var candidates: [String] = []
        if let given = ProcessInfo.processInfo.environment["ASSETC_CORPORA"] { candidates.append(given) }
        let root = AuditTestSupport.repositoryRoot
        candidates.append(root.deletingLastPathComponent().appendingPathComponent("shared/corpora").path)
        candidates.append(root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora").path)
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Every `.xcassets` folder under `folder`, sorted, not descending into catalogs.
    static func catalogs(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".xcassets") {
                found.append(folder + "/" + relative)
                walker.skipDescendants()
            }
        }
        return found.sorted()
    }

    @Test("Apple's Backyard Birds, every catalog at once as CI would run it: no error")
    func backyardBirdsHasNoError() throws {
        guard let corpora = Self.corpora else { return }
        let roots = Self.catalogs(under: corpora + "/apple+sample-backyard-birds")
        guard !roots.isEmpty else { return }
        let report = try AuditTestSupport.audit(roots: roots)
        let errors = report.findings.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))")
        #expect(!report.fails(strict: false))
        // The apps' own AppIcon and AccentColor in several catalogs: a warning (no project to tell the
        // targets apart), never an error.
        let duplicates = report.findings.filter { $0.rule == DuplicateNameRule.identifier }
        #expect(duplicates.allSatisfy { $0.severity == .warning })
        #expect(report.findings.filter { $0.rule == InvalidContentsRule.identifier }.isEmpty)
    }

    @Test("no false alarms on the three real apps: the errors left are the ones judged real")
    func judgedFindings() throws {
        guard let corpora = Self.corpora else { return }
        var errors: [String] = []
        for app in ["apple+sample-backyard-birds", "Ranchero-Software+NetNewsWire", "element-hq+element-ios"] {
            let roots = Self.catalogs(under: corpora + "/" + app)
            guard !roots.isEmpty else { continue }
            let report = try AuditTestSupport.audit(roots: roots)
            errors += report.findings.filter { $0.severity == .error }.map { "\($0.rule) \($0.path)" }
        }
        // NetNewsWire: one 354 px image in the 1x, 2x and 3x slots (drawn at three different sizes), and
        // an iOS App Store icon saved with an alpha channel (in the app's and the widget's catalog).
        let judgedReal: Set<String> = [
            "scale-size-mismatch nnwFeedIcon.imageset/FeedIcon 1.png", "scale-size-mismatch nnwFeedIcon.imageset/FeedIcon.png",
            "app-icon-alpha AppIcon.appiconset/Icon_1024x1024.png",
        ]
        #expect(Set(errors).isSubset(of: judgedReal), "\(errors)")
    }
}
