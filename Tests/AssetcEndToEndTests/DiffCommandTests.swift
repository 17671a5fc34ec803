import Foundation
import Testing

/// `assetc diff` as a CI step runs it: cars compiled from the sample catalog and from a changed copy, archives
/// packed from both, the catalog against its car, and the exit statuses of diff(1).
@Suite("assetc diff")
struct DiffCommandTests {
    /// Showcase.xcassets and a copy with `Hero@3x.png` replaced by a larger image, `DeviceBadge` removed and
    /// `Villain` added, each compiled to a car and packed to an archive.
    final class Pair {
        let folder: URL
        var old: URL { folder.appendingPathComponent("Old.xcassets") }
        var new: URL { folder.appendingPathComponent("New.xcassets") }
        var oldCar: String { folder.appendingPathComponent("old/Assets.car").path }
        var newCar: String { folder.appendingPathComponent("new/Assets.car").path }
        var oldArchive: String { folder.appendingPathComponent("old.assetc").path }
        var newArchive: String { folder.appendingPathComponent("new.assetc").path }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-diff-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let sample = Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets")
            try FileManager.default.copyItem(at: sample, to: old)
            try FileManager.default.copyItem(at: sample, to: new)
            let hero = new.appendingPathComponent("Hero.imageset/Hero@3x.png")
            try FileManager.default.removeItem(at: hero)
            try FileManager.default.copyItem(at: new.appendingPathComponent("WideGamutPhoto.imageset/photo-srgb@3x.png"), to: hero)
            try FileManager.default.removeItem(at: new.appendingPathComponent("DeviceBadge.imageset"))
            try FileManager.default.copyItem(at: old.appendingPathComponent("Hero.imageset"), to: new.appendingPathComponent("Villain.imageset"))
            for (catalog, side) in [(old, "old"), (new, "new")] {
                let compiled = try Assetc.run([
                    "compile", catalog.path, "--compile", folder.appendingPathComponent(side).path, "--platform", "iphoneos",
                    "--minimum-deployment-target", "17.0",
                ])
                #expect(compiled.status == 0, "\(compiled.output)")
                let packed = try Assetc.run(["pack", catalog.path, "-o", folder.appendingPathComponent("\(side).assetc").path, "--quiet"])
                #expect(packed.status == 0, "\(packed.output)")
            }
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    @Test("Two cars: the assets added, removed and changed, by growth, exit 1; the same car twice: exit 0")
    func twoCars() throws {
        let pair = try Pair()
        let run = try Assetc.run(["diff", pair.oldCar, pair.newCar])
        #expect(run.status == 1, "\(run.output)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("old: \(pair.oldCar) (car): ") == true)
        // Villain, DeviceBadge and Hero, and nothing else: the atlases the compile repacked are shared out among
        // their images, and the images that only moved in them did not change.
        #expect(run.stdout.contains("assets: 1 added, 1 removed, 1 changed, "), "\(run.stdout)")
        #expect(!run.stdout.contains("ZZZZPackedAsset-"))
        let added = try #require(lines.firstIndex { $0.contains(" added ") && $0.contains("Villain") })
        let changed = try #require(lines.firstIndex { $0.contains(" changed ") && $0.contains("Hero") })
        let removed = try #require(lines.firstIndex { $0.contains(" removed ") && $0.contains("DeviceBadge") })
        #expect(removed > added && removed > changed, "the shrinking asset comes last")
        #expect(lines[changed + 1].contains("universal 3x"), "\(lines[changed + 1])")
        #expect(run.stdout.contains("bytes by compression, by growth:"))
        #expect(run.stdout.contains("idiom=pad"), "DeviceBadge's iPad variants went")

        let same = try Assetc.run(["diff", pair.oldCar, pair.oldCar])
        #expect(same.status == 0, "\(same.output)")
        #expect(same.stdout.contains("no differences"))
    }

