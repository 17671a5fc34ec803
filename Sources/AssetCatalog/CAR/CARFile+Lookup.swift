#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Name lookups on an opened `Assets.car`: which rendition a device with given traits gets for a name.
///
/// ## What a lookup costs
/// Opening builds a name index (FNV-1a hash, open addressing, the names' UTF-8 bytes in one block) and, per
/// facet, the packed traits of its candidate renditions. A lookup hashes the name's bytes in place, probes,
/// compares the name once and ranks the candidates with the ``CompiledRequest`` — the same work as a lookup
/// in an ``AssetArchive``. It allocates nothing, takes no lock and writes no memory shared with other
/// threads (it returns an index, and reads the index through plain pointers, so no reference count is
/// touched), so lookups from many threads scale with cores. Figures in docs/PERFORMANCE.md.
extension CARFile {
    /// The index into ``renditions`` of the rendition of the facet called `name` that best suits a prepared
    /// request; `nil` when there is no such facet or none of its renditions can be used.
    ///
    /// The candidates are the facet's renditions that have content of their own: pixels (a bitmap, or an
    /// internal reference into a packed atlas), a stored file (PDF, SVG, data) or a colour. Multisize-set
    /// records and payloads of unknown kind do not compete. Their traits are those of ``traits(of:)``, and
    /// ranking follows ``Resolver`` (ties go to the earlier rendition in tree order). When two facets share
    /// a name, the first in tree order answers.
    @inline(__always)
    public func renditionIndex(named name: String, compatibleWith request: CompiledRequest) -> Int? {
        lookupIndex.renditionIndex(named: name, request)
    }

    /// The index into ``renditions`` of the rendition of the facet called `name` that best suits `traits`.
    ///
    /// Compiles the request on every call; keep a ``CompiledRequest`` and call
    /// ``renditionIndex(named:compatibleWith:)-(_,CompiledRequest)`` when the traits stay the same.
    public func renditionIndex(
        named name: String, compatibleWith traits: TraitCollection, resolver: Resolver = Resolver()
    ) -> Int? {
        renditionIndex(named: name, compatibleWith: resolver.compile(traits))
    }

    /// The rendition of the facet called `name` that best suits `traits` (a copy of the parsed record;
    /// ``renditionIndex(named:compatibleWith:)-(_,CompiledRequest)`` is the allocation-free form).
    public func rendition(named name: String, compatibleWith traits: TraitCollection, resolver: Resolver = Resolver())
        -> CARRendition?
    {
        renditionIndex(named: name, compatibleWith: resolver.compile(traits)).map { renditions[$0] }
    }

    /// Whether a rendition competes in name lookups (see ``renditionIndex(named:compatibleWith:)-(_,CompiledRequest)``).
    static func isLookupCandidate(_ rendition: CARRendition) -> Bool {
        if case .color = rendition.payload { return true }
        return outputExtension(rendition) != nil
    }
}

/// The name index and candidate table of a ``CARFile``, in memory the file allocates at open and frees when
/// it goes away: plain pointers and numbers, so reading it touches no reference count.
struct CARLookupIndex: @unchecked Sendable {
    /// Per slot: facet index + 1 in the low 32 bits (0: empty), the hash's high 32 bits above.
    private let slots: UnsafeMutablePointer<UInt64>
    private let slotMask: Int
    /// Every facet name's UTF-8 bytes, one after another.
    private let names: UnsafeMutableRawPointer
    /// Per facet: name offset, name length, first candidate, candidate count.
    private let facets: UnsafeMutablePointer<(UInt32, UInt32, UInt32, UInt32)>
    private let facetCount: Int
    private let candidateTraits: UnsafeMutablePointer<PackedVariantTraits>
    private let candidateRenditions: UnsafeMutablePointer<Int32>

