/// Everything an archive holds except the payload bytes, in final order; the input to ``ArchiveEncoder``.
///
/// The packer fills it in; tests may too. Assets must already be sorted by name (UTF-8 byte order) and
/// names must be unique; payload offsets must already be assigned (see ``ArchiveEncoder/dataStart``).
package struct ArchiveBlueprint: Sendable {
    /// A catalog root.
    package struct Source: Sendable, Hashable {
        package var path: String
        package var kind: String
        package init(path: String, kind: String) {
            self.path = path
            self.kind = kind
        }
    }

    /// One variant of an asset.
    ///
    /// The packer holds one for every variant of a catalog at once, so the rare locale is kept out of line
    /// (48 bytes inline otherwise): 48 bytes a variant instead of 96.
    package struct Variant: Sendable, Hashable {
        package var traits: PackedVariantTraits
        /// The locale, out of line; `nil` for most variants.
        private var localeBox: LocaleBox?
        /// The payload index (image, data, app icon sets) or colour index (colour sets).
        package var target: Int
        /// The file relative to the catalog root; empty for colours.
        package var sourcePath: String
        /// The entry's other keys, sorted by key.
        package var attributes: [Attribute]
        /// The locale, stored in `VLOC` (the packed traits have no room for it).
        package var locale: LocaleTag? {
            get { localeBox?.tag }
            set { localeBox = newValue.map(LocaleBox.init) }
        }
        package init(
            traits: PackedVariantTraits, target: Int, sourcePath: String = "", attributes: [Attribute] = [],
            locale: LocaleTag? = nil
        ) {
            self.traits = traits
            self.localeBox = locale.map(LocaleBox.init)
            self.target = target
            self.sourcePath = sourcePath
            self.attributes = attributes
        }
    }

    /// A key and a value.
    package struct Attribute: Sendable, Hashable {
        package var key: String
        package var value: String
        package init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// One asset.
    package struct Asset: Sendable, Hashable {
        package var name: String
        package var kind: AssetKind
        package var sourceIndex: Int
        package var path: String
        package var properties: [Attribute]
        package var variants: [Variant]
        package init(
            name: String, kind: AssetKind, sourceIndex: Int, path: String, properties: [Attribute] = [],
            variants: [Variant]
        ) {
            self.name = name
            self.kind = kind
            self.sourceIndex = sourceIndex
            self.path = path
            self.properties = properties
            self.variants = variants
        }
    }

    /// Where one payload's bytes are and what they are.
    package struct Payload: Sendable, Hashable {
        package var offset: UInt64
        package var length: UInt64
        package var crc: UInt32
        package var pixelWidth: UInt32
        package var pixelHeight: UInt32
        package var contentType: ContentType
        package var optimized: Bool
        package init(
            offset: UInt64, length: UInt64, crc: UInt32, pixelWidth: UInt32 = 0, pixelHeight: UInt32 = 0,
            contentType: ContentType, optimized: Bool = false
        ) {
            self.offset = offset
            self.length = length
            self.crc = crc
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.contentType = contentType
            self.optimized = optimized
        }
    }

    package var sources: [Source]
    package var assets: [Asset]
    package var payloads: [Payload]
    package var colors: [ColorValue]

    package init(sources: [Source] = [], assets: [Asset] = [], payloads: [Payload] = [], colors: [ColorValue] = []) {
        self.sources = sources
        self.assets = assets
        self.payloads = payloads
        self.colors = colors
    }
}

/// Why a blueprint cannot be encoded.
package struct ArchiveEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}

