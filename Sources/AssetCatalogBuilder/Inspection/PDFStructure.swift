/// Checks the structure a PDF reader needs before it can draw anything: the end-of-file marker and the
/// `startxref` pointer to a cross-reference table (`xref`) or stream (`N G obj`). Nothing is rendered.
///
/// Only a fixed window at the end of the file and a few bytes at the target offset are looked at, so the
/// check is constant-time in the file's size. Messages name byte offsets, never the file's bytes.
enum PDFStructure {
    /// How far from the end `%%EOF` and `startxref` are searched for (writers may add a little junk after).
    static let tailWindow = 2048

    private static let eofMarker: [UInt8] = Array("%%EOF".utf8)
    private static let startxref: [UInt8] = Array("startxref".utf8)
    private static let xref: [UInt8] = Array("xref".utf8)
    private static let obj: [UInt8] = Array("obj".utf8)

    /// Why the PDF is damaged, or `nil` when its trailer structure is sound.
    static func problem(_ bytes: UnsafeRawBufferPointer) -> String? {
        let count = bytes.count
        let tailStart = max(0, count - tailWindow)
        guard lastIndex(of: eofMarker, in: bytes, from: tailStart) != nil else {
            return "is truncated: no %%EOF marker at the end of the PDF"
        }
        guard let keyword = lastIndex(of: startxref, in: bytes, from: tailStart) else {
            return "has no startxref pointer to its cross-reference table"
        }
        var position = keyword + startxref.count
        while position < count, isPDFSpace(bytes[position]) { position += 1 }
        var offset = 0
        var digits = 0
        while position < count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9"), digits < 19 {
            offset = offset * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        guard digits > 0 else { return "has a startxref without an offset (byte \(keyword))" }
        guard offset < keyword else {
            return "has a startxref pointing to byte \(offset), beyond the cross-reference data (file of \(count) bytes)"
        }
        // Some writers are off by a few bytes of whitespace; readers tolerate that, so do we.
        var target = offset
        while target < count, isPDFSpace(bytes[target]) { target += 1 }
        if starts(bytes, with: xref, at: target) || isObjectHeader(bytes, at: target) { return nil }
        return "has a startxref pointing to byte \(offset), where there is no cross-reference table (broken xref)"
    }

    /// `N G obj`: an object number, a generation and the keyword (a cross-reference stream).
    private static func isObjectHeader(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Bool {
        var position = start
        for _ in 0..<2 {
            let first = position
            while position < bytes.count, position - first < 12, bytes[position] >= UInt8(ascii: "0"),
                bytes[position] <= UInt8(ascii: "9")
            {
                position += 1
            }
            guard position > first else { return false }
            let spaceStart = position
            while position < bytes.count, position - spaceStart < 8, isPDFSpace(bytes[position]) { position += 1 }
            guard position > spaceStart else { return false }
        }
        return starts(bytes, with: obj, at: position)
    }

    static func isPDFSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    private static func starts(_ bytes: UnsafeRawBufferPointer, with pattern: [UInt8], at position: Int) -> Bool {
        guard position >= 0, position + pattern.count <= bytes.count else { return false }
        for (offset, byte) in pattern.enumerated() where bytes[position + offset] != byte { return false }
        return true
    }

    private static func lastIndex(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var position = bytes.count - pattern.count
        while position >= start {
            if starts(bytes, with: pattern, at: position) { return position }
            position -= 1
        }
        return nil
    }
}
