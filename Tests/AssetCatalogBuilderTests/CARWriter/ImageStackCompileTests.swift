import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Compiling tvOS image stacks and brand assets")
struct ImageStackCompileTests {
    static let info = #""info":{"author":"xcode","version":1}"#

    /// A brand assets folder holding one stack (back: opaque red; front: white at half alpha; 1x and 2x) and a
    /// top shelf image, as Xcode's tvOS template lays them out.
    static func tvCatalog() throws -> CatalogFixture {
        let fixture = try CatalogFixture()
        let brand = "App Icon & Top Shelf Image.brandassets"
        try fixture.contents(
            brand,
            """
            {"assets":[
             {"filename":"App Icon.imagestack","idiom":"tv","role":"primary-app-icon","size":"400x240"},
             {"filename":"App Icon - App Store.imagestack","idiom":"tv","role":"primary-app-icon","size":"1280x768"},
             {"filename":"Top Shelf Image.imageset","idiom":"tv","role":"top-shelf-image","size":"1920x720"},
             {"idiom":"tv","role":"top-shelf-image-wide","size":"2320x720"}
            ],\(info)}
            """)
        for (stack, side) in [("App Icon", 8), ("App Icon - App Store", 12)] {
            let folder = "\(brand)/\(stack).imagestack"
            try fixture.contents(folder, #"{"layers":[{"filename":"Front.imagestacklayer"},{"filename":"Back.imagestacklayer"}],\#(info)}"#)
            for (layer, colour) in [("Front", [255, 255, 255, 128] as [UInt8]), ("Back", [255, 0, 0, 255])] {
                try fixture.contents("\(folder)/\(layer).imagestacklayer", "{\(info)}")
                var entries: [String] = []
                for scale in [1, 2] {
                    let name = "\(layer.lowercased())@\(scale)x.png"
                    let pixels = [UInt8]((0..<(side * scale * side * scale)).flatMap { _ in colour })
                    try fixture.write(
                        "\(folder)/\(layer).imagestacklayer/Content.imageset/\(name)",
                        try PNGCodec.encodeRGBA8(DecodedImage(width: side * scale, height: side * scale, premultiplied: false, pixels: pixels)))
                    entries.append(#"{"filename":"\#(name)","idiom":"tv","scale":"\#(scale)x"}"#)
                }
                try fixture.contents("\(folder)/\(layer).imagestacklayer/Content.imageset", #"{"images":[\#(entries.joined(separator: ","))],\#(info)}"#)
            }
        }
        let shelf = [UInt8]((0..<(16 * 6)).flatMap { _ in [0, 0, 255, 255] as [UInt8] })
        try fixture.write("\(brand)/Top Shelf Image.imageset/shelf.png", try PNGCodec.encodeRGBA8(DecodedImage(width: 16, height: 6, premultiplied: false, pixels: shelf)))
        try fixture.contents("\(brand)/Top Shelf Image.imageset", #"{"images":[{"filename":"shelf.png","idiom":"tv","scale":"1x"}],\#(info)}"#)
        return fixture
    }

    static func options(devices: [Idiom] = []) -> CompileOptions {
        CompileOptions(
            platform: .appletvos, minimumDeploymentTarget: "17.0", targetDevices: devices, appIcon: "App Icon & Top Shelf Image",
            toolVersion: "test")
    }

    @Test func aStackBecomesALayeredImageAFlattenedImagePerScaleAndItsLayersFacets() throws {
        let fixture = try Self.tvCatalog()
        let index = fixture.read()
        let compiled = try CARCompiler(options: Self.options()).compile(index)
        #expect(compiled.notices.isEmpty, "\(compiled.notices)")
        let car = try CARFile(bytes: compiled.car)
        // Names as Xcode's car has them: the brand assets folder adds nothing; layers sit under their stack.
        #expect(car.facets.map(\.name).sorted() == [
            "App Icon", "App Icon - App Store", "App Icon - App Store/Back/Content", "App Icon - App Store/Front/Content",
            "App Icon/Back/Content", "App Icon/Front/Content", "Top Shelf Image",
        ])
        let stack = try #require(car.facets.first { $0.name == "App Icon" })
        let renditions = stack.renditions.map { car.renditions[$0] }
        let layered = try #require(renditions.first { $0.layout == 1002 })
        #expect(layered.key[.part] == 181 && layered.key[.scale] == 1 && layered.key[.idiom] == 0)
        #expect(layered.pixelFormat == "DATA" && layered.uti == "public.layeredimage")
        #expect(layered.width == 8 && layered.height == 8)
        // The layers, back to front, each by its facet's identifier, with its size in points.
        let layers = try #require(layered.layerReferences)
        let identifiers = ["App Icon/Back/Content", "App Icon/Front/Content"].map { name in
            car.facets.first { $0.name == name }?.attributes[.identifier]
        }
        #expect(layers.map(\.identifier) == identifiers)
        #expect(layers.allSatisfy { $0.width == 8 && $0.height == 8 && $0.x == 0 && $0.y == 0 && $0.opacity == 1 })
        #expect(car.attributes(of: layered)["layers"] == "App Icon/Back/Content | App Icon/Front/Content")

        // One flattened image per scale: front (white, half alpha) over back (red) is (255, 128, 128) opaque.
        let flattened = renditions.filter { $0.key[.part] == 208 }.sorted { $0.key[.scale] < $1.key[.scale] }
        #expect(flattened.map { $0.key[.scale] } == [1, 2])
        #expect(flattened.map(\.name) == ["ZZZZFlattenedImage-1.1.0-gamut0", "ZZZZFlattenedImage-2.1.0-gamut0"])
        let decoder = CARDecoder(file: car)
        for rendition in flattened {
            let number = try #require(car.renditions.firstIndex { $0.offset == rendition.offset })
            guard case .image(let image) = try decoder.decode(number) else {
                Issue.record("the flattened image does not decode")
                continue
            }
            let side = 8 * Int(rendition.key[.scale])
            #expect(image.width == side && image.height == side)
            // Opaque, so premultiplied and straight values are the same.
            for pixel in stride(from: 0, to: image.pixels.count, by: 4) {
                let value = Array(image.pixels[pixel..<(pixel + 4)])
                #expect(value[0] == 255 && abs(Int(value[1]) - 128) <= 1 && abs(Int(value[2]) - 128) <= 1 && value[3] == 255, "\(value)")
                if value[0] != 255 { break }
            }
        }
    }

    @Test func theBrandAssetsGiveTheTVOSInfoPlistKeys() throws {
        let fixture = try Self.tvCatalog()
        let index = fixture.read()
        let outputs = AppIconOutputs(index: index, options: Self.options())
        #expect(outputs.files.isEmpty)
        #expect(outputs.infoPlist["CFBundleIcons"] == .dictionary(["CFBundlePrimaryIcon": .string("App Icon")]))
        // The wide top shelf slot is empty (no file): only the standard one is named.
        #expect(outputs.infoPlist["TVTopShelfImage"] == .dictionary(["TVTopShelfPrimaryImage": .string("Top Shelf Image")]))
    }

    @Test func thinningToIPhoneLeavesTheStacksOut() throws {
        let fixture = try Self.tvCatalog()
        let index = fixture.read()
        let car = try CARFile(bytes: try CARCompiler(options: Self.options(devices: [.phone])).compile(index).car)
        #expect(!car.renditions.contains { $0.layout == 1002 || $0.key[.part] == 208 })
    }

    @Test func aMissingScaleInOneLayerIsANoticeNotAWrongImage() throws {
        let fixture = try Self.tvCatalog()
        let front = "App Icon & Top Shelf Image.brandassets/App Icon.imagestack/Front.imagestacklayer/Content.imageset"
        try fixture.contents(front, #"{"images":[{"filename":"front@1x.png","idiom":"tv","scale":"1x"}],\#(Self.info)}"#)
        let compiled = try CARCompiler(options: Self.options()).compile(fixture.read())
        #expect(compiled.notices.contains { $0.contains("App Icon: layer 'App Icon/Front/Content' has no 2x image") }, "\(compiled.notices)")
        let car = try CARFile(bytes: compiled.car)
        let stack = try #require(car.facets.first { $0.name == "App Icon" })
        #expect(stack.renditions.map { car.renditions[$0] }.filter { $0.key[.part] == 208 }.map { $0.key[.scale] } == [1])
    }

    @Test func layerReferencesWithACountTheirBytesCannotHoldAreRefused() throws {
        var bytes: [UInt8] = []
        BinaryWriter.appendLE32(&bytes, 1_000_000)
        BinaryWriter.appendLE32(&bytes, 0)
        bytes += [UInt8](repeating: 0, count: 40)
        let refused = bytes.withUnsafeBytes { buffer in
            (try? CARLayerReference.list(CARBytes(buffer: buffer, base: 0, structure: "test"))) == nil
        }
        #expect(refused)
    }

    /// Bit flips aimed at the layered image (its header, info tags and layer list): every damaged file opens
    /// and lists its renditions, or fails with a typed error — never a crash or an unchecked allocation.
    @Test func damagedLayerReferencesAreErrorsNotCrashes() throws {
        let fixture = try Self.tvCatalog()
        let compiled = try CARCompiler(options: Self.options()).compile(fixture.read())
        let original = compiled.car
        let car = try CARFile(bytes: original)
        let layered = try #require(car.renditions.first { $0.layout == 1002 })
        let region = layered.offset..<(layered.offset + layered.byteCount)
        var generator = SplitMix(seed: 1012)
        var errors = 0
        for _ in 0..<3000 {
            var damaged = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                damaged[Int.random(in: region, using: &generator)] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
            }
            do {
                let file = try CARFile(bytes: damaged)
                for rendition in file.renditions { _ = file.attributes(of: rendition) }
            } catch {
                errors += 1
            }
        }
        // Most flips land in the name, padding or zero fields and change nothing structural; some must be refused.
        #expect(errors > 0)
    }
}
