import AssetCatalog
import AssetCatalogBuilder
import Foundation
import Testing

@testable import AssetCatalogActool

/// `--launch-image`: a `.launchimage` set's PNGs written beside the car under actool's names, and `UILaunchImages`
/// in the partial Info.plist (docs/ACTOOL.md, "Launch images").
@Suite("actool --launch-image: files and Info.plist keys")
struct LaunchImageTests {
    /// An entry of the set: its slot's Contents.json fields and the PNG's size in pixels (nil: no file assigned).
    typealias Entry = (fields: String, size: (Int, Int)?)

    /// The entries of a typical set for iOS 7–12 iPhones and iPads, each PNG the size its slot needs.
    static let typical: [Entry] = [
        (#""idiom":"iphone","orientation":"portrait","extent":"full-screen","minimum-system-version":"7.0","scale":"2x""#, (640, 960)),
        (#""idiom":"iphone","orientation":"portrait","extent":"full-screen","minimum-system-version":"7.0","subtype":"retina4","scale":"2x""#, (640, 1136)),
        (#""idiom":"iphone","orientation":"portrait","extent":"full-screen","minimum-system-version":"8.0","subtype":"667h","scale":"2x""#, (750, 1334)),
        (#""idiom":"iphone","orientation":"portrait","extent":"full-screen","minimum-system-version":"8.0","subtype":"736h","scale":"3x""#, (1242, 2208)),
        (#""idiom":"iphone","orientation":"landscape","extent":"full-screen","minimum-system-version":"8.0","subtype":"736h","scale":"3x""#, (2208, 1242)),
        (#""idiom":"iphone","orientation":"portrait","extent":"full-screen","minimum-system-version":"11.0","subtype":"2436h","scale":"3x""#, (1125, 2436)),
        (#""idiom":"ipad","orientation":"portrait","extent":"full-screen","minimum-system-version":"7.0","scale":"2x""#, (1536, 2048)),
        (#""idiom":"ipad","orientation":"landscape","extent":"full-screen","minimum-system-version":"7.0","scale":"1x""#, (1024, 768)),
        (#""idiom":"iphone","orientation":"portrait","extent":"full-screen","scale":"2x""#, nil),
    ]

    static func launchImageSet(_ test: TestCatalog, _ name: String = "LaunchImage", entries: [Entry]) throws {
        let set = test.catalog.appendingPathComponent("\(name).launchimage")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        var images: [String] = []
        for (number, entry) in entries.enumerated() {
            guard let (width, height) = entry.size else {
                images.append("{\(entry.fields)}")
                continue
            }
            let file = "launch-\(number).png"
            try Data(ExamplePNG(width: width, height: height, color: [UInt8(number * 20), 90, 200]).encoded()).write(to: set.appendingPathComponent(file))
            images.append(#"{"filename":"\#(file)",\#(entry.fields)}"#)
        }
        try Data(#"{"images":[\#(images.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
    }

    static func run(_ test: TestCatalog, _ extra: [String], devices: [String] = ["iphone", "ipad"]) -> (status: Int32, text: String) {
        var words = [test.catalog.path, "--compile", test.path("out"), "--platform", "iphoneos", "--minimum-deployment-target", "12.0",
                     "--output-partial-info-plist", test.path("out.plist"), "--warnings", "--notices"]
        for device in devices { words += ["--target-device", device] }
        let result = ActoolTool(toolVersion: "9.9", programName: "actool").run(words + extra)
        return (result.exitStatus, String(decoding: result.output, as: UTF8.self))
    }

    static func plist(_ test: TestCatalog) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: test.path("out.plist")))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    @Test("files named as actool names them, each the set's PNG unchanged, and UILaunchImages per idiom")
    func typicalSet() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.imageSet("Logo")
        try Self.launchImageSet(test, entries: Self.typical)
        let (status, text) = Self.run(test, ["--launch-image", "LaunchImage"])
        #expect(status == 0, "\(text)")
        #expect(text.contains("The launch image set \"LaunchImage\" has 1 unassigned child."), "\(text)")
        #expect(!text.contains("not supported yet"), "\(text)")
        let expected = [
            "LaunchImage-700@2x.png", "LaunchImage-700-568h@2x.png", "LaunchImage-800-667h@2x.png",
            "LaunchImage-800-Portrait-736h@3x.png", "LaunchImage-800-Landscape-736h@3x.png", "LaunchImage-1100-Portrait-2436h@3x.png",
            "LaunchImage-700-Portrait@2x~ipad.png", "LaunchImage-700-Landscape~ipad.png",
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: test.path("out"))
        #expect(Set(files) == Set(expected + ["Assets.car"]))
        let source = try Data(contentsOf: test.catalog.appendingPathComponent("LaunchImage.launchimage/launch-1.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: test.path("out/LaunchImage-700-568h@2x.png"))) == source)

        let plist = try Self.plist(test)
        let phone = try #require(plist["UILaunchImages"] as? [[String: String]])
        #expect(phone.map { $0["UILaunchImageName"] } == [
            "LaunchImage-700", "LaunchImage-700-568h", "LaunchImage-800-667h", "LaunchImage-800-Portrait-736h",
            "LaunchImage-800-Landscape-736h", "LaunchImage-1100-Portrait-2436h",
        ])
        #expect(phone[1] == [
            "UILaunchImageMinimumOSVersion": "7.0", "UILaunchImageName": "LaunchImage-700-568h", "UILaunchImageOrientation": "Portrait",
            "UILaunchImageSize": "{320, 568}",
        ])
        // Sizes are stated in portrait, whatever the orientation.
        #expect(phone[4]["UILaunchImageSize"] == "{414, 736}" && phone[4]["UILaunchImageOrientation"] == "Landscape")
        #expect(phone[5]["UILaunchImageSize"] == "{375, 812}" && phone[5]["UILaunchImageMinimumOSVersion"] == "11.0")
        let pad = try #require(plist["UILaunchImages~ipad"] as? [[String: String]])
        #expect(pad.map { $0["UILaunchImageName"] } == ["LaunchImage-700-Portrait", "LaunchImage-700-Landscape"])
        #expect(pad.allSatisfy { $0["UILaunchImageSize"] == "{768, 1024}" })
        #expect(plist["UILaunchImageFile"] == nil, "every entry is for iOS 7 or later")
    }

    @Test("an iPhone-only build writes no iPad launch image; iOS 6 entries make UILaunchImageFile name the set")
    func devicesAndLegacy() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.launchImageSet(test, "Splash", entries: [
            (#""idiom":"iphone","orientation":"portrait","extent":"full-screen","scale":"2x""#, (640, 960)),
            (#""idiom":"iphone","orientation":"portrait","extent":"full-screen","subtype":"retina4","scale":"2x""#, (640, 1136)),
            (#""idiom":"ipad","orientation":"portrait","extent":"to-status-bar","scale":"1x""#, (768, 1004)),
        ])
        let (status, text) = Self.run(test, ["--launch-image", "Splash"], devices: ["iphone"])
        #expect(status == 0, "\(text)")
        #expect(!text.contains("warning"), "\(text)")
        let files = try FileManager.default.contentsOfDirectory(atPath: test.path("out"))
        #expect(Set(files) == ["Assets.car", "Splash@2x.png", "Splash-568h@2x.png"])
        let plist = try Self.plist(test)
        #expect(plist["UILaunchImageFile"] as? String == "Splash")
        #expect(plist["UILaunchImages"] == nil && plist["UILaunchImageFile~ipad"] == nil)
    }

    @Test("a PNG of the wrong size is a warning naming the file; the file is still written")
    func wrongSize() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.launchImageSet(test, entries: [
            (#""idiom":"iphone","orientation":"portrait","extent":"full-screen","minimum-system-version":"7.0","subtype":"retina4","scale":"2x""#, (640, 960)),
        ])
        let (status, text) = Self.run(test, ["--launch-image", "LaunchImage"])
        #expect(status == 0, "\(text)")
        #expect(text.contains("LaunchImage.launchimage/launch-0.png: warning: the launch image is 640×960 pixels, but its slot needs 640×1136"), "\(text)")
        #expect(FileManager.default.fileExists(atPath: test.path("out/LaunchImage-700-568h@2x.png")))
    }

    @Test("errors: no such set, a missing file, a file that is no PNG, a name leaving the set; nothing is written")
    func errors() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try test.imageSet("Logo")
        var (status, text) = Self.run(test, ["--launch-image", "Missing"])
        #expect(status == 1)
        #expect(text.contains("error: None of the input catalogs contained a matching launch image set named \"Missing\"."), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: test.path("out")))

        try Self.launchImageSet(test, entries: [
            (#""idiom":"iphone","orientation":"portrait","extent":"full-screen","minimum-system-version":"7.0","scale":"2x""#, (640, 960)),
        ])
        let set = test.catalog.appendingPathComponent("LaunchImage.launchimage")
        try Data("not a png".utf8).write(to: set.appendingPathComponent("launch-0.png"))
        (status, text) = Self.run(test, ["--launch-image", "LaunchImage"])
        #expect(status == 1)
        #expect(text.contains("LaunchImage.launchimage/launch-0.png: error: the launch image is not a readable PNG"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: test.path("out")))

        // A link that leads out of the catalog is not followed (one that stays inside is, as the reader follows it).
        let outside = test.path("outside.png")
        try Data(ExamplePNG(width: 640, height: 960, color: [1, 2, 3]).encoded()).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.removeItem(at: set.appendingPathComponent("launch-0.png"))
        try FileManager.default.createSymbolicLink(atPath: set.appendingPathComponent("launch-0.png").path, withDestinationPath: outside)
        (status, text) = Self.run(test, ["--launch-image", "LaunchImage"])
        #expect(status == 1)
        #expect(text.contains("LaunchImage.launchimage/launch-0.png: error: the launch image is a symbolic link to"), "\(text)")
        #expect(text.contains("outside the catalog root; it is not followed"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: test.path("out")))
        try FileManager.default.removeItem(at: set.appendingPathComponent("launch-0.png"))
        try FileManager.default.createSymbolicLink(
            atPath: set.appendingPathComponent("launch-0.png").path, withDestinationPath: test.catalog.path + "/LaunchImage.launchimage/real.png")
        try Data(ExamplePNG(width: 640, height: 960, color: [1, 2, 3]).encoded()).write(to: set.appendingPathComponent("real.png"))
        (status, text) = Self.run(test, ["--launch-image", "LaunchImage"])
        #expect(status == 0, "\(text)")
        #expect(FileManager.default.fileExists(atPath: test.path("out/LaunchImage-700@2x.png")))
        try FileManager.default.removeItem(atPath: test.path("out"))

        try FileManager.default.removeItem(at: set.appendingPathComponent("launch-0.png"))
        (status, text) = Self.run(test, ["--launch-image", "LaunchImage"])
        #expect(status == 1)
        #expect(text.contains("LaunchImage.launchimage/launch-0.png: error: the launch image cannot be read"), "\(text)")

        // A Contents.json that is not JSON: the reader's own message, naming the file.
        try Data("{\"images\": [".utf8).write(to: set.appendingPathComponent("Contents.json"))
        (status, text) = Self.run(test, ["--launch-image", "LaunchImage"])
        #expect(status == 1)
        #expect(text.contains("LaunchImage.launchimage/Contents.json: error: is not valid JSON"), "\(text)")

        try Data(#"{"images":[{"filename":"../Logo.imageset/image.png","idiom":"iphone","minimum-system-version":"7.0","scale":"1x"}]}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        (status, text) = Self.run(test, ["--launch-image", "LaunchImage"])
        #expect(status == 1)
        #expect(text.contains("is a path that leaves the set's folder"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: test.path("out")))
    }

    @Test("without --launch-image, a launch image set writes nothing and draws no notice (actool compiles the set named)")
    func notNamed() throws {
        let test = try TestCatalog()
        defer { test.remove() }
        try Self.launchImageSet(test, entries: Array(Self.typical.prefix(2)))
        let (status, text) = Self.run(test, [])
        #expect(status == 0, "\(text)")
        #expect(!text.contains("launch"), "\(text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: test.path("out")) == ["Assets.car"])
    }
}
