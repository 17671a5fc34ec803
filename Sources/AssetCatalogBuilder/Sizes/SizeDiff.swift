import AssetCatalog

/// What changed in bytes between two ``SizeInventory`` values: the assets added, removed and changed with
/// their variants, and the bytes by encoding (compression) and by trait value, each sorted by growth.
///
/// Assets are matched by name, variants by ``SizedVariant/key`` (traits, then pixel size). A variant changed
/// when its bytes, encoding or pixel size differ, or, between two inventories of the same kind, its checksum.
/// An image packed in an atlas on both sides changed only when its pixel size or its pixels did (its checksum,
/// settled by ``SizeInventory/settlePackedContent(old:oldCar:new:newCar:jobs:)``), never because its frame,
/// its atlas or its share of the atlas's bytes moved: that share's drift in the assets that did not change is
/// ``unchangedDelta``. The inventories are equal (``isEqual``) when nothing changed: the same assets with the
/// same variants.
public struct SizeDiff: Hashable, Sendable {
    /// One side of the comparison.
    public struct Side: Hashable, Sendable {
        /// The path it was read from.
        public var path: String
        /// What it is.
        public var kind: SizeInventory.Kind
        /// All its bytes.
        public var bytes: Int
        /// Its assets (internal renditions included).
        public var assetCount: Int
        /// Its variants.
        public var variantCount: Int
    }

