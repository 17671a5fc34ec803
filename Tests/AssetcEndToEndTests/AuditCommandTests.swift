import Foundation
import Testing

/// `assetc audit` and `assetc report` as a CI job runs them: exit codes, formats, configuration, baselines.
@Suite("assetc audit")
struct AuditCommandTests {
    static let broken = "SampleCatalogs/Broken.xcassets"
    static let showcase = "SampleCatalogs/Showcase.xcassets"

    /// A temporary folder with a tiny catalog that has only warnings (a stray file).
    final class WarningCatalog {
        let folder: URL
        let root: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-audit-e2e-" + UUID().uuidString)
            root = folder.appendingPathComponent("App.xcassets")
            let set = root.appendingPathComponent("Icon.imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try #"{"info":{"author":"xcode","version":1}}"#.write(to: root.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
            try #"{"images":[{"idiom":"universal","scale":"2x"},{"idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}"#
                .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
            try "stray".write(to: set.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    @Test("Broken.xcassets: exit 1, every finding as 'path: severity: message [rule]', and a summary line")
    func broken() throws {
        let run = try Assetc.run(["audit", Self.broken], in: Assetc.repositoryRoot)
        #expect(run.status == 1, "\(run.stderr)")
        for rule in [
            "missing-file", "unassigned-file", "invalid-contents", "unknown-key", "wrong-content-type", "lfs-pointer",
            "corrupt-image", "scale-size-mismatch", "app-icon-size", "missing-scale", "upscaled-on-device",
            "ambiguous-variant", "unreachable-variant", "gamut-profile-mismatch", "wide-gamut-unused", "duplicate-name",
            "invalid-name", "oversized-image", "opaque-alpha", "sixteen-bit", "interlaced-png", "unoptimized-png",
            "unsupported-set-type", "unsafe-path",
        ] {
            #expect(run.stdout.contains("[\(rule)]"), "\(rule) missing from the output")
        }
        #expect(run.stdout.contains("SampleCatalogs/Broken.xcassets/MissingFile.imageset/Contents.json: error: "))
        let last = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.range(of: #"^\d+ errors, \d+ warnings, \d+ notes in 1 catalog \(\d+ assets(, \d+ unsupported sets?)?\)$"#, options: .regularExpression) != nil, "\(last)")
        #expect(!run.stdout.contains("\u{1B}["), "no colours when standard output is not a terminal")
    }

    @Test("Showcase.xcassets and PlainAssets: exit 0 even with --strict")
    func healthy() throws {
        for root in [Self.showcase, "SampleCatalogs/PlainAssets"] {
            let run = try Assetc.run(["audit", "--strict", root], in: Assetc.repositoryRoot)
            #expect(run.status == 0, "\(root): \(run.stdout)")
            #expect(run.stdout.contains("0 errors, 0 warnings"))
        }
    }

    @Test("Warnings fail only with --strict")
    func strict() throws {
        let catalog = try WarningCatalog()
        let plain = try Assetc.run(["audit", catalog.root.path])
        #expect(plain.status == 0, "\(plain.stdout)")
        #expect(plain.stdout.contains("warning:"))
        let strict = try Assetc.run(["audit", "--strict", catalog.root.path])
        #expect(strict.status == 1)
    }

    @Test("JSON, SARIF and GitHub formats, and --output")
    func formats() throws {
        let json = try Assetc.run(["audit", "--format", "json", Self.broken], in: Assetc.repositoryRoot)
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let findings = object?["findings"] as? [[String: Any]] ?? []
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { ($0["path"] as? String).map { !$0.hasPrefix("SampleCatalogs") } ?? false }, "paths are relative to the catalog")
        #expect((object?["summary"] as? [String: Any])?["errors"] as? Int ?? 0 > 0)

        let sarif = try Assetc.run(["audit", "--format", "sarif", Self.broken], in: Assetc.repositoryRoot)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        #expect(log?["version"] as? String == "2.1.0")

        let github = try Assetc.run(["audit", "--format", "github", Self.broken], in: Assetc.repositoryRoot)
        let annotations = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == findings.count)
        #expect(annotations.contains { $0.hasPrefix("::error file=SampleCatalogs/Broken.xcassets/") })

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-out-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("audit.json").path
        let written = try Assetc.run(["audit", "--format", "json", "--output", file, Self.broken], in: Assetc.repositoryRoot)
        #expect(written.status == 1)
        #expect(written.stdout.isEmpty)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == json.stdout)
    }

    @Test(
        "Usage errors exit 2 and say what is wrong",
        arguments: [
            (["audit"], "at least one"),
            (["audit", "--format", "xml", "SampleCatalogs/Showcase.xcassets"], "unknown format 'xml'"),
            (["audit", "SampleCatalogs/Nope.xcassets"], "no such file"),
            (["audit", "SampleCatalogs/README.md"], "is a file"),
            (["audit", "--baseline", "nope.json", "SampleCatalogs/Showcase.xcassets"], "nope.json"),
            (["audit", "--config", "nope.yml", "SampleCatalogs/Showcase.xcassets"], "nope.yml"),
            (["audit", "--list-rules", "--format", "sarif"], "--list-rules"),
            (["report", "SampleCatalogs/Showcase.xcassets"], "-o"),
        ] as [([String], String)])
    func usage(arguments: [String], fragment: String) throws {
        let run = try Assetc.run(arguments, in: Assetc.repositoryRoot)
        #expect(run.status == 2, "\(arguments): \(run.output)")
        #expect(run.stderr.contains(fragment), "\(run.stderr)")
    }

    @Test(".assetc.yml at the catalog root re-levels rules; a bad one exits 2 naming the line")
    func configuration() throws {
        let catalog = try WarningCatalog()
        let config = catalog.root.appendingPathComponent(".assetc.yml")
        try "rules:\n  ignored-file: off\n  unassigned-file: error\n".write(to: config, atomically: true, encoding: .utf8)
        let relevelled = try Assetc.run(["audit", catalog.root.path])
        #expect(relevelled.status == 1)
        #expect(relevelled.stdout.contains("error: ") && relevelled.stdout.contains("[unassigned-file]"))

        try "rules:\n  unasigned-file: error\n".write(to: config, atomically: true, encoding: .utf8)
        let bad = try Assetc.run(["audit", catalog.root.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(".assetc.yml:2: unknown rule 'unasigned-file'; did you mean 'unassigned-file'?"), "\(bad.stderr)")
    }

    @Test("--write-baseline, then --baseline: known findings are reported as such and do not fail")
    func baseline() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-baseline-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("baseline.json").path
        let write = try Assetc.run(["audit", "--write-baseline", file, Self.broken], in: Assetc.repositoryRoot)
        #expect(write.status == 0, "\(write.output)")
        let known = try Assetc.run(["audit", "--strict", "--baseline", file, Self.broken], in: Assetc.repositoryRoot)
        #expect(known.status == 0, "\(known.stdout)")
        // Quiet: one line of counts per rule, not every known finding (--show-baseline lists them).
        #expect(!known.stdout.contains("(baseline)"))
        #expect(known.stdout.contains("known from the baseline: "))
        #expect(known.stdout.contains("0 errors, 0 warnings, 0 notes in 1 catalog"))
        #expect(known.stdout.contains("known findings from the baseline"))
        // The same baseline from another working directory (absolute catalog path) still matches.
        let elsewhere = try Assetc.run(
            ["audit", "--baseline", file, Assetc.repositoryRoot.appendingPathComponent(Self.broken).path], in: folder)
        #expect(elsewhere.status == 0, "\(elsewhere.stdout)")
    }

    @Test("--list-rules --format markdown prints docs/AUDITS.md")
    func listRules() throws {
        let run = try Assetc.run(["audit", "--list-rules", "--format", "markdown"], in: Assetc.repositoryRoot)
        #expect(run.status == 0)
        let docs = try String(contentsOf: Assetc.repositoryRoot.appendingPathComponent("docs/AUDITS.md"), encoding: .utf8)
        #expect(run.stdout == docs)
        let text = try Assetc.run(["audit", "--list-rules"])
        #expect(text.stdout.split(separator: "\n").count >= 30)
        #expect(text.stdout.contains("missing-file"))
    }

    @Test("report writes one HTML page with every asset")
    func report() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-report-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html").path
        let run = try Assetc.run(["report", Self.showcase, "-o", page], in: Assetc.repositoryRoot)
        #expect(run.status == 0, "\(run.output)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        for name in ["AppLogo", "Hero", "Banner", "WideGamutPhoto", "BackArrow", "DeviceBadge", "Icons/Settings", "Accent", "Welcome", "AppIcon"] {
            #expect(html.contains("data-asset=\"\(name)\""), "\(name)")
        }
        #expect(html.contains("data:image/png;base64,"))
        #expect(!html.contains("src=\"http"), "self-contained: no external resources")
    }
}
