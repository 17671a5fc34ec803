import AssetCatalog

/// A rendition's key while compiling: a value for each key attribute (0 when the rendition does not set it),
/// held inline by CoreUI's attribute number, so that planning tens of thousands of renditions hashes and
/// allocates nothing per key (a dictionary per key did both).
struct RenditionKey: Sendable, Hashable {
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
    ///
    /// The 64 bytes are ORed as eight 64-bit words: `SIMD32`'s own `|=` compiled to a loop over its 32 lanes through the
    /// stack, which took 12 ms of the bench catalog's serial planning (30,000 keys; issue 24).
    mutating func formUnion(_ other: RenditionKey) {
        withUnsafeMutableBytes(of: &values) { mine in
            withUnsafeBytes(of: other.values) { theirs in
                for offset in stride(from: 0, to: MemoryLayout<SIMD32<UInt16>>.size, by: 8) {
                    let word = mine.load(fromByteOffset: offset, as: UInt64.self) | theirs.load(fromByteOffset: offset, as: UInt64.self)
                    mine.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
                }
            }
        }
    }

    /// The 64 bytes hashed at once: `SIMD32`'s own hashing feeds its 32 lanes one by one, which took 11 ms of a one-image
    /// rebuild's pack stage (30,000 keys gathered into groups). Equal keys have equal bytes, so this agrees with `==`.
    func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: values) { hasher.combine(bytes: $0) }
    }

    private static func slot(_ attribute: CARAttribute) -> Int {
        let number = Int(attribute.identifier)
        precondition(number < slotCount, "attribute \(attribute.name) has no slot in a compiled key")
        return number
    }
}