    /// How an asset or variant changed.
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// Only in the new inventory.
        case added
        /// Only in the old inventory.
        case removed
        /// In both, different.
        case changed
    }

    /// An asset that was added, removed or changed.
    public struct AssetChange: Hashable, Sendable {
        /// Its name.
        public var name: String
        /// What it holds (the new side's kind when it has one); `nil` for an internal rendition.
        public var kind: AssetKind?
        /// How it changed.
        public var status: Status
        /// Its bytes in the old inventory (0 when added).
        public var oldBytes: Int
        /// Its bytes in the new inventory (0 when removed).
        public var newBytes: Int
        /// The variants that were added, removed or changed, sorted by growth.
        public var variants: [VariantChange]
        /// `newBytes - oldBytes`.
        public var delta: Int { newBytes - oldBytes }
    }

    /// A variant that was added, removed or changed.
    public struct VariantChange: Hashable, Sendable {
        /// Its key (``SizedVariant/key``).
        public var key: String
        /// How it changed.
        public var status: Status
        /// The old variant, `nil` when added.
        public var old: SizedVariant?
        /// The new variant, `nil` when removed.
        public var new: SizedVariant?
        /// Its old bytes (0 when added).
        public var oldBytes: Int { old?.bytes ?? 0 }
        /// Its new bytes (0 when removed).
        public var newBytes: Int { new?.bytes ?? 0 }
        /// `newBytes - oldBytes`.
        public var delta: Int { newBytes - oldBytes }
    }

    /// The bytes and variants of one encoding or trait value on each side.
    public struct Bucket: Hashable, Sendable {
        /// The encoding (`lzfse`, `png`) or trait value (`scale=3x`).
        public var name: String
        /// Its bytes in the old inventory.
        public var oldBytes: Int
        /// Its bytes in the new inventory.
        public var newBytes: Int
        /// Its variants in the old inventory.
        public var oldVariants: Int
        /// Its variants in the new inventory.
        public var newVariants: Int
        /// `newBytes - oldBytes`.
        public var delta: Int { newBytes - oldBytes }
    }

    /// The old inventory.
    public var old: Side
    /// The new inventory.
    public var new: Side
    /// The assets that changed, by growth (largest first, then by name).
    public var assets: [AssetChange]
    /// Assets in both inventories with nothing changed.
    public var unchangedAssets: Int
    /// How many bytes the unchanged assets' shares of packed atlases moved by, all together (their neighbours
    /// in the atlases changed, and the atlases' bytes with them): ``delta`` is this plus every listed asset's
    /// delta. 0 where no atlas is involved.
    public var unchangedDelta: Int
    /// Per encoding whose bytes or variant count changed, by growth.
    public var encodings: [Bucket]
    /// Per trait value (``SizedVariant/traitValues``) whose bytes or variant count changed, by growth. A variant
    /// counts under each value it has; dimensions it leaves open are not counted.
    public var traits: [Bucket]

    /// Whether nothing changed.
    public var isEqual: Bool { assets.isEmpty }
    /// `new.bytes - old.bytes`.
    public var delta: Int { new.bytes - old.bytes }

    /// Compares two inventories.
    ///
    /// The assets' changes and the per-encoding and per-trait sums are worked out at once, on two threads: they
    /// read the same inventories and nothing else, so the answer is the same as one after the other.
    public init(old: SizeInventory, new: SizeInventory) {
        self.old = Side(old)
        self.new = Side(new)
        let parts = parallelMap(count: 2, width: 2) { part -> Part in
            part == 0 ? Self.assetChanges(old, new) : .groups(Self.groups(old, new))
        }
        guard case .assets(let changes, let unchanged, let drift) = parts[0], case .groups(let groups) = parts[1] else {
            preconditionFailure("parallelMap returns its parts in order")
        }
        assets = changes
        unchangedAssets = unchanged
        unchangedDelta = drift
        encodings = Self.buckets(groups) { [$0.encoding] }
        traits = Self.buckets(groups) { $0.traitValues }
    }

    /// What each of the comparison's two threads works out.
    private enum Part: Sendable {
        case assets([AssetChange], unchanged: Int, drift: Int)
        case groups([GroupSums])
    }

    /// The assets added, removed and changed, by growth; the count of unchanged assets and their bytes' drift.
    private static func assetChanges(_ old: SizeInventory, _ new: SizeInventory) -> Part {
        let compareChecksums = old.kind == new.kind
        var oldByName: [String: Int] = [:]
        for (position, asset) in old.assets.enumerated() { oldByName[asset.slot] = position }
        var matched = [Bool](repeating: false, count: old.assets.count)
        var changes: [AssetChange] = []
        var unchanged = 0
        var drift = 0
        for asset in new.assets {
            guard let position = oldByName[asset.slot] else {
                changes.append(
                    AssetChange(
                        name: asset.name, kind: asset.kind, status: .added, oldBytes: 0, newBytes: asset.bytes,
                        variants: Self.sorted(asset.variants.map { VariantChange(key: $0.key, status: .added, old: nil, new: $0) })))
                continue
            }
            matched[position] = true
            let before = old.assets[position]
            let variants = Self.variantChanges(before.variants, asset.variants, compareChecksums: compareChecksums)
            if variants.isEmpty && before.kind == asset.kind {
                unchanged += 1
                drift += asset.bytes - before.bytes
            } else {
                changes.append(
                    AssetChange(
                        name: asset.name, kind: asset.kind, status: .changed, oldBytes: before.bytes, newBytes: asset.bytes,
                        variants: variants))
            }
        }
        for (position, asset) in old.assets.enumerated() where !matched[position] {
            changes.append(
                AssetChange(
                    name: asset.name, kind: asset.kind, status: .removed, oldBytes: asset.bytes, newBytes: 0,
                    variants: Self.sorted(asset.variants.map { VariantChange(key: $0.key, status: .removed, old: $0, new: nil) })))
        }
        changes.sort { $0.delta != $1.delta ? $0.delta > $1.delta : Bytewise.less($0.name, $1.name) }
        return .assets(changes, unchanged: unchanged, drift: drift)
    }

    /// The variants of one asset that differ, matched by key.
    static func variantChanges(_ old: [SizedVariant], _ new: [SizedVariant], compareChecksums: Bool) -> [VariantChange] {
        // Most assets keep their variants in the same order: pair them without a dictionary.
        // (Read in place, by index: a variant copied out of its array costs a retain of each of its strings.)
        if old.count == new.count, old.indices.allSatisfy({ old[$0].key == new[$0].key }) {
            var changes: [VariantChange] = []
            for position in old.indices where differs(old[position], new[position], compareChecksums: compareChecksums) {
                changes.append(VariantChange(key: new[position].key, status: .changed, old: old[position], new: new[position]))
            }
            return changes.count < 2 ? changes : sorted(changes)
        }
        var oldByKey: [String: Int] = [:]
        for (position, variant) in old.enumerated() { oldByKey[variant.key] = position }
        var matched = [Bool](repeating: false, count: old.count)
        var changes: [VariantChange] = []
        for variant in new {
            guard let position = oldByKey[variant.key] else {
                changes.append(VariantChange(key: variant.key, status: .added, old: nil, new: variant))
                continue
            }
            matched[position] = true
            let before = old[position]
            if differs(before, variant, compareChecksums: compareChecksums) {
                changes.append(VariantChange(key: variant.key, status: .changed, old: before, new: variant))
            }
        }
        for (position, variant) in old.enumerated() where !matched[position] {
            changes.append(VariantChange(key: variant.key, status: .removed, old: variant, new: nil))
        }
        return sorted(changes)
    }

    /// Whether two variants under one key differ. Two packed images are compared by pixel size and checksum
    /// alone (their bytes are shares of atlases that change with their neighbours); everything else by bytes,
    /// encoding, pixel size and, when `compareChecksums`, checksum.
    static func differs(_ before: SizedVariant, _ after: SizedVariant, compareChecksums: Bool) -> Bool {
        if before.encoding != after.encoding || before.pixelWidth != after.pixelWidth || before.pixelHeight != after.pixelHeight {
            return true
        }
        if compareChecksums, let a = before.checksum, let b = after.checksum {
            if a != b { return true }
            if before.packedFrame != nil && after.packedFrame != nil { return false }
        }
        return before.bytes != after.bytes
    }

    static func sorted(_ changes: [VariantChange]) -> [VariantChange] {
        changes.sorted { $0.delta != $1.delta ? $0.delta > $1.delta : Bytewise.less($0.key, $1.key) }
    }

    /// The bytes and variant counts of one group of variants (one trait combination and encoding) on each side,
    /// with one of its variants to name it.
    struct GroupSums: Sendable {
        var representative: SizedVariant
        var oldBytes = 0, newBytes = 0, oldVariants = 0, newVariants = 0
    }

    /// Both sides' variants summed per trait combination and encoding, the groups in the order first met: a catalog
    /// has a handful of those and tens of thousands of variants, so ``buckets(_:names:)`` names groups, not
    /// variants, and the per-encoding and per-trait buckets share this one pass.
    static func groups(_ old: SizeInventory, _ new: SizeInventory) -> [GroupSums] {
        struct Group: Hashable {
            var traits: VariantTraits
            var encoding: String
        }
        var positions: [Group: Int] = [:]
        var groups: [Group] = [], sums: [GroupSums] = []
        // The groups met last, tried before hashing: an asset's variants are a few groups (its scales) that the next
        // asset's variants repeat, and comparing two groups costs less than hashing one.
        var recent: [Int] = []
        func position(of variants: UnsafeBufferPointer<SizedVariant>, _ index: Int) -> Int {
            for candidate in recent
            where groups[candidate].encoding == variants[index].encoding && groups[candidate].traits == variants[index].traits {
                return candidate
            }
            let variant = variants[index]
            let group = Group(traits: variant.traits, encoding: variant.encoding)
            let found: Int
            if let known = positions[group] {
                found = known
            } else {
                found = groups.count
                positions[group] = found
                groups.append(group)
                sums.append(GroupSums(representative: variant))
            }
            if recent.count == 8 { recent.removeFirst() }
            recent.append(found)
            return found
        }
        for (inventory, isOld) in [(old, true), (new, false)] {
            for asset in inventory.assets {
                // The variants read in place: copying each out of its array retains and releases its strings.
                asset.variants.withUnsafeBufferPointer { variants in
                    for index in variants.indices {
                        let at = position(of: variants, index)
                        if isOld {
                            sums[at].oldBytes += variants[index].bytes
                            sums[at].oldVariants += 1
                        } else {
                            sums[at].newBytes += variants[index].bytes
                            sums[at].newVariants += 1
                        }
                    }
                }
            }
        }
        return sums
    }

    /// Bytes and variant counts per name that `names` gives each group's variants, kept where they changed, by
    /// growth. `names` is asked once per group.
    static func buckets(_ groups: [GroupSums], names: (SizedVariant) -> [String]) -> [Bucket] {
        var table: [String: Bucket] = [:]
        for sums in groups {
            for name in names(sums.representative) {
                var bucket = table[name, default: Bucket(name: name, oldBytes: 0, newBytes: 0, oldVariants: 0, newVariants: 0)]
                bucket.oldBytes += sums.oldBytes
                bucket.newBytes += sums.newBytes
                bucket.oldVariants += sums.oldVariants
                bucket.newVariants += sums.newVariants
                table[name] = bucket
            }
        }
        return table.values.filter { $0.delta != 0 || $0.oldVariants != $0.newVariants }
            .sorted { $0.delta != $1.delta ? $0.delta > $1.delta : Bytewise.less($0.name, $1.name) }
    }
}

extension SizeDiff.Side {
    init(_ inventory: SizeInventory) {
        self.init(
            path: inventory.path, kind: inventory.kind, bytes: inventory.totalBytes, assetCount: inventory.assets.count,
            variantCount: inventory.variantCount)
    }
}

extension SizedAsset {
    /// The name under which assets are matched: internal renditions apart from named assets.
    var slot: String { isInternal ? "\u{0}" + name : name }
}
