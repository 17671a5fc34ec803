import AssetCatalog
import Foundation

@testable import AssetCatalogBuilder

/// A small catalog written to disk in two versions, compiled to cars and packed to archives, for the size
/// inventory, `diff` and treemap tests.
///
/// Version 1: `Hero` (universal 2x and 3x), `Icons/Star` (in a namespace), `Accent` (a colour), `Notes` (a data
/// set). Version 2: `Hero`'s 3x image is larger, `Icons/Moon` is added and `Notes` is removed.
final class SizeFixture {
    let base: String

    init() throws {
        base = NSTemporaryDirectory() + "assetc-sizes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }

    /// A PNG of noise from `seed`: its compressed size grows with its area.
    static func noise(width: Int, height: Int, seed: UInt32) -> [UInt8] {
        var state = seed &* 2_654_435_761 &+ 1
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels += [UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: state >> 16), UInt8(truncatingIfNeeded: state >> 8), 255]
        }
        return try! PNGCodec.encodeRGBA8(DecodedImage(width: width, height: height, premultiplied: false, pixels: pixels))
    }

    /// Writes version `version` (1 or 2) of the catalog and returns its root.
    @discardableResult
    func catalog(version: Int, named name: String? = nil) throws -> String {
        let root = base + "/" + (name ?? "v\(version)") + ".xcassets"
        func write(_ relative: String, _ bytes: [UInt8]) throws {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        func json(_ relative: String, _ text: String) throws { try write(relative, Array(text.utf8)) }
        let info = #""info":{"author":"xcode","version":1}"#
        try json("Contents.json", "{\(info)}")
        try json(
            "Hero.imageset/Contents.json",
            #"{"images":[{"idiom":"universal","filename":"hero@2x.png","scale":"2x"},{"idiom":"universal","filename":"hero@3x.png","scale":"3x"}],"#
                + info + "}")
        try write("Hero.imageset/hero@2x.png", Self.noise(width: 20, height: 20, seed: 1))
        try write("Hero.imageset/hero@3x.png", Self.noise(width: version == 1 ? 30 : 60, height: version == 1 ? 30 : 60, seed: 2))
        try json("Icons/Contents.json", #"{"properties":{"provides-namespace":true},"# + info + "}")
        try json("Icons/Star.imageset/Contents.json", #"{"images":[{"idiom":"universal","filename":"star.png","scale":"1x"}],"# + info + "}")
        try write("Icons/Star.imageset/star.png", Self.noise(width: 12, height: 12, seed: 3))
        if version == 2 {
            try json("Icons/Moon.imageset/Contents.json", #"{"images":[{"idiom":"universal","filename":"moon.png","scale":"1x"}],"# + info + "}")
            try write("Icons/Moon.imageset/moon.png", Self.noise(width: 16, height: 16, seed: 4))
        }
        try json(
            "Accent.colorset/Contents.json",
            #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"1.000","green":"0.500","blue":"0.000","alpha":"1.000"}}}],"#
                + info + "}")
        if version == 1 {
            try json("Notes.dataset/Contents.json", #"{"data":[{"idiom":"universal","filename":"notes.txt"}],"# + info + "}")
            try write("Notes.dataset/notes.txt", Array("Some notes to ship with the app.\n".utf8))
        }
        return root
    }

    static func index(_ root: String) -> CatalogIndex {
        CatalogReader().read([root])
    }

    /// The catalog compiled for iOS, in memory; without packed atlases, so that each image keeps its own bytes
    /// and the tests see the diff's arithmetic rather than the atlases' (a car with atlases lists them as assets
    /// of their own, as Xcode's cars do: `DiffCommandTests`).
    static func car(_ root: String) throws -> CARFile {
        var options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
        options.packsAtlases = false
        return try CARFile(bytes: try CARCompiler(options: options).compile(index(root)).car)
    }

    /// The catalog packed, in memory.
    static func archive(_ root: String) throws -> AssetArchive {
        try AssetArchive(bytes: try Packer().packToBytes(index(root)).archive)
    }
}

extension SizeFixture {
    /// A catalog of 1x image sets, one noise PNG each (`name`, side in pixels, seed), all small enough to be
    /// packed into an atlas; written under `folder` and returned.
    func packedCatalog(_ folder: String, _ images: [(name: String, side: Int, seed: UInt32)]) throws -> String {
        let root = base + "/" + folder + ".xcassets"
        let info = #""info":{"author":"xcode","version":1}"#
        for image in images {
            let set = root + "/\(image.name).imageset"
            try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
            try Data(Self.noise(width: image.side, height: image.side, seed: image.seed)).write(to: URL(fileURLWithPath: set + "/image.png"))
            try Data((#"{"images":[{"idiom":"universal","filename":"image.png","scale":"1x"}],"# + info + "}").utf8)
                .write(to: URL(fileURLWithPath: set + "/Contents.json"))
        }
        try Data("{\(info)}".utf8).write(to: URL(fileURLWithPath: root + "/Contents.json"))
        return root
    }

    /// The catalog compiled for iOS with packed atlases, as Xcode compiles it.
    static func packedCar(_ root: String) throws -> CARFile {
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
        return try CARFile(bytes: try CARCompiler(options: options).compile(index(root)).car)
    }
}
