/// Where each section of an archive is, after the header and section table have been validated.
///
/// Parsing checks everything the format says a reader must check before trusting a table's position:
/// magic, version, sizes, bounds (with overflow-safe arithmetic), alignment, overlaps, duplicates,
/// record sizes and counts, and the header checksum. Section checksums are checked by the caller.
struct ArchiveLayout {
    struct Span {
        var offset: Int
        /// The stored length.
        var length: Int
        var count: Int
        var recordSize: Int
        var crc: UInt32
        var hasChecksum: Bool
        /// Whether the stored bytes are a zlib stream.
        var isCompressed: Bool
        /// The length once inflated (the stored length when not compressed).
        var inflatedLength: Int
    }

    var major: Int
    var minor: Int
    var spans: [ArchiveSection: Span]
    /// Every byte range the header, the section table and all sections (known or not) occupy, sorted.
    var extents: [Range<Int>]

    subscript(_ section: ArchiveSection) -> Span { spans[section]! }

    static func describe(_ code: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (UInt32($0) * 8)) }
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(decoding: bytes, as: UTF8.self) }
        return "0x" + String(code, radix: 16)
    }

    static func parse(_ file: UnsafeRawBufferPointer) throws(ArchiveError) -> ArchiveLayout {
        let size = file.count
        let fileSize = UInt64(size)
        guard size >= ArchiveFormat.headerSize else { throw .truncatedHeader(size: size) }
        guard ArchiveFormat.magic.elementsEqual(file[0..<8]) else { throw .badMagic }
        let major = Int(file.u16(8))
        let minor = Int(file.u16(10))
        guard major >= 1, major <= Int(ArchiveFormat.majorVersion) else {
            throw .unsupportedVersion(major: major, minor: minor)
        }
        let headerSize = UInt64(file.u32(12))
        guard headerSize >= UInt64(ArchiveFormat.headerSize), headerSize <= fileSize else {
            throw .invalidHeader(field: "header size", value: headerSize)
        }
        let declaredSize = file.u64(16)
        guard declaredSize == fileSize else { throw .sizeMismatch(expected: declaredSize, actual: fileSize) }
        let tableOffset = file.u64(24)
        let sectionCount = UInt64(file.u32(32))
        let entrySize = UInt64(file.u32(36))
        guard entrySize >= UInt64(ArchiveFormat.sectionEntrySize), entrySize <= 4096 else {
            throw .invalidHeader(field: "section entry size", value: entrySize)
        }
        guard sectionCount >= 1, sectionCount <= UInt64(ArchiveFormat.maximumSectionCount) else {
            throw .invalidHeader(field: "section count", value: sectionCount)
        }
        // sectionCount × entrySize ≤ 1024 × 4096: no overflow.
        let tableLength = sectionCount * entrySize
        guard tableOffset >= headerSize, tableOffset <= fileSize, tableLength <= fileSize - tableOffset else {
            throw .invalidHeader(field: "section table offset", value: tableOffset)
        }
        let stored = file.u32(ArchiveFormat.headerChecksumOffset)
        let computed = ArchiveEncoder.headerChecksum(
            file, headerSize: Int(headerSize), tableOffset: Int(tableOffset), tableLength: Int(tableLength))
        guard stored == computed else { throw .headerChecksumMismatch(stored: stored, computed: computed) }

        var spans: [ArchiveSection: Span] = [:]
        var occupied: [(offset: UInt64, end: UInt64, name: String)] = [
            (0, headerSize, "header"), (tableOffset, tableOffset + tableLength, "section table"),
        ]
        for index in 0..<Int(sectionCount) {
            let entry = Int(tableOffset) + index * Int(entrySize)
            let code = file.u32(entry)
            let flags = file.u32(entry + 4)
            let offset = file.u64(entry + 8)
            let length = file.u64(entry + 16)
            let count = UInt64(file.u32(entry + 24))
            let recordSize = UInt64(file.u32(entry + 28))
            let crc = file.u32(entry + 32)
            let name = describe(code)
            guard offset <= fileSize, length <= fileSize - offset else {
                throw .sectionOutOfBounds(section: name, offset: offset, length: length)
            }
            guard offset % UInt64(ArchiveFormat.requiredSectionAlignment) == 0 else {
                throw .misalignedSection(section: name, offset: offset)
            }
            if length > 0 { occupied.append((offset, offset + length, name)) }
            guard let section = ArchiveSection(code: code) else {
                if flags & ArchiveFormat.flagRequired != 0 { throw .unsupportedRequiredSection(name) }
                continue
            }
            guard spans[section] == nil else { throw .duplicateSection(name) }
            // Only a section the format defines without a checksum (DATA: each payload has its own CRC)
            // may carry the flag; elsewhere it would let changed bytes through unchecked.
            if flags & ArchiveFormat.flagNoChecksum != 0, section.flags & ArchiveFormat.flagNoChecksum == 0 {
                throw .invalidSectionLayout(section: name, reason: "it must have a checksum but is flagged as having none")
            }
            let compressed = flags & ArchiveFormat.flagDeflate != 0
            var contentLength = length
            if compressed {
                guard section.checkGroup == .metadata else {
                    throw .invalidSectionLayout(section: name, reason: "it is read in place and cannot be compressed")
                }
                contentLength = UInt64(file.u32(entry + 36))
                guard contentLength <= ArchiveFormat.maximumInflatedLength(stored: length) else {
                    throw .invalidSectionLayout(section: name, reason: "inflated length \(contentLength) is impossible")
                }
            }
            if section.recordSize == 0 {
                guard recordSize == 0, count == 0 else {
                    throw .invalidSectionLayout(section: name, reason: "a byte section must have no records")
                }
            } else {
                let minimum = UInt64(section.recordSize)
                guard recordSize >= minimum, recordSize <= 65536, !section.recordSizeIsFixed || recordSize == minimum
                else {
                    throw .invalidSectionLayout(section: name, reason: "record size \(recordSize), expected \(minimum)")
                }
                let (product, overflow) = count.multipliedReportingOverflow(by: recordSize)
                guard !overflow, product == contentLength else {
                    throw .invalidSectionLayout(
                        section: name, reason: "\(count) records of \(recordSize) bytes do not make \(contentLength) bytes")
                }
            }
            if section == .data, offset % UInt64(ArchiveFormat.payloadAlignment) != 0 {
                throw .misalignedSection(section: name, offset: offset)
            }
            spans[section] = Span(
                offset: Int(offset), length: Int(length), count: Int(count), recordSize: Int(recordSize), crc: crc,
                hasChecksum: flags & ArchiveFormat.flagNoChecksum == 0, isCompressed: compressed,
                inflatedLength: Int(contentLength))
        }
        occupied.sort { $0.offset != $1.offset ? $0.offset < $1.offset : $0.end < $1.end }
        for index in occupied.indices.dropFirst() where occupied[index].offset < occupied[index - 1].end {
            let (first, second) = (occupied[index - 1], occupied[index])
            let reserved = ["header", "section table"]
            if reserved.contains(first.name) || reserved.contains(second.name) {
                // The header and the table were listed first, so neither of a pair of them is a section.
                let section = reserved.contains(first.name) ? second : first
                throw .sectionOutOfBounds(section: section.name, offset: section.offset, length: section.end - section.offset)
            }
            throw .overlappingSections(first.name, second.name)
        }
        for section in ArchiveSection.allCases where spans[section] == nil && !section.isOptional {
            throw .missingSection(section.fourCC)
        }
        let layout = ArchiveLayout(
            major: major, minor: minor, spans: spans,
            extents: occupied.map { Int($0.offset)..<Int($0.end) })
        let variants = layout[.variantTraits].count
        for (section, expected) in [
            (ArchiveSection.variantTargets, variants), (.variantMetadata, variants),
            (.assetMetadata, layout[.assets].count),
        ] where layout[section].count != expected {
            throw .invalidSectionLayout(
                section: section.fourCC, reason: "\(layout[section].count) records, expected \(expected)")
        }
        if let locales = layout.spans[.variantLocales], locales.count != variants {
            throw .invalidSectionLayout(section: "VLOC", reason: "\(locales.count) records, expected \(variants)")
        }
        let slots = layout[.nameIndex].count
        guard slots > layout[.assets].count, slots & (slots - 1) == 0 else {
            throw .invalidSectionLayout(
                section: "NIDX", reason: "\(slots) slots for \(layout[.assets].count) names: not a power of two above it")
        }
        return layout
    }
}

extension UnsafeRawBufferPointer {
    @inline(__always)
    func u16(_ offset: Int) -> UInt16 { UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
    @inline(__always)
    func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    @inline(__always)
    func u64(_ offset: Int) -> UInt64 { UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
}

extension UnsafeRawPointer {
    @inline(__always)
    func u16(_ offset: Int) -> UInt16 { UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
    @inline(__always)
    func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    @inline(__always)
    func u64(_ offset: Int) -> UInt64 { UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
}
