import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// iOS 9–12 targets: every image set's bitmap and kept vector written once per deployment target (key attribute 25:
/// 0, 3, 5), each compressed as that target reads, as zhihu's (iOS 11) and Flex's (iOS 9) Xcode-built cars hold them;
/// app icons and JPEG files once; one copy for a compile thinned for one device OS.
@Suite("Deployment-target copies (iOS 9–12)")
struct DeploymentTargetCopiesTests {
    static func png(_ side: Int, colours: Int) throws -> [UInt8] {
        let pixels = (0..<(side * side)).flatMap { index -> [UInt8] in
            [UInt8(index % colours * 7 % 256), UInt8(index / side % 200), 90, 255]
        }
        return try PNGCodec.encodeRGBA8(DecodedImage(width: side, height: side, premultiplied: false, pixels: pixels))
    }

    /// `Photo` (240 px, not packed), `Dot` (16 px, packed), a JPEG set and an app icon.
    static func fixture() throws -> CatalogFixture {
        let fixture = try CatalogFixture()
        try fixture.write("Photo.imageset/photo.png", try png(240, colours: 40))
        try fixture.contents("Photo.imageset", #"{"images":[{"filename":"photo.png","idiom":"universal","scale":"2x"}],"info":{"author":"xcode","version":1}}"#)
        try fixture.write("Dot.imageset/dot.png", try png(16, colours: 4))
        try fixture.contents("Dot.imageset", #"{"images":[{"filename":"dot.png","idiom":"universal","scale":"2x"}],"info":{"author":"xcode","version":1}}"#)
        try fixture.write("Snap.imageset/snap.jpg", Self.jpeg)
        try fixture.contents("Snap.imageset", #"{"images":[{"filename":"snap.jpg","idiom":"universal","scale":"2x"}],"info":{"author":"xcode","version":1}}"#)
        try fixture.write("AppIcon.appiconset/icon.png", try png(120, colours: 9))
        try fixture.contents(
            "AppIcon.appiconset",
            #"{"images":[{"filename":"icon.png","idiom":"iphone","scale":"2x","size":"60x60"}],"info":{"author":"xcode","version":1}}"#)
        return fixture
    }

    /// The start of a baseline JPEG (its header is read, its pixels never decoded: a JPEG is stored as it is).
    static let jpeg: [UInt8] =
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9]

    /// Per facet: each rendition's deployment target, compression (`-` for a reference or raw payload) and layout.
    static func compile(_ target: String, deviceOS: Int? = nil) throws -> (car: CARFile, copies: [String: [String]]) {
        var options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: target, appIcon: "AppIcon", toolVersion: "test")
        options.deviceOSMajorVersion = deviceOS
        // The fixture's folder lives as long as the fixture: the compile reads the files.
        let fixture = try fixture()
        let compiled = try CARCompiler(options: options).compile(fixture.read())
        #expect(compiled.notices.isEmpty, "\(compiled.notices)")
        let car = try CARFile(bytes: compiled.car)
        var copies: [String: [String]] = [:]
        for rendition in car.renditions {
            let name = rendition.key[.element] == CARCompiler.atlasElement ? "atlas" : car.facets.first { facet in
                facet.renditions.contains { car.renditions[$0].key == rendition.key }
            }?.name ?? "?"
            var compression = "-"
            if case .bitmap(let bitmap) = rendition.payload { compression = bitmap.compression.name }
            copies[name, default: []].append("\(rendition.key[.deploymentTarget]) \(compression) \(rendition.layout)")
        }
        return (car, copies.mapValues { $0.sorted() })
    }

    @Test("iOS 11: images three times, their atlases too; the app icon and the JPEG once")
    func threeCopiesForIOS11() throws {
        let (car, copies) = try Self.compile("11.0")
        #expect(copies["Photo"]?.count == 3)
        #expect(copies["Photo"]?[0] == "0 lzfse 12")
        // A photograph has more than 1,024 colours: deepmap-LZFSE in the 2018 copy, as Flex's many-coloured atlases.
        #expect(copies["Photo"]?[1] == "3 deepmap-lzfse 12", "\(copies["Photo"] ?? [])")
        #expect(copies["Photo"]?[2] == "5 deepmap2 12")
        // The small image is packed in each copy's own atlas.
        #expect(copies["Dot"] == ["0 - 1003", "3 - 1003", "5 - 1003"])
        #expect(copies["atlas"]?.filter { $0.hasPrefix("0 lzfse") || $0.hasPrefix("3 ") || $0.hasPrefix("5 deepmap2") }.count == copies["atlas"]?.count)
        let atlasTargets = Set((copies["atlas"] ?? []).map { String($0.prefix(1)) })
        #expect(atlasTargets == ["0", "3", "5"])
        // The three copies of an atlas have one name: Flex's are all `ZZZZPackedAsset-1.0.0-gamut0` (the name's group
        // number does not count the deployment target).
        let atlases = Dictionary(grouping: car.renditions.filter { $0.key[.element] == CARCompiler.atlasElement }, by: \.name)
        #expect(atlases.values.contains { Set($0.map { $0.key[.deploymentTarget] }) == [0, 3, 5] }, "\(atlases.keys.sorted())")
        #expect(copies["Snap"]?.allSatisfy { $0.hasPrefix("0 ") } == true && copies["Snap"]?.count == 1)
        #expect(copies["AppIcon"]?.allSatisfy { $0.hasPrefix("0 ") } == true)
        // CoreUI reads the newest copy its OS has: the lookup from 2019 on finds the deepmap2 one.
        let lookup = CoreUIKeyLookup(file: car)
        let found = try #require(lookup.image(named: "Photo", scale: 2, idiom: 1, appearanceName: nil))
        #expect(car.renditions[found].key[.deploymentTarget] == 5)
        let decoder = CARDecoder(file: car)
        let photos = car.renditions.indices.filter { car.renditions[$0].name == "photo.png" }
        let pixels = try photos.map { index -> [UInt8] in
            guard case .image(let image) = try decoder.decode(index) else { return [] }
            return image.pixels
        }
        // Every copy decodes to the same pixels, but the 2018 copy's chroma, which quality 1 keeps at half precision:
        // its green and blue at most one step off, red and alpha the same.
        let byTarget = Dictionary(uniqueKeysWithValues: zip(photos.map { car.renditions[$0].key[.deploymentTarget] }, pixels))
        #expect(byTarget.count == 3 && byTarget[0] == byTarget[5] && byTarget[0]?.isEmpty == false)
        if let any = byTarget[0], let copy2018 = byTarget[3] {
            #expect(zip(any, copy2018).enumerated().allSatisfy { at, pair in
                at % 4 == 0 || at % 4 == 3 ? pair.0 == pair.1 : abs(Int(pair.0) - Int(pair.1)) <= 1
            })
        }
    }

    @Test("iOS 13 and later: one copy, no deployment target in its key")
    func oneCopyFromIOS13() throws {
        let (_, copies) = try Self.compile("13.0")
        #expect(copies["Photo"] == ["0 deepmap2 12"])
        #expect(copies["Dot"] == ["0 - 1003"])
    }

    @Test("thinned for one device OS: only the copy that OS reads")
    func thinnedForOneOS() throws {
        #expect(try Self.compile("11.0", deviceOS: 17).copies["Photo"] == ["5 deepmap2 12"])
        let twelve = try Self.compile("11.0", deviceOS: 12).copies["Photo"] ?? []
        #expect(twelve == ["3 deepmap-lzfse 12"])
        #expect(try Self.compile("11.0", deviceOS: 11).copies["Photo"] == ["0 lzfse 12"])
        #expect(try Self.compile("11.0", deviceOS: 17).copies["Dot"] == ["5 - 1003"])
    }
}
