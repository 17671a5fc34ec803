import Foundation

/// A temporary "repository" as a pull request could shape it: `repo/App.xcassets` is the catalog
/// under test and `outside/` holds what must never be read through it (a secret, a foreign
/// `Contents.json`). Removed when released.
final class HostileRepository {
    let folder: URL
    let repository: URL
    let catalog: URL
    let outside: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-hostile-" + UUID().uuidString)
        repository = folder.appendingPathComponent("repo")
        catalog = repository.appendingPathComponent("App.xcassets")
        outside = folder.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try write("Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Writes text at a path relative to the catalog, creating folders.
    func write(_ path: String, _ text: String) throws {
        try write(path, Array(text.utf8))
    }

    /// Writes bytes at a path relative to the catalog, creating folders.
    func write(_ path: String, _ bytes: [UInt8]) throws {
        let url = catalog.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Writes a file outside the repository and returns its path.
    @discardableResult
    func writeOutside(_ name: String, _ text: String) throws -> String {
        let url = outside.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Makes `path` (relative to the catalog) a symbolic link to `target`.
    func link(_ path: String, to target: String) throws {
        let url = catalog.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// A colour set whose single entry has these components.
    func colorSet(_ name: String, red: String, green: String = "\"0.5\"", blue: String = "\"0.5\"") throws {
        try write(
            "\(name).colorset/Contents.json",
            #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":\#(red),"green":\#(green),"blue":\#(blue),"alpha":"1.000"}}}],"info":{"author":"xcode","version":1}}"#
        )
    }

    /// A one-variant image set with a small PNG.
    func imageSet(_ name: String, file: String = "a.png", width: Int = 4, height: Int = 4) throws {
        try write("\(name).imageset/\(file)", TestPNG.make(width: width, height: height))
        try write(
            "\(name).imageset/Contents.json",
            #"{"images":[{"idiom":"universal","filename":"\#(file)"}],"info":{"author":"xcode","version":1}}"#)
    }
}

/// An 8-bit RGBA PNG with stored deflate blocks (valid for every decoder), for end-to-end fixtures.
enum TestPNG {
    static func make(width: Int, height: Int, extraChunks: [(String, [UInt8])] = []) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width { raw += [UInt8(truncatingIfNeeded: x * 40), UInt8(truncatingIfNeeded: y * 40), 128, 255] }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        for (type, data) in extraChunks { png += chunk(type, data) }
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
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
            out.append(offset + length >= data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
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
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
