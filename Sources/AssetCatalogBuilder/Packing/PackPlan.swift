import AssetCatalog

/// What will go into an archive, decided from the index alone: the assets in name order (UTF-8 bytes),
/// the variants kept, the distinct files to read in first-use order, and the colours.
///
/// Nothing here depends on the order of `CatalogIndex.assets` or `CatalogIndex.sources`: sources are
/// sorted by path and assets by name, so shuffled inputs give the same plan.
struct PackPlan: Sendable {
    /// One distinct input file.
    ///
    /// The plan holds every file of the catalog at once: sizes are kept in 32 bits with presence flags
    /// (56 bytes a file instead of 80).
    struct File: Sendable {
        /// The path to read: the catalog root joined with the variant's source. Made when needed, not
        /// stored: the plan holds every file of the catalog at once.
        var path: String { catalog + "/" + relative }
        /// The catalog root as given (for diagnostics).
        var catalog: String
        /// The file relative to the root.
        var relative: String
        /// Its size when the reader looked (to size batches).
        var byteCount: Int
        private var storedWidth: UInt32 = 0
        private var storedHeight: UInt32 = 0
        /// What the reader found it to be.
        var contentType: ContentType
        private var hasWidth = false
        private var hasHeight = false

        init(catalog: String, relative: String, contentType: ContentType, byteCount: Int, pixelWidth: Int?, pixelHeight: Int?) {
            self.catalog = catalog
            self.relative = relative
            self.contentType = contentType
            self.byteCount = byteCount
            // Clamped as the archive's 32-bit payload sizes are (`FileProcessor`), so nothing is lost.
            if let pixelWidth { (storedWidth, hasWidth) = (UInt32(clamping: pixelWidth), true) }
            if let pixelHeight { (storedHeight, hasHeight) = (UInt32(clamping: pixelHeight), true) }
        }

        /// The reader's pixel size (used for JPEG and other formats the packer does not parse), clamped to
        /// 32 bits.
        var pixelWidth: Int? { hasWidth ? Int(storedWidth) : nil }
        var pixelHeight: Int? { hasHeight ? Int(storedHeight) : nil }
    }

    /// The plan's variants and assets are the archive's own: the packer turns file indices into payload
    /// indices in place, so the tables are not a second copy of the plan.
    typealias Variant = ArchiveBlueprint.Variant
    typealias Asset = ArchiveBlueprint.Asset

    var sources: [ArchiveBlueprint.Source] = []
    var assets: [Asset] = []
    var files: [File] = []
    var colors: [ColorValue] = []
    /// Variants left out because the index marks them unusable (empty slot, missing or damaged file).
    var skippedVariantCount = 0
    /// Error diagnostics of the index (allowed with `allowErrors`), with one `duplicate-name` error for
    /// every set left out because an earlier one (by path) has its name.
    var inputErrors: [Diagnostic] = []
    /// Names present more than once. Not thrown here: the packer reports them with every other error
    /// of the run at once; with `allowErrors` the first set of each name (by path) is packed.
    var duplicates: [PackError.Duplicate] = []

