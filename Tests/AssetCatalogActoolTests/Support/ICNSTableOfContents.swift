/// The entries of an `.icns` file, read by their headers: the file is `icns` and its big-endian length, then
/// entries of a four-character type, a big-endian length that counts its own eight-byte header, and the data.
/// Every length is checked against the bytes there are; a damaged file is an error saying where.
struct ICNSTableOfContents {
    struct Entry: Equatable {
        var type: String
        /// The entry's data (without its header).
        var data: [UInt8]

        /// The width and height in the PNG header of `data`, or `nil` when the data is not a PNG.
        var pngSize: (width: Int, height: Int)? {
            let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            guard data.count >= 24, Array(data.prefix(8)) == signature, Array(data[12..<16]) == Array("IHDR".utf8) else { return nil }
            return (Int(ICNSTableOfContents.bigEndian32(data, at: 16)), Int(ICNSTableOfContents.bigEndian32(data, at: 20)))
        }
    }

    struct Damaged: Error, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "damaged .icns at byte \(offset): \(reason)" }
    }

    var entries: [Entry] = []

    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 8, Array(bytes.prefix(4)) == Array("icns".utf8) else {
            throw Damaged(offset: 0, reason: "no 'icns' header")
        }
        let total = Int(Self.bigEndian32(bytes, at: 4))
        guard total == bytes.count else { throw Damaged(offset: 4, reason: "the header says \(total) bytes, the file has \(bytes.count)") }
        var offset = 8
        while offset < total {
            guard total - offset >= 8 else { throw Damaged(offset: offset, reason: "an entry header is cut off") }
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let length = Int(Self.bigEndian32(bytes, at: offset + 4))
            guard length >= 8, length <= total - offset else {
                throw Damaged(offset: offset + 4, reason: "entry '\(type)' says \(length) bytes, \(total - offset) are left")
            }
            entries.append(Entry(type: type, data: Array(bytes[offset + 8..<offset + length])))
            offset += length
        }
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
