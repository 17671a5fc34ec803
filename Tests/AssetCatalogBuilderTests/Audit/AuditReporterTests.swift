import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The four output formats, checked on the audit of Broken.xcassets and on hand-made findings.
@Suite("Audit reporters")
struct AuditReporterTests {
    static let report = AuditSampleCatalogTests.brokenReport

    static let handMade = AuditReport(
        findings: [
            Finding(rule: "missing-file", severity: .error, asset: "Icon", catalog: "A.xcassets", path: "Icon.imageset/Contents.json", message: "a, b: 100%\nnext"),
            Finding(rule: "opaque-alpha", severity: .note, asset: "Icon", catalog: "A.xcassets", path: "Icon.imageset/a b.png", message: "note", isBaselined: true),
            Finding(rule: "ignored-file", severity: .note, asset: nil, catalog: "A.xcassets", path: "x.txt", message: "stray"),
        ],
        sources: [CatalogSource(path: "A.xcassets", kind: .xcassets)], assetCount: 2)

    @Test("Text: grouped by asset, one 'path: severity: message [rule]' line per finding, a summary")
    func text() {
        let text = AuditTextReporter(colors: false).render(Self.handMade)
        #expect(text == """
            Icon
            A.xcassets/Icon.imageset/Contents.json: error: a, b: 100%
            next [missing-file]
            A.xcassets/Icon.imageset/a b.png: note: note [opaque-alpha] (baseline)

            (not in any asset)
            A.xcassets/x.txt: note: stray [ignored-file]

            1 error, 0 warnings, 1 note in 1 catalog (2 assets); 1 known finding from the baseline

            """)
        #expect(!text.contains("\u{1B}"))
        let colored = AuditTextReporter(colors: true).render(Self.handMade)
        #expect(colored.contains("\u{1B}[31merror\u{1B}[0m"))
    }

    @Test("Text on Broken.xcassets: every finding is a line, the summary counts them")
    func textOnBroken() {
        let text = AuditTextReporter().render(Self.report)
        for finding in Self.report.findings { #expect(text.contains(finding.description)) }
        let summary = Self.report.summary
        // Assets counted as `assetc info` counts them; sets of unsupported kinds apart.
        let unsupported = Self.report.unsupportedSetCount
        let sets = unsupported > 0 ? ", \(unsupported) unsupported set\(unsupported == 1 ? "" : "s")" : ""
        #expect(
            text.hasSuffix(
                "\(summary.errors) errors, \(summary.warnings) warnings, \(summary.notes) notes in 1 catalog "
                    + "(\(Self.report.assetCount - unsupported) assets\(sets))\n"))
    }

    @Test("JSON: the documented keys, in order, and the summary")
    func json() throws {
        let text = AuditJSONReporter.render(Self.report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.count == Self.report.findings.count)
        for (finding, entry) in zip(Self.report.findings, findings) {
            #expect(entry["rule"] as? String == finding.rule)
            #expect(entry["severity"] as? String == finding.severity.rawValue)
            #expect(entry["asset"] as? String == finding.asset)
            #expect(entry["path"] as? String == finding.path)
            #expect(entry["message"] as? String == finding.message)
            #expect(entry["baseline"] as? Bool == false)
        }
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary["errors"] == Self.report.summary.errors)
        #expect(summary["warnings"] == Self.report.summary.warnings)
        #expect(summary["notes"] == Self.report.summary.notes)
        // Key order is part of the schema.
        let first = try #require(text.range(of: "\"rule\""))
        let order = ["\"severity\"", "\"asset\"", "\"path\"", "\"message\""].map { text.range(of: $0, range: first.upperBound..<text.endIndex)!.lowerBound }
        #expect(order == order.sorted())
        let null = AuditJSONReporter.render(Self.handMade)
        #expect(null.contains("\"asset\": null"))
    }

    @Test("GitHub: workflow commands with escaped properties and data")
    func github() {
        let text = AuditGitHubReporter.render(Self.handMade)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "::error file=A.xcassets/Icon.imageset/Contents.json,title=missing-file::a, b: 100%25%0Anext")
        #expect(lines[1] == "::notice file=A.xcassets/Icon.imageset/a b.png,title=opaque-alpha (baseline)::note")
        #expect(lines[2] == "::notice file=A.xcassets/x.txt,title=ignored-file::stray")
        #expect(AuditGitHubReporter.property("a:b,c") == "a%3Ab%2Cc")
    }

    static var pythonWithJSONSchema: Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import jsonschema"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }

    @Test(
        "SARIF validates against the SARIF 2.1.0 essentials schema (python3 jsonschema)",
        .enabled(if: pythonWithJSONSchema, "needs python3 with jsonschema"))
    func sarifSchema() throws {
        let folder = try AuditTestSupport.TemporaryFolder()
        let schema = folder.path + "/schema.json"
        try SARIFEssentialsSchema.json.write(toFile: schema, atomically: true, encoding: .utf8)
        for (name, report, baseline) in [("broken", Self.report, false), ("handmade", Self.handMade, true)] {
            let document = folder.path + "/\(name).sarif"
            try AuditSARIFReporter(version: "0.1.0", usedBaseline: baseline).render(report)
                .write(toFile: document, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                "import json, sys, jsonschema; jsonschema.Draft7Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))",
                schema, document,
            ]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(name): \(message)")
        }
    }

    @Test("SARIF: what GitHub code scanning needs")
    func sarifForGitHub() throws {
        let text = AuditSARIFReporter(version: "0.1.0").render(Self.report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        #expect(object["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "assetc")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids == AuditRules.all.map { $0.identifier })
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect((rule["fullDescription"] as? [String: Any])?["text"] is String)
            #expect((rule["help"] as? [String: Any])?["text"] is String)
            #expect(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == Self.report.findings.count)
        for (result, finding) in zip(results, Self.report.findings) {
            #expect(result["ruleId"] as? String == finding.rule)
            #expect(ids[result["ruleIndex"] as? Int ?? -1] == finding.rule)
            #expect(result["level"] as? String == finding.severity.rawValue)
            #expect((result["message"] as? [String: Any])?["text"] as? String == finding.message)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            let uri = try #require(artifact["uri"] as? String)
            #expect(!uri.contains(" ") && !uri.hasPrefix("./"))
            #expect(uri.removingPercentEncoding?.hasSuffix(finding.path) == true, "\(uri)")
            #expect((result["partialFingerprints"] as? [String: String])?.values.first == finding.fingerprint)
        }
        #expect(AuditSARIFReporter.uri("./A b/Invalid-Name!.imageset/ü.png") == "A%20b/Invalid-Name!.imageset/%C3%BC.png")
        #expect(AuditSARIFReporter.uri("/abs/x.png") == "file:///abs/x.png")
    }
}