/// Turns an ``ArchiveBlueprint`` into the bytes of an archive (docs/FORMAT.md): the payload area is
/// written by the caller at ``dataStart``; this type produces the tables that follow it and the header.
package enum ArchiveEncoder {
    /// Where the payload area (`DATA`) starts: after the header and the section table.
    package static let dataStart: Int = ArchiveFormat.align(
        ArchiveFormat.headerSize + ArchiveSection.writeOrder.count * ArchiveFormat.sectionEntrySize,
        to: ArchiveFormat.payloadAlignment)

    /// The encoded archive apart from its payload area.
    package struct Encoded: Sendable {
        /// The header and section table, to be written at offset 0 (``dataStart`` bytes, zero-padded).
        package var head: [UInt8]
        /// The tables, to be written right after the payload area (at `dataEnd`), in pieces to be written in
        /// order: each section, then its padding. Kept apart rather than joined, so the tables of a large
        /// catalog are not held twice while they are written.
        package var tailPieces: [[UInt8]]
        /// The tables as one array.
        package var tail: [UInt8] { Array(tailPieces.joined()) }
        /// The file's total size.
        package var fileSize: UInt64
    }

    /// Encodes the tables for a payload area that ends at `dataEnd` (a multiple of 16, at least
    /// ``dataStart``; the bytes between payloads must be zero).
    /// - Parameter compressMetadata: store the metadata sections deflated when that is smaller (tests turn it
    ///   off to reach the metadata records with hostile values).
    package static func encode(_ blueprint: ArchiveBlueprint, dataEnd: Int, compressMetadata: Bool = true)
        throws(ArchiveEncodingError) -> Encoded
    {
        var copy = blueprint
        return try encode(releasing: &copy, dataEnd: dataEnd, compressMetadata: compressMetadata)
    }

    /// Encodes like ``encode(_:dataEnd:compressMetadata:)`` and empties `blueprint` on the way: each asset's
    /// variants are released once encoded, the rest once the tables are built, so a large catalog's blueprint
    /// and tables are not both held whole (when the caller holds the only reference to its arrays).
    package static func encode(releasing blueprint: inout ArchiveBlueprint, dataEnd: Int, compressMetadata: Bool = true)
        throws(ArchiveEncodingError) -> Encoded
    {
        precondition(dataEnd >= dataStart && dataEnd % ArchiveFormat.payloadAlignment == 0)
        var tables = TableBuilder()
        try tables.build(&blueprint)
        blueprint = ArchiveBlueprint()
        tables.releaseLookups()

        var tail: [[UInt8]] = []
        var tailCount = 0
        var entries:
            [(section: ArchiveSection, flags: UInt32, offset: Int, length: Int, count: Int, crc: UInt32, inflated: Int)] = []
        entries.append((.data, ArchiveSection.data.flags, dataStart, dataEnd - dataStart, 0, 0, 0))
        for section in ArchiveSection.writeOrder where section != .data && (tables.hasLocales || !section.isOptional) {
            // Taken out of the builder: each section is held once, as written (or its compressed form alone).
            var bytes = tables.take(section)
            let offset = dataEnd + tailCount
            let size = section.recordSize
            let count = size == 0 ? 0 : bytes.count / size
            var flags = section.flags
            var inflated = 0
            // Metadata is never read on the lookup path: store it deflated when that is smaller.
            if compressMetadata, section.checkGroup == .metadata, let compressed = Deflate.compress(bytes),
                compressed.count < bytes.count
            {
                inflated = bytes.count
                bytes = compressed
                flags |= ArchiveFormat.flagDeflate
            }
            entries.append((section, flags, offset, bytes.count, count, CRC32.checksum(bytes), inflated))
            tailCount += bytes.count
            tail.append(bytes)
            let padded = ArchiveFormat.align(tailCount, to: ArchiveFormat.sectionAlignment)
            if padded > tailCount {
                tail.append([UInt8](repeating: 0, count: padded - tailCount))
                tailCount = padded
            }
        }
        let fileSize = UInt64(dataEnd + tailCount)

        var head = [UInt8](repeating: 0, count: dataStart)
        head.replaceSubrange(0..<8, with: ArchiveFormat.magic)
        head.store(ArchiveFormat.majorVersion, at: 8)
        head.store(tables.hasLocales ? ArchiveFormat.localeMinorVersion : ArchiveFormat.minorVersion, at: 10)
        head.store(UInt32(ArchiveFormat.headerSize), at: 12)
        head.store(fileSize, at: 16)
        head.store(UInt64(ArchiveFormat.headerSize), at: 24)
        head.store(UInt32(entries.count), at: 32)
        head.store(UInt32(ArchiveFormat.sectionEntrySize), at: 36)
        for (index, entry) in entries.enumerated() {
            let base = ArchiveFormat.headerSize + index * ArchiveFormat.sectionEntrySize
            head.store(entry.section.code, at: base)
            head.store(entry.flags, at: base + 4)
            head.store(UInt64(entry.offset), at: base + 8)
            head.store(UInt64(entry.length), at: base + 16)
            head.store(UInt32(entry.count), at: base + 24)
            head.store(UInt32(entry.section.recordSize), at: base + 28)
            head.store(entry.crc, at: base + 32)
            head.store(UInt32(entry.inflated), at: base + 36)
        }
        let tableLength = entries.count * ArchiveFormat.sectionEntrySize
        let crc = head.withUnsafeBytes {
            headerChecksum(
                $0, headerSize: ArchiveFormat.headerSize, tableOffset: ArchiveFormat.headerSize, tableLength: tableLength)
        }
        head.store(crc, at: ArchiveFormat.headerChecksumOffset)
        return Encoded(head: head, tailPieces: tail, fileSize: fileSize)
    }

    /// The header checksum: CRC-32 of the header's `headerSize` bytes with the checksum field taken as
    /// zero, followed by the section table's bytes.
    package static func headerChecksum(
        _ file: UnsafeRawBufferPointer, headerSize: Int, tableOffset: Int, tableLength: Int
    ) -> UInt32 {
        let field = ArchiveFormat.headerChecksumOffset
        var crc = CRC32.update(0, UnsafeRawBufferPointer(rebasing: file[0..<field]))
        crc = CRC32.updateZeros(crc, count: 4)
        crc = CRC32.update(crc, UnsafeRawBufferPointer(rebasing: file[(field + 4)..<headerSize]))
        return CRC32.update(crc, UnsafeRawBufferPointer(rebasing: file[tableOffset..<(tableOffset + tableLength)]))
    }

    /// A whole archive in memory, for tests and small catalogs: lays the payloads out in order
    /// (overwriting the blueprint's offsets, lengths and CRCs) and encodes everything.
    package static func encode(_ blueprint: ArchiveBlueprint, payloadBytes: [[UInt8]], compressMetadata: Bool = true)
        throws(ArchiveEncodingError) -> [UInt8]
    {
        precondition(blueprint.payloads.count == payloadBytes.count)
        var blueprint = blueprint
        var data: [UInt8] = []
        for (index, bytes) in payloadBytes.enumerated() {
            blueprint.payloads[index].offset = UInt64(dataStart + data.count)
            blueprint.payloads[index].length = UInt64(bytes.count)
            blueprint.payloads[index].crc = CRC32.checksum(bytes)
            data.append(contentsOf: bytes)
            data.append(contentsOf: repeatElement(0, count: ArchiveFormat.align(data.count, to: 16) - data.count))
        }
        let encoded = try encode(blueprint, dataEnd: dataStart + data.count, compressMetadata: compressMetadata)
        return encoded.head + data + encoded.tail
    }
}

