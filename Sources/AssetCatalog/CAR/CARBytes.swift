/// A bounds-checked window on the bytes of a `.car` file: every read names the structure it belongs to, and
/// every offset and length is checked against the window before it is used.
///
/// `base` is the absolute file offset of the window's first byte, so errors report positions in the file.
public struct CARBytes: @unchecked Sendable {
    /// The bytes of the window (memory owned by the ``CARFile`` that made it).
    public let buffer: UnsafeRawBufferPointer
    /// The file offset of `buffer[0]`.
    public let base: Int
    /// What the window holds, named when an error needs it (``structure``).
    let label: CARStructureLabel

    /// The structure the window holds, for error messages.
    public var structure: String { label.text }

    /// Creates a window.
    public init(buffer: UnsafeRawBufferPointer, base: Int, structure: String) {
        self.init(buffer: buffer, base: base, label: .text(structure))
    }

    init(buffer: UnsafeRawBufferPointer, base: Int, label: CARStructureLabel) {
        self.buffer = buffer
        self.base = base
        self.label = label
    }

    /// The number of bytes in the window.
    public var count: Int { buffer.count }

    /// The same bytes, named as another structure.
    public func named(_ name: String) -> CARBytes { CARBytes(buffer: buffer, base: base, label: .text(name)) }

    /// The same bytes, labelled as another structure (named only if an error needs it).
    func labelled(_ label: CARStructureLabel) -> CARBytes { CARBytes(buffer: buffer, base: base, label: label) }

    /// `length` bytes from `offset`, as a new window named `name`.
    public func slice(_ offset: Int, _ length: Int, as name: String? = nil) throws(CARError) -> CARBytes {
        try slice(offset, length, label: name.map { .text($0) } ?? label)
    }

    /// `length` bytes from `offset`, as a new window labelled `label`: the name is put together only when the
    /// slice or a read from it fails, so reading a file's tens of thousands of records builds no names.
    func slice(_ offset: Int, _ length: Int, label: CARStructureLabel) throws(CARError) -> CARBytes {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw CARError(
                .truncated, label.text, offset: base + max(0, offset),
                "needs \(length) bytes at +\(offset) of \(structure), which has \(count)")
        }
        return CARBytes(
            buffer: UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + length)]), base: base + offset, label: label)
    }

    /// The bytes from `offset` to the end.
    public func suffix(from offset: Int, as name: String? = nil) throws(CARError) -> CARBytes {
        try slice(offset, count - max(0, min(offset, count)), as: name)
    }

    /// Throws unless `offset..<offset+length` lies inside the window.
    public func require(_ offset: Int, _ length: Int) throws(CARError) {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw CARError(
                .truncated, structure, offset: base + max(0, offset),
                "needs \(length) bytes at +\(offset), the structure has \(count)")
        }
    }

    /// One byte.
    public func u8(_ offset: Int) throws(CARError) -> UInt8 {
        try require(offset, 1)
        return buffer[offset]
    }

    /// A little-endian 16-bit value.
    public func u16(_ offset: Int) throws(CARError) -> UInt16 {
        try require(offset, 2)
        return UInt16(buffer[offset]) | UInt16(buffer[offset + 1]) << 8
    }

    /// A little-endian 32-bit value.
    public func u32(_ offset: Int) throws(CARError) -> UInt32 {
        try require(offset, 4)
        return UInt32(buffer[offset]) | UInt32(buffer[offset + 1]) << 8 | UInt32(buffer[offset + 2]) << 16
            | UInt32(buffer[offset + 3]) << 24
    }

    /// A big-endian 16-bit value (the BOM container is big-endian).
    public func u16BE(_ offset: Int) throws(CARError) -> UInt16 {
        try require(offset, 2)
        return UInt16(buffer[offset]) << 8 | UInt16(buffer[offset + 1])
    }

    /// A big-endian 32-bit value.
    public func u32BE(_ offset: Int) throws(CARError) -> UInt32 {
        try require(offset, 4)
        return UInt32(buffer[offset]) << 24 | UInt32(buffer[offset + 1]) << 16 | UInt32(buffer[offset + 2]) << 8
            | UInt32(buffer[offset + 3])
    }

    /// A little-endian IEEE double.
    public func f64(_ offset: Int) throws(CARError) -> Double {
        try require(offset, 8)
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(buffer[offset + index]) << (8 * UInt64(index)) }
        return Double(bitPattern: bits)
    }

    /// A little-endian IEEE float.
    public func f32(_ offset: Int) throws(CARError) -> Float {
        Float(bitPattern: try u32(offset))
    }

    /// Four bytes as text, in file order (`CTSI` is stored as `ISTC`): used for tags and magics.
    public func tag(_ offset: Int) throws(CARError) -> String {
        try require(offset, 4)
        // Four ASCII bytes make a small (inline) string: no array and no allocation per tag read.
        return String(unsafeUninitializedCapacity: 4) { text in
            for index in 0..<4 {
                let byte = buffer[offset + index]
                text[index] = (32...126).contains(byte) ? byte : 0x3F
            }
            return 4
        }
    }

    /// A NUL-terminated string in a fixed field of `length` bytes (bytes after the first NUL are ignored).
    public func fixedString(_ offset: Int, _ length: Int) throws(CARError) -> String {
        try require(offset, length)
        let field = buffer[offset..<(offset + length)]
        let end = field.firstIndex(of: 0) ?? field.endIndex
        return String(decoding: field[field.startIndex..<end], as: UTF8.self)
    }

    /// All bytes as a string (UTF-8, invalid sequences replaced), stopping at a NUL.
    public var text: String {
        let end = buffer.firstIndex(of: 0) ?? buffer.endIndex
        return String(decoding: buffer[0..<end], as: UTF8.self)
    }

    /// A copy of the bytes.
    public var bytes: [UInt8] { [UInt8](buffer) }

    /// An error at `offset` in this window.
    public func error(_ kind: CARError.Kind, at offset: Int, _ detail: String) -> CARError {
        CARError(kind, structure, offset: base + offset, detail)
    }
}

/// The name of the structure a ``CARBytes`` window holds, kept in parts and put together (``text``) only when an
/// error message needs it: most names of a car's records contain the record's name ("payload of icon"), and
/// building one per record cost more than reading the record.
enum CARStructureLabel: Sendable {
    /// A name as given.
    case text(String)
    /// `CSI info tags of NAME`.
    case infoTagsOf(String)
    /// `info tag TAG of NAME`.
    case infoTag(UInt32, of: String)
    /// `payload of NAME`.
    case payloadOf(String)
    /// `facet NAME`.
    case facet(String)

    /// The name.
    var text: String {
        switch self {
        case .text(let text): return text
        case .infoTagsOf(let name): return "CSI info tags of \(name)"
        case .infoTag(let tag, let name): return "info tag \(tag) of \(name)"
        case .payloadOf(let name): return "payload of \(name)"
        case .facet(let name): return "facet \(name)"
        }
    }
}
