import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Single-size app icons and the icon scaler")
struct SingleSizeIconTests {
    @Test func areaAveragingKeepsFlatColoursAndAveragesBlocks() {
        // A flat opaque colour stays exactly that colour at a non-integer ratio (1024 → 120).
        let flat = [UInt8]((0..<(64 * 64)).flatMap { _ in [200, 100, 50, 255] as [UInt8] })
        let down = IconScaler.scale(flat, from: (64, 64), to: (15, 15))
        #expect(down.count == 15 * 15 * 4)
        #expect(stride(from: 0, to: down.count, by: 4).allSatisfy { Array(down[$0..<($0 + 4)]) == [200, 100, 50, 255] })
        // 2×2 → 1×1 is the mean of the four (premultiplied) pixels.
        let block: [UInt8] = [0, 0, 0, 0, 255, 255, 255, 255, 100, 0, 0, 255, 0, 100, 0, 255]
        #expect(IconScaler.scale(block, from: (2, 2), to: (1, 1)) == [89, 89, 64, 191])
    }

    @Test func aSingle1024IconGivesTheIPhoneAndIPadFilesAndTheirPlistKeys() throws {
        let fixture = try CatalogFixture()
        // A 1024 px icon: opaque, a gradient so the scaled files are not trivially flat.
        var pixels: [UInt8] = []
        for y in 0..<1024 { for x in 0..<1024 { pixels += [UInt8(x / 4), UInt8(y / 4), 128, 255] } }
        try fixture.write("AppIcon.appiconset/icon.png", try PNGCodec.encodeRGBA8(DecodedImage(width: 1024, height: 1024, premultiplied: false, pixels: pixels)))
        try fixture.contents(
            "AppIcon.appiconset",
            #"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#)
        let index = fixture.read()

        let all = AppIconOutputs(index: index, options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", appIcon: "AppIcon"))
        #expect(all.files.map(\.name) == ["AppIcon60x60@2x.png", "AppIcon76x76@2x~ipad.png"])
        for (file, side) in zip(all.files, [120, 152]) {
            let image = try PNGCodec.decodeRGBA8(file.bytes)
            #expect(image.width == side && image.height == side, "\(file.name)")
            // The top-left pixel averages the source's top-left corner: near (0, 0, 128).
            #expect(image.pixels[0] < 8 && image.pixels[1] < 8 && image.pixels[2] == 128 && image.pixels[3] == 255)
        }
        #expect(all.infoPlist["CFBundleIcons"] == .dictionary(["CFBundlePrimaryIcon": .dictionary([
            "CFBundleIconFiles": .array([.string("AppIcon60x60")]), "CFBundleIconName": .string("AppIcon"),
        ])]))
        #expect(all.infoPlist["CFBundleIcons~ipad"] == .dictionary(["CFBundlePrimaryIcon": .dictionary([
            "CFBundleIconFiles": .array([.string("AppIcon60x60"), .string("AppIcon76x76")]), "CFBundleIconName": .string("AppIcon"),
        ])]))

        let phoneOnly = AppIconOutputs(
            index: index, options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", targetDevices: [.phone], appIcon: "AppIcon"))
        #expect(phoneOnly.files.map(\.name) == ["AppIcon60x60@2x.png"])
        // The same input gives the same bytes.
        #expect(AppIconOutputs(index: index, options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", appIcon: "AppIcon")).files.map(\.bytes) == all.files.map(\.bytes))
    }

    @Test func aSingleSizeEntryBesidePerSizeOnesGivesTheSingleSizeFilesAndNames() throws {
        // As the NikitaKosolapov+SwiftUITestProject1 set: a universal 1024 entry and iPhone entries from 20 to 60
        // points. Xcode 15's partial Info.plist lists AppIcon60x60 alone (iPad: and AppIcon76x76).
        let fixture = try CatalogFixture()
        let flat = { (side: Int) in try PNGCodec.encodeRGBA8(DecodedImage(width: side, height: side, premultiplied: false, pixels: [UInt8]((0..<(side * side)).flatMap { _ in [20, 120, 220, 255] as [UInt8] }))) }
        try fixture.write("AppIcon.appiconset/icon.png", try flat(1024))
        var entries = [#"{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}"#]
        for (points, scale) in [(20, 2), (29, 3), (40, 2), (60, 2), (60, 3)] {
            try fixture.write("AppIcon.appiconset/icon_\(points)@\(scale)x.png", try flat(points * scale))
            entries.append(#"{"filename":"icon_\#(points)@\#(scale)x.png","idiom":"iphone","scale":"\#(scale)x","size":"\#(points)x\#(points)"}"#)
        }
        try fixture.contents("AppIcon.appiconset", #"{"images":[\#(entries.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#)
        let outputs = AppIconOutputs(index: fixture.read(), options: CompileOptions(platform: .iphonesimulator, minimumDeploymentTarget: "17.0", appIcon: "AppIcon"))
        #expect(outputs.files.map(\.name) == ["AppIcon60x60@2x.png", "AppIcon76x76@2x~ipad.png"])
        #expect(outputs.infoPlist["CFBundleIcons"] == .dictionary(["CFBundlePrimaryIcon": .dictionary([
            "CFBundleIconFiles": .array([.string("AppIcon60x60")]), "CFBundleIconName": .string("AppIcon"),
        ])]))
        #expect(outputs.infoPlist["CFBundleIcons~ipad"] == .dictionary(["CFBundlePrimaryIcon": .dictionary([
            "CFBundleIconFiles": .array([.string("AppIcon60x60"), .string("AppIcon76x76")]), "CFBundleIconName": .string("AppIcon"),
        ])]))
    }

    @Test func theCarHoldsEverySizeASingleSizeIconStandsFor() throws {
        let fixture = try CatalogFixture()
        let pixels = [UInt8]((0..<(1024 * 1024)).flatMap { _ in [200, 60, 30, 255] as [UInt8] })
        try fixture.write("AppIcon.appiconset/icon.png", try PNGCodec.encodeRGBA8(DecodedImage(width: 1024, height: 1024, premultiplied: false, pixels: pixels)))
        try fixture.contents(
            "AppIcon.appiconset",
            #"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#)
        let index = fixture.read()
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", appIcon: "AppIcon", toolVersion: "test")
        let car = try CARFile(bytes: try CARCompiler(options: options).compile(index).car)
        let icon = try #require(car.facets.first { $0.name == "AppIcon" })
        let renditions = icon.renditions.map { car.renditions[$0] }.filter { $0.key[.part] == 220 }
        // The 1024 image, and each size at the device scales: pixel size = points × scale.
        var sides: [String: Int] = [:]
        for rendition in renditions { sides[rendition.name] = rendition.width }
        #expect(sides["icon.png"] == 1024)
        #expect(sides["AppIcon60x60@2x.png"] == 120 && sides["AppIcon60x60@3x.png"] == 180)
        #expect(sides["AppIcon76x76@2x~ipad.png"] == 152 && sides["AppIcon83.5x83.5@2x~ipad.png"] == 167)
        #expect(renditions.count == 1 + 8 + 5)
        // Scaled from the flat 1024 image, every pixel keeps its colour.
        let decoder = CARDecoder(file: car)
        let sixty = try #require(car.renditions.firstIndex { $0.name == "AppIcon60x60@3x.png" })
        guard case .image(let image) = try decoder.decode(sixty) else {
            Issue.record("no image")
            return
        }
        #expect(Array(image.pixels[0..<4]) == [200, 60, 30, 255])
        // The multisize set lists every size once per idiom.
        let set = try #require(icon.renditions.map { car.renditions[$0] }.first { $0.layout == 1010 })
        guard case .multisizeSet(let entries) = set.payload else {
            Issue.record("no multisize set")
            return
        }
        #expect(entries.count == 1 + 4 + 5)
        // Thinned to iPhone, no iPad size is left.
        let phone = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", targetDevices: [.phone], appIcon: "AppIcon", toolVersion: "test")
        let thinned = try CARFile(bytes: try CARCompiler(options: phone).compile(index).car)
        #expect(!thinned.renditions.contains { $0.name.hasSuffix("~ipad.png") })
    }
}