    @Test("--json: the documented document, and the same verdict")
    func json() throws {
        let pair = try Pair()
        let run = try Assetc.run(["diff", "--json", pair.oldCar, pair.newCar])
        #expect(run.status == 1, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["equal"] as? Bool == false)
        let summary = try #require(document["summary"] as? [String: Int])
        // Villain, DeviceBadge and Hero: the packed atlases are shared out among their images.
        #expect(summary["added"] == 1 && summary["removed"] == 1 && summary["changed"] == 1, "\(summary)")
        let assets = try #require(document["assets"] as? [[String: Any]])
        #expect(!assets.contains { $0["internal"] as? Bool == true })
        let listed = assets.reduce(0) { $0 + ($1["delta"] as? Int ?? 0) }
        #expect(document["delta"] as? Int == listed + (document["unchangedDelta"] as? Int ?? -1), "the listed deltas and the drift add up")
        let old = try #require(document["old"] as? [String: Any])
        let new = try #require(document["new"] as? [String: Any])
        #expect(document["delta"] as? Int == (new["bytes"] as? Int ?? 0) - (old["bytes"] as? Int ?? 0))
        // The car's bytes are its renditions', as `info --json` adds them up.
        let info = try Assetc.run(["info", "--json", pair.oldCar])
        let infoDocument = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let renditionBytes = (infoDocument["car"] as? [String: Any])?["renditionByteCount"] as? Int
        #expect(renditionBytes != nil && renditionBytes == old["bytes"] as? Int, "every rendition counted once, colours and atlases too")
    }

    @Test("Archives and a catalog against its car")
    func otherKinds() throws {
        let pair = try Pair()
        let archives = try Assetc.run(["diff", "--json", pair.oldArchive, pair.newArchive])
        #expect(archives.status == 1, "\(archives.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(archives.stdout.utf8)) as? [String: Any])
        #expect((document["old"] as? [String: Any])?["kind"] as? String == "archive")
        #expect((document["summary"] as? [String: Int])?["added"] == 1)
        #expect(try Assetc.run(["diff", pair.oldArchive, pair.oldArchive]).status == 0)

        let against = try Assetc.run(["diff", "--json", pair.old.path, pair.oldCar])
        #expect(against.status == 1, "\(against.stderr)")
        let matched = try #require(try JSONSerialization.jsonObject(with: Data(against.stdout.utf8)) as? [String: Any])
        #expect((matched["old"] as? [String: Any])?["kind"] as? String == "catalog")
        let assets = try #require(matched["assets"] as? [[String: Any]])
        // Every iOS asset of the catalog is in its car; only what the car leaves out for iOS is "removed".
        #expect(!assets.contains { $0["status"] as? String == "added" && $0["internal"] as? Bool == false })
        #expect(assets.contains { $0["name"] as? String == "Hero" && $0["status"] as? String == "changed" })
    }

    @Test("A missing path, a file that is neither car nor archive, a damaged car: exit 2 naming it")
    func errors() throws {
        let pair = try Pair()
        let missing = try Assetc.run(["diff", pair.oldCar, pair.folder.appendingPathComponent("nothing.car").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nothing.car") && missing.stderr.contains("no such file or folder"))
        #expect(missing.stdout.isEmpty)

        let text = pair.folder.appendingPathComponent("notes.txt")
        try Data("not a catalog".utf8).write(to: text)
        let notArchive = try Assetc.run(["diff", text.path, pair.oldCar])
        #expect(notArchive.status == 2)
        #expect(notArchive.stderr.contains("notes.txt") && notArchive.stderr.contains("neither an Assets.car nor a readable assetc archive"))

        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pair.oldCar)))
        bytes.removeLast(bytes.count / 2)
        let damaged = pair.folder.appendingPathComponent("damaged.car")
        try Data(bytes).write(to: damaged)
        let cut = try Assetc.run(["diff", pair.oldCar, damaged.path])
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("damaged.car") && cut.stderr.contains("not a readable Assets.car"))
        #expect(cut.stdout.isEmpty)

        let empty = pair.folder.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let nothing = try Assetc.run(["diff", empty.path, pair.oldCar])
        #expect(nothing.status == 2 && nothing.stderr.contains("no asset catalog and no image found"))
    }
}
