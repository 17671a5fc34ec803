import AssetCatalog
import Foundation
import Testing

/// The pixel formats beyond `ARGB` and `GA8 `: `RGBW` (16-bit RGBA: integers, or half floats in the extended colour
/// spaces), `GA16` (16-bit grey + alpha) and `RGB5` (5 bits a colour), in every compression that can hold them, built
/// here byte by byte from the layout docs/CAR-FORMAT.md gives ("Pixel formats"), then the 16-bit PNG they export to.
@Suite("Assets.car 16-bit and other pixel formats")
struct CARDeepPixelTests {
    typealias B = TestCARBuilder

    // MARK: Stored bytes

    /// Half-float bits of the values the tests use.
    enum Half {
        static let zero: UInt16 = 0x0000, quarter: UInt16 = 0x3400, half: UInt16 = 0x3800, one: UInt16 = 0x3C00
        static let two: UInt16 = 0x4000, minusQuarter: UInt16 = 0xB400, nan: UInt16 = 0x7E00, infinity: UInt16 = 0x7C00
        static let smallestSubnormal: UInt16 = 0x0001
    }

    static func le16(_ values: [UInt16]) -> [UInt8] { values.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }

    /// A zlib stream of stored (uncompressed) deflate blocks holding `bytes`.
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let count = min(65535, bytes.count - at)
            let last: UInt8 = at + count == bytes.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[at..<(at + count)]
            at += count
        } while at < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let adler = b << 16 | a
        return out + [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
    }

    /// A deepmap2 record (prefix and `dmp2` blob) of pixel-format code `format` holding `pixels` as stored, in mode 1
    /// (no tiles) or 3 (one LZFSE tile per `tileHeight` rows).
    static func deepmap2Stored(_ pixels: [UInt8], width: Int, height: Int, format: UInt8, mode: UInt8, tileHeight: Int? = nil) -> [UInt8] {
        let tileHeight = tileHeight ?? height
        let bytesPerPixel = pixels.count / (width * height)
        var blob = Array("dmp2".utf8) + [mode, 1, 10, format] + DeepmapTestEncoder.le16(width) + DeepmapTestEncoder.le16(tileHeight)
        if mode == 1 {
            blob += pixels
        } else {
            for top in stride(from: 0, to: height, by: tileHeight) {
                let rows = min(tileHeight, height - top)
                let stream = DeepmapTestEncoder.stream(Array(pixels[(top * width * bytesPerPixel)..<((top + rows) * width * bytesPerPixel)]))
                blob += DeepmapTestEncoder.le32(stream.count) + stream
            }
        }
        return DeepmapTestEncoder.record(version: 1, format: Int(format), blob: blob)
    }

    // MARK: The test car

    /// 3 × 2 RGBW integers, premultiplied, rows padded to 32 bytes: red, green, blue at alpha 65535, then
    /// (16384, 8192, 0, 32768) — red 0.5 and green 0.25 of a half-transparent pixel —, (0, 0, 0, 0) and (1, 2, 3, 4).
    static let rgbwIntegers: [[UInt16]] = [
        [65535, 0, 0, 65535], [0, 65535, 0, 65535], [0, 0, 65535, 65535], [16384, 8192, 0, 32768], [0, 0, 0, 0], [1, 2, 3, 4],
    ]
    /// 4 × 1 RGBW half floats: (0.5, 1.0, 2.0, 1.0), (−0.25, NaN, infinity, 1.0), (0.25, 0, 0.25, 0.5) and the
    /// smallest subnormal.
    static let rgbwHalves: [[UInt16]] = [
        [Half.half, Half.one, Half.two, Half.one], [Half.minusQuarter, Half.nan, Half.infinity, Half.one],
        [Half.quarter, Half.zero, Half.quarter, Half.half], [Half.smallestSubnormal, Half.zero, Half.zero, Half.one],
    ]

    static func rows(_ pixels: [[UInt16]], width: Int, rowBytes: Int) -> [UInt8] {
        var out: [UInt8] = []
        for top in stride(from: 0, to: pixels.count, by: width) {
            var row = le16(pixels[top..<(top + width)].flatMap { $0 })
            row += [UInt8](repeating: 0xEE, count: rowBytes - row.count)
            out += row
        }
        return out
    }

    /// Facets (each with one rendition named after it): rgbw-integers (uncompressed, padded rows), rgbw-halves (LZFSE,
    /// extended sRGB), rgbw-linear (extended linear sRGB), ga16 (LZVN in two KCBC chunks), ga16-halves (zlib, extended
    /// grey), rgb5 (uncompressed), rgbw-deepmap (deepmap2 mode 3, two tiles), ga16-deepmap (deepmap2 mode 1),
    /// rgbw-predicted (deepmap2 mode 2, not decoded), opaque (MLEC flag bit 1), rgbw-palette (palette-img, not decoded),
    /// crop (an internal reference into an RGBW atlas).
    static func car() -> [UInt8] {
        var car = TestCARBuilder()
        let names = [
            "rgbw-integers", "rgbw-halves", "rgbw-linear", "ga16", "ga16-halves", "rgb5", "rgbw-deepmap", "ga16-deepmap",
            "rgbw-predicted", "opaque", "rgbw-palette", "crop",
        ]
        car.facets = names.enumerated().map { ($0.element, UInt16($0.offset + 1)) }
        func add(_ name: String, _ csi: [UInt8]) { car.add([17: UInt16(names.firstIndex(of: name)! + 1), 1: 85, 2: 181, 12: 1], csi) }

        add("rgbw-integers", B.csi(name: "rgbw-integers", width: 3, height: 2, format: "WBGR", colorSpace: 1, tags: [B.rowBytesTag(32)],
            payload: B.mlec(compression: 0, data: rows(rgbwIntegers, width: 3, rowBytes: 32))))
        add("rgbw-halves", B.csi(name: "rgbw-halves", width: 4, height: 1, format: "WBGR", colorSpace: 4,
            payload: B.mlec(compression: 4, data: DeepmapTestEncoder.stream(le16(rgbwHalves.flatMap { $0 })))))
        add("rgbw-linear", B.csi(name: "rgbw-linear", width: 2, height: 1, format: "WBGR", colorSpace: 5,
            payload: B.mlec(compression: 0, data: le16([Half.half, Half.quarter, Half.zero, Half.one, Half.quarter, Half.zero, Half.zero, Half.half]))))
        // GA16: 2 × 2, grey then alpha; two chunks of one row each, raw LZVN streams.
        let ga16: [[UInt16]] = [[65535, 65535], [32768, 65535], [16384, 32768], [0, 0]]
        add("ga16", B.csi(name: "ga16", width: 2, height: 2, format: "61AG", colorSpace: 2,
            payload: B.mlec(compression: 3, chunks: [
                (1, DeepmapTestEncoder.stream(le16(ga16[0...1].flatMap { $0 }), lzvn: true)),
                (1, DeepmapTestEncoder.stream(le16(ga16[2...3].flatMap { $0 }), lzvn: true)),
            ])))
        add("ga16-halves", B.csi(name: "ga16-halves", width: 2, height: 1, format: "61AG", colorSpace: 6,
            payload: B.mlec(compression: 2, data: zlibStored(le16([Half.two, Half.one, Half.quarter, Half.half])))))
        // RGB5: red, green, blue, and 0x4210 (each colour 16 of 31) with the unused top bit set.
        add("rgb5", B.csi(name: "rgb5", width: 4, height: 1, format: "5BGR", colorSpace: 1,
            payload: B.mlec(compression: 0, data: le16([0x7C00, 0x03E0, 0x001F, 0xC210]))))
        // deepmap2 mode 3 of RGBW integers: 3 × 2 in two tiles of one row.
        let packed = rows(rgbwIntegers, width: 3, rowBytes: 24)
        add("rgbw-deepmap", B.csi(name: "rgbw-deepmap", width: 3, height: 2, format: "WBGR", colorSpace: 1,
            payload: B.mlec(compression: 11, data: deepmap2Stored(packed, width: 3, height: 2, format: 0x14, mode: 3, tileHeight: 1))))
        add("ga16-deepmap", B.csi(name: "ga16-deepmap", width: 2, height: 2, format: "61AG", colorSpace: 2,
            payload: B.mlec(compression: 11, data: deepmap2Stored(le16(ga16.flatMap { $0 }), width: 2, height: 2, format: 0x12, mode: 1))))
        add("rgbw-predicted", B.csi(name: "rgbw-predicted", width: 3, height: 2, format: "WBGR", colorSpace: 1,
            payload: B.mlec(compression: 11, data: deepmap2Stored(packed, width: 3, height: 2, format: 0x14, mode: 2))))
        add("opaque", B.csi(name: "opaque", width: 1, height: 1, format: "WBGR", colorSpace: 1,
            payload: B.mlec(compression: 0, flags: 2, data: le16([1000, 2000, 3000, 7]))))
        add("rgbw-palette", B.csi(name: "rgbw-palette", width: 1, height: 1, format: "WBGR", colorSpace: 1,
            payload: B.mlec(compression: 8, data: [0, 0, 0, 0])))
        // A 3 × 2 RGBW atlas (no facet) and a reference to its bottom-right pixel.
        car.add([1: 9, 2: 181, 8: 1, 12: 1], B.csi(name: "ZZZZPackedAsset-1.0.1-gamut0", width: 3, height: 2, format: "WBGR", colorSpace: 1,
            layout: 1004, payload: B.mlec(compression: 0, data: packed)))
        add("crop", B.csi(name: "crop", width: 1, height: 1, format: "WBGR", colorSpace: 1, layout: 1003,
            tags: [B.internalLink(x: 2, y: 0, width: 1, height: 1, atlas: [(1, 9), (2, 181), (8, 1), (12, 1)])], payload: []))
        return car.build()
    }

    let file: CARFile

    init() throws { file = try CARFile(bytes: Self.car()) }

    func decoded(_ name: String) throws -> CARContent {
        let index = try #require(file.renditions.firstIndex { $0.name == name })
        return try CARDecoder(file: file).decode(index)
    }

    func image(_ name: String) throws -> DecodedImage {
        guard case .image(let image) = try decoded(name) else {
            Issue.record("\(name) did not decode to an image: \(try decoded(name))")
            throw CARError(.missing, name, offset: nil, "not an image")
        }
        return image
    }

    func pixel16(_ image: DecodedImage, _ index: Int) -> [UInt16] { Array(image.pixels16![(4 * index)..<(4 * index + 4)]) }
    func pixel8(_ image: DecodedImage, _ index: Int) -> [UInt8] { Array(image.pixels[(4 * index)..<(4 * index + 4)]) }

    // MARK: Decoding

    @Test("RGBW integers: samples kept at 16 bits, rounded to 8, row padding dropped")
    func rgbwIntegerSamples() throws {
        let image = try image("rgbw-integers")
        #expect(image.width == 3 && image.height == 2 && image.premultiplied)
        for (index, stored) in Self.rgbwIntegers.enumerated() {
            #expect(pixel16(image, index) == stored, "pixel \(index)")
            #expect(pixel8(image, index) == stored.map { UInt8((Float($0) / 65535 * 255 + 0.5).rounded(.down)) }, "pixel \(index)")
        }
        #expect(pixel8(image, 3) == [64, 32, 0, 128])
        let attributes = file.attributes(of: file.renditions[try #require(file.renditions.firstIndex { $0.name == "rgbw-integers" })])
        #expect(attributes["pixel-format"] == "RGBW" && attributes["color-space"] == "sRGB (16-bit integers)")
        #expect(attributes["not-decoded"] == nil)
    }

    @Test("RGBW half floats: 0.5, 1.0, above 1 and NaN/negative clamped, subnormals")
    func rgbwHalfFloats() throws {
        let image = try image("rgbw-halves")
        #expect(pixel16(image, 0) == [32768, 65535, 65535, 65535])  // 0.5, 1.0, 2.0 clamped to 1
        #expect(pixel8(image, 0) == [128, 255, 255, 255])
        #expect(pixel16(image, 1) == [0, 0, 65535, 65535])  // −0.25 and NaN to 0, infinity to 1
        #expect(pixel16(image, 2) == [16384, 0, 16384, 32768])  // 0.25 at alpha 0.5, premultiplied as stored
        #expect(pixel8(image, 2) == [64, 0, 64, 128])
        #expect(pixel16(image, 3) == [0, 0, 0, 65535])  // 2^-24 rounds to 0
        let rendition = file.renditions[try #require(file.renditions.firstIndex { $0.name == "rgbw-halves" })]
        #expect(file.attributes(of: rendition)["color-space"] == "extended sRGB (half floats)")
        #expect(file.attributes(of: rendition)["compression"] == "lzfse")
    }

    @Test("RGBW in extended linear sRGB is encoded with the sRGB transfer function (un-premultiplied, then premultiplied again)")
    func rgbwLinear() throws {
        let image = try image("rgbw-linear")
        func srgb(_ linear: Double) -> Double { linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055 }
        // (0.5, 0.25, 0) opaque; (0.25, 0, 0) premultiplied at alpha 0.5 (straight 0.5).
        let first = pixel16(image, 0), second = pixel16(image, 1)
        #expect(abs(Double(first[0]) - srgb(0.5) * 65535) <= 2 && abs(Double(first[1]) - srgb(0.25) * 65535) <= 2)
        #expect(first[2] == 0 && first[3] == 65535)
        #expect(abs(Double(second[0]) - srgb(0.5) * 0.5 * 65535) <= 2 && second[3] == 32768)
    }

    @Test("GA16 in LZVN chunks and GA16 half floats in zlib: grey in red, green and blue")
    func greyAlpha16() throws {
        let image = try image("ga16")
        #expect(image.width == 2 && image.height == 2)
        #expect(pixel16(image, 0) == [65535, 65535, 65535, 65535])
        #expect(pixel16(image, 1) == [32768, 32768, 32768, 65535])
        #expect(pixel16(image, 2) == [16384, 16384, 16384, 32768])
        #expect(pixel16(image, 3) == [0, 0, 0, 0])
        #expect(pixel8(image, 2) == [64, 64, 64, 128])
        let halves = try self.image("ga16-halves")
        #expect(pixel16(halves, 0) == [65535, 65535, 65535, 65535])  // grey 2.0 clamped
        #expect(pixel16(halves, 1) == [16384, 16384, 16384, 32768])
        let rendition = file.renditions[try #require(file.renditions.firstIndex { $0.name == "ga16-halves" })]
        #expect(file.attributes(of: rendition)["color-space"] == "extended grey (half floats)")
    }

    @Test("RGB5: 5-bit colours widened to 8 bits, opaque, no 16-bit samples")
    func rgb5Colours() throws {
        let image = try image("rgb5")
        #expect(image.pixels16 == nil)
        #expect(pixel8(image, 0) == [255, 0, 0, 255] && pixel8(image, 1) == [0, 255, 0, 255] && pixel8(image, 2) == [0, 0, 255, 255])
        #expect(pixel8(image, 3) == [132, 132, 132, 255])  // 16 of 31: 16 << 3 | 16 >> 2
    }

    @Test("deepmap2 modes 3 and 1 of 16-bit pixels give the stored samples; mode 2 and palette-img are named, not guessed")
    func deepmap() throws {
        let tiled = try image("rgbw-deepmap")
        for (index, stored) in Self.rgbwIntegers.enumerated() { #expect(pixel16(tiled, index) == stored) }
        #expect(try image("ga16-deepmap") == (try image("ga16")))
        guard case .notDecodable(let reason) = try decoded("rgbw-predicted") else { Issue.record("mode 2 decoded"); return }
        #expect(reason.contains("mode 2") && reason.contains("16-bit RGBA"))
        guard case .notDecodable(let palette) = try decoded("rgbw-palette") else { Issue.record("palette-img decoded"); return }
        #expect(palette.contains("palette-img of pixel format RGBW"))
        let predicted = file.renditions[try #require(file.renditions.firstIndex { $0.name == "rgbw-predicted" })]
        #expect(file.attributes(of: predicted)["not-decoded"]?.contains("mode 2") == true)
    }

    @Test("MLEC flag bit 1 (no alpha) makes the pixels opaque")
    func opaqueFlag() throws {
        #expect(pixel16(try image("opaque"), 0) == [1000, 2000, 3000, 65535])
    }

    @Test("an internal reference into an RGBW atlas is cropped at 16 bits too")
    func atlasCrop() throws {
        let image = try image("crop")
        // x = 2, y = 0 from the bottom: the atlas's bottom-right pixel, (1, 2, 3, 4).
        #expect(image.width == 1 && image.height == 1 && pixel16(image, 0) == [1, 2, 3, 4])
    }

    // MARK: 16-bit PNG

    /// The IHDR fields and the unfiltered image data of a non-interlaced PNG of 8 bytes a pixel.
    static func readPNG16(_ png: [UInt8]) throws -> (width: Int, height: Int, bitDepth: Int, colorType: Int, rows: [[UInt8]]) {
        func be32(_ at: Int) -> Int { Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3]) }
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = be32(16), height = be32(20), bitDepth = Int(png[24]), colorType = Int(png[25])
        var data: [UInt8] = []
        var at = 8
        while at + 8 <= png.count {
            let length = be32(at), type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
            if type == "IDAT" { data += png[(at + 8)..<(at + 8 + length)] }
            at += 12 + length
        }
        let stride = width * 8
        var inflated = [UInt8](repeating: 0, count: height * (1 + stride))
        let ok = data.withUnsafeBytes { source in inflated.withUnsafeMutableBytes { Deflate.decompress(source, into: $0) } }
        try #require(ok, "the image data inflates to the size the header gives")
        var rows: [[UInt8]] = []
        var previous = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            let filter = inflated[y * (1 + stride)]
            var row = Array(inflated[(y * (1 + stride) + 1)..<((y + 1) * (1 + stride))])
            for x in 0..<stride {
                let left = x >= 8 ? Int(row[x - 8]) : 0, up = Int(previous[x]), corner = x >= 8 ? Int(previous[x - 8]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                default:
                    let p = left + up - corner, pa = abs(p - left), pb = abs(p - up), pc = abs(p - corner)
                    predictor = pa <= pb && pa <= pc ? left : (pb <= pc ? up : corner)
                }
                row[x] = UInt8((Int(row[x]) + predictor) & 0xFF)
            }
            rows.append(row)
            previous = row
        }
        return (width, height, bitDepth, colorType, rows)
    }

    @Test("a deep rendition exports as a 16-bit RGBA PNG, un-premultiplied; an 8-bit one stays 8-bit")
    func png16() throws {
        let index = try #require(file.renditions.firstIndex { $0.name == "rgbw-integers" })
        guard case .file(let png, let fileExtension) = try file.fileBytes(ofRendition: index, decoder: CARDecoder(file: file)) else {
            Issue.record("no file")
            return
        }
        #expect(fileExtension == "png")
        let read = try Self.readPNG16(png)
        #expect(read.width == 3 && read.height == 2 && read.bitDepth == 16 && read.colorType == 6)
        func sample(_ y: Int, _ x: Int, _ channel: Int) -> Int { Int(read.rows[y][8 * x + 2 * channel]) << 8 | Int(read.rows[y][8 * x + 2 * channel + 1]) }
        #expect((0..<4).map { sample(0, 0, $0) } == [65535, 0, 0, 65535])
        // (16384, 8192, 0, 32768) premultiplied: straight red 0.5, green 0.25 at alpha 0.5.
        #expect((0..<4).map { sample(1, 0, $0) } == [32768, 16384, 0, 32768])
        #expect((0..<4).map { sample(1, 1, $0) } == [0, 0, 0, 0])
        // (1, 2, 3, 4): straight 16383.75, 32767.5, 49151.25 rounded.
        #expect((0..<4).map { sample(1, 2, $0) } == [16384, 32768, 49151, 4])
        // RGB5 is 8-bit in the file: PNGCodec.encode falls back to 8 bits.
        let rgb5 = try #require(file.renditions.firstIndex { $0.name == "rgb5" })
        guard case .file(let eight, _) = try file.fileBytes(ofRendition: rgb5, decoder: CARDecoder(file: file)) else { Issue.record("no file"); return }
        #expect(eight[24] == 8)
        let back = try PNGCodec.decodeRGBA8(eight)
        #expect(Array(back.pixels.prefix(4)) == [255, 0, 0, 255])
    }

    // MARK: Hostile input

    @Test("truncations, bit flips and hostile fields of the 16-bit renditions end in typed errors")
    func hostile() {
        let original = Self.car()
        #expect(CARDamageTests.exercise(original) == nil)
        for length in stride(from: 0, to: original.count, by: 7) { _ = CARDamageTests.exercise(Array(original[0..<length])) }
        var random = SeededRandom(seed: 0x16B)
        for _ in 0..<1500 {
            var damaged = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            }
            CARDamageTests.exercise(damaged)
        }
        let values: [[UInt8]] = [[0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xF0], [0xF0, 0xFF, 0xFF, 0x7F], [0, 0, 1, 0], [0, 1, 0, 0]]
        for offset in stride(from: 0, to: original.count - 4, by: 4) {
            for value in values {
                var damaged = original
                damaged.replaceSubrange(offset..<(offset + 4), with: value)
                CARDamageTests.exercise(damaged)
            }
        }
    }

    @Test("sizes that overflow or exceed the pixel limit, and short payloads, are reasons or typed errors")
    func sizes() throws {
        var car = TestCARBuilder()
        car.facets = [("huge", 1), ("short", 2), ("rows", 3), ("chunk", 4), ("overflow", 5)]
        car.add([17: 1, 1: 85, 2: 181, 12: 1], B.csi(name: "huge", width: 0xFFFF_FFFF, height: 0xFFFF_FFFF, format: "WBGR", payload: B.mlec(compression: 0, data: [0])))
        car.add([17: 2, 1: 85, 2: 181, 12: 1], B.csi(name: "short", width: 4, height: 4, format: "61AG", payload: B.mlec(compression: 0, data: [1, 2, 3])))
        car.add([17: 3, 1: 85, 2: 181, 12: 1], B.csi(name: "rows", width: 2, height: 2, format: "WBGR", tags: [B.rowBytesTag(0x7FFF_FFFF)],
            payload: B.mlec(compression: 0, data: [UInt8](repeating: 0, count: 32))))
        car.add([17: 4, 1: 85, 2: 181, 12: 1], B.csi(name: "chunk", width: 2, height: 2, format: "WBGR",
            payload: B.mlec(compression: 11, chunks: [(0x7FFF_FFFF, Self.deepmap2Stored([UInt8](repeating: 0, count: 32), width: 2, height: 2, format: 0x14, mode: 1))])))
        // Under 2^63 pixels, but 2^66 bytes at 8 a pixel.
        car.add([17: 5, 1: 85, 2: 181, 12: 1], B.csi(name: "overflow", width: 0xFFFF_FFFF, height: 0x7FFF_FFFF, format: "WBGR", payload: B.mlec(compression: 0, data: [0])))
        let file = try CARFile(bytes: car.build())
        let decoder = CARDecoder(file: file)
        func index(_ name: String) throws -> Int { try #require(file.renditions.firstIndex { $0.name == name }) }
        guard case .notDecodable(let reason) = try decoder.decode(try index("huge")) else { Issue.record("a 2^64-pixel image decoded"); return }
        #expect(reason.contains("pixels"))
        for name in ["short", "rows", "chunk"] {
            let at = try index(name)
            #expect(throws: CARError.self, "\(name)") { try decoder.decode(at) }
        }
        // With no pixel limit, a size whose bytes overflow is an error, not a trap.
        let unlimited = CARDecoder(file: file)
        unlimited.maxPixels = .max
        let overflow = try index("overflow")
        #expect(throws: CARError.self) { try unlimited.decode(overflow) }
    }

    /// Writes the test car as the FuzzCAR seed when `ASSETC_WRITE_FUZZ_SEEDS` names the repository's root (how
    /// `Fuzz/Corpus/FuzzCAR/seed-deep-pixels.car` was made); otherwise checks that the committed seed is still this car.
    @Test("the FuzzCAR seed holds these renditions")
    func fuzzSeed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let seed = root.appendingPathComponent("Fuzz/Corpus/FuzzCAR/seed-deep-pixels.car")
        if ProcessInfo.processInfo.environment["ASSETC_WRITE_FUZZ_SEEDS"] != nil { try Data(Self.car()).write(to: seed) }
        #expect(try [UInt8](Data(contentsOf: seed)) == Self.car())
    }
}
