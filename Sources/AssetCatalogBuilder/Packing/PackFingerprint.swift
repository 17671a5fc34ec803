import AssetCatalog

/// A digest of everything in an index that can change an archive, plus the files it reads, so a repack
/// can tell "nothing changed" from the index and a `stat` per file, without planning or reading anything.
///
/// It follows the index in its own order (the reader's order is deterministic); a reordered index only
/// costs one full repack, which produces the same bytes.
struct PackFingerprint: Sendable {
    /// The files the archive would read: every selectable variant's root joined with its source.
    private(set) var paths: [String] = []
    private var bytes: [UInt8] = []

    init(index: CatalogIndex, options: [UInt8]) {
        bytes.reserveCapacity(64 * index.assets.count + options.count)
        bytes.append(contentsOf: options)
        var packed: [VariantTraits: UInt32] = [:]
        func put(_ string: String) {
            bytes.store(UInt32(string.utf8.count))
            bytes.append(contentsOf: string.utf8)
        }
        func put(_ traits: VariantTraits) {
            if let known = packed[traits] {
                bytes.store(known)
            } else {
                let value = PackedVariantTraits(traits).rawValue
                packed[traits] = value
                bytes.store(value)
            }
        }
        for source in index.sources {
            put(source.path)
            put(source.kind.rawValue)
        }
        for asset in index.assets {
            put(asset.name)
            put(asset.kind.rawValue)
            bytes.store(UInt32(truncatingIfNeeded: asset.sourceIndex))
            put(asset.path)
            for property in PackPlan.attributes(asset.properties) {
                put(property.key)
                put(property.value)
            }
            for color in asset.colors {
                put(color.traits)
                put(String(describing: color.value))
            }
            let root = index.sources.indices.contains(asset.sourceIndex) ? index.sources[asset.sourceIndex].path : ""
            for variant in asset.variants {
                guard variant.isSelectable, let relative = variant.source else {
                    bytes.append(0)
                    continue
                }
                bytes.append(1)
                put(variant.traits)
                put(relative)
                if let inspection = variant.inspection {
                    put(inspection.contentType.rawValue)
                    bytes.store(Int64(inspection.byteCount))
                    bytes.store(Int64(inspection.pixelWidth ?? -1))
                    bytes.store(Int64(inspection.pixelHeight ?? -1))
                }
                for (key, value) in variant.attributes.sorted(by: { $0.key < $1.key }) {
                    put(key)
                    put(value)
                }
                paths.append(root + "/" + relative)
            }
        }
        for diagnostic in index.diagnostics where diagnostic.severity == .error { put(diagnostic.description) }
    }

    /// The fingerprint for the files' current sizes and modification times (in ``paths`` order).
    func value(_ statuses: [FileBytes.Status]) -> UInt64 {
        var all = bytes
        all.reserveCapacity(bytes.count + statuses.count * 16)
        for status in statuses {
            all.store(status.size)
            all.store(status.modified)
        }
        return ContentHash.hash(all)
    }
}