/// Builds the table sections' bytes.
private struct TableBuilder {
    var nameIndex: [UInt8] = []
    var assets: [UInt8] = []
    var variantTraits: [UInt8] = []
    var variantLocales: [UInt8] = []
    /// Whether any variant has a locale: only then is `VLOC` written.
    var hasLocales = false
    var variantTargets: [UInt8] = []
    var payloads: [UInt8] = []
    var colors: [UInt8] = []
    var names = StringTable()
    var sources: [UInt8] = []
    var assetMetadata: [UInt8] = []
    var variantMetadata: [UInt8] = []
    var metadata = StringTable()

    /// How many assets are encoded between two returns of freed pages to the system (each a walk of the
    /// allocator's free lists: a few milliseconds).
    static let trimInterval = 4096

    /// A section's bytes, moved out of the builder (each is taken once).
    mutating func take(_ section: ArchiveSection) -> [UInt8] {
        func taking(_ bytes: inout [UInt8]) -> [UInt8] {
            defer { bytes = [] }
            return bytes
        }
        switch section {
        case .data: return []
        case .nameIndex: return taking(&nameIndex)
        case .assets: return taking(&assets)
        case .variantTraits: return taking(&variantTraits)
        case .variantLocales: return taking(&variantLocales)
        case .variantTargets: return taking(&variantTargets)
        case .payloads: return taking(&payloads)
        case .colors: return taking(&colors)
        case .names: return taking(&names.bytes)
        case .sources: return taking(&sources)
        case .assetMetadata: return taking(&assetMetadata)
        case .variantMetadata: return taking(&variantMetadata)
        case .metadata: return taking(&metadata.bytes)
        }
    }

