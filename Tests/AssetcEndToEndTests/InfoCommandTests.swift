import Foundation
import Testing

@Suite("assetc info")
struct InfoCommandTests {
    func infoJSON(_ path: String) throws -> (status: Int32, object: [String: Any]) {
        let run = try Assetc.run(["info", path, "--json"], in: Assetc.repositoryRoot)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        return (run.status, object)
    }

    @Test("The documented JSON schema, on the healthy sample catalog")
    func schema() throws {
        let (status, object) = try infoJSON("SampleCatalogs/Showcase.xcassets")
        #expect(status == 0)
        let assets = try #require(object["assets"] as? [[String: Any]])
        let hero = try #require(assets.first { $0["name"] as? String == "Hero" })
        #expect(hero["kind"] as? String == "image")
        let variants = try #require(hero["variants"] as? [[String: Any]])
        let first = try #require(variants.first)
        #expect(first["source"] as? String == "Hero.imageset/Hero.png")
        #expect(first["contentType"] as? String == "png")
        #expect(first["pixelWidth"] as? Int != nil && first["pixelHeight"] as? Int != nil)
        #expect((first["traits"] as? [String: Any])?["scale"] as? Int == 1)
        #expect(assets.contains { $0["name"] as? String == "Icons/Settings" })
        #expect(assets.contains { $0["kind"] as? String == "color" })
        #expect(assets.contains { $0["kind"] as? String == "data" })
        #expect(assets.contains { $0["kind"] as? String == "app-icon" })
        #expect(object["summary"] as? [String: Any] != nil)
        let diagnostics = object["diagnostics"] as? [[String: Any]] ?? []
        #expect(!diagnostics.contains { $0["severity"] as? String == "error" })
    }

    @Test("The broken catalog: every mistake is named with its file, the rest is still read, exit 1")
    func broken() throws {
        let (status, object) = try infoJSON("SampleCatalogs/Broken.xcassets")
        #expect(status == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        func has(_ rule: String, _ pathFragment: String) -> Bool {
            diagnostics.contains { ($0["rule"] as? String) == rule && (($0["path"] as? String) ?? "").contains(pathFragment) }
        }
        #expect(has("missing-file", "MissingFile.imageset"))
        #expect(has("unassigned-file", "Leftovers.imageset"))
        #expect(has("invalid-contents", "NotJSON.imageset/Contents.json"))
        #expect(has("invalid-contents", "WrongTypes.imageset"))
        #expect(has("unknown-key", "UnknownKey.imageset"))
        #expect(has("wrong-content-type", "WebPAsPNG.imageset"))
        #expect(has("wrong-content-type", "PSDAsPNG.imageset"))
        #expect(has("lfs-pointer", "LFSPointer.imageset"))
        #expect(has("corrupt-image", "Corrupt.imageset"))
        #expect(has("corrupt-image", "Truncated.imageset"))
        #expect(has("unsafe-path", "Escape.imageset"))
        #expect(has("unsupported-set-type", "Launch.launchimage"))
        let assets = try #require(object["assets"] as? [[String: Any]])
        #expect(assets.contains { $0["name"] as? String == "ScaleMismatch" })
        #expect(assets.count > 20)
    }

    @Test("A folder that does not exist exits 2 and names it")
    func missingRoot() throws {
        let run = try Assetc.run(["info", "/nonexistent/Catalog.xcassets"])
        #expect(run.status == 2)
        #expect(run.output.contains("/nonexistent/Catalog.xcassets"))
    }

    @Test("A catalog large enough to be rendered in parallel pieces prints one well-formed document")
    func largeCatalogJSON() throws {
        // 1,100 colour sets: three pieces of the assets array (512 assets each), spliced together.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-info-large-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("Large.xcassets")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let color = #"{"colors":[{"color":{"color-space":"srgb","components":{"red":"1.000","green":"0.500","blue":"0.000","alpha":"1.000"}},"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
        for number in 0..<1100 {
            let set = root.appendingPathComponent(String(format: "Color%04d.colorset", number))
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try Data(color.utf8).write(to: set.appendingPathComponent("Contents.json"))
        }
        let run = try Assetc.run(["info", root.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let names = try #require(object["assets"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names == (0..<1100).map { String(format: "Color%04d", $0) })
        // Every asset object at the same indentation, opened after a comma except the first: the pieces'
        // seams are invisible.
        let all = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(all.firstIndex(of: "  \"assets\" : ["))
        let end = try #require(all[start...].firstIndex(of: "  ],"))
        let lines = all[start..<end]
        #expect(lines.filter { $0.hasPrefix("      \"name\" : \"Color") }.count == 1100)
        #expect(lines.filter { $0 == "    {" }.count == 1100)
        #expect(lines.filter { $0 == "    }," }.count == 1099)
    }
}