    /// Builds the plan.
    ///
    /// Duplicate names and input errors do not throw: they are in ``duplicates`` and ``inputErrors``, for
    /// the packer to report together with damaged files.
    ///
    /// - Throws: ``PackError/unrepresentable(_:)`` when an asset refers to no source.
    ///
    /// The index is consumed: each asset's variants are released as soon as they are planned, so the
    /// index and the plan are not both held whole (when the caller hands the index over).
    init(_ index: consuming CatalogIndex, allowErrors: Bool) throws(PackError) {
        // Sources sorted by path bytes (then kind), so their order in the index does not matter.
        let sourceOrder = index.sources.indices.sorted { lhs, rhs in
            let (a, b) = (index.sources[lhs], index.sources[rhs])
            if a.path != b.path { return Array(a.path.utf8).lexicographicallyPrecedes(Array(b.path.utf8)) }
            return a.kind.rawValue < b.kind.rawValue
        }
        var newSourceIndex = [Int](repeating: 0, count: index.sources.count)
        for (position, old) in sourceOrder.enumerated() { newSourceIndex[old] = position }
        sources = sourceOrder.map { ArchiveBlueprint.Source(path: index.sources[$0].path, kind: index.sources[$0].kind.rawValue) }

        let indexSources = index.sources
        func fullPath(_ asset: AssetCatalogBuilder.Asset) -> String {
            let root = indexSources.indices.contains(asset.sourceIndex) ? indexSources[asset.sourceIndex].path : "?"
            return root.hasSuffix("/") ? root + asset.path : root + "/" + asset.path
        }

        // Assets sorted by name bytes; ties (duplicates) are reported below. Positions are sorted, not
        // copies of the assets, and names compare in place: no per-asset key is allocated.
        var leftOut: [Diagnostic] = []
        var unique: [Int] = []
        do {
            // A second reference to the assets only within this block: below, the index's own array is
            // changed in place.
            let all = index.assets
            let sorted = all.indices.sorted { lhs, rhs in
                let order = Bytewise.compare(all[lhs].name, all[rhs].name)
                if order != 0 { return order < 0 }
                return fullPath(all[lhs]) < fullPath(all[rhs])
            }
            unique.reserveCapacity(sorted.count)
            var position = 0
            while position < sorted.count {
                var end = position + 1
                while end < sorted.count, Bytewise.equal(all[sorted[end]].name, all[sorted[position]].name) { end += 1 }
                unique.append(sorted[position])
                if end - position > 1 {
                    let first = all[sorted[position]]
                    let kept = fullPath(first)
                    duplicates.append(
                        PackError.Duplicate(name: first.name, paths: sorted[position..<end].map { fullPath(all[$0]) }))
                    for other in sorted[(position + 1)..<end].map({ all[$0] }) {
                        let root = indexSources.indices.contains(other.sourceIndex) ? indexSources[other.sourceIndex].path : "?"
                        leftOut.append(
                            Diagnostic(
                                severity: .error, rule: "duplicate-name", catalog: root, path: other.path,
                                message: "the name '\(other.name)' is also used by \(kept); only the first (\(kept)) is packed"))
                    }
                }
                position = end
            }
        }

        // The reader's own duplicate-name errors are replaced by the ones above, which say which set is packed.
        inputErrors = index.diagnostics.filter { $0.severity == .error && $0.rule != "duplicate-name" } + leftOut

        // By root and relative path, both shared with the index's strings: no joined path is made per file.
        // At most one file per variant: the file table and its lookup are sized once.
        let variantTotal = unique.reduce(0) { $0 + index.assets[$1].variants.count }
        var fileIndex = FileSlots(expected: variantTotal)
        files.reserveCapacity(variantTotal)
        var colorIndex: [ColorValue: Int] = [:]
        // Packing traits allocates (it walks `allCases`); catalogs reuse a handful of trait sets.
        var packedTraits: [VariantTraits: PackedVariantTraits] = [:]
        func pack(_ traits: VariantTraits) -> PackedVariantTraits {
            if let known = packedTraits[traits] { return known }
            let value = PackedVariantTraits(traits)
            packedTraits[traits] = value
            return value
        }
        assets.reserveCapacity(unique.count)
        for (planned, assetPosition) in unique.enumerated() {
            let asset = index.assets[assetPosition]
            // Planned below from `asset`; the index's record goes now, whole (its path, its variants and the
            // buffer their file names share), so the plan replaces the index as it grows. Those were made on
            // the reading threads, in arenas this thread does not allocate from: from time to time the pages
            // they leave free are given back, or the index would stay resident beside the plan to the end.
            index.assets[assetPosition] = AssetCatalogBuilder.Asset(name: "", kind: asset.kind, sourceIndex: 0, path: "")
            if planned % Self.trimInterval == Self.trimInterval - 1 { FreedMemory.returnToSystem() }
            guard index.sources.indices.contains(asset.sourceIndex) else {
                throw .unrepresentable("asset '\(asset.name)' refers to source \(asset.sourceIndex), which does not exist")
            }
            let root = index.sources[asset.sourceIndex]
            var planned = Asset(
                name: Self.owned(asset.name), kind: asset.kind, sourceIndex: newSourceIndex[asset.sourceIndex],
                path: Self.owned(asset.path),
                properties: Self.attributes(asset.properties, members: asset.members), variants: [])
            planned.variants.reserveCapacity(asset.kind == .color ? asset.colors.count : asset.variants.count)
            if asset.kind == .color {
                for color in asset.colors {
                    let target: Int
                    if let known = colorIndex[color.value] {
                        target = known
                    } else {
                        target = colors.count
                        colors.append(color.value)
                        colorIndex[color.value] = target
                    }
                    planned.variants.append(
                        Variant(
                            traits: pack(color.traits), target: target, sourcePath: "", attributes: [],
                            locale: color.traits.locale))
                }
            } else {
                for variant in asset.variants {
                    guard variant.isSelectable, let source = variant.source else {
                        skippedVariantCount += 1
                        continue
                    }
                    // Made for this read (the index shares its file names between a set's variants), so not
                    // tied to the index's pages.
                    let relative = source
                    let found = fileIndex.find(catalog: root.path, relative: relative, in: files)
                    let target: Int
                    if let known = found.index {
                        target = known
                    } else {
                        target = files.count
                        files.append(
                            File(
                                catalog: root.path, relative: relative,
                                contentType: variant.inspection?.contentType ?? variant.contentType ?? .unknown,
                                byteCount: variant.inspection?.byteCount ?? 0,
                                pixelWidth: variant.inspection?.pixelWidth, pixelHeight: variant.inspection?.pixelHeight))
                        fileIndex.insert(target, at: found.slot, files: files)
                    }
                    planned.variants.append(
                        Variant(
                            traits: pack(variant.traits), target: target, sourcePath: relative,
                            attributes: variant.attributes.sorted { $0.key < $1.key }.map {
                                ArchiveBlueprint.Attribute($0.key, $0.value)
                            }, locale: variant.traits.locale))
                }
            }
            assets.append(planned)
        }
    }

