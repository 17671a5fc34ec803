import AssetCatalog

/// A rendition's key while compiling: a value for each key attribute (0 when the rendition does not set it),
/// held inline by CoreUI's attribute number, so that planning tens of thousands of renditions hashes and
/// allocates nothing per key (a dictionary per key did both).
struct RenditionKey: Sendable, Equatable {
    /// Attribute numbers below this have a slot; every attribute a compiled key uses does (the largest is 27).
    static let slotCount = 32
    private var values = SIMD32<UInt16>()

    /// The value of `attribute`, 0 when unset.
    subscript(attribute: CARAttribute) -> UInt16 {
        get { values[Self.slot(attribute)] }
        set { values[Self.slot(attribute)] = newValue }
    }

    /// Sets every attribute `other` sets (to some nonzero value): after folding in every key, the attributes
    /// any key uses are the nonzero ones.
    mutating func formUnion(_ other: RenditionKey) {
        values |= other.values
    }

    private static func slot(_ attribute: CARAttribute) -> Int {
        let number = Int(attribute.identifier)
        precondition(number < slotCount, "attribute \(attribute.name) has no slot in a compiled key")
        return number
    }
}
