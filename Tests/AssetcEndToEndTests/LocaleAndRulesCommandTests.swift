import Foundation
import Testing

/// `--locale` and `--rules` on `resolve`, `matrix` and `extract`, on a catalog and on the archive packed from it.
@Suite("Locale and rule-set flags")
struct LocaleAndRulesCommandTests {
    static let badges = [
        "DeviceBadge-universal@2x.png", "DeviceBadge-ipad@2x.png", "DeviceBadge-mac@2x.png", "DeviceBadge-vision@2x.png",
        "DeviceBadge-watch@2x.png", "DeviceBadge-universal@3x.png",
    ]
    /// (file, Contents.json fields): an unlocalized 2x and 3x, French, Canadian French, German at 1x.
    static let entries: [(String, String)] = [
        ("base@2x.png", #""idiom":"universal","scale":"2x""#),
        ("fr@2x.png", #""idiom":"universal","scale":"2x","locale":"fr""#),
        ("frCA@2x.png", #""idiom":"universal","scale":"2x","locale":"fr-CA""#),
        ("de@1x.png", #""idiom":"universal","scale":"1x","locale":"de""#),
        ("fr@1x.png", #""idiom":"universal","scale":"1x","locale":"fr""#),
        ("base@3x.png", #""idiom":"universal","scale":"3x""#),
    ]

    static func makeCatalog(in folder: URL) throws -> URL {
        let catalog = folder.appendingPathComponent("Localized.xcassets")
        let set = catalog.appendingPathComponent("Welcome.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        let samples = Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets/DeviceBadge.imageset")
        var images: [String] = []
        for (index, entry) in entries.enumerated() {
            try FileManager.default.copyItem(
                at: samples.appendingPathComponent(badges[index]), to: set.appendingPathComponent(entry.0))
            images.append(#"{"filename":"\#(entry.0)",\#(entry.1)}"#)
        }
        let contents = #"{"images":[\#(images.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#
        try Data(contents.utf8).write(to: set.appendingPathComponent("Contents.json"))
        return catalog
    }

    static func chosen(_ arguments: [String]) throws -> String {
        let run = try Assetc.run(["resolve"] + arguments + ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (object?["source"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? "none"
    }

    @Test("resolve --locale picks by language fallback, the same on the catalog and the archive")
    func resolveLocale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.makeCatalog(in: folder)
        let archive = folder.appendingPathComponent("Localized.assetc").path
        let pack = try Assetc.run(["pack", catalog.path, "-o", archive, "--no-cache", "--quiet"])
        #expect(pack.status == 0, "\(pack.stderr)")
        let expectations: [(locale: String?, rules: String?, scale: String, file: String)] = [
            ("fr-CA", nil, "2", "frCA@2x.png"), ("fr_ca", nil, "2", "frCA@2x.png"), ("FR-BE", nil, "2", "fr@2x.png"),
            ("de-AT", nil, "2", "de@1x.png"), ("en", nil, "2", "base@2x.png"), (nil, nil, "2", "base@2x.png"),
            // No 2x German: assetc and CoreUI agree on the German 1x. For 3x French, assetc takes French at 2x;
            // CoreUI compares the scale before the localization, so the unlocalized exact 3x.
            ("fr", nil, "3", "fr@2x.png"), ("fr", "coreui", "3", "base@3x.png"),
            // A 3x screen without a locale: the unlocalized exact 3x under both.
            (nil, "coreui", "3", "base@3x.png"),
            // A 4x screen has no exact match: both rule sets take the nearest lower, 3x.
            (nil, "coreui", "4", "base@3x.png"),
        ]
        for expectation in expectations {
            var flags = ["--scale", expectation.scale]
            if let locale = expectation.locale { flags += ["--locale", locale] }
            if let rules = expectation.rules { flags += ["--rules", rules] }
            for source in [catalog.path, archive] {
                #expect(try Self.chosen([source, "Welcome"] + flags) == expectation.file, "\(flags) on \(source)")
            }
            // extract uses the archive's fast path: it must write the same file's bytes.
            let output = folder.appendingPathComponent("out.png").path
            let extract = try Assetc.run(["extract", archive, "Welcome", "-o", output] + flags)
            #expect(extract.status == 0, "\(extract.stderr)")
            let written = try Data(contentsOf: URL(fileURLWithPath: output))
            let expected = try Data(contentsOf: catalog.appendingPathComponent("Welcome.imageset/" + expectation.file))
            #expect(written == expected, "extract \(flags)")
        }
    }

    @Test("--rules coreui prefers a lower scale where assetc prefers a higher one, in resolve and matrix")
    func rulesDiffer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.makeCatalog(in: folder)
        // With only 1x and 3x artwork, a 2x screen gets 3x under assetc's rules and 1x under CoreUI's.
        let set = catalog.appendingPathComponent("Welcome.imageset")
        let contents = #"{"images":[{"filename":"base@3x.png","idiom":"universal","scale":"3x"},{"filename":"de@1x.png","idiom":"universal","scale":"1x"}],"info":{"author":"xcode","version":1}}"#
        try Data(contents.utf8).write(to: set.appendingPathComponent("Contents.json"))
        #expect(try Self.chosen([catalog.path, "Welcome", "--scale", "2"]) == "base@3x.png")
        #expect(try Self.chosen([catalog.path, "Welcome", "--scale", "2", "--rules", "coreui"]) == "de@1x.png")
        #expect(try Self.chosen([catalog.path, "Welcome", "--scale", "2", "--rules", "CoreUI"]) == "de@1x.png")
        let matrix = try Assetc.run(["matrix", catalog.path, "--files", "--rules", "coreui"])
        #expect(matrix.status == 0, "\(matrix.stderr)")
        let assetcMatrix = try Assetc.run(["matrix", catalog.path, "--files"])
        // 1x presets get the 1x file under both; 2x presets get it only under CoreUI's rules.
        func ones(_ text: String) -> Int { text.components(separatedBy: "de@1x.png").count - 1 }
        #expect(ones(assetcMatrix.stdout) >= 1)
        #expect(ones(matrix.stdout) > ones(assetcMatrix.stdout), "\(matrix.stdout)\n\(assetcMatrix.stdout)")
    }

    @Test("Bad --locale and --rules values are refused, naming the value and what is accepted")
    func badValues() throws {
        let root = Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets").path
        let locale = try Assetc.run(["resolve", root, "DeviceBadge", "--locale", "fr CA"])
        #expect(locale.status != 0)
        #expect(locale.stderr.contains("'fr CA'") && locale.stderr.contains("fr-CA"))
        let rules = try Assetc.run(["matrix", root, "--rules", "android"])
        #expect(rules.status != 0)
        #expect(rules.stderr.contains("'android'") && rules.stderr.contains("assetc, coreui"))
    }

    @Test("resolve --batch accepts a locale in a request's traits")
    func batch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-batch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.makeCatalog(in: folder)
        let requests = #"{"name": "Welcome", "traits": {"scale": 2, "locale": "fr_CA"}}"# + "\n"
            + #"{"name": "Welcome", "traits": {"scale": 2, "locale": "ja"}}"# + "\n"
        let run = try Assetc.run(["resolve", catalog.path, "--batch", "-"], input: requests)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("frCA@2x.png") == true)
        #expect(lines.last?.contains("base@2x.png") == true)
    }
}
