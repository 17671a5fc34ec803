import AssetCatalog
import AssetCatalogBuilder
import Foundation
import Testing

@testable import AssetCatalogActool

@Suite("assetc actool as a library: outputs of a compile")
struct ActoolCompilationTests {
    static func run(_ words: [String]) -> ActoolTool.Result {
        ActoolTool(toolVersion: "9.9", programName: "actool").run(words)
    }

    static func facets(_ path: String) throws -> [String] {
        try CARFile(path: path).facets.map(\.name).sorted()
    }

    @Test("tagged sets go to the asset pack whose tags are theirs; untagged ones stay in the main car")
    func onDemandResources() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.imageSet("Plain")
        try test.imageSet("LevelOne", properties: #"{"on-demand-resource-tags":["level1"]}"#)
        try test.imageSet("Shared", properties: #"{"on-demand-resource-tags":["level2","level1"]}"#)
        let specifications = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array>
            <dict><key>bundle-id</key><string>com.example.one</string><key>bundle-path</key><string>\(test.path("packs/one.assetpack"))</string><key>tags</key><array><string>level1</string></array></dict>
            <dict><key>bundle-id</key><string>com.example.both</string><key>bundle-path</key><string>\(test.path("packs/both.assetpack"))</string><key>tags</key><array><string>level1</string><string>level2</string></array></dict>
            </array></plist>
            """
        try Data(specifications.utf8).write(to: URL(fileURLWithPath: test.path("specs.plist")))
        let base = [test.catalog.path, "--compile", test.path("out"), "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                    "--asset-pack-output-specifications", test.path("specs.plist"), "--export-dependency-info", test.path("deps")]
        let result = Self.run(base + ["--enable-on-demand-resources", "YES"])
        #expect(result.exitStatus == 0, "\(String(decoding: result.output, as: UTF8.self))")
        #expect(try Self.facets(test.path("out/Assets.car")) == ["Plain"])
        #expect(try Self.facets(test.path("packs/one.assetpack/Assets.car")) == ["LevelOne"])
        #expect(try Self.facets(test.path("packs/both.assetpack/Assets.car")) == ["Shared"])
        let deps = try DependencyInfo(decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: test.path("deps")))))
        #expect(deps.outputs.contains(test.path("packs/both.assetpack/Assets.car")))
        #expect(deps.inputs.contains(test.path("specs.plist")))
        #expect(deps.inputs.contains(test.catalog.appendingPathComponent("LevelOne.imageset/image.png").path))

        // With NO, tags are ignored as actool ignores them: everything in the main car, no pack written.
        try FileManager.default.removeItem(atPath: test.path("packs"))
        let off = Self.run(base + ["--enable-on-demand-resources", "NO"])
        #expect(off.exitStatus == 0)
        #expect(try Self.facets(test.path("out/Assets.car")) == ["LevelOne", "Plain", "Shared"])
        #expect(!FileManager.default.fileExists(atPath: test.path("packs")))
    }

    @Test("a tagged set that no pack takes fails the compile and nothing is written")
    func unmatchedTags() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.imageSet("Orphan", properties: #"{"on-demand-resource-tags":["nowhere"]}"#)
        try Data(#"<?xml version="1.0"?><plist version="1.0"><array><dict><key>bundle-path</key><string>/tmp/x</string><key>tags</key><array><string>t</string></array></dict></array></plist>"#.utf8)
            .write(to: URL(fileURLWithPath: test.path("specs.plist")))
        let result = Self.run([test.catalog.path, "--compile", test.path("out"), "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                               "--enable-on-demand-resources", "YES", "--asset-pack-output-specifications", test.path("specs.plist")])
        #expect(result.exitStatus == 1)
        #expect(String(decoding: result.output, as: UTF8.self).contains("Orphan.imageset: error: 'Orphan' has the on-demand-resource tags nowhere"))
        #expect(!FileManager.default.fileExists(atPath: test.path("out/Assets.car")))
    }

    @Test("malformed asset pack specifications are an error naming the file")
    func malformedSpecifications() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.imageSet("Plain")
        for (content, expected) in [
            ("not a plist", "are not a property list"), (#"<plist version="1.0"><dict/></plist>"#, "are not an array"),
            (#"<plist version="1.0"><array><dict><key>tags</key><array><string>a</string></array></dict></array></plist>"#, "has no bundle-path"),
        ] {
            try Data(content.utf8).write(to: URL(fileURLWithPath: test.path("specs.plist")))
            let result = Self.run([test.catalog.path, "--compile", test.path("out"), "--platform", "iphoneos", "--minimum-deployment-target", "17",
                                   "--enable-on-demand-resources", "YES", "--asset-pack-output-specifications", test.path("specs.plist")])
            let text = String(decoding: result.output, as: UTF8.self)
            #expect(result.exitStatus == 1)
            #expect(text.contains("specs.plist") && text.contains(expected), "\(text)")
            #expect(!FileManager.default.fileExists(atPath: test.path("out/Assets.car")))
        }
    }

    @Test("app icon sets no option names are not compiled; alternates are, and the partial plist lists them")
    func appIcons() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.imageSet("Logo")
        try test.appIconSet("AppIcon")
        try test.appIconSet("Dark")
        try test.appIconSet("Unused")
        let base = [test.catalog.path, "--compile", test.path("out"), "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                    "--target-device", "iphone", "--output-partial-info-plist", test.path("partial.plist"), "--app-icon", "AppIcon"]
        let result = Self.run(base + ["--alternate-app-icon", "Dark"])
        #expect(result.exitStatus == 0, "\(String(decoding: result.output, as: UTF8.self))")
        #expect(try Self.facets(test.path("out/Assets.car")) == ["AppIcon", "Dark", "Logo"])
        #expect(FileManager.default.fileExists(atPath: test.path("out/Dark60x60@2x.png")))
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: test.path("partial.plist"))), format: nil)
        let icons = (plist as? [String: Any])?["CFBundleIcons"] as? [String: Any]
        let alternates = icons?["CFBundleAlternateIcons"] as? [String: Any]
        let dark = alternates?["Dark"] as? [String: Any]
        #expect(dark?["CFBundleIconName"] as? String == "Dark")
        #expect(dark?["CFBundleIconFiles"] as? [String] == ["Dark60x60"])
        #expect(alternates?["Unused"] == nil)

        let all = Self.run(base + ["--include-all-app-icons"])
        #expect(all.exitStatus == 0)
        #expect(try Self.facets(test.path("out/Assets.car")) == ["AppIcon", "Dark", "Logo", "Unused"])
    }

    @Test("two sets with one name: a warning naming both, the first compiled, as actool compiles with a warning")
    func duplicateNames() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.imageSet("Logo", color: [255, 0, 0])
        try FileManager.default.createDirectory(at: test.catalog.appendingPathComponent("Other"), withIntermediateDirectories: true)
        try test.imageSet("Other/Logo", color: [0, 255, 0])
        let result = Self.run([test.catalog.path, "--compile", test.path("out"), "--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--warnings"])
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(result.exitStatus == 0, "\(text)")
        #expect(text.contains("/* com.apple.actool.document.warnings */"))
        #expect(text.contains("Other/Logo.imageset: warning: The name 'Logo' is also used by Logo.imageset"), "\(text)")
        #expect(try Self.facets(test.path("out/Assets.car")) == ["Logo"])
        // Without --warnings the section is not reported, as actool reports only what is asked.
        let quiet = Self.run([test.catalog.path, "--compile", test.path("out"), "--platform", "iphoneos", "--minimum-deployment-target", "17.0"])
        #expect(!String(decoding: quiet.output, as: UTF8.self).contains("warning"))

        // As a property list, the entry has actool's keys: Chromium's script lets `type` "Ambiguous Content" pass,
        // .NET's task reads `message`.
        let xml = Self.run([
            test.catalog.path, "--compile", test.path("xml"), "--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--warnings",
            "--output-format", "xml1",
        ])
        let document = try PropertyListSerialization.propertyList(from: Data(xml.output), format: nil) as? [String: Any]
        let warnings = try #require(document?["com.apple.actool.document.warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["type"] as? String == "Ambiguous Content")
        #expect((warnings.first?["message"] as? String)?.hasPrefix("The name 'Logo' is also used by Logo.imageset") == true)
        #expect(warnings.first?["catalog"] as? String == test.catalog.path)
        #expect(warnings.first?["affected-items"] as? [String] == ["./Other/Logo.imageset"])
    }

    @Test("a PNG behind a .jpg name is compiled by its content with a warning; a Photoshop file stays an error")
    func contentBehindTheWrongExtension() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        let set = test.catalog.appendingPathComponent("Photo.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(ExamplePNG(width: 8, height: 8).encoded()).write(to: set.appendingPathComponent("photo.jpg"))
        try Data(#"{"images":[{"filename":"photo.jpg","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let base = [test.catalog.path, "--compile", test.path("out"), "--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--warnings"]
        let result = Self.run(base)
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(result.exitStatus == 0, "\(text)")
        #expect(text.contains("Photo.imageset/photo.jpg: warning: is a PNG image, not JPEG"), "\(text)")
        #expect(try Self.facets(test.path("out/Assets.car")) == ["Photo"])

        try Data(Array("8BPS".utf8) + [UInt8](repeating: 0, count: 60)).write(to: set.appendingPathComponent("photo.jpg"))
        try FileManager.default.removeItem(atPath: test.path("out"))
        let photoshop = Self.run(base)
        #expect(photoshop.exitStatus == 1)
        #expect(String(decoding: photoshop.output, as: UTF8.self).contains("Photo.imageset/photo.jpg: error:"))
        #expect(!FileManager.default.fileExists(atPath: test.path("out/Assets.car")))
    }

    @Test("--include-language keeps the listed languages' localized variants and the unlocalized ones")
    func includeLanguage() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        let set = test.catalog.appendingPathComponent("Flag.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        for name in ["any", "de", "fr"] {
            try Data(ExamplePNG(width: 4, height: 4).encoded()).write(to: set.appendingPathComponent("\(name).png"))
        }
        try Data(#"{"images":[{"filename":"any.png","idiom":"universal"},{"filename":"de.png","idiom":"universal","locale":"de"},{"filename":"fr.png","idiom":"universal","locale":"fr"}],"info":{"author":"xcode","version":1},"properties":{"localizable":true}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let result = Self.run([test.catalog.path, "--compile", test.path("out"), "--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--include-language", "de"])
        #expect(result.exitStatus == 0, "\(String(decoding: result.output, as: UTF8.self))")
        let car = try CARFile(path: test.path("out/Assets.car"))
        #expect(car.localizations.map(\.name).sorted() == ["de"], "\(car.localizations.map(\.name))")
    }

    @Test("the probes: version, contents, tag combinations")
    func probes() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try FileManager.default.createDirectory(at: test.catalog.appendingPathComponent("Icons"), withIntermediateDirectories: true)
        try test.imageSet("Icons/Star", properties: #"{"on-demand-resource-tags":["b","a"]}"#)
        try test.imageSet("Moon", properties: #"{"on-demand-resource-tags":["a","b"]}"#)
        try test.imageSet("Sun", properties: #"{"on-demand-resource-tags":["c"]}"#)
        let version = String(decoding: Self.run(["--version"]).output, as: UTF8.self)
        #expect(version == "/* com.apple.actool.version */\nbundle-version: 9.9\nshort-bundle-version: 26.2\n")
        let named = ActoolTool(toolVersion: "9.9", programName: "/usr/local/bin/assetc").run(["--version", "--output-format", "xml1"])
        #expect(String(decoding: named.output, as: UTF8.self).contains("<key>com.apple.assetc.version</key>"))
        let combinations = Self.run(["--print-asset-tag-combinations", test.catalog.path])
        #expect(String(decoding: combinations.output, as: UTF8.self) == "/* com.apple.actool.asset-tag-combinations */\na\nb\nc\n")
        let plist = Self.run(["--print-asset-tag-combinations", "--output-format", "xml1", test.catalog.path])
        let parsed = try PropertyListSerialization.propertyList(from: Data(plist.output), format: nil) as? [String: Any]
        #expect(parsed?["com.apple.actool.asset-tag-combinations"] as? [[String]] == [["a", "b"], ["c"]])
        let contents = Self.run(["--print-contents", "--output-format", "xml1", test.catalog.path])
        let tree = try PropertyListSerialization.propertyList(from: Data(contents.output), format: nil) as? [String: Any]
        let catalogs = tree?["com.apple.actool.catalog-contents"] as? [[String: Any]]
        #expect(catalogs?.first?["filename"] as? String == "Assets.xcassets")
        let children = (catalogs?.first?["children"] as? [[String: Any]])?.compactMap { $0["filename"] as? String }
        #expect(children == ["Icons", "Moon.imageset", "Sun.imageset"])
    }

    @Test("a device build keeps the device's scale; a symbols line writes the symbols only; an unknown model is an error")
    func deviceBuildAndSymbols() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        let set = test.catalog.appendingPathComponent("Star.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        for scale in 1...3 {
            try Data(ExamplePNG(width: 4 * scale, height: 4 * scale).encoded()).write(to: set.appendingPathComponent("star@\(scale)x.png"))
        }
        try Data(#"{"images":[{"filename":"star@1x.png","idiom":"universal","scale":"1x"},{"filename":"star@2x.png","idiom":"universal","scale":"2x"},{"filename":"star@3x.png","idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        // A vector set with no scale: drawn at the device's scale alone, as Xcode 15's thinned SwiftUITestProject1 car
        // holds its PDFs (3x only).
        let logo = test.catalog.appendingPathComponent("Logo.imageset")
        try FileManager.default.createDirectory(at: logo, withIntermediateDirectories: true)
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>"#.utf8)
            .write(to: logo.appendingPathComponent("logo.svg"))
        try Data(#"{"images":[{"filename":"logo.svg","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: logo.appendingPathComponent("Contents.json"))
        let base = [test.catalog.path, "--compile", test.path("out"), "--platform", "iphoneos", "--minimum-deployment-target", "17.0"]
        let result = Self.run(base + ["--filter-for-device-model", "iPhone14,7", "--filter-for-device-os-version", "17.0"])
        #expect(result.exitStatus == 0, "\(String(decoding: result.output, as: UTF8.self))")
        let car = try CARFile(path: test.path("out/Assets.car"))
        let scales = Set(car.renditions.map { $0.key[.scale] }.filter { $0 != 0 })
        #expect(scales == [3], "an iPhone 14 (3x) loads only the 3x images: \(scales)")
        let logos = car.renditions.filter { $0.name == "logo.svg" }
        #expect(logos.count == 1 && logos.first?.width == 30, "\(logos.map { "\($0.key[.scale]) \($0.width)" })")
        // Without thinning, every scale of the platform.
        #expect(Self.run(base).exitStatus == 0)
        #expect(try CARFile(path: test.path("out/Assets.car")).renditions.filter { $0.name == "logo.svg" }.count == 3)
        // An iOS 11 target writes each image once per deployment target; the iOS 17 device reads the 2019 copy alone.
        let old = [test.catalog.path, "--compile", test.path("old"), "--platform", "iphoneos", "--minimum-deployment-target", "11.0"]
        #expect(Self.run(old).exitStatus == 0)
        #expect(Set(try CARFile(path: test.path("old/Assets.car")).renditions.map { $0.key[.deploymentTarget] }) == [0, 3, 5])
        #expect(Self.run(old + ["--filter-for-device-model", "iPhone14,7", "--filter-for-device-os-version", "17.0"]).exitStatus == 0)
        let thinned = try CARFile(path: test.path("old/Assets.car"))
        #expect(Set(thinned.renditions.filter { $0.key[.scale] == 3 }.map { $0.key[.deploymentTarget] }) == [5])

        // A line with symbol options writes the symbol files only, as actool does for swift-build's
        // GenerateAssetSymbols task (CallerCommandLineTests.swiftBuildAssetSymbols).
        let swift = test.path("GeneratedAssetSymbols.swift")
        let symbols = Self.run([test.catalog.path, "--compile", test.path("symbols-out"), "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                                "--bundle-identifier", "com.example.app", "--generate-swift-asset-symbols", swift])
        #expect(symbols.exitStatus == 0, "\(String(decoding: symbols.output, as: UTF8.self))")
        let source = try String(contentsOfFile: swift, encoding: .utf8)
        #expect(source.contains("static let star = DeveloperToolsSupport.ImageResource(name: \"Star\", bundle: resourceBundle)"), "\(source)")
        #expect(String(decoding: symbols.output, as: UTF8.self) == "/* com.apple.actool.compilation-results */\n\(swift)\n")
        #expect(!FileManager.default.fileExists(atPath: test.path("symbols-out")))

        let unknown = Self.run(base + ["--filter-for-device-model", "iPhone99,9"])
        #expect(unknown.exitStatus == 1)
        #expect(String(decoding: unknown.output, as: UTF8.self).contains("iPhone99,9"))
        #expect(!FileManager.default.fileExists(atPath: test.path("out/Assets.car")) || result.exitStatus == 0)
    }

    @Test("an Icon Composer script's command line: the .icon alone, named by --app-icon, gives CFBundleIconName")
    func iconComposerAlone() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        let icon = test.folder.appendingPathComponent("Icon.icon")
        try FileManager.default.createDirectory(at: icon.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="8" height="8"/></svg>"#.utf8)
            .write(to: icon.appendingPathComponent("Assets/bg.svg"))
        try Data(#"{"groups":[{"layers":[{"image-name":"bg.svg","name":"bg"}]}],"supported-platforms":{"squares":["macOS"]}}"#.utf8)
            .write(to: icon.appendingPathComponent("icon.json"))
        let result = Self.run([
            icon.path, "--compile", test.path("out"), "--output-format", "human-readable-text", "--notices", "--warnings", "--errors",
            "--output-partial-info-plist", test.path("partial.plist"), "--app-icon", "Icon", "--include-all-app-icons",
            "--enable-on-demand-resources", "NO", "--target-device", "mac", "--minimum-deployment-target", "26.0", "--platform", "macosx",
        ])
        #expect(result.exitStatus == 0, "\(String(decoding: result.output, as: UTF8.self))")
        #expect(try Self.facets(test.path("out/Assets.car")).contains("Icon"))
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: test.path("partial.plist"))), format: nil)
        #expect((plist as? [String: Any])?["CFBundleIconName"] as? String == "Icon")
    }

    @Test("--help lists every option")
    func help() {
        let text = String(decoding: Self.run(["--help"]).output, as: UTF8.self)
        for option in ActoolOption.allCases { #expect(text.contains(option.rawValue)) }
    }
}
