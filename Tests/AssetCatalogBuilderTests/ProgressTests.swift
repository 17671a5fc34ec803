import AssetCatalogBuilder
import Foundation
import Testing

@Suite("Progress counting and the progress line")
struct ProgressTests {
    @Test func theLineShowsTheBarThePercentageAndGroupedCounts() {
        #expect(ProgressLine.render(done: 0, total: 2000, unit: "sets read", width: 10) == "[          ] 0% 0/2,000 sets read")
        #expect(ProgressLine.render(done: 1000, total: 2000, unit: "files", detail: "3.1 MB", width: 10) == "[#####     ] 50% 1,000/2,000 files, 3.1 MB")
        #expect(ProgressLine.render(done: 1_234_567, total: 1_234_567, unit: "renditions", width: 4) == "[####] 100% 1,234,567/1,234,567 renditions")
        // Nothing to do is finished, and a count past the total never overflows the bar.
        #expect(ProgressLine.render(done: 0, total: 0, unit: "sets", width: 4) == "[####] 100% 0/0 sets")
        #expect(ProgressLine.render(done: 9, total: 3, unit: "sets", width: 4).hasPrefix("[####] 100%"))
    }

    @Test func theReaderCountsEverySetOnceFromAnyNumberOfThreads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-progress-\(UUID().uuidString)")
        let catalog = folder.appendingPathComponent("Many.xcassets")
        defer { try? FileManager.default.removeItem(at: folder) }
        for number in 0..<40 {
            let set = catalog.appendingPathComponent("color\(number).colorset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try Data(#"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"1","green":"0","blue":"0","alpha":"1"}}}],"info":{"version":1,"author":"xcode"}}"#.utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
        }
        for jobs in [1, 4] {
            let calls = Calls()
            let reader = CatalogReader(options: ReaderOptions(jobs: jobs)) { done, total in calls.append(done, total) }
            let index = reader.read([catalog.path])
            #expect(index.assets.count == 40)
            let seen = calls.values
            #expect(seen.map(\.0) == Array(1...40), "counts arrive in order, once each")
            #expect(seen.allSatisfy { $0.1 == 40 })
        }
    }
}

/// The observer's calls, collected from the reading threads.
private final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(Int, Int)] = []

    func append(_ done: Int, _ total: Int) {
        lock.lock()
        recorded.append((done, total))
        lock.unlock()
    }

    var values: [(Int, Int)] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
