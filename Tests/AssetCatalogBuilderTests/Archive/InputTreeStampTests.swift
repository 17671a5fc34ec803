import AssetCatalogBuilder
import Foundation
import Testing

/// The stat-only stamp that lets a repack skip reading anything: equal for an unchanged tree whatever the
/// thread count, different after any change a pack depends on.
@Suite("Input tree stamp")
struct InputTreeStampTests {
    /// A tree of groups and sets, and an output file, in a fresh folder.
    final class Tree {
        let root: URL
        let catalog: URL
        let output: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-stamp-\(UUID().uuidString)")
            catalog = root.appendingPathComponent("App.xcassets")
            output = root.appendingPathComponent("App.assetc")
            for group in 0..<3 {
                for set in 0..<4 {
                    let folder = catalog.appendingPathComponent("Group\(group)/Icon\(set).imageset")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try Data("{}".utf8).write(to: folder.appendingPathComponent("Contents.json"))
                    try Data([UInt8](repeating: UInt8(set), count: 10 + set)).write(to: folder.appendingPathComponent("icon.png"))
                }
            }
            try Data("archive".utf8).write(to: output)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func stamp(jobs: Int? = nil, options: String = "default") -> InputTreeStamp? {
            InputTreeStamp(roots: [catalog.path], optionsDescription: options, output: output.path, jobs: jobs)
        }
    }

    @Test func sameTreeSameStampForAnyThreadCount() throws {
        let tree = try Tree()
        let one = try #require(tree.stamp(jobs: 1))
        #expect(tree.stamp(jobs: 2) == one)
        #expect(tree.stamp(jobs: 8) == one)
        #expect(tree.stamp() == one)
    }

    @Test func everyKindOfChangeChangesTheStamp() throws {
        let tree = try Tree()
        let file = tree.catalog.appendingPathComponent("Group1/Icon2.imageset/icon.png")
        var previous = try #require(tree.stamp(jobs: 2))
        func expectChanged(_ what: String) throws {
            let now = try #require(tree.stamp(jobs: 2), "\(what)")
            #expect(now != previous, "\(what) must change the stamp")
            #expect(tree.stamp(jobs: 1) == now, "\(what): thread counts agree")
            previous = now
        }
        // Same size, new content: the modification and change times move.
        Thread.sleep(forTimeInterval: 0.01)
        try Data([UInt8](repeating: 9, count: 12)).write(to: file)
        try expectChanged("rewriting a file")
        // A new file deep in the tree, then its removal.
        let extra = tree.catalog.appendingPathComponent("Group2/Icon0.imageset/icon 2.png")
        try Data([1]).write(to: extra)
        try expectChanged("adding a file")
        try FileManager.default.removeItem(at: extra)
        try expectChanged("removing a file")
        // A renamed set folder.
        try FileManager.default.moveItem(
            at: tree.catalog.appendingPathComponent("Group0/Icon3.imageset"),
            to: tree.catalog.appendingPathComponent("Group0/Icon9.imageset"))
        try expectChanged("renaming a folder")
        // The output, and the options.
        try Data("other archive".utf8).write(to: tree.output)
        try expectChanged("a different output")
        #expect(tree.stamp(jobs: 2, options: "optimize") != previous)
    }

    @Test func aMissingRootOrOutputGivesNoStamp() throws {
        let tree = try Tree()
        try FileManager.default.removeItem(at: tree.output)
        #expect(tree.stamp() == nil)
        #expect(InputTreeStamp(roots: ["/nonexistent/App.xcassets"], optionsDescription: "", output: "/") == nil)
    }
}