    init(facets facetList: [CARFacet], renditions: [CARRendition], traits: (CARRendition) -> VariantTraits) {
        facetCount = facetList.count
        var slotCount = 4
        while slotCount < 2 * facetCount { slotCount *= 2 }
        slotMask = slotCount - 1
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        let nameBytes = facetList.reduce(0) { $0 + $1.name.utf8.count }
        let names = UnsafeMutableRawPointer.allocate(byteCount: max(nameBytes, 1), alignment: 8)
        let facets = UnsafeMutablePointer<(UInt32, UInt32, UInt32, UInt32)>.allocate(capacity: max(facetCount, 1))
        self.names = names
        self.facets = facets
        var packed: [PackedVariantTraits] = []
        var indices: [Int32] = []
        var nameOffset = 0
        // The renditions are read in place: a rendition copied out of the array retains every array and string in it.
        renditions.withUnsafeBufferPointer { renditions in
            for (facetIndex, facet) in facetList.enumerated() {
                var name = facet.name
                let length = name.withUTF8 { utf8 in
                    if let base = utf8.baseAddress { names.advanced(by: nameOffset).copyMemory(from: base, byteCount: utf8.count) }
                    return utf8.count
                }
                let first = packed.count
                for index in facet.renditions where Self.isCandidate(renditions[index]) {
                    packed.append(PackedVariantTraits(traits(renditions[index])))
                    indices.append(Int32(index))
                }
                facets[facetIndex] = (UInt32(nameOffset), UInt32(length), UInt32(first), UInt32(packed.count - first))
                nameOffset += length
            }
        }
        candidateTraits = .allocate(capacity: max(packed.count, 1))
        candidateTraits.initialize(from: packed, count: packed.count)
        candidateRenditions = .allocate(capacity: max(indices.count, 1))
        candidateRenditions.initialize(from: indices, count: indices.count)
        // Insert after the tables are complete; a later facet with the same name never replaces the first.
        for facetIndex in 0..<facetCount {
            let (offset, length, _, _) = facets[facetIndex]
            let key = UnsafeRawBufferPointer(start: names + Int(offset), count: Int(length))
            if find(key) != nil { continue }
            let hash = NameHash.hash(key)
            var slot = Int(truncatingIfNeeded: hash) & slotMask
            while slots[slot] != 0 { slot = (slot + 1) & slotMask }
            slots[slot] = (hash >> 32) << 32 | UInt64(facetIndex + 1)
        }
    }

    private static func isCandidate(_ rendition: CARRendition) -> Bool { CARFile.isLookupCandidate(rendition) }

    func deallocate() {
        slots.deallocate()
        names.deallocate()
        facets.deallocate()
        candidateTraits.deallocate()
        candidateRenditions.deallocate()
    }

    /// The facet whose name is `key`.
    @inline(__always)
    private func find(_ key: UnsafeRawBufferPointer) -> Int? {
        let hash = NameHash.hash(key)
        let tag = hash >> 32
        var slot = Int(truncatingIfNeeded: hash) & slotMask
        // The table is at most half full, so the probe ends at an empty slot.
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry >> 32 == tag {
                let facet = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                let (offset, length, _, _) = facets[facet]
                if Int(length) == key.count,
                    ArchiveNameIndex.equal(UnsafeRawBufferPointer(start: names + Int(offset), count: key.count), key)
                {
                    return facet
                }
            }
            slot = (slot + 1) & slotMask
        }
    }

    @inline(__always)
    func renditionIndex(named name: String, _ request: CompiledRequest) -> Int? {
        let found: Int?? = name.utf8.withContiguousStorageIfAvailable { find(UnsafeRawBufferPointer($0)) }
        let facet: Int?
        if let found {
            facet = found
        } else {
            var copy = name
            facet = copy.withUTF8 { find(UnsafeRawBufferPointer($0)) }
        }
        guard let facet else { return nil }
        let (_, _, first, count) = facets[facet]
        let candidates = UnsafeBufferPointer(start: candidateTraits + Int(first), count: Int(count))
        guard let best = request.bestIndex(in: candidates) else { return nil }
        return Int(candidateRenditions[Int(first) + best])
    }
}
