import AssetCatalog

extension CARCompiler {
    /// Attributes whose BITMAPKEYS mask Xcode sets to all ones whatever the renditions hold (every car of
    /// `../shared/cars` that has them; docs/CAR-FORMAT.md).
    static let bitmapKeysAllOnes: Set<CARAttribute> = [.appearance, .value, .previousValue]

    /// The BITMAPKEYS entries of a car: one per facet identifier, ascending, each with one mask per key-format
    /// attribute — bit *v* set when a rendition of the facet has value *v* (all ones from 32 up, and always for
    /// ``bitmapKeysAllOnes``). `keys` are the written renditions' keys in `keyFormat` order.
    static func bitmapKeys(keyFormat: [CARAttribute], keys: [[UInt8]], identifiers: [UInt16]) -> [CARBitmapKeys] {
        guard let identifierSlot = keyFormat.firstIndex(of: .identifier) else { return [] }
        var masks: [UInt16: [UInt32]] = [:]
        for identifier in identifiers { masks[identifier] = [UInt32](repeating: 0, count: keyFormat.count) }
        for key in keys where key.count >= 2 * keyFormat.count {
            let identifier = UInt16(key[2 * identifierSlot]) | UInt16(key[2 * identifierSlot + 1]) << 8
            guard var facetMasks = masks[identifier] else { continue }
            for slot in keyFormat.indices {
                let value = UInt16(key[2 * slot]) | UInt16(key[2 * slot + 1]) << 8
                facetMasks[slot] |= value < 32 ? UInt32(1) << UInt32(value) : UInt32.max
            }
            masks[identifier] = facetMasks
        }
        return masks.keys.sorted().map { identifier in
            var facetMasks = masks[identifier]!
            for (slot, attribute) in keyFormat.enumerated() where bitmapKeysAllOnes.contains(attribute) { facetMasks[slot] = UInt32.max }
            return CARBitmapKeys(identifier: UInt32(identifier), masks: facetMasks)
        }
    }
}
