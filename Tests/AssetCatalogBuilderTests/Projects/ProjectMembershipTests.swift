import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Old-style property lists (project.pbxproj)")
struct OldStylePlistTests {
    static let sample = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjects = {
        /* Begin PBXBuildFile section */
        \t\tB1 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = F1 /* Assets.xcassets */; };
        /* End PBXBuildFile section */
        \t\tF1 = {isa = PBXFileReference; name = "My \\"App\\" Icons\\n"; path = "Assets.xcassets"; sourceTree = "<group>"; };
        \t\tD1 = {isa = Data; value = <0fA3 10>; list = (a, "b c", "$(SRCROOT)/x", ); empty = (); };
        \t};
        \trootObject = P1 /* Project object */;
        }

        """

    @Test("parses dictionaries, arrays, quoted and bare strings, data and comments")
    func parsesSample() throws {
        let value = try OldStylePlist.parse(Array(Self.sample.utf8)).get()
        #expect(value["archiveVersion"]?.string == "1")
        #expect(value["rootObject"]?.string == "P1")
        let objects = try #require(value["objects"]?.dictionary)
        #expect(objects["B1"]?["fileRef"]?.string == "F1")
        #expect(objects["F1"]?["name"]?.string == "My \"App\" Icons\n")
        #expect(objects["D1"]?["value"] == .data([0x0F, 0xA3, 0x10]))
        #expect(objects["D1"]?["empty"] == .array([]))
        #expect(objects["D1"]?["list"] == .array([.string("a"), .string("b c"), .string("$(SRCROOT)/x")]))
    }

    @Test("bare strings take the characters Xcode writes unquoted")
    func bareStrings() throws {
        let value = try OldStylePlist.parse(Array("{ a = path/to/file.png; b = -1.5; c = _x$y:z+; \"\\U00e9\" = \"\\303\"; }".utf8)).get()
        #expect(value["a"]?.string == "path/to/file.png")
        #expect(value["b"]?.string == "-1.5")
        #expect(value["c"]?.string == "_x$y:z+")
        #expect(value["é"]?.string == "?")
    }

    @Test("malformed input gives an error with line and offset, never a crash")
    func malformed() {
        let cases: [(String, String)] = [
            ("{ a = b }", "';' expected"),
            ("{ a = \"b; }", "not closed"),
            ("{ a = (b c); }", "',' or ')'"),
            ("{ a = <0g>; }", "<data>"),
            ("{ a = <0>; }", "odd number"),
            ("/* open", "comment is not closed"),
            ("{ /* open", "comment is not closed"),
            ("{ a = b; } trailing", "after the top-level"),
            ("{ (a) = b; }", "key must be a string"),
            ("", "ends where a value"),
        ]
        for (text, expected) in cases {
            switch OldStylePlist.parse(Array(text.utf8)) {
            case .success(let value): Issue.record("'\(text)' parsed as \(value)")
            case .failure(let error):
                #expect(error.message.contains(expected) || error.description.contains(expected), "'\(text)': \(error)")
                #expect(error.offset >= 0 && error.offset <= text.utf8.count)
                #expect(error.line >= 1)
            }
        }
    }

    @Test("every truncation and every flipped byte of a real-looking project is handled")
    func truncationsAndFlips() {
        let bytes = Array(DuplicateNameRule.examplePBXProject(targets: [("App", ["App"]), ("Widget", ["Widget"])]).utf8)
        for length in 0..<bytes.count {
            _ = OldStylePlist.parse(Array(bytes[0..<length]))
        }
        for position in bytes.indices {
            var flipped = bytes
            flipped[position] ^= 0x5A
            if case .success(let value) = OldStylePlist.parse(flipped) {
                _ = try? XcodeProject(plist: value, file: "project.pbxproj", projectFolder: "/p")
            }
        }
    }

    @Test("deep nesting is refused, not a stack overflow")
    func deepNesting() {
        let deep = Array(repeating: UInt8(ascii: "("), count: 200_000)
        guard case .failure(let error) = OldStylePlist.parse(deep) else {
            Issue.record("200 000 nested arrays parsed")
            return
        }
        #expect(error.message.contains("nesting deeper than \(OldStylePlist.maxDepth)"))
        let dictionaries = Array(String(repeating: "{a=", count: 100_000).utf8)
        #expect(throws: OldStylePlistError.self) { try OldStylePlist.parse(dictionaries).get() }
    }

    @Test("long flat input parses in one pass (no quadratic behaviour)")
    func longInput() throws {
        // 2 MB of one quoted string full of escapes, and 200 000 array elements.
        let escaped = "{ a = \"" + String(repeating: "\\\"x", count: 700_000) + "\"; b = (" + String(repeating: "x, ", count: 200_000) + "); }"
        let value = try OldStylePlist.parse(Array(escaped.utf8)).get()
        #expect(value["a"]?.string?.utf8.count == 1_400_000)
        #expect(value["b"]?.array?.count == 200_000)
    }
}

@Suite("Target membership from Xcode projects, Package.swift and .assetc.yml")
struct ProjectMembershipTests {
    /// A project with a synchronized folder per target (Xcode 16), a folder reference and a SOURCE_ROOT file.
    static let synchronizedProject = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tS1 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1 /* Exceptions for "App" folder in "App" target */, ); path = App; sourceTree = "<group>"; };
        \t\tS2 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = "<group>"; };
        \t\tE1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Preview.xcassets, ); target = T1; };
        \t\tR1 = {isa = PBXFileReference; lastKnownFileType = folder; path = Bundled; sourceTree = SOURCE_ROOT; };
        \t\tBF1 = {isa = PBXBuildFile; fileRef = R1; };
        \t\tP1 = {isa = PBXResourcesBuildPhase; files = (BF1, ); };
        \t\tMAIN = {isa = PBXGroup; children = (S1, S2, R1, ); sourceTree = "<group>"; };
        \t\tT1 = {isa = PBXNativeTarget; buildPhases = (P1, ); fileSystemSynchronizedGroups = (S1, ); name = App; };
        \t\tT2 = {isa = PBXNativeTarget; buildPhases = (); fileSystemSynchronizedGroups = (S2, ); name = Widget; };
        \t\tPROJECT = {isa = PBXProject; mainGroup = MAIN; targets = (T1, T2, ); };
        \t};
        \trootObject = PROJECT;
        }

        """

    @Test("synchronized groups, their membership exceptions, folder references and SOURCE_ROOT paths")
    func synchronizedGroups() throws {
        let plist = try OldStylePlist.parse(Array(Self.synchronizedProject.utf8)).get()
        let project = try XcodeProject(plist: plist, file: "/work/Birds.xcodeproj/project.pbxproj", projectFolder: "/work")
        #expect(project.targets.map(\.name) == ["App", "Widget"])
        let app = project.targets[0]
        let widget = project.targets[1]
        #expect(app.builds("/work/App/Assets.xcassets"))
        #expect(!app.builds("/work/App/Preview.xcassets"))
        #expect(app.builds("/work/Bundled/Extra.xcassets"))
        #expect(!app.builds("/work/Widget/Assets.xcassets"))
        #expect(widget.builds("/work/Widget/Assets.xcassets"))
        #expect(!widget.builds("/work/Widgets/Assets.xcassets"), "a folder name that only starts the same is not inside")
    }

    @Test("a project whose parent links loop or point nowhere resolves nothing, without hanging")
    func brokenParents() throws {
        let text = """
            { objects = {
              A = {isa = PBXGroup; children = (B); path = a; sourceTree = "<group>"; };
              B = {isa = PBXGroup; children = (A); path = b; sourceTree = "<group>"; };
              F = {isa = PBXFileReference; path = Assets.xcassets; sourceTree = BUILT_PRODUCTS_DIR; };
              BF = {isa = PBXBuildFile; fileRef = F; };
              BA = {isa = PBXBuildFile; fileRef = A; };
              P = {isa = PBXResourcesBuildPhase; files = (BF, BA, MISSING); };
              T = {isa = PBXNativeTarget; buildPhases = (P, NOPE); };
              R = {isa = PBXProject; targets = (T, GONE); };
            }; rootObject = R; }
            """
        let project = try XcodeProject(plist: OldStylePlist.parse(Array(text.utf8)).get(), file: "p", projectFolder: "/w")
        #expect(project.targets.count == 1)
        #expect(project.targets[0].resourcePaths.isEmpty)
        #expect(throws: OldStylePlistError.self) {
            try XcodeProject(plist: OldStylePlist.parse(Array("{ objects = {}; }".utf8)).get(), file: "p", projectFolder: "/w")
        }
    }

    @Test("Package.swift targets: default and explicit folders, excludes, nested target references ignored")
    func packageManifest() {
        let text = """
            // swift-tools-version:5.9
            import PackageDescription
            /* .target(name: "Commented") */
            let package = Package(
                name: "Birds",
                products: [.library(name: "Lib", targets: ["Core"])],
                targets: [
                    .target(name: "Core", dependencies: [.target(name: "Nested")], exclude: ["Old.xcassets"], resources: [.process("Media.xcassets")]),
                    .executableTarget(name: "Tool", path: "Tools/tool"),
                    .testTarget(name: "CoreTests", dependencies: ["Core"]),
                    .target(name: "Interpolated\\(x)"),
                ]
            )
            """
        let manifest = PackageManifest(text: Array(text.utf8), file: "/p/Package.swift", packageFolder: "/p", folderExists: { _ in false })
        #expect(manifest.targets.map(\.name) == ["Core", "Tool", "CoreTests"])
        #expect(manifest.targets.map(\.folder) == ["/p/Sources/Core", "/p/Tools/tool", "/p/Tests/CoreTests"])
        let core = manifest.targets[0]
        #expect(core.builds("/p/Sources/Core/Media.xcassets"))
        #expect(!core.builds("/p/Sources/Core/Old.xcassets"))
        #expect(!core.builds("/p/Sources/CoreKit/Media.xcassets"))
    }

    @Test("Package.swift reading survives hostile text")
    func hostileManifest() {
        let pieces = ["\"", "#\"", "\"\"\"", "/*", "/* /*", ".target(", "name:", "(", "]", "\\"]
        for piece in pieces {
            for count in [1, 2, 1000] {
                let text = Array((String(repeating: piece, count: count) + ".target(name: \"X\"").utf8)
                _ = PackageManifest(text: text, file: "/p/Package.swift", packageFolder: "/p", folderExists: { _ in true })
            }
        }
    }

    /// Two catalogs with an `Icon` set beside an Xcode project; returns the audit's duplicate-name findings.
    func duplicateFindings(project: String, roots: [String] = ["App/Assets.xcassets", "Widget/Assets.xcassets"]) throws -> [Finding] {
        let folder = try AuditTestSupport.TemporaryFolder()
        let example = AuditExample(
            "test", roots: roots,
            files: DuplicateNameRule.twoCatalogsWithIcon(roots).merging(["Birds.xcodeproj/project.pbxproj": .text(project)]) { a, _ in a })
        let paths = try example.materialize(in: folder.path)
        return try AuditTestSupport.audit(roots: paths).findings.filter { $0.rule == DuplicateNameRule.identifier }
    }

    @Test("two catalogs of different targets of one Xcode project: the shared name is not reported")
    func differentTargets() throws {
        let findings = try duplicateFindings(
            project: DuplicateNameRule.examplePBXProject(targets: [("App", ["App"]), ("Widget", ["Widget"])]))
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("two catalogs built into one target of an Xcode project: an error naming the target")
    func sameTarget() throws {
        let findings = try duplicateFindings(
            project: DuplicateNameRule.examplePBXProject(targets: [("App", ["App", "Widget"]), ("Widget", ["Widget"])]))
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("target 'App' of Birds.xcodeproj") == true, "\(findings)")
        #expect(findings.first?.message.contains("App/Assets.xcassets/Icon.imageset") == true, "\(findings)")
    }

    @Test("synchronized folders of different targets: not reported; excluded from its target: a warning")
    func synchronizedFolders() throws {
        #expect(try duplicateFindings(project: Self.synchronizedProject).isEmpty)
        let findings = try duplicateFindings(project: Self.synchronizedProject, roots: ["Widget/Assets.xcassets", "App/Preview.xcassets"])
        #expect(findings.map(\.severity) == [.warning], "\(findings)")
    }

    @Test("membership unknown: a warning naming both catalogs and how to declare the grouping")
    func unknownMembership() throws {
        let findings = try duplicateFindings(project: "{ broken")
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("App/Assets.xcassets'") && finding.message.contains("Widget/Assets.xcassets'"), "\(finding.message)")
        #expect(finding.message.contains("targets: ["), "\(finding.message)")
    }

    @Test("a duplicate within one catalog stays an error whatever the project says")
    func withinOneCatalog() throws {
        let folder = try AuditTestSupport.TemporaryFolder()
        let example = AuditExample(
            "test", roots: ["App/Assets.xcassets"],
            files: [
                "Birds.xcodeproj/project.pbxproj": .text(DuplicateNameRule.examplePBXProject(targets: [("App", ["App"])])),
                "Icon.imageset/Contents.json": .images([AuditExampleFile.entry("Icon@2x.png", scale: "2x")]),
                "Icon.imageset/Icon@2x.png": .png(32, 32),
                "Group/Contents.json": .text(#"{"info":{"author":"xcode","version":1}}"#),
                "Group/Icon.imageset/Contents.json": .images([AuditExampleFile.entry("Icon@2x.png", scale: "2x")]),
                "Group/Icon.imageset/Icon@2x.png": .png(32, 32),
            ])
        let paths = try example.materialize(in: folder.path)
        let findings = try AuditTestSupport.audit(roots: paths).findings.filter { $0.rule == DuplicateNameRule.identifier }
        #expect(findings.map(\.severity) == [.error], "\(findings)")
    }

    @Test("a shared --config can group catalogs by glob")
    func configurationMap() throws {
        let configuration = try AuditConfiguration.parse(yaml: "targets:\n  App: [App/*.xcassets, Shared/Assets.xcassets]\n  Widget: [Widget/*.xcassets]\n")
        #expect(configuration.targetCatalogs["App"] == ["App/*.xcassets", "Shared/Assets.xcassets"])
        let membership = CatalogMembership.discover(
            roots: ["./App/Assets.xcassets/", "Shared/Assets.xcassets", "Widget/Assets.xcassets", "Other/Assets.xcassets"],
            configurations: Array(repeating: configuration, count: 4))
        #expect(!membership.sharedTargets(0, 1).isEmpty)
        #expect(membership.sharedTargets(0, 2).isEmpty)
        #expect(!membership.isKnown(3))
        #expect(throws: AuditConfigurationError.self) { try AuditConfiguration.parse(yaml: "targets:\n  App: {a: b}\n") }
    }
}
