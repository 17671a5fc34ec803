import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Reader: symbolic links")
struct ReaderSymlinkTests {
    @Test("links inside the catalog are followed: to a file, to a set, to a group")
    func insideLinks() throws {
        let fixture = try CatalogFixture()
        try fixture.simpleImageset("Hero")
        try fixture.png("Shared/art.png", width: 7, height: 3)
        try fixture.folder("Linked.imageset")
        try fixture.symlink("Linked.imageset/art.png", to: "../Shared/art.png")
        try fixture.contents("Linked.imageset", #"{"images":[{"filename":"art.png","idiom":"universal"}]}"#)
        try fixture.symlink("Alias.imageset", to: "Hero.imageset")
        try fixture.contents("Real", #"{"properties":{"provides-namespace":true}}"#)
        try fixture.simpleImageset("Real/Inner")
        try fixture.symlink("Mirror", to: "Real")
        let index = fixture.read()
        let linked = try #require(index.asset(named: "Linked")?.variants.first)
        #expect(linked.source == "Linked.imageset/art.png")
        #expect(linked.inspection?.pixelWidth == 7)
        #expect(index.asset(named: "Alias")?.variants.count == 3)
        #expect(index.asset(named: "Mirror/Inner")?.variants.count == 3)
        #expect(index.asset(named: "Real/Inner")?.variants.count == 3)
        // Shared/art.png sits in a group: a note, nothing more.
        #expect(index.diagnostics.allSatisfy { $0.severity == .note }, "\(index.diagnosticDump)")
    }

    @Test("links leading outside the catalog root are refused, never followed")
    func outsideLinks() throws {
        let fixture = try CatalogFixture()
        try fixture.simpleImageset("Good")
        // A secret beside the catalog, and links to it.
        let secret = fixture.base + "/secret.png"
        try fixture.writeAbsolute(secret, TinyPNG.make(width: 9, height: 9))
        try FileManager.default.createDirectory(atPath: fixture.base + "/outside/Stolen.imageset", withIntermediateDirectories: true)
        try fixture.png("Leak.imageset/ok.png")
        try fixture.symlink("Leak.imageset/leak.png", to: secret)
        try fixture.contents(
            "Leak.imageset",
            #"{"images":[{"filename":"ok.png","idiom":"universal","scale":"1x"},{"filename":"leak.png","idiom":"universal","scale":"2x"}]}"#)
        try fixture.symlink("Away", to: fixture.base + "/outside")
        try fixture.symlink("Stolen.imageset", to: "../outside/Stolen.imageset")
        try fixture.symlink("Etc", to: "/etc")
        let index = fixture.read()
        #expect(index.has("unsafe-path", at: "Leak.imageset/leak.png", "outside the catalog root"), "\(index.diagnosticDump)")
        #expect(index.has("unsafe-path", at: "Away", "not followed"))
        #expect(index.has("unsafe-path", at: "Stolen.imageset"))
        #expect(index.has("unsafe-path", at: "Etc"))
        let leak = try #require(index.asset(named: "Leak"))
        #expect(leak.variants.map(\.source) == ["Leak.imageset/ok.png"])
        #expect(index.asset(named: "Stolen") == nil)
        #expect(index.assets.allSatisfy { $0.variants.allSatisfy { $0.inspection?.pixelWidth != 9 } })
        #expect(index.asset(named: "Good")?.variants.count == 3)
    }

    @Test("links outside a plain folder are refused too")
    func plainOutside() throws {
        let fixture = try CatalogFixture("Assets")
        let secret = fixture.base + "/secret.png"
        try fixture.writeAbsolute(secret, TinyPNG.make(width: 9, height: 9))
        try fixture.png("hero.png")
        try fixture.symlink("leak.png", to: secret)
        try fixture.symlink("up", to: "..")
        let index = fixture.read()
        #expect(index.assets.map(\.name) == ["hero"])
        #expect(index.has("unsafe-path", at: "leak.png"), "\(index.diagnosticDump)")
        #expect(index.has("unsafe-path", at: "up"))
    }

    @Test("directory link loops are not followed")
    func loops() throws {
        let fixture = try CatalogFixture()
        try fixture.contents("Group", #"{"info":{"version":1}}"#)
        try fixture.simpleImageset("Group/Hero")
        try fixture.symlink("Group/Again", to: "..")
        try fixture.symlink("Group/Self", to: ".")
        try fixture.folder("A")
        try fixture.folder("B")
        try fixture.symlink("A/toB", to: "../B")
        try fixture.symlink("B/toA", to: "../A")
        let index = fixture.read()
        #expect(index.has("symlink-loop", at: "Group/Again"), "\(index.diagnosticDump)")
        #expect(index.has("symlink-loop", at: "Group/Self"))
        #expect(index.has("symlink-loop", at: "A/toB/toA"))
        #expect(index.has("symlink-loop", at: "B/toA/toB"))
        #expect(index.assets.map(\.name) == ["Hero"])

        let plain = try CatalogFixture("Assets")
        try plain.png("x.png")
        try plain.symlink("again", to: ".")
        let plainIndex = plain.read()
        #expect(plainIndex.has("symlink-loop", at: "again"), "\(plainIndex.diagnosticDump)")
        #expect(plainIndex.assets.map(\.name) == ["x"])
    }

    @Test("a broken link named by an entry is a missing file")
    func brokenLink() throws {
        let fixture = try CatalogFixture()
        try fixture.png("Hero.imageset/ok.png")
        try fixture.symlink("Hero.imageset/gone.png", to: "nowhere.png")
        try fixture.contents(
            "Hero.imageset",
            #"{"images":[{"filename":"ok.png","idiom":"universal","scale":"1x"},{"filename":"gone.png","idiom":"universal","scale":"2x"}]}"#)
        let index = fixture.read()
        #expect(index.has("missing-file", at: "Hero.imageset/Contents.json", "gone.png", "broken symbolic link"), "\(index.diagnosticDump)")
        #expect(index.asset(named: "Hero")?.variants.count == 2)
    }
}
