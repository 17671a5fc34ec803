import AssetCatalog
import Testing

@Suite("Assets.car reader on a generated file")
struct CARReaderTests {
    let file: CARFile

    init() throws { file = try CARFile(bytes: CARSamples.small()) }

    func rendition(_ name: String) throws -> Int {
        try #require(file.renditions.firstIndex { $0.name == name })
    }

    func image(_ name: String) throws -> DecodedImage {
        guard case .image(let image) = try CARDecoder(file: file).decode(try rendition(name)) else {
            Issue.record("\(name) did not decode to an image")
            throw CARError(.missing, name, offset: nil, "not an image")
        }
        return image
    }

    @Test("header, metadata, key format and appearances")
    func header() {
        #expect(file.header.coreUIVersion == 800)
        #expect(file.header.storageVersion == 17)
        #expect(file.header.uuid == String(repeating: "ab", count: 16))
        #expect(file.metadata?.deploymentPlatform == "ios")
        #expect(file.metadata?.deploymentPlatformVersion == "15.0")
        #expect(file.keyFormat.map(\.name) == ["appearance", "scale", "idiom", "identifier", "element", "part", "dimension1"])
        #expect(file.appearances.map(\.name) == ["UIAppearanceAny", "UIAppearanceDark"])
    }

    @Test("facets link their renditions by identifier; the atlas is an internal record")
    func facets() throws {
        #expect(file.facets.map(\.name) == ["Plain", "Grey", "Doc", "Tint", "Icon", "Palette"])
        #expect(file.facets[0].renditions.map { file.renditions[$0].name } == ["plain.png", "plain@2x.png", "plain-dark@2x.png"])
        #expect(file.internalRenditions.map { file.renditions[$0].name } == ["ZZZZPackedAsset-1.0.1-gamut0"])
        #expect(file.renditions.count == 10)
    }

    @Test("traits from the key: scale, idiom, appearance by name")
    func traits() throws {
        let dark = file.renditions[try rendition("plain-dark@2x.png")]
        #expect(file.traits(of: dark) == VariantTraits(displayScale: 2, appearance: .dark))
        #expect(file.attributes(of: dark)["appearance"] == "UIAppearanceDark")
        #expect(file.attributes(of: dark)["compression"] == "lzfse")
        // The stride the bitmap's tag 1007 gives, as `info --json` lists it.
        let rowBytes = try #require(dark.bytesPerRow)
        #expect(file.attributes(of: dark)["bytes-per-row"] == String(rowBytes) && rowBytes >= dark.width * 4)
        let icon = file.renditions[try rendition("icon.png")]
        #expect(file.traits(of: icon) == VariantTraits(idiom: .phone, displayScale: 1))
    }

    @Test("uncompressed BGRA becomes RGBA")
    func uncompressed() throws {
        let image = try image("plain.png")
        #expect(image.width == 4 && image.height == 3 && image.premultiplied)
        let stored = CARSamples.storedPixel(3, 2)
        #expect(Array(image.pixels[(2 * 4 + 3) * 4..<(2 * 4 + 3) * 4 + 4]) == [stored[2], stored[1], stored[0], stored[3]])
    }

    @Test("LZFSE whole and in KCBC chunks give the same pixels, row padding dropped")
    func lzfseAndChunks() throws {
        let whole = try image("plain@2x.png"), chunked = try image("plain-dark@2x.png")
        #expect(whole.width == 8 && whole.height == 6)
        #expect(whole.pixels == chunked.pixels)
        let stored = CARSamples.storedPixel(7, 5)
        #expect(Array(whole.pixels[(5 * 8 + 7) * 4..<(5 * 8 + 7) * 4 + 4]) == [stored[2], stored[1], stored[0], 255])
    }

