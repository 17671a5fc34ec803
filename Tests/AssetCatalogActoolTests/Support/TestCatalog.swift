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

    /// A macOS app icon set: every size from 16 to 512 pt at 1x and 2x, each PNG its size in pixels.
    func macAppIconSet(_ name: String) throws {
        let set = catalog.appendingPathComponent("\(name).appiconset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        var images: [String] = []
        for points in [16, 32, 128, 256, 512] {
            for scale in [1, 2] {
                let file = "icon_\(points)x\(points)@\(scale)x.png"
                try Data(ExamplePNG(width: points * scale, height: points * scale, color: [30, 120, 200]).encoded())
                    .write(to: set.appendingPathComponent(file))
                images.append(#"{"filename":"\#(file)","idiom":"mac","scale":"\#(scale)x","size":"\#(points)x\#(points)"}"#)
            }
        }
        try Data(#"{"images":[\#(images.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
    }

    /// A colour set of one universal sRGB colour.
    func colorSet(_ name: String) throws {
        let set = catalog.appendingPathComponent("\(name).colorset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0.200","green":"0.400","red":"0.900"}},"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
    }

    /// Every regular file below the catalog, as absolute paths: what a dependency file must list as inputs.
    func filesInCatalog() -> Set<String> {
        var files: Set<String> = []
        let walker = FileManager.default.enumerator(atPath: catalog.path)
        while let relative = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = catalog.path + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { files.insert(path) }
        }
        return files
    }

    /// A path inside the test's folder (not the catalog).
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
