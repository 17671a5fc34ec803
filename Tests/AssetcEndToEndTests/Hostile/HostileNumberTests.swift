import Foundation
import Testing

/// Numbers a repository controls (colour components, icon sizes, rule options): each is range-checked
/// where it is parsed, so no command dies of a Double that does not fit an Int.
@Suite("Hostile repository: numbers")
struct HostileNumberTests {
    @Test("a colour component of 1e19, 1e300 or 1e999 is an error naming the file, in info and in pack", arguments: ["1e19", "1e300", "1e999", "\"-1e300\""])
    func hugeColourComponent(value: String) throws {
        let repository = try HostileRepository()
        try repository.colorSet("Accent", red: value)
        try repository.imageSet("Icon")
        let info = try Assetc.run(["info", repository.catalog.path])
        #expect(info.status == 0 || info.status == 1, "\(info.stderr)")
        #expect(info.output.contains("Accent.colorset/Contents.json"), "\(info.output)")
        #expect(info.output.contains("allowed range") || info.output.contains("should be a number"), "\(info.output)")

        let archive = repository.folder.appendingPathComponent("out.assetc").path
        let pack = try Assetc.run(["pack", repository.catalog.path, "-o", archive])
        #expect(pack.status != 0 || !pack.output.isEmpty)
        if FileManager.default.fileExists(atPath: archive) {
            let packed = try Assetc.run(["info", archive])
            #expect(packed.status == 0, "\(packed.stderr)")
        }
    }

    @Test("an app icon entry of size 1e300x1e300 is skipped by app-icon-size, audit and report finish")
    func hugeAppIconSize() throws {
        let repository = try HostileRepository()
        try repository.write("AppIcon.appiconset/Icon.png", TestPNG.make(width: 8, height: 8))
        try repository.write(
            "AppIcon.appiconset/Contents.json",
            #"{"images":[{"idiom":"iphone","scale":"2x","size":"1e300x1e300","filename":"Icon.png"}],"info":{"author":"xcode","version":1}}"#
        )
        for format in ["text", "json", "sarif", "github"] {
            let run = try Assetc.run(["audit", "--format", format, repository.catalog.path])
            #expect(run.status == 0 || run.status == 1, "\(format): \(run.status) \(run.stderr)")
        }
        let report = try Assetc.run(["report", repository.catalog.path, "-o", repository.folder.appendingPathComponent("r.html").path])
        #expect(report.status == 0 || report.status == 1, "\(report.stderr)")
    }

    @Test("rule options beyond their documented maximum are configuration errors (exit 2) naming the option")
    func hugeRuleOptions() throws {
        let repository = try HostileRepository()
        try repository.imageSet("Icon")
        try repository.write(".assetc.yml", "rules:\n  wide-gamut-unused:\n    max-megapixels: 1e13\n")
        let audit = try Assetc.run(["audit", repository.catalog.path])
        #expect(audit.status == 2, "\(audit.output)")
        #expect(audit.stderr.contains("'max-megapixels' of 'wide-gamut-unused' must be a positive number up to 1000000"), "\(audit.stderr)")
        let report = try Assetc.run(["report", repository.catalog.path, "-o", repository.folder.appendingPathComponent("r.html").path])
        #expect(report.status == 2, "\(report.output)")

        let config = repository.folder.appendingPathComponent("config.yml")
        try Data("rules:\n  unoptimized-png:\n    min-bytes: 1e300\n".utf8).write(to: config)
        let configured = try Assetc.run(["audit", "--config", config.path, repository.catalog.path])
        #expect(configured.status == 2, "\(configured.output)")
        #expect(configured.stderr.contains("'min-bytes' of 'unoptimized-png' must be a positive number up to 1000000000000"), "\(configured.stderr)")
    }

    @Test("an ignore pattern with many stars does not backtrack: audit finishes quickly")
    func pathologicalGlob() throws {
        let repository = try HostileRepository()
        try repository.imageSet(String(repeating: "a", count: 60))
        let pattern = String(repeating: "*a", count: 16) + "b"
        try repository.write(".assetc.yml", "ignore: [\"\(pattern)\"]\n")
        let run = try Assetc.run(["audit", repository.catalog.path], timeout: 30)
        #expect(run.status == 0 || run.status == 1, "\(run.output)")
    }
}

/// Batch requests with numbers outside what a field accepts.
@Suite("Hostile input: batch requests")
struct HostileBatchTests {
    @Test("a batch scale of 1e300, 2.5 or 0 names the field and its allowed values", arguments: ["1e300", "2.5", "0", "\"x\""])
    func badScale(value: String) throws {
        let run = try Assetc.run(
            ["resolve", "SampleCatalogs/Showcase.xcassets", "--batch", "-"], input: #"{"name":"Hero","traits":{"scale":\#(value)}}"# + "\n",
            in: Assetc.repositoryRoot)
        #expect(run.status != 0)
        #expect(run.stdout.contains("traits.scale: must be a whole number from 1 to 65535"), "\(run.stdout)")
    }
}
