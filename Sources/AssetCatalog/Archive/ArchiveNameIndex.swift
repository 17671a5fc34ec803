#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The name index, asset records and name table of an open archive, as plain pointers and numbers.
///
/// Lookups hash and probe through this value rather than through the archive object, so the closure
/// that reads a caller's string in place captures only trivial values: no build (not even `-Onone`)
/// retains the archive to find a name.
struct ArchiveNameIndex {
    let slots: UnsafeRawPointer
    let slotCount: Int
    let assetRecords: UnsafeRawPointer
    let assetStride: Int
    let assetCount: Int
    let nameTable: UnsafeRawBufferPointer

    @inline(__always)
    func record(_ index: Int) -> AssetArchive.AssetRecord {
        let record = assetRecords + index * assetStride
        return AssetArchive.AssetRecord(
            nameOffset: Int(record.u32(0)), nameLength: Int(record.u16(8)), firstVariant: Int(record.u32(4)),
            variantCount: Int(record.u16(10)), kindCode: record.load(fromByteOffset: 12, as: UInt8.self),
            flags: record.load(fromByteOffset: 13, as: UInt8.self))
    }

    /// The asset's name bytes, or `nil` when the record points outside the name table.
    @inline(__always)
    func nameBytes(_ record: AssetArchive.AssetRecord) -> UnsafeRawBufferPointer? {
        guard record.nameOffset + record.nameLength <= nameTable.count else { return nil }
        return UnsafeRawBufferPointer(start: nameTable.baseAddress.map { $0 + record.nameOffset }, count: record.nameLength)
    }

    /// The index of the asset whose name is `key`: hash, probe the name index, compare the bytes.
    @inline(__always)
    func assetIndex(utf8 key: UnsafeRawBufferPointer) -> Int? {
        let hash = NameHash.hash(key)
        let tag = UInt32(truncatingIfNeeded: hash >> 32)
        let mask = slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        // At most one pass over the table, whatever the file says.
        for _ in 0..<slotCount {
            let entry = slots + slot * 8
            let asset = entry.u32(0)
            if asset == ArchiveFormat.emptySlot { return nil }
            if entry.u32(4) == tag, Int(asset) < assetCount {
                if let stored = nameBytes(record(Int(asset))), stored.count == key.count, Self.equal(stored, key) {
                    return Int(asset)
                }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Whether two buffers of the same length hold the same bytes: eight bytes at a time, inline (names are
    /// short, and a call to `memcmp` costs more than the comparison).
    @inline(__always)
    static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let count = left.count
        guard count >= 8 else {
            var index = 0
            while index < count {
                if left[index] != right[index] { return false }
                index &+= 1
            }
            return true
        }
        let a = left.baseAddress!, b = right.baseAddress!
        var offset = 0
        while offset &+ 8 <= count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset &+= 8
        }
        // The last, overlapping word covers the tail.
        return offset == count
            || a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }

    /// The index of the asset called `name`, reading the string's bytes in place when they are contiguous
    /// (native strings; a bridged one is copied once).
    @inline(__always)
    func assetIndex(named name: String) -> Int? {
        if let found = name.utf8.withContiguousStorageIfAvailable({ assetIndex(utf8: UnsafeRawBufferPointer($0)) }) {
            return found
        }
        var copy = name
        return copy.withUTF8 { assetIndex(utf8: UnsafeRawBufferPointer($0)) }
    }
}