    /// Drops what finds strings already stored: needed while building only.
    mutating func releaseLookups() {
        names.dropLookups()
        metadata.dropLookups()
    }

    /// Builds every table from `blueprint`, releasing each asset's variants and path once they are encoded.
    mutating func build(_ blueprint: inout ArchiveBlueprint) throws(ArchiveEncodingError) {
        let limit = Int(UInt32.max)
        guard blueprint.assets.count < limit, blueprint.payloads.count < limit, blueprint.colors.count < limit else {
            throw ArchiveEncodingError(message: "too many assets, payloads or colours for one archive")
        }
        for source in blueprint.sources {
            let path = try metadata.string(source.path)
            let kind = try metadata.string(source.kind)
            sources.store(path.offset)
            sources.store(path.length)
            sources.store(kind.offset)
            sources.store(kind.length)
        }
        // Sized exactly: grown by doubling, each table would keep up to twice its room.
        let allVariants = blueprint.assets.reduce(0) { $0 + $1.variants.count }
        assets.reserveCapacity(ArchiveSection.assets.recordSize * blueprint.assets.count)
        assetMetadata.reserveCapacity(ArchiveSection.assetMetadata.recordSize * blueprint.assets.count)
        variantTraits.reserveCapacity(ArchiveSection.variantTraits.recordSize * allVariants)
        variantLocales.reserveCapacity(ArchiveSection.variantLocales.recordSize * allVariants)
        variantTargets.reserveCapacity(ArchiveSection.variantTargets.recordSize * allVariants)
        variantMetadata.reserveCapacity(ArchiveSection.variantMetadata.recordSize * allVariants)
        payloads.reserveCapacity(ArchiveSection.payloads.recordSize * blueprint.payloads.count)
        var variantCount = 0
        var previousName: [UInt8]?
        for position in blueprint.assets.indices {
            let asset = blueprint.assets[position]
            // Encoded below from `asset`; the blueprint's copy goes now, so the tables replace it as they grow.
            blueprint.assets[position].variants = []
            blueprint.assets[position].path = ""
            blueprint.assets[position].properties = []
            // What goes is small pieces, what grows is large arrays mapped apart: the pages the pieces leave
            // free (the plan made them in this order, so they free whole pages) are given back as we go.
            if position % Self.trimInterval == Self.trimInterval - 1 { FreedMemory.returnToSystem() }
            let nameBytes = Array(asset.name.utf8)
            if let previousName, !previousName.lexicographicallyPrecedes(nameBytes) {
                throw ArchiveEncodingError(message: "assets are not sorted by name or a name repeats: '\(asset.name)'")
            }
            previousName = nameBytes
            guard nameBytes.count <= Int(UInt16.max) else {
                throw ArchiveEncodingError(message: "asset name longer than 65535 bytes: '\(asset.name.prefix(64))…'")
            }
            guard asset.variants.count <= Int(UInt16.max) else {
                throw ArchiveEncodingError(message: "asset '\(asset.name)' has more than 65535 variants")
            }
            guard asset.sourceIndex >= 0, asset.sourceIndex < max(blueprint.sources.count, 1) else {
                throw ArchiveEncodingError(message: "asset '\(asset.name)' refers to source \(asset.sourceIndex)")
            }
            let name = try names.append(nameBytes)
            assets.store(name.offset)
            assets.store(UInt32(variantCount))
            assets.store(UInt16(nameBytes.count))
            assets.store(UInt16(asset.variants.count))
            assets.append(asset.kind.archiveCode)
            let localized = asset.variants.contains { $0.locale != nil }
            assets.append(localized ? ArchiveFormat.assetFlagLocalized : 0)
            assets.append(contentsOf: [0, 0])
            hasLocales = hasLocales || localized

            let path = try metadata.string(asset.path)
            let properties = try metadata.attributes(asset.properties)
            assetMetadata.store(UInt32(asset.sourceIndex))
            assetMetadata.store(path.offset)
            assetMetadata.store(path.length)
            assetMetadata.store(properties.offset)
            assetMetadata.store(properties.length)
            assetMetadata.store(UInt32(0))

            let targetCount = asset.kind == .color ? blueprint.colors.count : blueprint.payloads.count
            for variant in asset.variants {
                guard variant.target >= 0, variant.target < targetCount else {
                    throw ArchiveEncodingError(message: "asset '\(asset.name)' refers to a missing payload or colour")
                }
                variantTraits.store(variant.traits.rawValue)
                let locale = try variant.locale.map { tag throws(ArchiveEncodingError) in try names.string(tag.normalized) }
                variantLocales.store(locale?.offset ?? 0)
                variantLocales.store(locale?.length ?? 0)
                variantTargets.store(UInt32(variant.target))
                let source = try metadata.string(variant.sourcePath)
                let attributes = try metadata.attributes(variant.attributes)
                variantMetadata.store(source.offset)
                variantMetadata.store(source.length)
                variantMetadata.store(attributes.offset)
                variantMetadata.store(attributes.length)
            }
            variantCount += asset.variants.count
            guard variantCount < limit else { throw ArchiveEncodingError(message: "too many variants for one archive") }
        }
        for payload in blueprint.payloads {
            guard payload.offset <= ArchiveFormat.maximumPayloadOffset, payload.length <= UInt64(UInt32.max) else {
                throw ArchiveEncodingError(message: "a payload is larger than 4 GiB or the archive larger than 256 TiB")
            }
            // 48-bit offset, then the content type and flags in the top two bytes of the same word.
            payloads.store(
                payload.offset | UInt64(payload.contentType.archiveCode) << 48
                    | UInt64(payload.optimized ? ArchiveFormat.payloadFlagOptimized : 0) << 56)
            payloads.store(UInt32(payload.length))
            payloads.store(payload.crc)
            payloads.store(payload.pixelWidth)
            payloads.store(payload.pixelHeight)
        }
        for color in blueprint.colors {
            switch color {
            case .components(let components):
                let space = try names.string(components.colorSpace)
                colors.append(1)
                colors.append(contentsOf: [0, 0, 0])
                colors.store(space.offset)
                colors.store(space.length)
                colors.store(UInt32(0))
                colors.store(components.red.bitPattern)
                colors.store(components.green.bitPattern)
                colors.store(components.blue.bitPattern)
                colors.store(components.alpha.bitPattern)
            case .systemReference(let name):
                let reference = try names.string(name)
                colors.append(2)
                colors.append(contentsOf: [0, 0, 0])
                colors.store(reference.offset)
                colors.store(reference.length)
                colors.append(contentsOf: repeatElement(0, count: 36))
            }
        }
        buildNameIndex(blueprint.assets)
    }

