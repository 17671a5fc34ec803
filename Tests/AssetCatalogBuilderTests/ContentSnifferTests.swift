import AssetCatalog
import AssetCatalogBuilder
import Testing

private func sniff(_ bytes: [UInt8]) -> ContentType { ContentSniffer.sniff(bytes) }
private func sniff(_ text: String) -> ContentType { ContentSniffer.sniff(Array(text.utf8)) }

private func isoBMFF(major: String, compatible: [String]) -> [UInt8] {
    let body = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
    return PNGFixtures.bigEndian(UInt32(8 + body.count)) + Array("ftyp".utf8) + body + [0, 0, 0, 8] + Array("meta".utf8)
}

@Suite("Content sniffing")
struct ContentSnifferTests {
    @Test func rasterFormats() {
        #expect(sniff(PNGFixtures.signature + [0, 0, 0, 13]) == .png)
        #expect(sniff([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]) == .jpeg)
        #expect(sniff("GIF87a\u{1}\u{0}") == .gif)
        #expect(sniff("GIF89a\u{1}\u{0}") == .gif)
        #expect(sniff(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8)) == .webp)
        #expect(sniff(Array("8BPS".utf8) + [0, 1, 0, 0, 0, 0, 0, 0]) == .psd)
    }

    @Test func isoMediaBrands() {
        for brand in ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1", "avif"] {
            #expect(sniff(isoBMFF(major: brand, compatible: [])) == .heif, "major brand \(brand)")
        }
        #expect(sniff(isoBMFF(major: "isom", compatible: ["mp41", "mif1"])) == .heif)
        #expect(sniff(isoBMFF(major: "isom", compatible: ["mp41", "avc1"])) == .unknown)
        #expect(sniff(isoBMFF(major: "qt  ", compatible: [])) == .unknown)
    }

    @Test func documents() {
        #expect(sniff("%PDF-1.7\n%âãÏÓ") == .pdf)
        // Some writers put junk before the header; readers accept it within the first KiB.
        #expect(sniff(String(repeating: " ", count: 1000) + "%PDF-1.4") == .pdf)
        #expect(sniff(String(repeating: " ", count: 1100) + "%PDF-1.4") == .unknown)
    }

    @Test func gitLFSPointer() {
        let pointer = """
            version https://git-lfs.github.com/spec/v1
            oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
            size 12345

            """
        #expect(sniff(pointer) == .gitLFSPointer)
        #expect(sniff("version https://git-lfs.github.com/spec/v2\n") == .unknown)
    }

    @Test func extensionIsIrrelevant() {
        // A ".png" that is really a Photoshop document, and a ".psd" that is really a PNG.
        #expect(sniff(Array("8BPS".utf8) + [0, 1] + PNGFixtures.signature) == .psd)
        #expect(sniff(PNGFixtures.signature + Array("8BPS".utf8)) == .png)
        // A ".jpg" that is a PNG; a ".svg" that is a PDF.
        #expect(sniff(PNGFixtures.signature) == .png)
        #expect(sniff("%PDF-1.3 <svg>") == .pdf)
    }

    @Test func nearMissesAreUnknown() {
        #expect(sniff([]) == .unknown)
        #expect(sniff(Array(PNGFixtures.signature.prefix(7))) == .unknown)
        #expect(sniff([0xFF, 0xD8]) == .unknown)
        #expect(sniff("GIF90a") == .unknown)
        #expect(sniff(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)) == .unknown)
        #expect(sniff("8BP") == .unknown)
        #expect(sniff("hello world") == .unknown)
        #expect(sniff([0, 0, 0, 8] + Array("ftyp".utf8)) == .unknown)
    }

    @Test func arrayAndBufferOverloadsAgree() {
        let samples: [[UInt8]] = [PNGFixtures.signature, Array("<svg/>".utf8), Array("%PDF-".utf8), [1, 2, 3]]
        for sample in samples {
            #expect(sample.withUnsafeBytes { ContentSniffer.sniff($0) } == ContentSniffer.sniff(sample))
        }
    }
}

@Suite("Content sniffing: SVG")
struct ContentSnifferSVGTests {
    @Test(arguments: [
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        "<svg>",
        "<svg/>",
        "\n\t  <svg\nwidth=\"1\">",
        "\u{FEFF}<svg viewBox=\"0 0 1 1\"></svg>",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg>",
        "<?xml version=\"1.0\"?><!-- Generator: Adobe Illustrator --><svg>",
        "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\"><svg>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n<!ENTITY ns \"http://x\">\n<!ENTITY a \"<b>\">\n]>\n<svg>",
        "<!-- a > b --><?xml-stylesheet href=\"x.css\"?>\n<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\">",
        "<!doctype svg><svg>",
    ])
    func recognised(document: String) {
        #expect(sniff(document) == .svg)
    }