    @Test("an internal reference crops its rectangle from the atlas, counted from the bottom edge")
    func internalReference() throws {
        let image = try image("grey.png")
        #expect(image.width == 2 && image.height == 2)
        // Rows 1 and 2 from the top of a 4-row atlas, columns 1 and 2; grey values 10 * (y * 6 + x).
        let greys = stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] }
        #expect(greys == [70, 80, 130, 140])
        #expect(image.pixels[3] == 255)
    }

    @Test("palette-img: colours are alpha, red, green, blue; 8-bit indices two to a 16-bit word, high byte first")
    func palette() throws {
        let image = try image("palette.png")
        let first = Array(image.pixels[0..<4]), second = Array(image.pixels[4..<8]), third = Array(image.pixels[8..<12])
        #expect(first == [255, 0, 0, 255])
        #expect(second == [0, 128, 0, 128])
        #expect(third == [0, 0, 0, 0])
        #expect(Array(image.pixels[(5 + 4) * 4..<(5 + 4) * 4 + 4]) == [0, 128, 0, 128])
    }

    @Test("raw PDF, colour and multisize set")
    func otherPayloads() throws {
        let decoder = CARDecoder(file: file)
        guard case .file(let bytes, let fileExtension) = try decoder.decode(try rendition("doc.pdf")) else {
            Issue.record("doc.pdf is not a file")
            return
        }
        #expect(fileExtension == "pdf" && bytes.starts(with: Array("%PDF".utf8)))
        guard case .color(let color) = try decoder.decode(try rendition("tint")) else {
            Issue.record("tint is not a colour")
            return
        }
        #expect(color.components == [1.0, 0.5, 0.25, 1.0])
        #expect(color.colorSpaceName == "display-p3")
        guard case .multisizeSet(let sizes) = file.renditions[try rendition("Icon")].payload else {
            Issue.record("Icon is not a multisize set")
            return
        }
        #expect(sizes.map(\.width) == [16, 32])
        guard case .notDecodable(let reason) = try decoder.decode(try rendition("Icon")) else {
            Issue.record("a multisize set decoded")
            return
        }
        #expect(reason.contains("multisize"))
    }

    @Test("rle: per-row control words (top bit: run of one pixel, else literals); rows may share an offset")
    func runLength() throws {
        let B = TestCARBuilder.self
        // 3x3 grey + alpha: row 0 = run of 3 × (50, 255); rows 1 and 2 share literals (10,20) (30,40) (60,70).
        let rowA = B.le32(0x8000_0003) + [50, 255]
        let rowB = B.le32(3) + [10, 20, 30, 40, 60, 70]
        let header = B.le32(3) + B.le32(3) + B.le32(3)
        let start = UInt32(header.count + 12)
        let record = header + B.le32(start) + B.le32(start + UInt32(rowA.count)) + B.le32(start + UInt32(rowA.count)) + rowA + rowB
        var car = TestCARBuilder()
        car.facets = [("Runs", 1)]
        car.add([17: 1, 12: 1], B.csi(name: "runs.png", width: 3, height: 3, format: " 8AG", payload: B.mlec(compression: 1, data: record)))
        let file = try CARFile(bytes: car.build())
        guard case .image(let image) = try CARDecoder(file: file).decode(0) else {
            Issue.record("rle did not decode")
            return
        }
        #expect(Array(image.pixels[0..<12]) == [50, 50, 50, 255, 50, 50, 50, 255, 50, 50, 50, 255])
        #expect(Array(image.pixels[12..<24]) == [10, 10, 10, 20, 30, 30, 30, 40, 60, 60, 60, 70])
        #expect(Array(image.pixels[24..<36]) == Array(image.pixels[12..<24]))
        // A run that overflows the row is an error.
        var bad = TestCARBuilder()
        bad.facets = [("Runs", 1)]
        let overflow = header + B.le32(start) + B.le32(start) + B.le32(start) + B.le32(0x8000_0004) + [1, 2]
        bad.add([17: 1, 12: 1], B.csi(name: "runs.png", width: 3, height: 3, format: " 8AG", payload: B.mlec(compression: 1, data: overflow)))
        #expect(throws: CARError.self) { try CARDecoder(file: try CARFile(bytes: bad.build())).decode(0) }
    }

    @Test("deepmap2 modes 3 and 4 (LZFSE and raw LZVN streams) and 2, deepmap-LZFSE in chunks; an unknown mode is listed")
    func deepmap2() throws {
        let B = TestCARBuilder.self
        func record(mode: UInt8, bytesPerPixel: UInt8, body: [UInt8]) -> [UInt8] {
            let prefix = B.le32(1) + B.le32(UInt32(bytesPerPixel)) + B.le32(12 + UInt32(body.count)) + B.le32(0)
            return prefix + B.tag("dmp2") + [mode, 1, 10, bytesPerPixel] + B.le16(2) + B.le16(2) + body
        }
        // Mode 3, grey + alpha: an uncompressed LZFSE block holding the four pixels.
        let pixels: [UInt8] = [10, 255, 20, 255, 30, 128, 0, 0]
        let lzfse = B.tag("bvx-") + B.le32(8) + pixels + B.tag("bvx$")
        // Mode 4, BGRA: two colours, indices 1 0 0 1 as LZVN literals (1110LLLL) and the end-of-stream opcode.
        let lzvn: [UInt8] = [0xE4, 1, 0, 0, 1, 0x06, 0, 0, 0, 0, 0, 0, 0]
        let palette = B.le16(2) + B.le16(4) + [0, 0, 255, 255] + [255, 0, 0, 255]
        let colour = DeepmapDecoderTests.colourImage(width: 5, height: 6)
        var car = TestCARBuilder()
        car.facets = [("Deep", 1)]
        car.add([17: 1, 12: 1], B.csi(name: "grey.png", width: 2, height: 2, format: " 8AG",
            payload: B.mlec(compression: 11, data: record(mode: 3, bytesPerPixel: 2, body: B.le32(UInt32(lzfse.count)) + lzfse))))
        car.add([17: 1, 12: 2], B.csi(name: "colour.png", width: 2, height: 2, scale: 200,
            payload: B.mlec(compression: 11, data: record(mode: 4, bytesPerPixel: 4, body: palette + B.le32(UInt32(lzvn.count)) + lzvn))))
        car.add([17: 1, 12: 3], B.csi(name: "other.png", width: 2, height: 2, scale: 300,
            payload: B.mlec(compression: 11, data: record(mode: 9, bytesPerPixel: 4, body: B.le32(0)))))
        car.add([17: 1, 12: 1, 7: 1], B.csi(name: "predicted.png", width: 5, height: 6, tags: [B.rowBytesTag(32)],
            payload: B.mlec(compression: 11, data: DeepmapTestEncoder.deepmap2(colour, width: 5, height: 6, bytesPerPixel: 4, mode: 2, quality: 0, tileHeight: 4))))
        let chunks = [(rows: 4, data: DeepmapTestEncoder.deepmapLZFSE(Array(colour[0..<80]), width: 5, height: 4, bytesPerPixel: 4, mode: 3)),
                      (rows: 2, data: DeepmapTestEncoder.deepmapLZFSE(Array(colour[80...]), width: 5, height: 2, bytesPerPixel: 4, mode: 3))]
        car.add([17: 1, 12: 2, 7: 1], B.csi(name: "older.png", width: 5, height: 6, scale: 200, payload: B.mlec(compression: 10, chunks: chunks)))
        let file = try CARFile(bytes: car.build())
        let decoder = CARDecoder(file: file)
        guard case .image(let grey) = try decoder.decode(0), case .image(let palettised) = try decoder.decode(1),
            case .image(let predicted) = try decoder.decode(3), case .image(let older) = try decoder.decode(4)
        else {
            Issue.record("deepmap2 modes 2, 3, 4 or deepmap-LZFSE did not decode")
            return
        }
        #expect(grey.pixels == [10, 10, 10, 255, 20, 20, 20, 255, 30, 30, 30, 128, 0, 0, 0, 0])
        #expect(palettised.pixels == [0, 0, 255, 255, 255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255])
        // BGRA as stored becomes RGBA.
        var rgba: [UInt8] = []
        for at in stride(from: 0, to: colour.count, by: 4) { rgba += [colour[at + 2], colour[at + 1], colour[at], colour[at + 3]] }
        #expect(predicted.pixels == rgba)
        #expect(older.pixels == rgba)
        guard case .notDecodable(let reason) = try decoder.decode(2) else {
            Issue.record("deepmap2 mode 9 decoded")
            return
        }
        #expect(reason == "deepmap2 mode 9 is not a known deepmap2 mode")
        #expect(file.attributes(of: file.renditions[2])["not-decoded"] == reason)
        #expect(file.attributes(of: file.renditions[3])["not-decoded"] == nil)
        #expect(file.attributes(of: file.renditions[4])["not-decoded"] == nil)
    }

    @Test("an undecodable compression is listed with its reason, never decoded")
    func undecodable() throws {
        var car = TestCARBuilder()
        car.facets = [("Glow", 1)]
        car.add([17: 1, 12: 1], TestCARBuilder.csi(name: "glow", width: 2, height: 2, payload: TestCARBuilder.mlec(compression: 6, data: [1, 2, 3])))
        let file = try CARFile(bytes: car.build())
        let reason = try #require(file.attributes(of: file.renditions[0])["not-decoded"])
        #expect(reason.hasPrefix("blurred compression cannot be decoded"))
        guard case .notDecodable(let decodeReason) = try CARDecoder(file: file).decode(0) else {
            Issue.record("blurred decoded")
            return
        }
        #expect(decodeReason == reason)
    }

    @Test("a rendition whose payload cannot be read is listed with the reason; the rest of the file is read")
    func damagedRendition() throws {
        let B = TestCARBuilder.self
        var car = TestCARBuilder()
        car.facets = [("Good", 1), ("Bad", 2)]
        car.add([17: 1, 12: 1], B.csi(name: "good.png", width: 1, height: 1, payload: B.mlec(compression: 0, data: [1, 2, 3, 4])))
        // The header promises 320 bytes of payload; the value holds 20.
        var bad = B.csi(name: "Engraved Image", width: 1, height: 1, payload: B.mlec(compression: 0, data: [1, 2, 3, 4]))
        bad.replaceSubrange(180..<184, with: B.le32(320))
        car.add([17: 2, 12: 1], bad)
        let file = try CARFile(bytes: car.build())
        #expect(file.facets.map(\.name).sorted() == ["Bad", "Good"])
        let index = try #require(file.renditions.firstIndex { $0.name == "Engraved Image" })
        let damage = try #require(file.renditions[index].damage)
        #expect(damage.kind == .truncated && damage.structure == "payload of Engraved Image")
        #expect(file.attributes(of: file.renditions[index])["not-decoded"] == "damaged: \(damage)")
        #expect(throws: damage) { try CARDecoder(file: file).decode(index) }
        guard case .image(let image) = try CARDecoder(file: file).decode(1 - index) else {
            Issue.record("the good rendition did not decode")
            return
        }
        #expect(image.pixels == [3, 2, 1, 4])
    }

    @Test("raw data whose version word is 1 is an LZFSE stream, written inflated")
    func compressedRawData() throws {
        let B = TestCARBuilder.self
        let svg = Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)
        let stream = B.tag("bvx-") + B.le32(UInt32(svg.count)) + svg + B.tag("bvx$")
        var car = TestCARBuilder()
        car.facets = [("Layer", 1)]
        car.add([17: 1], B.csi(name: "image.svg", width: 0, height: 0, format: " GVS", layout: 9,
            payload: B.tag("DWAR") + B.le32(1) + B.le32(UInt32(stream.count)) + stream))
        let file = try CARFile(bytes: car.build())
        #expect(file.renditions[0].rawDataIsLZFSE)
        guard case .file(let bytes, let fileExtension) = try CARDecoder(file: file).decode(0) else {
            Issue.record("the SVG did not decode")
            return
        }
        #expect(bytes == svg && fileExtension == "svg")
    }

    @Test("output names state the traits and stay inside the folder")
    func outputNames() throws {
        let paths = file.outputPaths()
        #expect(paths[try rendition("plain-dark@2x.png")] == "Plain/plain-dark@2x_universal_2x_dark.png")
        #expect(paths[try rendition("icon.png")] == "Icon/icon_phone_1x.png")
        #expect(paths[try rendition("Icon")] == nil)
        var car = TestCARBuilder()
        car.facets = [("../../evil", 1)]
        car.add([17: 1, 12: 1], TestCARBuilder.csi(name: "../x.png", width: 4, height: 3, payload: TestCARBuilder.mlec(compression: 0, data: CARSamples.uncompressed4x3())))
        let hostile = try CARFile(bytes: car.build()).outputPaths()[0] ?? ""
        #expect(!hostile.split(separator: "/").contains(".."))
    }
}
