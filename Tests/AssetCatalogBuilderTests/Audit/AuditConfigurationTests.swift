import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// `.assetc.yml`: the YAML subset parser and what each key does; every mistake is an error with a line.
@Suite("Audit configuration")
struct AuditConfigurationTests {
    @Test("The documented example parses into settings, options, ignores, idioms and a fallback order")
    func documentedExample() throws {
        let configuration = try AuditConfiguration.parse(
            yaml: """
                # .assetc.yml
                ---
                rules:
                  opaque-alpha: off              # off, on, note, warning or error
                  sixteen-bit: warning
                  missing-scale:
                    severity: error
                    scales:
                      pad: [2]
                      universal: [2, 3]
                  oversized-image:
                    max-megapixels: 8
                  unoptimized-png:
                    min-saving: 20%
                ignore:
                  - "Legacy/**"
                  - '*.launchimage'
                idioms: [phone, ipad]
                fallback-order: idiom,width,height,appearance,contrast,direction,locale,gamut,scale
                """)
        #expect(!configuration.isEnabled("opaque-alpha"))
        #expect(configuration.severityOverride("sixteen-bit") == .warning)
        #expect(configuration.severityOverride("missing-scale") == .error)
        #expect(configuration.number("max-megapixels", of: OversizedImageRule.self) == 8)
        #expect(configuration.number("min-saving", of: UnoptimizedPNGRule.self) == 0.2)
        #expect(configuration.number("min-bytes", of: UnoptimizedPNGRule.self) == 4096, "unset options keep their default")
        let scales = configuration.scalesByIdiom("scales", of: MissingScaleRule.self)
        #expect(scales["pad"] == [2])
        #expect(scales["phone"] == [2, 3], "idioms not given keep their default")
        #expect(configuration.ignoredPaths == ["Legacy/**", "*.launchimage"])
        #expect(configuration.idioms == [.phone, .pad])
        #expect(configuration.fallbackOrder.dimensions.last == .scale)
    }

    @Test("Block lists in the key's column, quoted keys and values, comments, an empty file")
    func yamlSubset() throws {
        let configuration = try AuditConfiguration.parse(
            yaml: "ignore:\n- 'it''s/*'   # a comment\n- \"a # not a comment\"\n\"rules\":\n  'invalid-name': 'note'\n")
        #expect(configuration.ignoredPaths == ["it's/*", "a # not a comment"])
        #expect(configuration.severityOverride("invalid-name") == .note)
        #expect(try AuditConfiguration.parse(yaml: "") == (try AuditConfiguration.parse(yaml: "# nothing\n")))
    }