    @Test(arguments: [
        "<svgx>",
        "<html><body><svg></svg></body></html>",
        "<?xml version=\"1.0\"?><root><svg/></root>",
        "<!-- never closed <svg>",
        "<?xml never closed <svg>",
        "text before <svg>",
        "<svg",
    ])
    func rejected(document: String) {
        #expect(sniff(document) == .unknown)
    }

    @Test func rootMustAppearWithinFourKiB() {
        let comment = "<!--" + String(repeating: "x", count: 4100) + "-->"
        #expect(sniff(comment + "<svg>") == .unknown)
        let shortComment = "<!--" + String(repeating: "x", count: 3000) + "-->"
        #expect(sniff(shortComment + "<svg>") == .svg)
    }
}

@Suite("Content sniffing: JPEG size")
struct ContentSnifferJPEGTests {
    /// SOI, an APP0 segment, an optional DQT, a SOF segment and the start of a scan.
    private func jpeg(width: UInt16, height: UInt16, components: UInt8 = 3, sof: UInt8 = 0xC0, fill: Bool = false)
        -> [UInt8]
    {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        if fill { bytes += [0xFF, 0xFF, 0xFF] }
        bytes += [0xFF, 0xDB, 0x00, 0x04, 0x00, 0x01]  // a (tiny) quantisation table segment
        bytes += [0xFF, 0xDD, 0x00, 0x04, 0x00, 0x10]  // DRI
        bytes += [0xFF, 0xD0]  // a stray RST marker, which has no length
        let frameLength = UInt16(8 + 3 * Int(components))
        bytes +=
            [0xFF, sof] + PNGFixtures.bigEndian16(frameLength) + [8] + PNGFixtures.bigEndian16(height)
            + PNGFixtures.bigEndian16(width) + [components]
        for index in 0..<components { bytes += [index + 1, 0x11, 0] }
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF, 0xD9]
        return bytes
    }

    @Test func readsTheFrameHeader() throws {
        let baseline = try JPEGInspector.inspect(jpeg(width: 640, height: 480)).get()
        #expect(baseline == JPEGInspection(width: 640, height: 480, components: 3, bitsPerSample: 8))
        let progressive = try JPEGInspector.inspect(jpeg(width: 1, height: 65535, components: 1, sof: 0xC2, fill: true))
            .get()
        #expect(progressive.width == 1 && progressive.height == 65535 && progressive.components == 1)
        let cmyk = try JPEGInspector.inspect(jpeg(width: 20, height: 10, components: 4, sof: 0xC1)).get()
        #expect(cmyk.components == 4)
    }

    @Test func truncationAtEveryLengthIsAnErrorBeforeTheFrameHeader() {
        let full = jpeg(width: 300, height: 200)
        let frameEnd = full.count - 14  // everything after the SOF segment is scan data
        for length in 0..<frameEnd {
            let result = JPEGInspector.inspect(Array(full.prefix(length)))
            if case .success = result { Issue.record("prefix of \(length) bytes inspected as valid") }
        }
        #expect((try? JPEGInspector.inspect(Array(full.prefix(frameEnd))).get())?.width == 300)
    }

    @Test func errors() {
        #expect(JPEGInspector.inspect(Array("not a jpeg".utf8)) == .failure(.notJPEG))
        #expect(JPEGInspector.inspect([0xFF, 0xD8, 0xFF]) == .failure(.truncated))
        #expect(JPEGInspector.inspect([0xFF, 0xD8, 0xFF, 0xD9]) == .failure(.missingFrameHeader))
        #expect(JPEGInspector.inspect([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) == .failure(.missingFrameHeader))
        if case .failure(.malformed) = JPEGInspector.inspect([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0, 0]) {
        } else {
            Issue.record("a segment length below 2 must be rejected")
        }
        if case .failure(.malformed) = JPEGInspector.inspect([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02, 0x12, 0xFF, 0xC0]) {
        } else {
            Issue.record("garbage between segments must be rejected")
        }
        if case .failure(.malformed) = JPEGInspector.inspect(jpeg(width: 0, height: 5)) {
        } else {
            Issue.record("a zero width must be rejected")
        }
        if case .failure(.malformed) = JPEGInspector.inspect(jpeg(width: 5, height: 0)) {
        } else {
            Issue.record("a DNL-defined height is not supported")
        }
    }

    @Test func garbageNeverCrashes() {
        var state: UInt32 = 12345
        for length in [3, 4, 10, 100, 1000] {
            for _ in 0..<50 {
                var bytes: [UInt8] = [0xFF, 0xD8, 0xFF]
                while bytes.count < length {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    bytes.append(UInt8(truncatingIfNeeded: state >> 24))
                }
                _ = JPEGInspector.inspect(bytes)
            }
        }
    }
}
