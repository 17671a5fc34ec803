import AssetCatalogBuilder
import Foundation

/// A small asset catalog written into a temporary folder for one test, removed by ``remove()``.
struct TestCatalog {
    let folder: URL
    let catalog: URL

    init(named name: String = "Assets.xcassets") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-actool-\(UUID().uuidString)")
        catalog = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: catalog.appendingPathComponent("Contents.json"))
    }

    /// An image set of one universal PNG (`side` pixels square), with `properties` in its Contents.json.
    func imageSet(_ path: String, side: Int = 8, color: [UInt8] = [0x3A, 0x7B, 0xD5], properties: String? = nil) throws {
        let set = catalog.appendingPathComponent("\(path).imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(ExamplePNG(width: side, height: side, color: color).encoded()).write(to: set.appendingPathComponent("image.png"))
        let extra = properties.map { #","properties":\#($0)"# } ?? ""
        try Data(#"{"images":[{"filename":"image.png","idiom":"universal","scale":"1x"}],"info":{"author":"xcode","version":1}\#(extra)}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
    }

    /// A single-size iOS app icon set (one 1024 pt universal PNG).
    func appIconSet(_ name: String) throws {
        let set = catalog.appendingPathComponent("\(name).appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(ExamplePNG(width: 1024, height: 1024, color: [200, 30, 30]).encoded()).write(to: set.appendingPathComponent("icon.png"))
        try Data(#"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
    }

    /// A path inside the test's folder (not the catalog).
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