    @Test(
        "Mistakes are errors that name the line",
        arguments: [
            ("rules:\n  missing-fiel: off\n", 2, "did you mean 'missing-file'"),
            ("rules:\n  missing-file: loud\n", 2, "unknown setting 'loud'"),
            ("rules:\n  oversized-image:\n    max-pixels: 3\n", 3, "unknown option 'max-pixels'"),
            ("rules:\n  oversized-image:\n    max-megapixels: -1\n", 3, "positive number"),
            ("rules:\n  unoptimized-png:\n    min-saving: 150%\n", 3, "between 0 and 1"),
            ("rules:\n  missing-scale:\n    scales:\n      fridge: [2]\n", 4, "unknown idiom 'fridge'"),
            ("colour: red\n", 1, "unknown key 'colour'"),
            ("rules:\n\tmissing-file: off\n", 2, "tabs"),
            ("idioms: [phone, toaster]\n", 1, "unknown idiom 'toaster'"),
            ("fallback-order: idiom,size\n", 1, "unknown trait 'size'"),
            ("rules:\n  missing-file: off\n  missing-file: on\n", 3, "appears twice"),
            ("ignore: [a, 'b]\n", 1, "not closed"),
        ] as [(String, Int, String)])
    func mistakes(text: String, line: Int, fragment: String) {
        do {
            _ = try AuditConfiguration.parse(yaml: text, source: "test.yml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.description.contains(fragment), "\(error)")
            #expect(error.description.hasPrefix("test.yml:\(line): "), "\(error)")
        }
    }

    @Test("YAML the old subset refused: flow maps, anchors and aliases, comments anywhere, multi-line strings")
    func fullYAML() throws {
        let configuration = try AuditConfiguration.parse(
            yaml: """
                rules: {opaque-alpha: &quiet off, sixteen-bit: *quiet,   # a comment inside a flow map
                        oversized-image: {max-megapixels: 8}}
                ignore:
                  - >-
                    Legacy/**
                  - "Old/*"   # comment
                idioms: [phone,
                         ipad]
                """)
        #expect(!configuration.isEnabled("opaque-alpha"))
        #expect(!configuration.isEnabled("sixteen-bit"), "an alias takes its anchor's value")
        #expect(configuration.number("max-megapixels", of: OversizedImageRule.self) == 8)
        #expect(configuration.ignoredPaths == ["Legacy/**", "Old/*"])
        #expect(configuration.idioms == [.phone, .pad])
    }

    @Test("YAML syntax errors name the line and column; an alias bomb is refused")
    func syntaxErrorsAndAliasBombs() {
        do {
            _ = try AuditConfiguration.parse(yaml: "rules:\n  missing-file: off\n   bad: [\n", source: "test.yml")
            Issue.record("expected an error")
        } catch {
            #expect(error.line >= 3, "\(error)")
            #expect(error.description.contains("column"), "\(error)")
        }
        // Ten levels of nine aliases each: 9^10 values if walked.
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...10 {
            let previous = "*a\(level - 1)"
            bomb += "a\(level): &a\(level) [\(Array(repeating: previous, count: 9).joined(separator: ", "))]\n"
        }
        do {
            _ = try AuditConfiguration.parse(yaml: bomb, source: "bomb.yml")
            Issue.record("expected the alias bomb to be refused")
        } catch {
            #expect(error.description.contains("more than 100000 values"), "\(error)")
        }
    }

    @Test(".assetc.json has the same structure")
    func json() throws {
        let configuration = try AuditConfiguration.parse(
            json: #"{"rules":{"opaque-alpha":"off","oversized-image":{"max-megapixels":4}},"ignore":["Old/**"],"idioms":["mac"]}"#)
        #expect(!configuration.isEnabled("opaque-alpha"))
        #expect(configuration.number("max-megapixels", of: OversizedImageRule.self) == 4)
        #expect(configuration.ignoredPaths == ["Old/**"])
        #expect(configuration.idioms == [.mac])
        #expect(throws: AuditConfigurationError.self) { try AuditConfiguration.parse(json: #"{"rules":{"nope":"off"}}"#) }
    }

    @Test(
        "Ignore globs match a path or a folder holding it",
        arguments: [
            ("Legacy/**", "Legacy/Old.imageset/Contents.json", true),
            ("Legacy", "Legacy/Old.imageset/a.png", true),
            ("*.launchimage", "Launch.launchimage", true),
            ("*.launchimage", "Group/Launch.launchimage", false),
            ("**/*.launchimage", "Group/Launch.launchimage", true),
            ("**/Old.imageset", "Old.imageset/a.png", true),
            ("Icons/?.imageset", "Icons/A.imageset/x.png", true),
            ("Icons/?.imageset", "Icons/AB.imageset/x.png", false),
            ("Hero.imageset", "HeroDark.imageset/x.png", false),
        ] as [(String, String, Bool)])
    func ignoreGlobs(pattern: String, path: String, ignored: Bool) {
        var configuration = AuditConfiguration()
        configuration.ignoredPaths = [pattern]
        #expect(configuration.isIgnored(path) == ignored)
    }

    @Test("Disabled rules, new severities and ignored paths shape the report")
    func appliedByTheAuditor() throws {
        let example = AuditExample(
            "A set with an unassigned file and a missing 3x",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [1, 2])),
                AuditExample.imageSet("Legacy/Old", AuditExample.scaled("Old", scales: [1, 2])),
                ["Icon.imageset/Icon 2.png": .png(16, 16)]))
        let plain = try AuditTestSupport.audit(example)
        #expect(plain.findings.contains { $0.rule == "unassigned-file" && $0.severity == .warning })
        #expect(plain.findings.contains { $0.rule == "missing-scale" && $0.asset == "Old" })

        var configured = example
        configured.files[".assetc.yml"] = .text("rules:\n  unassigned-file: error\n  missing-scale: off\nignore: [Legacy]\n")
        let report = try AuditTestSupport.audit(configured)
        #expect(report.findings.contains { $0.rule == "unassigned-file" && $0.severity == .error })
        #expect(!report.findings.contains { $0.rule == "missing-scale" })
        #expect(!report.findings.contains { $0.path.hasPrefix("Legacy/") })
        #expect(report.fails(strict: false))
    }

    @Test("Configured idioms decide what universal artwork needs")
    func idioms() throws {
        let files = AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [1, 2]))
        let everywhere = try AuditTestSupport.audit(AuditExample("any", files: files))
        #expect(everywhere.findings.contains { $0.rule == "missing-scale" })
        var macOnly = files
        macOnly[".assetc.yml"] = .text("idioms: [mac]\n")
        let mac = try AuditTestSupport.audit(AuditExample("mac", files: macOnly))
        #expect(!mac.findings.contains { $0.rule == "missing-scale" || $0.rule == "upscaled-on-device" }, "\(AuditTestSupport.dump(mac))")
    }
}
