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
        // One row of masks a facet, in one flat table: a dictionary of arrays copied each mask out and back for each
        // key (an allocation a rendition, a third of a one-image rebuild's layout).
        let width = keyFormat.count
        var rows: [UInt16: Int] = [:]
        for identifier in identifiers where rows[identifier] == nil { rows[identifier] = rows.count }
        var masks = [UInt32](repeating: 0, count: rows.count * width)
        masks.withUnsafeMutableBufferPointer { masks in
            for key in keys where key.count >= 2 * width {
                let identifier = UInt16(key[2 * identifierSlot]) | UInt16(key[2 * identifierSlot + 1]) << 8
                guard let row = rows[identifier] else { continue }
                for slot in 0..<width {
                    let value = UInt16(key[2 * slot]) | UInt16(key[2 * slot + 1]) << 8
                    masks[row * width + slot] |= value < 32 ? UInt32(1) << UInt32(value) : UInt32.max
                }
            }
        }
        return rows.keys.sorted().map { identifier in
            let start = rows[identifier]! * width
            var facetMasks = Array(masks[start..<(start + width)])
            for (slot, attribute) in keyFormat.enumerated() where bitmapKeysAllOnes.contains(attribute) { facetMasks[slot] = UInt32.max }
            return CARBitmapKeys(identifier: UInt32(identifier), masks: facetMasks)
        }
    }
}
