extension PropertyListValue {
    /// The binary property-list document (`bplist00`) holding this value: actool's `binary1` output format.
    ///
    /// Strings are stored once however often they occur (keys repeat in actool's documents); objects are
    /// numbered depth-first with dictionary keys in sorted order, so the bytes depend only on the value.
    /// Strings that are all ASCII are stored as ASCII, others as UTF-16 big-endian, as Apple's writer does.
    public var binaryDocument: [UInt8] {
        var table = BinaryPropertyListTable()
        _ = table.add(self)
        return table.serialized()
    }
}

/// The object table of a binary property list being written.
private struct BinaryPropertyListTable {
    private enum Object {
        case string(String)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    private var objects: [Object] = []
    private var stringIndices: [String: Int] = [:]

    /// Adds `value` (and everything in it) and returns its object number.
    mutating func add(_ value: PropertyListValue) -> Int {
        switch value {
        case .string(let text):
            return add(string: text)
        case .array(let values):
            let index = reserve()
            objects[index] = .array(values.map { add($0) })
            return index
        case .dictionary(let values):
            let index = reserve()
            let keys = values.keys.sorted()
            let keyIndices = keys.map { add(string: $0) }
            let valueIndices = keys.map { add(values[$0]!) }
            objects[index] = .dictionary(keys: keyIndices, values: valueIndices)
            return index
        }
    }

    private mutating func add(string: String) -> Int {
        if let index = stringIndices[string] { return index }
        objects.append(.string(string))
        stringIndices[string] = objects.count - 1
        return objects.count - 1
    }

    private mutating func reserve() -> Int {
        objects.append(.array([]))
        return objects.count - 1
    }

    /// The whole file: header, objects, offset table and trailer.
    func serialized() -> [UInt8] {
        let referenceSize = Self.byteCount(for: UInt64(objects.count))
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(bytes.count)
            switch object {
            case .string(let text):
                if text.utf8.allSatisfy({ $0 < 0x80 }) {
                    Self.appendMarker(&bytes, 0x50, count: text.utf8.count)
                    bytes += text.utf8
                } else {
                    let units = Array(text.utf16)
                    Self.appendMarker(&bytes, 0x60, count: units.count)
                    for unit in units { bytes += [UInt8(unit >> 8), UInt8(truncatingIfNeeded: unit)] }
                }
            case .array(let elements):
                Self.appendMarker(&bytes, 0xA0, count: elements.count)
                for element in elements { Self.appendBigEndian(&bytes, UInt64(element), size: referenceSize) }
            case .dictionary(let keys, let values):
                Self.appendMarker(&bytes, 0xD0, count: keys.count)
                for key in keys { Self.appendBigEndian(&bytes, UInt64(key), size: referenceSize) }
                for value in values { Self.appendBigEndian(&bytes, UInt64(value), size: referenceSize) }
            }
        }
        let offsetTableStart = bytes.count
        let offsetSize = Self.byteCount(for: UInt64(offsetTableStart))
        for offset in offsets { Self.appendBigEndian(&bytes, UInt64(offset), size: offsetSize) }
        // Trailer: five unused bytes, the sort version, the two sizes, then three 64-bit numbers.
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        Self.appendBigEndian(&bytes, UInt64(objects.count), size: 8)
        Self.appendBigEndian(&bytes, 0, size: 8)  // the top object is object 0
        Self.appendBigEndian(&bytes, UInt64(offsetTableStart), size: 8)
        return bytes
    }

    /// The fewest bytes (1, 2, 4 or 8) that hold `value`.
    private static func byteCount(for value: UInt64) -> Int {
        switch value {
        case ..<0x100: return 1
        case ..<0x1_0000: return 2
        case ..<0x1_0000_0000: return 4
        default: return 8
        }
    }

    /// A type marker with its count: in the low nibble below 15, else nibble 0xF and an integer object.
    private static func appendMarker(_ bytes: inout [UInt8], _ type: UInt8, count: Int) {
        if count < 15 {
            bytes.append(type | UInt8(count))
            return
        }
        bytes.append(type | 0x0F)
        let size = byteCount(for: UInt64(count))
        // Integer objects: 0x10 | log2(size).
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(&bytes, UInt64(count), size: size)
    }

    private static func appendBigEndian(_ bytes: inout [UInt8], _ value: UInt64, size: Int) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
