import Foundation
import Testing

/// `resolve` on an archive must answer exactly as on the catalog it was packed from.
@Suite("Source and archive agree")
struct SourceArchiveEquivalenceTests {
    @Test("Every asset of every sample catalog resolves the same on the source and the archive, for every preset and appearance")
    func sameAnswers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-equivalence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for catalog in ["SampleCatalogs/Showcase.xcassets", "SampleCatalogs/PlainAssets"] {
            let archive = folder.appendingPathComponent(URL(fileURLWithPath: catalog).lastPathComponent + ".assetc").path
            let pack = try Assetc.run(["pack", catalog, "-o", archive, "--no-cache", "--quiet"], in: Assetc.repositoryRoot)
            #expect(pack.status == 0, "\(pack.stderr)")
            let info = try Assetc.run(["info", catalog, "--json"], in: Assetc.repositoryRoot)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
            let names = (object["assets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(names.count > 5)
            var requests = ""
            for name in names {
                for device in ["iphone-portrait", "iphone-landscape", "iphone-max-landscape", "iphone-legacy-portrait", "ipad", "ipad-slide-over", "ipad-legacy", "tv", "watch", "mac", "vision"] {
                    for appearance in ["light", "dark"] {
                        requests += #"{"name": "\#(name)", "device": "\#(device)", "traits": {"appearance": "\#(appearance)"}}"# + "\n"
                    }
                }
            }
            let onSource = try Assetc.run(["resolve", catalog, "--batch", "-"], input: requests, in: Assetc.repositoryRoot)
            let onArchive = try Assetc.run(["resolve", archive, "--batch", "-"], input: requests, in: Assetc.repositoryRoot)
            #expect(onSource.status == 0, "\(onSource.stderr)")
            #expect(onArchive.status == 0, "\(onArchive.stderr)")
            let sourceLines = onSource.stdout.split(separator: "\n")
            let archiveLines = onArchive.stdout.split(separator: "\n")
            #expect(sourceLines.count == names.count * 22)
            for (source, packed) in zip(sourceLines, archiveLines) where source != packed {
                Issue.record("\(catalog): source says \(source), archive says \(packed)")
            }
        }
    }
}
