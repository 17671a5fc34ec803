/// Reads the few things asset compilation needs from an ICC profile (header, tag table, the
/// `desc` text, the colorant XYZ values).
///
/// Profiles come from untrusted files, so every offset and length is checked against the buffer
/// before use and every loop is bounded by the buffer size: malformed input yields `nil`, never
/// a trap.
struct ICCProfileReader {
    private let bytes: UnsafeRawBufferPointer

    /// The profile header (128 bytes) plus the tag count.
    private static let headerSize = 128
    private static let tagEntrySize = 12

    /// `nil` unless `bytes` holds an ICC header (`acsp` signature) and a tag count.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= ICCProfileReader.headerSize + 4,
            ICCProfileReader.uint32(bytes, at: 36) == ICCProfileReader.signature("acsp")
        else { return nil }
        self.bytes = bytes
    }

    /// The profile's human-readable description (`desc` tag), trimmed; `nil` when absent,
    /// malformed or empty.
    var profileDescription: String? {
        guard let tag = tagData(ICCProfileReader.signature("desc")),
            let type = ICCProfileReader.uint32(tag, at: 0)
        else { return nil }
        let text: String?
        switch type {
        case ICCProfileReader.signature("desc"): text = ICCProfileReader.textDescription(tag)
        case ICCProfileReader.signature("mluc"): text = ICCProfileReader.multiLocalizedText(tag)
        case ICCProfileReader.signature("text"): text = ICCProfileReader.plainText(tag)
        default: text = nil
        }
        guard let trimmed = text.map(ICCProfileReader.trimmed), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// The red, green and blue colorants (`rXYZ`, `gXYZ`, `bXYZ`), when all three are present.
    var colorants: (red: XYZ, green: XYZ, blue: XYZ)? {
        guard let red = xyz("rXYZ"), let green = xyz("gXYZ"), let blue = xyz("bXYZ") else { return nil }
        return (red, green, blue)
    }

    /// A CIE XYZ triple (PCS-relative, usually D50-adapted).
    struct XYZ {
        var x: Double
        var y: Double
        var z: Double

        /// Whether every component is within `tolerance` of `other`'s.
        func isClose(to other: XYZ, tolerance: Double) -> Bool {
            abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance && abs(z - other.z) <= tolerance
        }
    }

    // MARK: - Tag table

    /// The bytes of the first tag with `signature`, bounds-checked.
    private func tagData(_ signature: UInt32) -> UnsafeRawBufferPointer? {
        guard let declaredCount = ICCProfileReader.uint32(bytes, at: ICCProfileReader.headerSize) else { return nil }
        // A hostile count cannot make the loop run past the entries that actually fit.
        let fitting = (bytes.count - ICCProfileReader.headerSize - 4) / ICCProfileReader.tagEntrySize
        let count = min(Int(declaredCount), fitting)
        var entry = ICCProfileReader.headerSize + 4
        for _ in 0..<count {
            defer { entry += ICCProfileReader.tagEntrySize }
            guard ICCProfileReader.uint32(bytes, at: entry) == signature,
                let offset = ICCProfileReader.uint32(bytes, at: entry + 4).map(Int.init),
                let size = ICCProfileReader.uint32(bytes, at: entry + 8).map(Int.init)
            else { continue }
            guard offset <= bytes.count, size <= bytes.count - offset else { return nil }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + size)])
        }
        return nil
    }

    private func xyz(_ name: StaticString) -> XYZ? {
        // XYZType: 'XYZ ', reserved, then s15Fixed16 X, Y, Z.
        guard let tag = tagData(ICCProfileReader.signature(name)),
            ICCProfileReader.uint32(tag, at: 0) == ICCProfileReader.signature("XYZ "),
            let x = ICCProfileReader.s15Fixed16(tag, at: 8),
            let y = ICCProfileReader.s15Fixed16(tag, at: 12),
            let z = ICCProfileReader.s15Fixed16(tag, at: 16)
        else { return nil }
        return XYZ(x: x, y: y, z: z)
    }

    // MARK: - Text types

    /// ICC v2 `textDescriptionType`: an ASCII part, then a Unicode part used when ASCII is empty.
    private static func textDescription(_ tag: UnsafeRawBufferPointer) -> String? {
        guard let asciiCount = uint32(tag, at: 8).map(Int.init) else { return nil }
        let asciiStart = 12
        if asciiCount > 0, asciiCount <= tag.count - asciiStart {
            let ascii = tag[asciiStart..<(asciiStart + asciiCount)]
            let text = String(decoding: ascii.prefix { $0 != 0 }, as: UTF8.self)
            if !trimmed(text).isEmpty { return text }
        }
        // Unicode part: language code (4), character count (4), UTF-16BE characters.
        guard asciiCount <= tag.count - asciiStart else { return nil }
        let unicodeHeader = asciiStart + asciiCount
        guard let characters = uint32(tag, at: unicodeHeader + 4).map(Int.init) else { return nil }
        let start = unicodeHeader + 8
        guard start <= tag.count else { return nil }
        let byteCount = min(characters, (tag.count - start) / 2) * 2
        return utf16BigEndian(tag, from: start, byteCount: byteCount)
    }

    /// ICC v4 `multiLocalizedUnicodeType`: records of (language, country, length, offset) pointing
    /// at UTF-16BE strings. English (US) is preferred, then any English, then the first record.
    private static func multiLocalizedText(_ tag: UnsafeRawBufferPointer) -> String? {
        guard let recordCount = uint32(tag, at: 8).map(Int.init),
            let recordSize = uint32(tag, at: 12).map(Int.init), recordSize >= 12
        else { return nil }
        let recordsStart = 16
        guard recordsStart <= tag.count else { return nil }
        let count = min(recordCount, (tag.count - recordsStart) / recordSize)
        guard count > 0 else { return nil }

        var chosen: Int?
        var chosenRank = Int.max
        for index in 0..<count {
            let record = recordsStart + index * recordSize
            guard let language = uint16(tag, at: record), let country = uint16(tag, at: record + 2) else { break }
            let rank: Int
            if language == 0x656E && country == 0x5553 {  // "en" "US"
                rank = 0
            } else if language == 0x656E {
                rank = 1
            } else {
                rank = 2
            }
            if rank < chosenRank {
                chosenRank = rank
                chosen = record
            }
            if rank == 0 { break }
        }
        guard let record = chosen,
            let length = uint32(tag, at: record + 4).map(Int.init),
            let offset = uint32(tag, at: record + 8).map(Int.init),
            offset <= tag.count, length <= tag.count - offset
        else { return nil }
        return utf16BigEndian(tag, from: offset, byteCount: length & ~1)
    }

    /// ICC v2 `textType`: NUL-terminated ASCII after the 8-byte type header (some profiles use it
    /// for `desc` although the specification says `textDescriptionType`).
    private static func plainText(_ tag: UnsafeRawBufferPointer) -> String? {
        guard tag.count > 8 else { return nil }
        return String(decoding: tag[8...].prefix { $0 != 0 }, as: UTF8.self)
    }

    private static func utf16BigEndian(_ buffer: UnsafeRawBufferPointer, from start: Int, byteCount: Int) -> String? {
        guard start >= 0, byteCount >= 0, start <= buffer.count, byteCount <= buffer.count - start else { return nil }
        var units: [UInt16] = []
        units.reserveCapacity(byteCount / 2)
        var position = start
        while position + 1 < start + byteCount {
            let unit = UInt16(buffer[position]) << 8 | UInt16(buffer[position + 1])
            if unit == 0 { break }
            units.append(unit)
            position += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    private static func trimmed(_ text: String) -> String {
        let unwanted: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{0}" }
        guard let first = text.firstIndex(where: { !unwanted($0) }),
            let last = text.lastIndex(where: { !unwanted($0) })
        else { return "" }
        return String(text[first...last])
    }

    // MARK: - Bounds-checked big-endian reads

    static func uint32(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> UInt32? {
        guard offset >= 0, offset <= buffer.count - 4 else { return nil }
        return UInt32(buffer[offset]) << 24 | UInt32(buffer[offset + 1]) << 16 | UInt32(buffer[offset + 2]) << 8
            | UInt32(buffer[offset + 3])
    }

    static func uint16(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= buffer.count - 2 else { return nil }
        return UInt16(buffer[offset]) << 8 | UInt16(buffer[offset + 1])
    }

    static func s15Fixed16(_ buffer: UnsafeRawBufferPointer, at offset: Int) -> Double? {
        uint32(buffer, at: offset).map { Double(Int32(bitPattern: $0)) / 65536 }
    }

    /// A four-character code as stored big-endian in the profile.
    static func signature(_ code: StaticString) -> UInt32 {
        precondition(code.utf8CodeUnitCount == 4, "ICC signatures have four characters")
        return code.withUTF8Buffer { UInt32($0[0]) << 24 | UInt32($0[1]) << 16 | UInt32($0[2]) << 8 | UInt32($0[3]) }
    }
}
