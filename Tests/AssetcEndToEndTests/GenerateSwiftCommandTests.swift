import Foundation
import Testing

/// `assetc generate swift` end to end: the generated file compiles against the AssetCatalog library for
/// the sample catalogs, an archive and the real catalogs beside the checkout.
@Suite("assetc generate swift")
struct GenerateSwiftCommandTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-generate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Type-checks `files` against the AssetCatalog module SwiftPM built beside the assetc binary (with the C
    /// modules it imports). Returns the compiler's status and output.
    static func typecheck(_ files: [URL]) throws -> (status: Int32, output: String) {
        let build = Assetc.binary.deletingLastPathComponent()
        let root = Assetc.repositoryRoot.path
        var arguments: [String] = ["swiftc", "-typecheck", "-swift-version", "6", "-I", build.appendingPathComponent("Modules").path]
        arguments += ["-Xcc", "-fmodule-map-file=\(root)/Sources/CPNGSupport/include/module.modulemap"]
        arguments += ["-Xcc", "-I", "-Xcc", "\(root)/Sources/CPNGSupport/include"]
        arguments += ["-Xcc", "-fmodule-map-file=\(root)/Sources/CPNG/module.modulemap"]
        arguments += ["-Xcc", "-fmodule-map-file=\(root)/Sources/CDeflate/module.modulemap", "-I/usr/include/libpng16"]
        arguments += ["-Xcc", "-fmodule-map-file=\(build.path)/CLZFSE.build/module.modulemap"]
        arguments += ["-Xcc", "-I", "-Xcc", "\(root)/Sources/CLZFSE/include"]
        arguments += ["-Xcc", "-fmodule-map-file=\(build.path)/CMemoryHints.build/module.modulemap"]
        arguments += ["-Xcc", "-I", "-Xcc", "\(root)/Sources/CMemoryHints/include"]
        arguments += ["-Xcc", "-fmodule-map-file=\(build.path)/CCARDecoding.build/module.modulemap"]
        arguments += ["-Xcc", "-I", "-Xcc", "\(root)/Sources/CCARDecoding/include"]
        arguments += files.map(\.path)
        return try ExternalTool.run("/usr/bin/env", arguments, mergingErrors: true)
    }

    /// Code that uses the accessors as an app would, so the check is more than "the file parses".
    static let usage = """
        import AssetCatalog

        func lookUp(_ archive: AssetArchive, _ traits: TraitCollection) throws {
            _ = try archive.image(.appLogo, compatibleWith: traits)
            _ = try archive.color(.accent, compatibleWith: traits)
            let name: ImageName = .appLogo
            _ = name.name
            _ = try archive.data(.welcome)
            _ = Assets.appLogo
        }

        """

    @Test func samplesCompileAgainstTheLibraryAndMatchTheirArchive() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("Assets.swift")
        let run = try Assetc.run(
            ["generate", "swift", "SampleCatalogs/Showcase.xcassets", "-o", generated.path, "--namespace", "Assets", "--access-level", "public"],
            in: Assetc.repositoryRoot)
        #expect(run.status == 0, "\(run.output)")
        let use = folder.appendingPathComponent("Use.swift")
        try Data(Self.usage.utf8).write(to: use)
        let checked = try Self.typecheck([generated, use])
        #expect(checked.status == 0, "\(checked.output)")

        // The packed archive of the same catalog gives the same accessors.
        let archive = folder.appendingPathComponent("Showcase.assetc")
        let pack = try Assetc.run(["pack", "SampleCatalogs/Showcase.xcassets", "-o", archive.path, "--quiet"], in: Assetc.repositoryRoot)
        #expect(pack.status == 0, "\(pack.output)")
        let fromArchive = folder.appendingPathComponent("FromArchive.swift")
        let second = try Assetc.run(
            ["generate", "swift", archive.path, "-o", fromArchive.path, "--namespace", "Assets", "--access-level", "public"])
        #expect(second.status == 0, "\(second.output)")
        let dropHeader = { (text: String) in text.split(separator: "\n").dropFirst().joined(separator: "\n") }
        #expect(dropHeader(try String(contentsOf: generated, encoding: .utf8)) == dropHeader(try String(contentsOf: fromArchive, encoding: .utf8)))
    }

    @Test func everySampleCatalogCompiles() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let samples = try FileManager.default.contentsOfDirectory(atPath: Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs").path)
            .filter { $0.hasSuffix(".xcassets") || $0 == "PlainAssets" }.sorted()
        #expect(!samples.isEmpty)
        // Broken.xcassets too: what can be read of a damaged catalog still gives valid code.
        for (number, sample) in samples.enumerated() {
            // Each catalog as its own namespace enum, so several files compile together.
            let file = folder.appendingPathComponent("Sample\(number).swift")
            let run = try Assetc.run(
                ["generate", "swift", "SampleCatalogs/\(sample)", "-o", file.path, "--namespace", "Sample\(number)"], in: Assetc.repositoryRoot)
            #expect(run.status == 0, "\(sample): \(run.output)")
            let checked = try Self.typecheck([file])
            #expect(checked.status == 0, "\(sample): \(checked.output)")
        }
    }

    @Test(
        "the real catalogs in ../shared/corpora compile (skipped without them)",
        .enabled(if: FileManager.default.fileExists(atPath: Assetc.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora").path)))
    func realCatalogsCompile() throws {
        let corpora = Assetc.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for app in try FileManager.default.contentsOfDirectory(atPath: corpora.path).sorted() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: corpora.appendingPathComponent(app).path, isDirectory: &isFolder), isFolder.boolValue
            else { continue }
            guard let walker = FileManager.default.enumerator(atPath: corpora.appendingPathComponent(app).path) else { continue }
            let catalogs = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".xcassets") }.sorted()
            #expect(!catalogs.isEmpty, "\(app)")
            let file = folder.appendingPathComponent("\(app.filter { $0.isLetter || $0.isNumber }).swift")
            let run = try Assetc.run(
                ["generate", "swift"] + catalogs.map { corpora.appendingPathComponent(app).appendingPathComponent($0).path }
                    + ["-o", file.path, "--namespace", "Assets"])
            #expect(run.status == 0, "\(app): \(run.output)")
            let checked = try Self.typecheck([file])
            #expect(checked.status == 0, "\(app): \(checked.output.prefix(2000))")
        }
    }

    @Test func theGettingStartedArticlesCodeCompiles() throws {
        let article = try String(
            contentsOf: Assetc.repositoryRoot.appendingPathComponent("Sources/AssetCatalog/AssetCatalog.docc/GettingStarted.md"), encoding: .utf8)
        var body: [Substring] = []
        var inSwift = false
        for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```swift" { inSwift = true } else if line == "```" { inSwift = false } else if inSwift && !line.hasPrefix("import ") { body.append(line) }
        }
        #expect(body.count > 10)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("GettingStarted.swift")
        try Data(("import AssetCatalog\n\nfunc gettingStarted() throws {\n" + body.joined(separator: "\n") + "\n}\n").utf8).write(to: file)
        let checked = try Self.typecheck([file])
        #expect(checked.status == 0, "\(checked.output)")
    }

    @Test func badOptionsAreUsageErrors() throws {
        let level = try Assetc.run(["generate", "swift", "SampleCatalogs/Showcase.xcassets", "-o", "-", "--access-level", "open"], in: Assetc.repositoryRoot)
        #expect(level.status == 2)
        #expect(level.stderr.contains("--access-level takes public or internal"))
        let namespace = try Assetc.run(["generate", "swift", "SampleCatalogs/Showcase.xcassets", "-o", "-", "--namespace", "1Assets"], in: Assetc.repositoryRoot)
        #expect(namespace.status == 2)
        let missing = try Assetc.run(["generate", "swift", "SampleCatalogs/Nope.xcassets", "-o", "-"], in: Assetc.repositoryRoot)
        #expect(missing.status == 2, "\(missing.output)")
    }
}
