import AssetCatalog
import AssetCatalogBuilder
import Foundation
import Testing

@testable import AssetCatalogActool

/// The exact command lines build systems pass to actool, run through the library against small catalogs, with
/// every output read back as the caller would read it. Each line's source is named above it: the option order and
/// spelling are the caller's, only the paths are this test's.
@Suite("Callers' actool command lines, outputs read back")
struct CallerCommandLineTests {
    static func run(_ words: [String]) -> ActoolTool.Result {
        ActoolTool(toolVersion: "9.9", programName: "actool").run(words)
    }

    static func text(_ result: ActoolTool.Result) -> String { String(decoding: result.output, as: UTF8.self) }

    static func plist(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any], "\(path)")
    }

    static func dependencies(_ path: String) throws -> DependencyInfo {
        try DependencyInfo(decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static func facets(_ path: String) throws -> [String] {
        try CARFile(path: path).facets.map(\.name).sorted()
    }

    /// The files a human-readable result document lists under `com.apple.actool.compilation-results`.
    static func listedOutputs(_ text: String) -> [String] {
        guard let range = text.range(of: "/* com.apple.actool.compilation-results */\n") else { return [] }
        return text[range.upperBound...].split(separator: "\n").prefix { !$0.hasPrefix("/* ") }.map(String.init)
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The catalog of an iOS app as Xcode's template makes it, plus a 1x/2x/3x image and a tagged set.
    static func iOSCatalog(tagged: Bool) throws -> TestCatalog {
        let test = try TestCatalog()
        try test.appIconSet("AppIcon")
        try test.colorSet("AccentColor")
        let set = test.catalog.appendingPathComponent("Star.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        for scale in 1...3 {
            try Data(ExamplePNG(width: 4 * scale, height: 4 * scale).encoded()).write(to: set.appendingPathComponent("star@\(scale)x.png"))
        }
        try Data(#"{"images":[{"filename":"star@1x.png","idiom":"universal","scale":"1x"},{"filename":"star@2x.png","idiom":"universal","scale":"2x"},{"filename":"star@3x.png","idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        if tagged { try test.imageSet("LevelOne", properties: #"{"on-demand-resource-tags":["level1"]}"#) }
        return test
    }

    /// An asset pack output specifications file as swift-build writes it (SWBCore/OnDemandResources.swift): one
    /// entry per tag set, `bundle-id` `<app>.asset-pack-<md5 of the sorted tags joined by ":">`, `bundle-path`
    /// `<products>/OnDemandResources/<app>.<tags joined by "+">-<md5>.assetpack`, XML.
    /// An asset pack output specifications file of one pack, tagged `level1`, as the callers write it (XML, tabs).
    static func writeSpecification(at path: String, bundleID: String, bundlePath: String) throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <array>
            \t<dict>
            \t\t<key>bundle-id</key>
            \t\t<string>\(bundleID)</string>
            \t\t<key>bundle-path</key>
            \t\t<string>\(bundlePath)</string>
            \t\t<key>tags</key>
            \t\t<array>
            \t\t\t<string>level1</string>
            \t\t</array>
            \t</dict>
            </array>
            </plist>
            """
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func swiftBuildSpecifications(at path: String, products: String) throws -> String {
        let pack = "\(products)/OnDemandResources/com.example.App.level1-43d3810c065f4bf3550fac648d605fcb.assetpack"
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try writeSpecification(at: path, bundleID: "com.example.App.asset-pack-43d3810c065f4bf3550fac648d605fcb", bundlePath: pack)
        return pack
    }

    // MARK: - swift-build (Xcode)

    @Test("swift-build, iOS device build run on an iPhone: the tag probe, then the thinned variant with on-demand resources")
    func swiftBuildIOSThinned() throws {
        let test = try Self.iOSCatalog(tagged: true)
        defer { test.remove() }
        let temp = test.path("Build/Intermediates.noindex/App.build/Debug-iphoneos/App.build")
        let products = test.path("Build/Products/Debug-iphoneos")

        // Planning first asks for the tag sets (AssetCatalogCompiler.swift: --print-asset-tag-combinations, xml1).
        let probe = Self.run(["--print-asset-tag-combinations", "--output-format", "xml1", test.catalog.path])
        #expect(probe.exitStatus == 0, "\(Self.text(probe))")
        let tags = try PropertyListSerialization.propertyList(from: Data(probe.output), format: nil) as? [String: Any]
        #expect(tags?["com.apple.actool.asset-tag-combinations"] as? [[String]] == [["level1"]])
        let specifications = "\(temp)/AssetPackOutputSpecifications.plist"
        let pack = try Self.swiftBuildSpecifications(at: specifications, products: products)

        // CompileAssetCatalogVariant thinned, as Xcode 15 and later log it: [options] from the xcspec, then
        // the special arguments (target devices, deployment target, platform, asset pack specifications).
        let output = "\(temp)/assetcatalog_output/thinned"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)  // swift-build's MkDir task
        let result = Self.run([
            test.catalog.path, "--compile", output, "--output-format", "human-readable-text", "--notices", "--warnings",
            "--export-dependency-info", "\(temp)/assetcatalog_dependencies_thinned",
            "--output-partial-info-plist", "\(temp)/assetcatalog_generated_info.plist_thinned",
            "--app-icon", "AppIcon", "--accent-color", "AccentColor", "--compress-pngs", "--enable-on-demand-resources", "YES",
            "--filter-for-thinning-device-configuration", "iPhone15,2", "--filter-for-device-os-version", "17.0",
            "--development-region", "en", "--target-device", "iphone", "--target-device", "ipad",
            "--minimum-deployment-target", "17.0", "--platform", "iphoneos",
            "--asset-pack-output-specifications", specifications,
        ])
        let text = Self.text(result)
        #expect(result.exitStatus == 0, "\(text)")

        // The main car: untagged sets, the icon and the colour; the 3x image only (an iPhone 14 Pro is 3x).
        #expect(try Self.facets("\(output)/Assets.car") == ["AccentColor", "AppIcon", "Star"])
        let car = try CARFile(path: "\(output)/Assets.car")
        let starScales = Set(car.renditions.filter { $0.name.hasPrefix("star") }.map { $0.key[.scale] })
        #expect(starScales == [3], "\(starScales)")
        // The pack's car: the tagged set, at the bundle path the specifications name.
        #expect(try Self.facets("\(pack)/Assets.car") == ["LevelOne"])
        // The icon files beside the car: both families' sizes, as the target devices ask. Thinning does not drop
        // the iPad's: an Xcode 26 log of this line thinned for iPhone18,3 emplaces AppIcon76x76@2x~ipad.png too.
        #expect(Self.exists("\(output)/AppIcon60x60@2x.png") && Self.exists("\(output)/AppIcon76x76@2x~ipad.png"))

        // The partial Info.plist.
        let info = try Self.plist("\(temp)/assetcatalog_generated_info.plist_thinned")
        #expect(info["NSAccentColorName"] as? String == "AccentColor")
        let icons = info["CFBundleIcons"] as? [String: Any]
        let primary = icons?["CFBundlePrimaryIcon"] as? [String: Any]
        #expect(primary?["CFBundleIconName"] as? String == "AppIcon")
        #expect(primary?["CFBundleIconFiles"] as? [String] == ["AppIcon60x60"])

        // The result document lists every file written, and the dependency file says the same.
        let listed = Self.listedOutputs(text)
        for file in [
            "\(output)/Assets.car", "\(pack)/Assets.car", "\(output)/AppIcon60x60@2x.png", "\(output)/AppIcon76x76@2x~ipad.png",
            "\(temp)/assetcatalog_generated_info.plist_thinned",
        ] {
            #expect(listed.contains(file), "\(file) not in \(listed)")
        }
        let dependencies = try Self.dependencies("\(temp)/assetcatalog_dependencies_thinned")
        #expect(Set(dependencies.outputs) == Set(listed))
        #expect(test.filesInCatalog().isSubset(of: Set(dependencies.inputs)))
        #expect(dependencies.inputs.contains(specifications))
    }

    @Test("swift-build, iOS device build for an archive: the unthinned variant keeps every scale and both idioms' icons")
    func swiftBuildIOSUnthinned() throws {
        let test = try Self.iOSCatalog(tagged: false)
        defer { test.remove() }
        let temp = test.path("Build/Intermediates.noindex/ArchiveIntermediates/App/IntermediateBuildFilesPath/App.build/Release-iphoneos/App.build")
        let output = "\(temp)/assetcatalog_output/unthinned"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        // No tags: swift-build writes no specifications and passes none; ENABLE_ON_DEMAND_RESOURCES is still YES.
        let result = Self.run([
            test.catalog.path, "--compile", output, "--output-format", "human-readable-text", "--notices", "--warnings",
            "--export-dependency-info", "\(temp)/assetcatalog_dependencies_unthinned",
            "--output-partial-info-plist", "\(temp)/assetcatalog_generated_info.plist_unthinned",
            "--app-icon", "AppIcon", "--accent-color", "AccentColor", "--compress-pngs", "--enable-on-demand-resources", "YES",
            "--development-region", "en", "--target-device", "iphone", "--target-device", "ipad",
            "--minimum-deployment-target", "17.0", "--platform", "iphoneos",
        ])
        let text = Self.text(result)
        #expect(result.exitStatus == 0, "\(text)")
        let car = try CARFile(path: "\(output)/Assets.car")
        #expect(car.facets.map(\.name).sorted() == ["AccentColor", "AppIcon", "Star"])
        let starScales = Set(car.renditions.filter { $0.name.hasPrefix("star") }.map { $0.key[.scale] })
        #expect(starScales == [1, 2, 3], "\(starScales)")
        #expect(Self.exists("\(output)/AppIcon60x60@2x.png") && Self.exists("\(output)/AppIcon76x76@2x~ipad.png"))
        let info = try Self.plist("\(temp)/assetcatalog_generated_info.plist_unthinned")
        let pad = (info["CFBundleIcons~ipad"] as? [String: Any])?["CFBundlePrimaryIcon"] as? [String: Any]
        #expect(pad?["CFBundleIconFiles"] as? [String] == ["AppIcon60x60", "AppIcon76x76"])
        #expect(info["NSAccentColorName"] as? String == "AccentColor")
        let dependencies = try Self.dependencies("\(temp)/assetcatalog_dependencies_unthinned")
        #expect(Set(dependencies.outputs) == Set(Self.listedOutputs(text)))
        #expect(Set(dependencies.inputs) == test.filesInCatalog())
    }

    @Test("swift-build, macOS: the compile writes the car, the .icns (read back by its entries) and the plist")
    func swiftBuildMacOS() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.macAppIconSet("AppIcon")
        try test.colorSet("AccentColor")
        try test.imageSet("Logo")
        let temp = test.path("Build/Intermediates.noindex/App.build/Release/App.build")
        let output = "\(temp)/assetcatalog_output/thinned"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let result = Self.run([
            test.catalog.path, "--compile", output, "--output-format", "human-readable-text", "--notices", "--warnings",
            "--export-dependency-info", "\(temp)/assetcatalog_dependencies_thinned",
            "--output-partial-info-plist", "\(temp)/assetcatalog_generated_info.plist_thinned",
            "--app-icon", "AppIcon", "--accent-color", "AccentColor", "--enable-on-demand-resources", "NO",
            "--development-region", "en", "--target-device", "mac", "--minimum-deployment-target", "14.0", "--platform", "macosx",
        ])
        let text = Self.text(result)
        #expect(result.exitStatus == 0, "\(text)")
        // Xcode's log lists the plist, the .icns and the car.
        #expect(Set(Self.listedOutputs(text)) == ["\(temp)/assetcatalog_generated_info.plist_thinned", "\(output)/AppIcon.icns", "\(output)/Assets.car"])
        #expect(try Self.facets("\(output)/Assets.car") == ["AccentColor", "AppIcon", "Logo"])

        // The .icns: one PNG entry per size and scale, under the type macOS reads for it.
        let icns = try ICNSTableOfContents([UInt8](Data(contentsOf: URL(fileURLWithPath: "\(output)/AppIcon.icns"))))
        let expected: [String: Int] = [
            "icp4": 16, "ic11": 32, "icp5": 32, "ic12": 64, "ic07": 128, "ic13": 256, "ic08": 256, "ic14": 512, "ic09": 512, "ic10": 1024,
        ]
        #expect(Set(icns.entries.map(\.type)) == Set(expected.keys), "\(icns.entries.map(\.type))")
        #expect(icns.entries.count == expected.count)
        for entry in icns.entries {
            let size = try #require(entry.pngSize, "\(entry.type) is not a PNG")
            #expect(size.width == expected[entry.type] && size.height == expected[entry.type], "\(entry.type): \(size)")
        }

        let info = try Self.plist("\(temp)/assetcatalog_generated_info.plist_thinned")
        #expect(info["CFBundleIconFile"] as? String == "AppIcon")
        #expect(info["CFBundleIconName"] as? String == "AppIcon")
        #expect(info["NSAccentColorName"] as? String == "AccentColor")
        #expect(info["CFBundleIcons"] == nil)
        let dependencies = try Self.dependencies("\(temp)/assetcatalog_dependencies_thinned")
        #expect(Set(dependencies.inputs) == test.filesInCatalog())
        #expect(Set(dependencies.outputs) == Set(Self.listedOutputs(text)))
    }

    @Test("swift-build, GenerateAssetSymbols: the line compiles into the app, but only the symbol files are written")
    func swiftBuildAssetSymbols() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.macAppIconSet("AppIcon")
        try test.colorSet("AccentColor")
        try test.imageSet("Logo")
        let temp = test.path("Build/Intermediates.noindex/App.build/Release/App.build")
        let resources = test.path("Build/Products/Release/App.app/Contents/Resources")
        let derived = "\(temp)/DerivedSources"
        try FileManager.default.createDirectory(atPath: derived, withIntermediateDirectories: true)
        // As Xcode 26 logs it: the unthinned line with --compile naming the product's resources, then the
        // symbol options. actool's results list the three symbol files only: the car and icons come from the
        // CompileAssetCatalogVariant tasks, which LinkAssetCatalog copies into the product.
        let result = Self.run([
            test.catalog.path, "--compile", resources, "--output-format", "human-readable-text", "--notices", "--warnings",
            "--export-dependency-info", "\(temp)/assetcatalog_dependencies",
            "--output-partial-info-plist", "\(temp)/assetcatalog_generated_info.plist",
            "--app-icon", "AppIcon", "--accent-color", "AccentColor", "--enable-on-demand-resources", "NO",
            "--development-region", "en", "--target-device", "mac", "--minimum-deployment-target", "26.2", "--platform", "macosx",
            "--bundle-identifier", "com.example.App",
            "--generate-swift-asset-symbols", "\(derived)/GeneratedAssetSymbols.swift",
            "--generate-objc-asset-symbols", "\(derived)/GeneratedAssetSymbols.h",
            "--generate-asset-symbol-index", "\(derived)/GeneratedAssetSymbols-Index.plist",
        ])
        let text = Self.text(result)
        #expect(result.exitStatus == 0, "\(text)")
        let symbols = ["GeneratedAssetSymbols-Index.plist", "GeneratedAssetSymbols.h", "GeneratedAssetSymbols.swift"].map { "\(derived)/\($0)" }
        #expect(Self.listedOutputs(text).sorted() == symbols)
        // Nothing written into the product: the car there is LinkAssetCatalog's, from the thinned variant.
        #expect(!Self.exists("\(resources)/Assets.car"))
        #expect(!Self.exists("\(resources)/AppIcon.icns"))
        #expect(!Self.exists("\(temp)/assetcatalog_generated_info.plist"))
        let swift = try String(contentsOfFile: "\(derived)/GeneratedAssetSymbols.swift", encoding: .utf8)
        #expect(swift.contains("static let logo = DeveloperToolsSupport.ImageResource(name: \"Logo\", bundle: resourceBundle)"), "\(swift)")
        #expect(swift.contains("static let accent = DeveloperToolsSupport.ColorResource(name: \"AccentColor\", bundle: resourceBundle)"), "\(swift)")
        let header = try String(contentsOfFile: "\(derived)/GeneratedAssetSymbols.h", encoding: .utf8)
        #expect(header.contains("ACImageNameLogo"), "\(header)")
        let index = try Self.plist("\(derived)/GeneratedAssetSymbols-Index.plist")
        #expect(index["images"] != nil && index["colors"] != nil, "\(index)")
        let dependencies = try Self.dependencies("\(temp)/assetcatalog_dependencies")
        #expect(Set(dependencies.outputs) == Set(symbols))
        #expect(Set(dependencies.inputs) == test.filesInCatalog())
    }

    // MARK: - rules_apple

    @Test("rules_apple (resource_actions/actool.bzl): two catalogs, a primary and an alternate icon, default output format")
    func rulesApple() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.appIconSet("AppIcon")
        try test.appIconSet("DarkIcon")
        try test.imageSet("Logo")
        // A second catalog from a library target's resources.
        let library = test.folder.appendingPathComponent("Library.xcassets")
        try FileManager.default.createDirectory(at: library.appendingPathComponent("Badge.imageset"), withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: library.appendingPathComponent("Contents.json"))
        try Data(ExamplePNG(width: 6, height: 6).encoded()).write(to: library.appendingPathComponent("Badge.imageset/badge.png"))
        try Data(#"{"images":[{"filename":"badge.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: library.appendingPathComponent("Badge.imageset/Contents.json"))
        let output = test.path("bazel-out/ios_arm64-fastbuild/bin/App/App.resources/xcassets")
        let plist = test.path("bazel-out/ios_arm64-fastbuild/bin/App/App.resources/xcassets-partial.plist")
        // actool.bzl: --compile, --platform, --minimum-deployment-target, --compress-pngs, the icon arguments
        // (primary_app_icon set: --app-icon for it, --alternate-app-icon for each other set), a --target-device
        // per family, --output-partial-info-plist, then the catalogs. Bazel creates the output's parent.
        try FileManager.default.createDirectory(atPath: (plist as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let result = Self.run([
            "--compile", output, "--platform", "iphoneos", "--minimum-deployment-target", "16.0", "--compress-pngs",
            "--app-icon", "AppIcon", "--alternate-app-icon", "DarkIcon", "--target-device", "iphone", "--target-device", "ipad",
            "--output-partial-info-plist", plist, test.catalog.path, library.path,
        ])
        let text = Self.text(result)
        #expect(result.exitStatus == 0, "\(text)")
        #expect(text.hasPrefix("/* com.apple.actool.compilation-results */\n"), "human-readable text is the default: \(text)")
        #expect(try Self.facets("\(output)/Assets.car") == ["AppIcon", "Badge", "DarkIcon", "Logo"])
        for file in ["AppIcon60x60@2x.png", "AppIcon76x76@2x~ipad.png", "DarkIcon60x60@2x.png", "DarkIcon76x76@2x~ipad.png"] {
            #expect(Self.exists("\(output)/\(file)"), "\(file)")
        }
        let info = try Self.plist(plist)
        for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
            let icons = info[key] as? [String: Any]
            #expect((icons?["CFBundlePrimaryIcon"] as? [String: Any])?["CFBundleIconName"] as? String == "AppIcon", "\(key)")
            let dark = (icons?["CFBundleAlternateIcons"] as? [String: Any])?["DarkIcon"] as? [String: Any]
            #expect(dark?["CFBundleIconName"] as? String == "DarkIcon", "\(key)")
        }
    }

    // MARK: - .NET for iOS

    @Test(".NET for iOS (msbuild ACTool task): xml1 document read for output-files, an asset pack in OnDemandResources")
    func dotnetIOS() throws {
        let test = try Self.iOSCatalog(tagged: true)
        defer { test.remove() }
        // ACTool.Execute: obj/…/actool/{bundle, output-specifications.plist, partial-info.plist}; each pack at
        // <intermediate>/../OnDemandResources/<bundle-id>.asset-pack-<hash>, created before actool runs.
        let intermediate = test.path("obj/Debug/net9.0-ios/ios-arm64/actool")
        let bundle = "\(intermediate)/bundle"
        let pack = test.path("obj/Debug/net9.0-ios/ios-arm64/OnDemandResources/com.example.App.asset-pack-9f0e3c1d")
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: pack, withIntermediateDirectories: true)
        let specifications = "\(intermediate)/output-specifications.plist"
        try Self.writeSpecification(at: specifications, bundleID: "com.example.App.asset-pack-9f0e3c1d", bundlePath: pack)
        // XcodeCompilerToolTask.Compile + ACTool.AppendCommandLineArguments, in their order.
        let result = Self.run([
            "--errors", "--warnings", "--notices", "--output-format", "xml1",
            "--accent-color", "AccentColor", "--compress-pngs", "--enable-on-demand-resources", "YES",
            "--asset-pack-output-specifications", specifications,
            "--target-device", "iphone", "--target-device", "ipad", "--minimum-deployment-target", "15.0", "--platform", "iphoneos",
            "--app-icon", "AppIcon", "--output-partial-info-plist", "\(intermediate)/partial-info.plist",
            "--compile", bundle, test.catalog.path,
        ])
        #expect(result.exitStatus == 0, "\(Self.text(result))")
        // The task parses stdout as a property list and takes compilation-results → output-files (dropping the
        // partial plist by its name); a pack's files are found by their path relative to the bundle folder.
        let document = try #require(try PropertyListSerialization.propertyList(from: Data(result.output), format: nil) as? [String: Any])
        #expect(document["com.apple.actool.document.errors"] == nil)
        let files = try #require((document["com.apple.actool.compilation-results"] as? [String: Any])?["output-files"] as? [String])
        #expect(files.contains("\(intermediate)/partial-info.plist"))
        #expect(files.contains("\(bundle)/Assets.car") && files.contains("\(pack)/Assets.car"), "\(files)")
        #expect(try Self.facets("\(bundle)/Assets.car") == ["AccentColor", "AppIcon", "Star"])
        #expect(try Self.facets("\(pack)/Assets.car") == ["LevelOne"])
        for file in files { #expect(Self.exists(file), "\(file) listed but not written") }
        let info = try Self.plist("\(intermediate)/partial-info.plist")
        #expect(info["NSAccentColorName"] as? String == "AccentColor")
        #expect(((info["CFBundleIcons"] as? [String: Any])?["CFBundlePrimaryIcon"] as? [String: Any])?["CFBundleIconName"] as? String == "AppIcon")
    }

    // MARK: - Chromium

    /// compile_xcassets.py's check: outside `com.apple.actool.compilation-results`, any line after a section
    /// header fails the build (it treats warnings as errors).
    static func chromiumFilter(_ text: String) -> [String] {
        var section: String?
        var kept: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("/* ") && line.hasSuffix(" */") {
                section = String(line.dropFirst(3).dropLast(3))
                continue
            }
            if let section, section != "com.apple.actool.compilation-results" { kept.append(line) }
        }
        return kept
    }

    @Test("Chromium (build/toolchain/apple/compile_xcassets.py): macOS app, warnings fail the build, the .icns read back")
    func chromiumMac() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.macAppIconSet("AppIcon")
        try test.imageSet("Logo")
        let app = test.path("out/Release/Chromium.app/Contents/Resources")
        let plist = test.path("out/Release/gen/chrome/app/app_infoplist_partial.plist")
        try FileManager.default.createDirectory(atPath: (plist as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // The script's order: the fixed options, --compress-pngs, --product-type, platform and device, the
        // --app-icon it found by scanning the catalog, the partial plist, --compile (the output's folder), inputs.
        let words = [
            "--output-format=human-readable-text", "--notices", "--warnings", "--errors", "--minimum-deployment-target", "12.0",
            "--compress-pngs", "--product-type", "com.apple.product-type.application", "--platform", "macosx", "--target-device", "mac",
            "--app-icon", "AppIcon", "--output-partial-info-plist", plist, "--compile", app, test.catalog.path,
        ]
        let result = Self.run(words)
        let text = Self.text(result)
        #expect(result.exitStatus == 0, "\(text)")
        #expect(Self.chromiumFilter(text).isEmpty, "the script would fail the build on: \(Self.chromiumFilter(text))")
        #expect(try Self.facets("\(app)/Assets.car") == ["AppIcon", "Logo"])
        let icns = try ICNSTableOfContents([UInt8](Data(contentsOf: URL(fileURLWithPath: "\(app)/AppIcon.icns"))))
        #expect(icns.entries.map(\.type).sorted() == ["ic07", "ic08", "ic09", "ic10", "ic11", "ic12", "ic13", "ic14", "icp4", "icp5"])
        #expect(icns.entries.allSatisfy { $0.pngSize != nil })
        let info = try Self.plist(plist)
        #expect(info["CFBundleIconFile"] as? String == "AppIcon")

        // A catalog with a warning (two sets of one name) fails the script's check, as it should.
        try FileManager.default.createDirectory(at: test.catalog.appendingPathComponent("More"), withIntermediateDirectories: true)
        try test.imageSet("More/Logo")
        let warned = Self.run(words)
        #expect(warned.exitStatus == 0)
        #expect(Self.chromiumFilter(Self.text(warned)).contains { $0.contains("warning:") && $0.contains("Logo") }, "\(Self.text(warned))")
    }

    // MARK: - Icon Composer scripts

    @Test("an Icon Composer script (mjtsai's separate Tahoe icon): .icon alone, partial plist to a device such as /dev/null")
    func iconComposerToDevice() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        let icon = test.folder.appendingPathComponent("icon.icon")
        try FileManager.default.createDirectory(at: icon.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="8" height="8"/></svg>"#.utf8)
            .write(to: icon.appendingPathComponent("Assets/bg.svg"))
        try Data(#"{"groups":[{"layers":[{"image-name":"bg.svg","name":"bg"}]}],"supported-platforms":{"squares":["macOS"]}}"#.utf8)
            .write(to: icon.appendingPathComponent("icon.json"))
        // The scripts pass /dev/null for the plist they do not want. A FIFO stands for the device here: a file
        // that is not a regular file, which must be written through, never replaced by a rename.
        let fifo = test.path("partial.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let result = Self.run([
            icon.path, "--compile", test.path("icon-out"), "--app-icon", "icon", "--enable-on-demand-resources", "NO",
            "--development-region", "en", "--target-device", "mac", "--platform", "macosx",
            "--enable-icon-stack-fallback-generation=disabled", "--include-all-app-icons", "--minimum-deployment-target", "10.14",
            "--output-partial-info-plist", fifo,
        ])
        #expect(result.exitStatus == 0, "\(Self.text(result))")
        #expect(try Self.facets(test.path("icon-out/Assets.car")).contains("icon"))
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "the FIFO was replaced by a file")
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0)
        let written = try PropertyListSerialization.propertyList(from: Data(buffer.prefix(max(count, 0))), format: nil) as? [String: Any]
        #expect(written?["CFBundleIconName"] as? String == "icon")
    }
}
