/// Writes a value whose size is known up front straight into its array: little-endian numbers, four-character codes
/// and fixed text fields, with no growth and no array per field. For the values a compile makes by the ten thousand
/// (internal references: about 18,000 instructions each when built from field arrays, issue 43), where
/// ``BinaryWriter``'s appends cost more than the bytes.
///
/// - Precondition: the writes fill exactly the size given to ``make(count:_:)``.
struct FixedSizeWriter: ~Copyable {
    private let bytes: UnsafeMutableRawBufferPointer
    private(set) var position = 0

    private init(_ bytes: UnsafeMutableRawBufferPointer) { self.bytes = bytes }

    /// An array of `count` bytes written by `write`, which must write every one of them.
    static func make(count: Int, _ write: (inout FixedSizeWriter) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var writer = FixedSizeWriter(UnsafeMutableRawBufferPointer(buffer))
            write(&writer)
            precondition(writer.position == count, "a fixed-size value is written whole")
            initialized = count
        }
    }

    mutating func le16(_ value: UInt16) {
        precondition(position + 2 <= bytes.count, "inside the value")
        bytes.storeBytes(of: value.littleEndian, toByteOffset: position, as: UInt16.self)
        position += 2
    }

    mutating func le32(_ value: UInt32) {
        precondition(position + 4 <= bytes.count, "inside the value")
        bytes.storeBytes(of: value.littleEndian, toByteOffset: position, as: UInt32.self)
        position += 4
    }

    /// Each of `values` as a 32-bit little-endian number.
    mutating func le32(_ values: UInt32...) {
        for value in values { le32(value) }
    }

    /// A four-character code as CoreUI stores it (``BinaryWriter/appendFourCC(_:_:)``: `ARGB` is `BGRA` in the file).
    mutating func fourCC(_ code: StaticString) {
        precondition(code.utf8CodeUnitCount == 4 && position + 4 <= bytes.count, "four characters inside the value")
        for index in 0..<4 { bytes[position + index] = code.utf8Start[3 - index] }
        position += 4
    }

    /// `text` in a NUL-padded field of `width` bytes, cut at a character boundary when too long so that one NUL always
    /// ends it (``BinaryWriter/appendFixed(_:_:width:)``).
    mutating func fixed(_ text: String, width: Int) {
        precondition(width > 0 && position + width <= bytes.count, "a field inside the value")
        var text = text
        text.withUTF8 { utf8 in
            let count = BinaryWriter.fixedFieldCount(utf8, width: width)
            let field = UnsafeMutableRawBufferPointer(rebasing: bytes[position..<(position + width)])
            if count > 0 { field.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[0..<count]))) }
            UnsafeMutableRawBufferPointer(rebasing: field[count...]).initializeMemory(as: UInt8.self, repeating: 0)
        }
        position += width
    }
}
