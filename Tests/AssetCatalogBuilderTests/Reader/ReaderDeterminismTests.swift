import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Reader: determinism and parallelism")
struct ReaderDeterminismTests {
    /// A catalog with many sets, groups, mistakes and plain-folder-like variety, created in a scrambled order.
    private func bigFixture() throws -> CatalogFixture {
        let fixture = try CatalogFixture()
        var names: [String] = []
        for group in 0..<4 {
            try fixture.contents("G\(group)", group % 2 == 0 ? #"{"properties":{"provides-namespace":true}}"# : "{}")
            for set in 0..<15 { names.append("G\(group)/S\((set * 7) % 15)") }
        }
        for name in names.reversed() { try fixture.simpleImageset(name) }
        // Duplicates across non-namespaced groups, and mistakes.
        try fixture.simpleImageset("S1")
        try fixture.write("G0/S3.imageset/S3@2x.png", TinyPNG.corrupt())
        try fixture.write("G1/S4.imageset/S4.png", TinyPNG.webp)
        try fixture.png("G2/S5.imageset/stray.png")
        try fixture.contents("G3/Bad.imageset", "{ nope")
        try fixture.contents(
            "Colour.colorset",
            #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"1","green":"78","blue":"169","alpha":"1.000"}}}]}"#)
        return fixture
    }

    @Test("reading with 1 and 4 jobs gives equal indexes, ordering included")
    func jobsDoNotMatter() throws {
        let fixture = try bigFixture()
        let one = fixture.read(jobs: 1)
        let four = fixture.read(jobs: 4)
        let many = fixture.read(jobs: 16)
        #expect(one == four)
        #expect(one == many)
        #expect(one.assets.count == 62)
        #expect(!one.diagnostics.isEmpty)
        // Byte-identical when encoded, too.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode(one) == encoder.encode(four))
    }

    @Test("assets are sorted by name then source order; diagnostics by catalog, path, rule, message")
    func ordering() throws {
        let fixture = try bigFixture()
        let index = fixture.read(jobs: 3)
        let names = index.assets.map(\.name)
        #expect(names == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let keys = index.diagnostics.map { [$0.catalog, $0.path, $0.rule, $0.message] }
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) { $0.utf8.lexicographicallyPrecedes($1.utf8) } })
        // Duplicates (S1 at the root and in the non-namespaced G1, G3) keep every asset.
        #expect(index.assets.filter { $0.name == "S1" }.map(\.path) == ["G1/S1.imageset", "G3/S1.imageset", "S1.imageset"])
        #expect(index.diagnostics("duplicate-name").count >= 2)
    }

    @Test("the same file named by two entries is inspected once and both variants get the result")
    func sharedFile() throws {
        let fixture = try CatalogFixture()
        try fixture.png("Hero.imageset/hero.png", width: 5, height: 6)
        try fixture.contents(
            "Hero.imageset",
            #"{"images":[{"filename":"hero.png","idiom":"iphone"},{"filename":"hero.png","idiom":"ipad"}]}"#)
        let index = fixture.read(jobs: 4)
        let hero = try #require(index.asset(named: "Hero"))
        #expect(hero.variants.map { $0.inspection?.pixelHeight } == [6, 6])
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
    }

    @Test("parallelMap returns results in index order for any width")
    func parallelMapOrder() {
        for width in [1, 2, 3, 8] {
            let results = parallelMap(count: 1000, width: width) { $0 * $0 }
            #expect(results == (0..<1000).map { $0 * $0 })
        }
        #expect(parallelMap(count: 0, width: 4) { $0 }.isEmpty)
    }
}

/// The compile's pipeline: results reach the consumer in index order, one call at a time, whatever the
/// number of threads and however unevenly the work is spread.
@Suite("Ordered hand-off")
struct OrderedHandOffTests {
    /// What the consumer saw, and whether two calls ever overlapped.
    private final class Record: @unchecked Sendable {
        let lock = NSLock()
        var seen: [Int] = []
        var inside = false
        var overlaps = 0
    }

    @Test(arguments: [1, 2, 3, 8])
    func consumesInOrderOneAtATime(width: Int) {
        let record = Record()
        parallelForEachInOrder(count: 500, width: width) { index -> Int in
            // Uneven work: every seventh item takes much longer, so later items finish first.
            if index % 7 == 0 { usleep(300) }
            return index * 3
        } consume: { index, value in
            record.lock.lock()
            if record.inside { record.overlaps += 1 }
            record.inside = true
            record.lock.unlock()
            #expect(value == index * 3)
            usleep(20)
            record.lock.lock()
            record.seen.append(index)
            record.inside = false
            record.lock.unlock()
        }
        #expect(record.seen == Array(0..<500))
        #expect(record.overlaps == 0)
    }

    @Test func nothingToDo() {
        parallelForEachInOrder(count: 0, width: 4) { $0 } consume: { _, _ in Issue.record("consumed with no work") }
    }
}