    /// Open addressing with linear probing; the home slot is the FNV-1a hash's low bits, the tag its
    /// high 32 bits. Capacity: the power of two at or above 1.5 × the asset count (plus one), so the
    /// load stays between 1/3 and 2/3 and there is always an empty slot.
    mutating func buildNameIndex(_ assets: [ArchiveBlueprint.Asset]) {
        var capacity = 1
        while capacity < assets.count + assets.count / 2 + 1 { capacity <<= 1 }
        var slots = [(asset: UInt32, tag: UInt32)](repeating: (ArchiveFormat.emptySlot, 0), count: capacity)
        let mask = UInt64(capacity - 1)
        for (index, asset) in assets.enumerated() {
            let hash = NameHash.hash(asset.name)
            var slot = Int(hash & mask)
            while slots[slot].asset != ArchiveFormat.emptySlot { slot = (slot + 1) & Int(mask) }
            slots[slot] = (UInt32(index), UInt32(truncatingIfNeeded: hash >> 32))
        }
        nameIndex.reserveCapacity(capacity * 8)
        for slot in slots {
            nameIndex.store(slot.asset)
            nameIndex.store(slot.tag)
        }
    }
}

/// A byte blob of strings, each stored once.
private struct StringTable {
    var bytes: [UInt8] = []
    /// Where each string stored by ``string(_:)`` is: its offset in the high 32 bits, its length in the low
    /// 32, in the slot its bytes hash to (open addressing, linear probing, at most half full; ``emptySlot``
    /// is free). Strings are compared by their bytes in ``bytes``: the table holds no reference to the
    /// strings themselves, which the encoder releases as it goes (a `[String: UInt32]` kept every path of
    /// the catalog alive to the end, and took more room per string).
    var offsets: [UInt64] = []
    private var storedCount = 0
    private static let emptySlot = UInt64.max
    var lists: [[UInt8]: UInt32] = [:]

