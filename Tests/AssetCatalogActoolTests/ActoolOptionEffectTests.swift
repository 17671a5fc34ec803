import AssetCatalog
import AssetCatalogBuilder
import Foundation
import Testing

@testable import AssetCatalogActool

/// The options docs/ACTOOL.md says have no effect, are refused, or change one output: each run through the library
/// and its outputs compared with a run without it.
@Suite("actool options: no effect, refused, and the small ones")
struct ActoolOptionEffectTests {
    static func run(_ words: [String]) -> ActoolTool.Result {
        ActoolTool(toolVersion: "9.9", programName: "actool").run(words)
    }

    static func text(_ result: ActoolTool.Result) -> String { String(decoding: result.output, as: UTF8.self) }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    static func catalog() throws -> TestCatalog {
        let test = try TestCatalog()
        try test.appIconSet("AppIcon")
        try test.colorSet("AccentColor")
        try test.colorSet("WidgetBackground")
        try test.imageSet("Logo")
        return test
    }

    static func base(_ test: TestCatalog, output: String) -> [String] {
        [test.catalog.path, "--compile", test.path(output), "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
         "--target-device", "iphone", "--app-icon", "AppIcon", "--warnings", "--notices",
         "--output-partial-info-plist", test.path("\(output).plist")]
    }

    @Test("options with no effect: the same car, icon files and plist as without them, and no diagnostic")
    func noEffect() throws {
        let test = try Self.catalog()
        defer { test.remove() }
        let reference = Self.run(Self.base(test, output: "reference"))
        #expect(reference.exitStatus == 0, "\(Self.text(reference))")
        let options: [[String]] = [
            ["--product-type", "com.apple.product-type.application"], ["--skip-app-store-deployment"],
            ["--optimization", "space"], ["--optimization", "time"], ["--lightweight-asset-runtime-mode", "enabled"],
            ["--include-partial-info-plist-localizations", "NO"], ["--enable-incremental-distill", "YES", "--target-name", "App"],
            ["--sticker-pack-identifier-prefix", "com.example.app.sticker-pack."], ["--sticker-pack-strings-file", "Stickers:en:/x/Stickers.strings"],
            ["--leaderboard-identifier-prefix", "com.example.lb."], ["--leaderboard-set-identifier-prefix", "com.example.lbs."],
            ["--compress-pngs"], ["--enable-icon-stack-fallback-generation"], ["--enable-icon-stack-fallback-generation=disabled"],
            ["--development-region", "fr"], ["--standalone-icon-behavior", "all"], ["--standalone-icon-behavior", "default"],
        ]
        for (number, extra) in options.enumerated() {
            let output = "run\(number)"
            let result = Self.run(Self.base(test, output: output) + extra)
            let text = Self.text(result)
            #expect(result.exitStatus == 0, "\(extra): \(text)")
            #expect(!text.contains("warning") && !text.contains("notice"), "\(extra): \(text)")
            #expect(try Self.bytes(test.path("\(output)/Assets.car")) == Self.bytes(test.path("reference/Assets.car")), "\(extra)")
            #expect(try Self.bytes(test.path("\(output).plist")) == Self.bytes(test.path("reference.plist")), "\(extra)")
            let files = try FileManager.default.contentsOfDirectory(atPath: test.path(output)).sorted()
            #expect(files == (try FileManager.default.contentsOfDirectory(atPath: test.path("reference")).sorted()), "\(extra)")
        }
    }

    @Test("--standalone-icon-behavior none writes no loose icon file; the car and the plist still hold the icon")
    func standaloneNone() throws {
        let test = try Self.catalog()
        defer { test.remove() }
        let result = Self.run(Self.base(test, output: "out") + ["--standalone-icon-behavior", "none"])
        #expect(result.exitStatus == 0, "\(Self.text(result))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: test.path("out")) == ["Assets.car"])
        #expect(try CARFile(path: test.path("out/Assets.car")).facets.map(\.name).contains("AppIcon"))
        let plist = try PropertyListSerialization.propertyList(from: Self.bytes(test.path("out.plist")), format: nil) as? [String: Any]
        let primary = (plist?["CFBundleIcons"] as? [String: Any])?["CFBundlePrimaryIcon"] as? [String: Any]
        #expect(primary?["CFBundleIconName"] as? String == "AppIcon")
    }

    @Test("--widget-background-color and --accent-color name their colours in the partial Info.plist")
    func colourKeys() throws {
        let test = try Self.catalog()
        defer { test.remove() }
        let result = Self.run(Self.base(test, output: "out") + ["--accent-color", "AccentColor", "--widget-background-color", "WidgetBackground"])
        #expect(result.exitStatus == 0, "\(Self.text(result))")
        let plist = try PropertyListSerialization.propertyList(from: Self.bytes(test.path("out.plist")), format: nil) as? [String: Any]
        #expect(plist?["NSWidgetBackgroundColorName"] as? String == "WidgetBackground")
        #expect(plist?["NSAccentColorName"] as? String == "AccentColor")
    }

    @Test("refused options: exit 1, an error naming the option, nothing written")
    func refused() throws {
        let test = try Self.catalog()
        defer { test.remove() }
        for extra in [
            ["--ui-framework-family", "uikit"], ["--include-sticker-content"],
            ["--stickers-icon-role", "extension"], ["--flattened-app-icon-path", test.path("flat.png")], ["--complication", "Complication"],
        ] {
            let result = Self.run(Self.base(test, output: "out") + extra)
            let text = Self.text(result)
            #expect(result.exitStatus == 1)
            #expect(text.hasPrefix("/* com.apple.actool.errors */\nerror: \(extra[0]) is not supported by assetc yet"), "\(text)")
            #expect(!FileManager.default.fileExists(atPath: test.path("out")), "\(extra)")
        }
    }

    @Test("--xcode-version: a version is accepted, anything else is an error naming it")
    func xcodeVersion() throws {
        let test = try Self.catalog()
        defer { test.remove() }
        #expect(Self.run(Self.base(test, output: "out") + ["--xcode-version", "26.0"]).exitStatus == 0)
        // What each version changes: Icon Composer naming and flat images, and colours as doubles before 26.
        let old = try #require(
            try ActoolInvocation(ActoolArguments(parsing: Self.base(test, output: "old") + ["--xcode-version", "15.0"]), toolVersion: "test")
                .compileOptions)
        #expect(!old.narrowsColorComponents && !old.drawsIconComposerImages && old.iconComposerNaming == .iconFolder)
        let new = try #require(
            try ActoolInvocation(ActoolArguments(parsing: Self.base(test, output: "new") + ["--xcode-version", "26.2"]), toolVersion: "test")
                .compileOptions)
        #expect(new.narrowsColorComponents && new.drawsIconComposerImages && new.iconComposerNaming == .assetsFolder)
        let bad = Self.run(Self.base(test, output: "bad") + ["--xcode-version", "twenty-six"])
        #expect(bad.exitStatus == 1)
        #expect(Self.text(bad).contains("--xcode-version 'twenty-six' is not a version"), "\(Self.text(bad))")
    }
}