    /// How many assets are planned between two returns of freed index pages to the system (each a walk
    /// of the allocator's free lists: a few milliseconds).
    static let trimInterval = 4096

    /// Set properties as archive attributes, under their `Contents.json` keys.
    /// A container's members go under `members` (see ``AssetMember/archiveValue(_:)``); keys stay sorted.
    static func attributes(_ properties: AssetProperties, members: [AssetMember] = []) -> [ArchiveBlueprint.Attribute] {
        var result: [ArchiveBlueprint.Attribute] = []
        if let value = properties.compressionType { result.append(.init("compression-type", value)) }
        if let value = properties.localizable { result.append(.init("localizable", value ? "true" : "false")) }
        if !members.isEmpty { result.append(.init(AssetMember.archiveKey, AssetMember.archiveValue(members))) }
        if !properties.onDemandResourceTags.isEmpty {
            result.append(.init("on-demand-resource-tags", properties.onDemandResourceTags.joined(separator: "\n")))
        }
        if let value = properties.preservesVectorRepresentation {
            result.append(.init("preserves-vector-representation", value ? "true" : "false"))
        }
        if let value = properties.templateRenderingIntent { result.append(.init("template-rendering-intent", value)) }
        return result
    }

    /// A copy of `text` in storage of its own. The index's strings were made on the reading threads,
    /// packed in memory between the variants the plan releases; the plan's own copies let those pages
    /// be freed whole (and returned to the system) instead of kept alive by a few strings each.
    private static func owned(_ text: String) -> String {
        var text = text
        return text.withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// The files already planned, by the root they are in and their path from there (the same file when
    /// both match): indices into ``files`` in slots by hash (open addressing, linear probing, at most half
    /// full), compared against the files themselves. 8 to 16 bytes a file, where a `[FileKey: Int]` took
    /// about 130 (two strings and an index per entry, and room to grow), for every file of the catalog.
    private struct FileSlots {
        private var slots: [UInt32]
        private var count = 0
        private static let empty = UInt32.max

        init(expected: Int) {
            var capacity = 16
            while capacity < expected * 2 { capacity <<= 1 }
            slots = [UInt32](repeating: Self.empty, count: capacity)
        }

        /// The index of the file `catalog`/`relative` in `files`, or `nil` and the slot to insert it at.
        func find(catalog: String, relative: String, in files: [File]) -> (index: Int?, slot: Int) {
            let mask = slots.count - 1
            var slot = Self.hash(catalog, relative) & mask
            while slots[slot] != Self.empty {
                let file = files[Int(slots[slot])]
                if file.relative == relative, file.catalog == catalog { return (Int(slots[slot]), slot) }
                slot = (slot + 1) & mask
            }
            return (nil, slot)
        }

        /// Records that `files[index]` (just appended) is at `slot`, from ``find(catalog:relative:in:)``.
        mutating func insert(_ index: Int, at slot: Int, files: [File]) {
            precondition(index < Int(Self.empty), "more than 2^32 - 1 files in one archive")
            slots[slot] = UInt32(index)
            count += 1
            guard count * 2 > slots.count else { return }
            // Fuller than planned (not with the expected count): twice the slots, every file placed again.
            var grown = [UInt32](repeating: Self.empty, count: slots.count * 2)
            let mask = grown.count - 1
            for entry in slots where entry != Self.empty {
                let file = files[Int(entry)]
                var position = Self.hash(file.catalog, file.relative) & mask
                while grown[position] != Self.empty { position = (position + 1) & mask }
                grown[position] = entry
            }
            slots = grown
        }

        private static func hash(_ catalog: String, _ relative: String) -> Int {
            var hasher = Hasher()
            hasher.combine(catalog)
            hasher.combine(relative)
            return hasher.finalize()
        }
    }
}
