/// One entry of the BITMAPKEYS tree Xcode writes (CoreUI 426 and later): for one facet, per key-format
/// attribute, which values that attribute takes among the facet's renditions.
///
/// The tree is keyed by the facet's identifier, stored in the page itself (``BOMStore/inlineKeyTree(_:)``).
/// The value *(observed in every Xcode-built car of `../shared/cars`)*: version 1 (4), 0 (4), the length of what
/// follows (4 + 4 × count), the count of key-format attributes (4), then one 32-bit mask per attribute in
/// key-format order: bit *v* set when some rendition has value *v*, all 32 bits set when a value is 32 or more
/// (element 85, part 181, identifiers) and, in Xcode's cars, always for the appearance, value and previous-value
/// attributes.
public struct CARBitmapKeys: Sendable, Hashable {
    /// The facet identifier the entry is keyed by.
    public var identifier: UInt32
    /// Per key-format attribute, in key-format order, the mask of values used.
    public var masks: [UInt32]

    /// The size of the record's fixed part: version, 0, length, count.
    public static let headerSize = 16

    /// An entry made from its parts.
    public init(identifier: UInt32, masks: [UInt32]) {
        self.identifier = identifier
        self.masks = masks
    }

    /// Reads the value stored for `identifier`; the count must fit the value and agree with its length field.
    public init(identifier: UInt32, value: CARBytes) throws(CARError) {
        let record = value.named("BITMAPKEYS value of identifier \(identifier)")
        let version = try record.u32(0)
        guard version == 1 else { throw record.error(.outOfRange, at: 0, "version \(version), expected 1") }
        let length = Int(try record.u32(8))
        let count = Int(try record.u32(12))
        guard count <= (record.count - Self.headerSize) / 4 else {
            throw record.error(.outOfRange, at: 12, "\(count) masks do not fit in \(record.count) bytes")
        }
        guard length == 4 + 4 * count else {
            throw record.error(.outOfRange, at: 8, "length \(length) does not match \(count) masks (\(4 + 4 * count))")
        }
        var masks: [UInt32] = []
        masks.reserveCapacity(count)
        for index in 0..<count { masks.append(try record.u32(Self.headerSize + 4 * index)) }
        self.init(identifier: identifier, masks: masks)
    }

    /// The value as Xcode stores it (the inverse of ``init(identifier:value:)``).
    public var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.headerSize + 4 * masks.count)
        func append(_ word: UInt32) {
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        append(1)
        append(0)
        append(UInt32(4 + 4 * masks.count))
        append(UInt32(masks.count))
        for mask in masks { append(mask) }
        return bytes
    }

    /// Reads the whole tree of `store`; empty when the file has no BITMAPKEYS (CoreUI 366 and older).
    public static func read(_ store: BOMStore) throws(CARError) -> [CARBitmapKeys] {
        guard store.variable("BITMAPKEYS") != nil else { return [] }
        var entries: [CARBitmapKeys] = []
        for (key, value) in try store.inlineKeyTree("BITMAPKEYS") {
            entries.append(try CARBitmapKeys(identifier: key, value: value))
        }
        return entries
    }
}
