#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

internal import CMemoryHints

extension AssetArchive {
    // MARK: Names

    /// The index of the asset called `name` (see ``ArchiveNameIndex``).
    @inline(__always)
    func assetIndex(named name: String) -> Int? { nameLookup.assetIndex(named: name) }

    @inline(__always)
    func assetIndex(utf8 key: UnsafeRawBufferPointer) -> Int? { nameLookup.assetIndex(utf8: key) }

    /// Every asset name, sorted by UTF-8 bytes. Names whose record is damaged are left out
    /// (``verify()`` reports them).
    public var names: [String] {
        (0..<count).compactMap { index in nameBytes(assetRecord(index)).map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Whether an asset called `name` exists.
    public func contains(_ name: String) -> Bool { assetIndex(named: name) != nil }

    /// What the asset called `name` holds, or `nil` when there is none (or its record is damaged).
    public func kind(of name: String) -> AssetKind? {
        guard let index = assetIndex(named: name) else { return nil }
        return AssetKind(archiveCode: assetRecord(index).kindCode)
    }

    // MARK: Resolution

    /// Finds the asset, checks it is one of `kinds`, and ranks its variants.
    @inline(__always)
    private func resolve(_ name: String, _ kinds: (AssetKind) -> Bool, _ request: CompiledRequest)
        throws(ArchiveError) -> (asset: Int, position: Int, variant: Int)?
    {
        guard let asset = assetIndex(named: name) else { return nil }
        let record = assetRecord(asset)
        let assetKind = try kind(record, asset)
        guard kinds(assetKind) else { return nil }
        let range = try variantRange(record, asset)
        if !range.isEmpty { prefetchTargets(range, color: assetKind == .color) }
        let candidates = UnsafeBufferPointer(start: variantTraits + range.lowerBound, count: range.count)
        let chosen: Int?
        if try isLocalized(record, asset) {
            chosen = try request.bestIndex(in: candidates) { (position: Int) throws(ArchiveError) -> LocaleTag? in
                try locale(ofVariant: range.lowerBound + position)
            }
        } else {
            chosen = request.bestIndex(in: candidates)
        }
        guard let best = chosen else { return nil }
        let variant = range.lowerBound + best
        // The rank table eliminates unknown codes; the reserved bit is the one thing it does not see.
        guard candidates[best].rawValue & (1 << 15) == 0 else {
            throw .invalidRecord(section: "VTRT", index: variant, reason: "reserved bit set")
        }
        return (asset, best, variant)
    }

    /// Overlaps the loads that follow ranking with the ranking itself.
    ///
    /// A lookup is a chain of dependent reads (name slot → asset record → variant traits → the chosen
    /// variant's target → its payload or colour record), each a likely cache miss on a large archive; the
    /// chain, not the arithmetic, is most of a lookup's time. The record already gives the address of the
    /// variants' targets, and an asset's payload (or colour) records usually lie together (the packer
    /// writes a set's files one after another), so the targets of its first and last variants point at
    /// the records the chosen one will need: start loading those while the variants are ranked. Hints only: a wrong guess (a damaged or unusual archive) costs
    /// a wasted load, never a wrong answer, and nothing is read here but the targets.
    @inline(__always)
    private func prefetchTargets(_ range: Range<Int>, color: Bool) {
        let first = target(range.lowerBound)
        let last = target(range.upperBound &- 1)
        if color {
            if first < colorCount { acat_prefetch(colorRecords + first &* colorStride) }
            if last < colorCount { acat_prefetch(colorRecords + last &* colorStride) }
        } else {
            prefetchPayload(first)
            if last != first { prefetchPayload(last) }
        }
    }

    /// The image of the image, app icon, symbol set or Icon Composer icon called `name` that best suits a prepared request.
    ///
    /// This is the fastest lookup: keep the ``CompiledRequest`` while the traits stay the same. It costs one
    /// hash of the name, a probe, one name comparison, a rank per variant and one payload record read —
    /// about 1.5–2 `Dictionary<String, Int>` hits on random names, docs/PERFORMANCE.md — with no allocation,
    /// no lock and no write to memory other threads use, so it scales with cores. The result borrows the
    /// archive: keep the archive alive while you use it (see ``ImageVariant``).
    /// - Returns: `nil` when there is no such image or app icon set, or every variant is eliminated.
    /// - Throws: ``ArchiveError`` when the records or the chosen payload are damaged.
    public func image(named name: String, compatibleWith request: CompiledRequest) throws(ArchiveError)
        -> ImageVariant?
    {
        guard let found = try resolve(name, { $0 == .image || $0 == .appIcon || $0 == .symbol || $0 == .icon }, request) else { return nil }
        return ImageVariant(try payloadView(found))
    }

    /// The image of the image, app icon, symbol set or Icon Composer icon called `name` that best suits `traits`.
    ///
    /// - Parameters:
    ///   - name: The asset's full name (namespaces joined with `/`).
    ///   - traits: The environment to choose for.
    ///   - resolver: The resolver whose rules and fallback order rank the variants.
    /// - Returns: `nil` when there is no such image or app icon set, or every variant is eliminated.
    /// - Throws: ``ArchiveError`` when the records or the chosen payload are damaged.
    public func image(named name: String, compatibleWith traits: TraitCollection, resolver: Resolver = Resolver())
        throws(ArchiveError) -> ImageVariant?
    {
        try image(named: name, compatibleWith: resolver.compile(traits))
    }

    /// The file of the data set called `name` that best suits a prepared request.
    ///
    /// Costs what ``image(named:compatibleWith:)-(_,CompiledRequest)`` costs: no allocation, no lock, no
    /// shared write. The result borrows the archive (see ``DataVariant``).
    /// - Returns: `nil` when there is no such data set, or every variant is eliminated.
    /// - Throws: ``ArchiveError`` when the records or the chosen payload are damaged.
    public func data(named name: String, compatibleWith request: CompiledRequest) throws(ArchiveError)
        -> DataVariant?
    {
        guard let found = try resolve(name, { $0 == .data }, request) else { return nil }
        return DataVariant(try payloadView(found))
    }

    /// The file of the data set called `name` that best suits `traits`.
    ///
    /// - Returns: `nil` when there is no such data set, or every variant is eliminated.
    /// - Throws: ``ArchiveError`` when the records or the chosen payload are damaged.
    public func data(
        named name: String, compatibleWith traits: TraitCollection = TraitCollection(), resolver: Resolver = Resolver()
    ) throws(ArchiveError) -> DataVariant? {
        try data(named: name, compatibleWith: resolver.compile(traits))
    }

    /// The colour of the colour set called `name` that best suits a prepared request.
    ///
    /// Costs a lookup plus decoding one colour record: no lock, no shared write; it allocates only when the
    /// colour-space or system-colour name is longer than 15 UTF-8 bytes (a heap string).
    /// - Returns: `nil` when there is no such colour set, or every variant is eliminated.
    /// - Throws: ``ArchiveError`` when the records are damaged.
    public func color(named name: String, compatibleWith request: CompiledRequest) throws(ArchiveError)
        -> ColorValue?
    {
        guard let found = try resolve(name, { $0 == .color }, request) else { return nil }
        return try colorValue(target(found.variant), variant: found.variant)
    }

    /// The colour of the colour set called `name` that best suits `traits`.
    ///
    /// - Returns: `nil` when there is no such colour set, or every variant is eliminated.
    /// - Throws: ``ArchiveError`` when the records are damaged.
    public func color(named name: String, compatibleWith traits: TraitCollection, resolver: Resolver = Resolver())
        throws(ArchiveError) -> ColorValue?
    {
        try color(named: name, compatibleWith: resolver.compile(traits))
    }

    /// The position, among the asset's variants, of the one that best suits `request`, whatever the
    /// asset's kind; `nil` when there is no such asset or every variant is eliminated.
    public func bestVariantIndex(named name: String, compatibleWith request: CompiledRequest) throws(ArchiveError)
        -> Int?
    {
        try resolve(name, { _ in true }, request)?.position
    }

    /// Why the asset called `name` resolves as it does for `traits`: every variant, eliminated or ranked.
    ///
    /// - Returns: `nil` when there is no asset with that name.
    /// - Throws: ``ArchiveError`` when the records are damaged.
    public func explain(named name: String, compatibleWith traits: TraitCollection, resolver: Resolver = Resolver())
        throws(ArchiveError) -> ResolutionExplanation?
    {
        guard let asset = assetIndex(named: name) else { return nil }
        let record = assetRecord(asset)
        let range = try variantRange(record, asset)
        let localized = try isLocalized(record, asset)
        var traitsList: [VariantTraits] = []
        for variant in range {
            guard var unpacked = variantTraits[variant].unpacked else {
                throw .invalidRecord(section: "VTRT", index: variant, reason: "unknown trait code")
            }
            if localized { unpacked.locale = try locale(ofVariant: variant) }
            traitsList.append(unpacked)
        }
        return resolver.explain(traitsList, for: traits)
    }

    // MARK: Payloads and colours

    private func payloadView(_ found: (asset: Int, position: Int, variant: Int)) throws(ArchiveError)
        -> PayloadView
    {
        try ensurePayloadTable()
        let index = target(found.variant)
        let record = try payloadRecord(index)
        try ensurePayload(index, record)
        return PayloadView(
            archive: Unmanaged.passUnretained(self), bytes: file.baseAddress! + record.offset, assetIndex: found.asset, position: found.position, variantIndex: found.variant,
            packedTraits: variantTraits[found.variant], payloadIndex: index, record: record)
    }

    func colorValue(_ index: Int, variant: Int) throws(ArchiveError) -> ColorValue {
        guard index < colorCount else {
            throw .invalidRecord(section: "VPAY", index: variant, reason: "no such colour (\(colorCount) colours)")
        }
        let record = colorRecords + index * colorStride
        let kind = record.load(as: UInt8.self)
        let offset = Int(record.u32(4))
        let length = Int(record.u32(8))
        guard offset + length <= nameTable.count else {
            throw .invalidRecord(section: "COLR", index: index, reason: "string lies outside the name table")
        }
        let text = String(decoding: nameTable[offset..<(offset + length)], as: UTF8.self)
        switch kind {
        case 1:
            func component(_ at: Int, _ channel: String) throws(ArchiveError) -> Double {
                let value = Double(bitPattern: record.u64(at))
                guard ColorComponents.allowedRange.contains(value) else {
                    throw .invalidRecord(
                        section: "COLR", index: index,
                        reason: "\(channel) is \(value), outside \(ColorComponents.allowedRangeDescription)")
                }
                return value
            }
            return .components(
                ColorComponents(
                    colorSpace: text, red: try component(16, "red"), green: try component(24, "green"),
                    blue: try component(32, "blue"), alpha: try component(40, "alpha")))
        case 2:
            return .systemReference(name: text)
        default:
            throw .invalidRecord(section: "COLR", index: index, reason: "unknown colour kind \(kind)")
        }
    }
}

/// What a payload lookup found; shared by ``ImageVariant`` and ``DataVariant``.
///
/// It borrows its archive: an unretained reference, a pointer into the mapping and plain numbers, so making, copying and
/// dropping one touches no reference count. A strong reference here would make every lookup retain and
/// release the one archive object shared by every thread: an atomic read-modify-write on one cache line,
/// which is what kept lookups from scaling with cores (issue 16). The price is the lifetime rule stated
/// on ``ImageVariant``: the archive must outlive the values its lookups return.
struct PayloadView: @unchecked Sendable {
    /// The archive, not retained: ``archive`` and the metadata accessors go through it.
    let archiveReference: Unmanaged<AssetArchive>
    /// The payload's first byte in the archive's mapping.
    let bytes: UnsafeRawPointer
    let assetIndex: Int
    let position: Int
    let variantIndex: Int
    let packedTraits: PackedVariantTraits
    let payloadIndex: Int
    let offset: Int
    let length: Int
    let pixelWidth: UInt32
    let pixelHeight: UInt32
    let contentType: ContentType
    let flags: UInt8

    init(
        archive: Unmanaged<AssetArchive>, bytes: UnsafeRawPointer, assetIndex: Int, position: Int, variantIndex: Int,
        packedTraits: PackedVariantTraits, payloadIndex: Int, record: AssetArchive.PayloadRecord
    ) {
        self.archiveReference = archive
        self.bytes = bytes
        self.assetIndex = assetIndex
        self.position = position
        self.variantIndex = variantIndex
        self.packedTraits = packedTraits
        self.payloadIndex = payloadIndex
        self.offset = record.offset
        self.length = record.length
        self.pixelWidth = record.pixelWidth
        self.pixelHeight = record.pixelHeight
        self.contentType = record.contentType
        self.flags = record.flags
    }

    /// The archive (valid while the caller keeps it alive: the lifetime rule on ``ImageVariant``).
    var archive: AssetArchive { archiveReference.takeUnretainedValue() }

    /// The asset's name, read from the archive's name table (the lookup checked that it lies inside it).
    var name: String {
        archive.nameBytes(archive.assetRecord(assetIndex)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @inline(__always)
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        // The lookup checked offset and length against the payload area; the archive is alive by the
        // lifetime rule, so its mapping is too.
        try body(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    var traits: VariantTraits {
        var traits = packedTraits.unpacked ?? VariantTraits()
        // Damage in VLOC would have stopped the lookup that made this view.
        traits.locale = (try? archive.locale(ofVariant: variantIndex)) ?? nil
        return traits
    }

    func variantMetadata() throws(ArchiveError) -> (source: String, attributes: [(key: String, value: String)]) {
        let metadata = try archive.metadata()
        let record = metadata.variants.record(variantIndex)
        let source = try metadata.string(record.u32(0), record.u32(4), section: "VMET", index: variantIndex)
        let attributes = try metadata.attributes(record.u32(8), record.u32(12), section: "VMET", index: variantIndex)
        return (source, attributes)
    }
}
