import Foundation
import Testing

/// `assetc audit` and `assetc report` on compiled catalogs: a car compiled here from the showcase catalog,
/// given as a file and as an `.app` folder.
@Suite("assetc audit and report on Assets.car")
struct CARAuditCommandTests {
    static let showcase = Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets").path

    /// A folder holding `My.app/Assets.car`, compiled from the showcase for iOS 15.
    static func compiledApp() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-caraudit-\(UUID().uuidString)")
        let app = folder.appendingPathComponent("My.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let compile = try Assetc.run(
            // The app icon is named, as a build names it: actool compiles no app icon set it is not asked for.
            ["compile", showcase, "--compile", app.path, "--platform", "iphoneos", "--minimum-deployment-target", "15.0", "--app-icon", "AppIcon"])
        #expect(compile.status == 0, "\(compile.output)")
        return folder
    }

    @Test func auditOfACarRunsTheCompiledRulesOnlyInEveryFormat() throws {
        let folder = try Self.compiledApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let car = folder.appendingPathComponent("My.app/Assets.car").path
        let json = try Assetc.run(["audit", "--format", "json", car])
        #expect(json.status == 0, "warnings only: \(json.output)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let rules = Set(findings.compactMap { $0["rule"] as? String })
        // The showcase has 1x slots, which no iOS 15 device uses.
        #expect(rules.contains("car-unused-scale"), "\(rules)")
        let compiledRules: Set = ["car-unused-scale", "car-missing-scale", "car-larger-than-screen", "car-duplicate-payload", "oversized-image"]
        #expect(rules.isSubset(of: compiledRules), "source-only rules ran on a car: \(rules.subtracting(compiledRules))")
        let logo = try #require(findings.first { ($0["asset"] as? String) == "AppLogo" && ($0["rule"] as? String) == "car-unused-scale" })
        #expect((logo["catalog"] as? String) == car)
        #expect((logo["message"] as? String)?.contains("iOS 15 devices are 2x and 3x only") == true)

        let strict = try Assetc.run(["audit", "--strict", car])
        #expect(strict.status == 1, "warnings fail with --strict")
        #expect(strict.stdout.contains("[car-unused-scale]"))

        let sarif = try Assetc.run(["audit", "--format", "sarif", car])
        #expect(sarif.status == 0)
        #expect(sarif.stdout.contains("\"ruleId\": \"car-unused-scale\""), "\(sarif.stdout.prefix(400))")
        let github = try Assetc.run(["audit", "--format", "github", car])
        #expect(github.stdout.contains("::warning"), "\(github.output)")

        // Silenced by --config like any rule.
        let config = folder.appendingPathComponent("assetc.yml")
        try Data("rules:\n  car-unused-scale: off\n".utf8).write(to: config)
        let silenced = try Assetc.run(["audit", "--format", "json", "--config", config.path, car])
        #expect(silenced.status == 0, "\(silenced.output)")
        #expect(!silenced.stdout.contains("car-unused-scale"))
    }

    @Test func auditOfAnAppFolderFindsItsCarAndMixingSourcesIsAUsageError() throws {
        let folder = try Self.compiledApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("My.app").path
        let run = try Assetc.run(["audit", "--format", "json", app])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains("car-unused-scale"))
        #expect(run.stdout.contains(app + "/Assets.car"))

        let mixed = try Assetc.run(["audit", app + "/Assets.car", Self.showcase])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("not both at once"))
    }

    @Test func reportOfACarDrawsEveryDecodedVariantWithTheBytesPerAsset() throws {
        let folder = try Self.compiledApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("My.app").path
        let page = folder.appendingPathComponent("report.html").path
        let run = try Assetc.run(["report", app, "-o", page])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stderr.contains("13 assets"), "\(run.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("bytes in the car"))
        #expect(html.contains("A compiled catalog:"))
        #expect(html.contains("[car-unused-scale]") || html.contains("car-unused-scale"), "findings on their assets")
        // Every embedded image is a real PNG (decoded from the car's bitmaps and re-encoded, as extract does).
        let marker = "data:image/png;base64,"
        var images = 0
        var rest = Substring(html)
        while let start = rest.range(of: marker) {
            let tail = rest[start.upperBound...]
            let end = tail.firstIndex(of: "\"") ?? tail.endIndex
            let data = try #require(Data(base64Encoded: String(tail[..<end])))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            images += 1
            rest = tail[end...]
        }
        #expect(images >= 30, "\(images) images embedded")
        // One car per page.
        let other = folder.appendingPathComponent("Other.car").path
        try FileManager.default.copyItem(atPath: app + "/Assets.car", toPath: other)
        let two = try Assetc.run(["report", app + "/Assets.car", other, "-o", folder.appendingPathComponent("two.html").path])
        #expect(two.status == 2)
        #expect(two.stderr.contains("give one Assets.car"), "\(two.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("two.html").path))
    }

    @Test("report names the variants it cannot decode, with the reason", .enabled(if: FileManager.default.fileExists(atPath: CARCommandTests.sharedFolder)))
    func reportOfARealCarNamesUndecodedVariants() throws {
        let car = CARCommandTests.sharedFolder + "/forcequitOS+Stasis/Resources__Assets.car"
        guard FileManager.default.fileExists(atPath: car) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-carreport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html").path
        let run = try Assetc.run(["report", car, "-o", page])
        #expect(run.status == 0, "\(run.output)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("not decoded: blurred compression cannot be decoded"))
        #expect(html.contains("data:image/png;base64,"))
    }
}
