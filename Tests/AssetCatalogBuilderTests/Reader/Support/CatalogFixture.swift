import AssetCatalog
import Foundation

@testable import AssetCatalogBuilder

/// A catalog built in a fresh temporary folder by a test, removed when the fixture goes away.
final class CatalogFixture {
    /// The temporary folder holding the catalog (and anything a test puts beside it).
    let base: String
    /// The catalog root, inside ``base``.
    let root: String

    /// Creates `<temp>/<unique>/<name>`; `name` ending in `.xcassets` makes an asset catalog root
    /// (with a root `Contents.json` unless `rootContents` is false).
    init(_ name: String = "Test.xcassets", rootContents: Bool = true) throws {
        base = NSTemporaryDirectory() + "assetc-reader-" + UUID().uuidString
        root = base + "/" + name
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        if rootContents && name.hasSuffix(".xcassets") {
            try contents("", #"{"info":{"author":"xcode","version":1}}"#)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: base)
    }

    /// Writes bytes at a path relative to the root, creating folders.
    func write(_ path: String, _ bytes: [UInt8]) throws {
        try writeAbsolute(root + "/" + path, bytes)
    }

    /// Writes bytes at an absolute path (such as beside the catalog, in ``base``), creating folders.
    func writeAbsolute(_ full: String, _ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: full, contents: Data(bytes)) else {
            throw FixtureError("cannot write \(full)")
        }
    }

    /// Writes text.
    func write(_ path: String, text: String) throws {
        try write(path, Array(text.utf8))
    }

    /// Writes `folder/Contents.json`.
    func contents(_ folder: String, _ json: String) throws {
        try write(folder.isEmpty ? "Contents.json" : folder + "/Contents.json", text: json)
    }

    /// Creates an empty folder.
    func folder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + path, withIntermediateDirectories: true)
    }

    /// Writes a valid PNG.
    func png(_ path: String, width: Int = 4, height: Int = 4) throws {
        try write(path, TinyPNG.make(width: width, height: height))
    }

    /// Writes an image set whose entries are `(filename, json fragment)`; each file named gets a PNG.
    func imageset(_ name: String, _ entries: [(file: String?, json: String)], properties: String? = nil) throws {
        let folder = name + ".imageset"
        var items: [String] = []
        for entry in entries {
            var fields = [entry.json].filter { !$0.isEmpty }
            if let file = entry.file {
                fields.insert("\"filename\":\"\(file)\"", at: 0)
                if !FileManager.default.fileExists(atPath: root + "/" + folder + "/" + file) {
                    try png(folder + "/" + file)
                }
            }
            items.append("{" + fields.joined(separator: ",") + "}")
        }
        var json = "{\"images\":[" + items.joined(separator: ",") + "],\"info\":{\"author\":\"xcode\",\"version\":1}"
        if let properties { json += ",\"properties\":" + properties }
        json += "}"
        try contents(folder, json)
    }

    /// A universal 1x/2x/3x image set of valid PNGs.
    func simpleImageset(_ name: String) throws {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        try imageset(
            name,
            [
                ("\(file).png", #""idiom":"universal","scale":"1x""#),
                ("\(file)@2x.png", #""idiom":"universal","scale":"2x""#),
                ("\(file)@3x.png", #""idiom":"universal","scale":"3x""#),
            ])
    }

    /// Creates a symbolic link at `path` (relative to the root) pointing at `target` (written as given).
    func symlink(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/" + path, withDestinationPath: target)
    }

    /// Reads the catalog.
    func read(jobs: Int? = 2, maxPixels: Int = 256_000_000, verifyPixels: Bool = true) -> CatalogIndex {
        CatalogReader(options: ReaderOptions(maxPixels: maxPixels, verifyPixels: verifyPixels, jobs: jobs)).read([root])
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension CatalogIndex {
    /// The diagnostics of one rule.
    func diagnostics(_ rule: String) -> [Diagnostic] {
        diagnostics.filter { $0.rule == rule }
    }

    /// Whether there is a diagnostic of `rule` at `path` whose message contains every fragment.
    func has(_ rule: String, at path: String, _ fragments: String...) -> Bool {
        diagnostics.contains { diagnostic in
            diagnostic.rule == rule && diagnostic.path == path && fragments.allSatisfy { diagnostic.message.contains($0) }
        }
    }

    /// A readable dump of the diagnostics for failure messages.
    var diagnosticDump: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// Hand-made files for content checks.
enum TinyPNG {
    /// An 8-bit RGBA PNG with stored (uncompressed) deflate blocks, valid for any decoder.
    static func make(width: Int, height: Int, interlaced: Bool = false) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 4 + 1) * height)
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                raw.append(contentsOf: [UInt8(truncatingIfNeeded: x * 40), UInt8(truncatingIfNeeded: y * 40), 128, 255])
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]
        png += chunk("IHDR", header)
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    /// A PNG whose IDAT CRC is wrong (one flipped bit in the stored CRC).
    static func corrupt(width: Int = 8, height: Int = 8) -> [UInt8] {
        var png = make(width: width, height: height)
        // The file ends with IDAT's CRC (4 bytes), then IEND (12 bytes).
        png[png.count - 16] ^= 0x01
        return png
    }

    /// A PNG cut in half.
    static func truncated(width: Int = 16, height: Int = 16) -> [UInt8] {
        let png = make(width: width, height: height)
        return Array(png[0..<(png.count / 2)])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length >= data.count ? 1 : 0
            out.append(final)
            out += [UInt8(length & 0xFF), UInt8(length >> 8)]
            out += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    /// A lossless WebP header (RIFF/WEBP/VP8L) for a tiny image.
    static let webp: [UInt8] =
        Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0x0D, 0, 0, 0, 0x2F, 0x00, 0x00, 0x00, 0x00]
        + [UInt8](repeating: 0, count: 12)

    /// A Photoshop document header.
    static let psd: [UInt8] = Array("8BPS".utf8) + [0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 4, 0, 8, 0, 3] + [UInt8](repeating: 0, count: 16)

    /// A Git LFS pointer.
    static let lfsPointer: [UInt8] = Array(
        """
        version https://git-lfs.github.com/spec/v1
        oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
        size 12345

        """.utf8)

    /// The start of a baseline JPEG of `width` × `height` (SOI, JFIF APP0, SOF0, EOI).
    static func jpeg(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08]
        bytes += [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        bytes += [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        bytes += [0xFF, 0xD9]
        return bytes
    }

    /// A sound PDF with `count` bytes of a comment after its header (the xref offset accounts for them).
    static func pdf(padding count: Int) -> [UInt8] {
        let head = "%PDF-1.4\n%" + String(repeating: " ", count: count) + "\n1 0 obj<<>>endobj\n"
        let offset = head.utf8.count
        return Array((head + "xref\n0 1\n0000000000 65535 f \ntrailer<<>>\nstartxref\n\(offset)\n%%EOF\n").utf8)
    }

    /// A minimal PDF.
    static let pdf: [UInt8] = Array("%PDF-1.4\n1 0 obj<<>>endobj\nxref\n0 1\n0000000000 65535 f \ntrailer<<>>\nstartxref\n27\n%%EOF\n".utf8)

    /// A minimal SVG.
    static let svg: [UInt8] = Array(
        #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>"#.utf8)
}
