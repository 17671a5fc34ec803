import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// A build system's sandbox: a catalog whose files are links into a workspace outside it, as Bazel lays out an
/// action's inputs. Links at declared paths are followed to their files; nothing else leaves the root.
@Suite("Reader: links at declared inputs (build sandboxes)")
struct ReaderDeclaredInputsTests {
    /// A workspace with a real catalog, and beside it a sandbox that mirrors its folders and links each file.
    private func sandbox() throws -> (fixture: CatalogFixture, sandbox: String, files: [String]) {
        let fixture = try CatalogFixture()
        try fixture.simpleImageset("Hero")
        try fixture.png("Icon.imageset/icon.png", width: 5, height: 5)
        try fixture.contents("Icon.imageset", #"{"images":[{"filename":"icon.png","idiom":"universal"}]}"#)
        let sandbox = fixture.base + "/sandbox/App.xcassets"
        let files = try FileManager.default.subpathsOfDirectory(atPath: fixture.root).sorted()
        try FileManager.default.createDirectory(atPath: sandbox, withIntermediateDirectories: true)
        for file in files {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: fixture.root + "/" + file, isDirectory: &isFolder)
            if isFolder.boolValue {
                try FileManager.default.createDirectory(atPath: sandbox + "/" + file, withIntermediateDirectories: true)
            } else {
                try FileManager.default.createSymbolicLink(atPath: sandbox + "/" + file, withDestinationPath: fixture.root + "/" + file)
            }
        }
        let linked = files.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: sandbox + "/" + $0)) != nil }
        return (fixture, sandbox, linked)
    }

    private func read(_ root: String, declared: DeclaredInputs?) -> CatalogIndex {
        CatalogReader(options: ReaderOptions(jobs: 2, declaredInputs: declared)).read([root])
    }

    @Test("without declared inputs every link out of the root is refused")
    func refusedByDefault() throws {
        let (fixture, sandbox, _) = try sandbox()
        // The fixture's folder lives as long as the fixture.
        let index = withExtendedLifetime(fixture) { read(sandbox, declared: nil) }
        #expect(index.assets.isEmpty)
        #expect(index.has("unsafe-path", at: "Hero.imageset/Contents.json", "outside the catalog root"), "\(index.diagnosticDump)")
    }

    @Test("links at declared paths are followed and read as the workspace's catalog")
    func declaredLinksFollowed() throws {
        let (fixture, sandbox, files) = try sandbox()
        let declared = DeclaredInputs(files.map { sandbox + "/" + $0 }, relativeTo: "/")
        let index = read(sandbox, declared: declared)
        #expect(index.diagnostics.allSatisfy { $0.severity != .error }, "\(index.diagnosticDump)")
        let direct = fixture.read()
        #expect(index.assets.map(\.name) == direct.assets.map(\.name))
        #expect(index.assets.map { $0.variants.map(\.source) } == direct.assets.map { $0.variants.map(\.source) })
        #expect(index.asset(named: "Icon")?.variants.first?.inspection?.pixelWidth == 5)
    }

    @Test("a link the build did not declare, or one to a folder, is still refused")
    func undeclaredStillRefused() throws {
        let (fixture, sandbox, files) = try sandbox()
        let secret = fixture.base + "/secret.png"
        try fixture.writeAbsolute(secret, TinyPNG.make(width: 9, height: 9))
        try FileManager.default.createDirectory(atPath: sandbox + "/Leak.imageset", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox + "/Leak.imageset/leak.png", withDestinationPath: secret)
        try Data(#"{"images":[{"filename":"leak.png","idiom":"universal"}]}"#.utf8).write(
            to: URL(fileURLWithPath: sandbox + "/Leak.imageset/Contents.json"))
        // A declared folder link: following it would open everything below it.
        try FileManager.default.createSymbolicLink(atPath: sandbox + "/Etc", withDestinationPath: "/etc")
        let declared = DeclaredInputs(files.map { sandbox + "/" + $0 } + [sandbox + "/Etc"], relativeTo: "/")
        let index = read(sandbox, declared: declared)
        #expect(index.has("unsafe-path", at: "Leak.imageset/leak.png", "outside the catalog root"), "\(index.diagnosticDump)")
        #expect(index.has("unsafe-path", at: "Etc"), "\(index.diagnosticDump)")
        #expect(index.assets.allSatisfy { $0.variants.allSatisfy { $0.inspection?.pixelWidth != 9 } })
        #expect(index.asset(named: "Hero")?.variants.count == 3)
    }

    @Test("declared paths are compared after making them absolute and lexically normal")
    func normalization() {
        let declared = DeclaredInputs(["App/./A.xcassets//x.png", "/abs/B/../C/y.png", ""], relativeTo: "/work/sandbox")
        #expect(declared.paths == ["/work/sandbox/App/A.xcassets/x.png", "/abs/C/y.png"])
        #expect(DeclaredInputs.normalized("a/b", relativeTo: "/r/") == "/r/a/b")
    }

    @Test("a list that cannot be read is an error naming the file")
    func unreadableList() throws {
        let fixture = try CatalogFixture()
        #expect(throws: DeclaredInputsError.unreadable(path: fixture.base + "/missing.txt")) {
            try DeclaredInputs.load(listFile: fixture.base + "/missing.txt")
        }
        try fixture.writeAbsolute(fixture.base + "/binary.txt", [0xFF, 0xFE, 0x00])
        #expect(throws: DeclaredInputsError.notText(path: fixture.base + "/binary.txt")) {
            try DeclaredInputs.load(listFile: fixture.base + "/binary.txt")
        }
        try fixture.writeAbsolute(fixture.base + "/list.txt", Array("a.png\n\n/b.png\r\n".utf8))
        let loaded = try DeclaredInputs.load(listFile: fixture.base + "/list.txt")
        #expect(loaded.paths == [DeclaredInputs.normalized("a.png", relativeTo: FileManager.default.currentDirectoryPath), "/b.png"])
    }
}