    mutating func append(_ utf8: [UInt8]) throws(ArchiveEncodingError) -> (offset: UInt32, length: UInt32) {
        guard bytes.count + utf8.count < Int(UInt32.max) else {
            throw ArchiveEncodingError(message: "the string table would exceed 4 GiB")
        }
        let offset = UInt32(bytes.count)
        bytes.append(contentsOf: utf8)
        return (offset, UInt32(utf8.count))
    }

    mutating func string(_ string: String) throws(ArchiveEncodingError) -> (offset: UInt32, length: UInt32) {
        if string.isEmpty { return (0, 0) }
        let utf8 = Array(string.utf8)
        if storedCount * 2 >= offsets.count { growOffsets() }
        let mask = offsets.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(utf8[...])) & mask
        while offsets[slot] != Self.emptySlot {
            let (offset, length) = (Int(offsets[slot] >> 32), Int(offsets[slot] & 0xFFFF_FFFF))
            if length == utf8.count, bytes[offset..<(offset + length)].elementsEqual(utf8) {
                return (UInt32(offset), UInt32(length))
            }
            slot = (slot + 1) & mask
        }
        let entry = try append(utf8)
        offsets[slot] = UInt64(entry.offset) << 32 | UInt64(entry.length)
        storedCount += 1
        return entry
    }

    /// Forgets which strings are stored (the bytes stay): for when no string will be added.
    mutating func dropLookups() {
        offsets = []
        storedCount = 0
        lists = [:]
    }

    /// Doubles the slots (at least 1,024) and places every stored string again.
    private mutating func growOffsets() {
        let capacity = max(1024, offsets.count * 2)
        var grown = [UInt64](repeating: Self.emptySlot, count: capacity)
        let mask = capacity - 1
        for entry in offsets where entry != Self.emptySlot {
            let (offset, length) = (Int(entry >> 32), Int(entry & 0xFFFF_FFFF))
            var slot = Int(truncatingIfNeeded: Self.hash(bytes[offset..<(offset + length)])) & mask
            while grown[slot] != Self.emptySlot { slot = (slot + 1) & mask }
            grown[slot] = entry
        }
        offsets = grown
    }

    /// FNV-1a over the bytes, its high half folded into the low one (the slot is the low bits).
    private static func hash(_ utf8: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash ^ (hash >> 32)
    }

    /// `u32 count`, then per attribute `u32 key length, key, u32 value length, value`.
    mutating func attributes(_ attributes: [ArchiveBlueprint.Attribute]) throws(ArchiveEncodingError)
        -> (offset: UInt32, length: UInt32)
    {
        if attributes.isEmpty { return (0, 0) }
        var encoded: [UInt8] = []
        encoded.store(UInt32(attributes.count))
        for attribute in attributes {
            encoded.store(UInt32(attribute.key.utf8.count))
            encoded.append(contentsOf: attribute.key.utf8)
            encoded.store(UInt32(attribute.value.utf8.count))
            encoded.append(contentsOf: attribute.value.utf8)
        }
        if let offset = lists[encoded] { return (offset, UInt32(encoded.count)) }
        let entry = try append(encoded)
        lists[encoded] = entry.offset
        return entry
    }
}

extension Array where Element == UInt8 {
    /// Appends an integer in little-endian order.
    @inline(__always)
    package mutating func store<Value: FixedWidthInteger>(_ value: Value) {
        var little = value.littleEndian
        Swift.withUnsafeBytes(of: &little) { append(contentsOf: $0) }
    }

    /// Overwrites `MemoryLayout<Value>.size` bytes at `offset` with an integer in little-endian order.
    @inline(__always)
    package mutating func store<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
        var little = value.littleEndian
        Swift.withUnsafeBytes(of: &little) { source in
            for (index, byte) in source.enumerated() { self[offset + index] = byte }
        }
    }
}
