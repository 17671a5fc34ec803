import Foundation
import Testing

@testable import AssetCatalog

@Suite("Archive rejection")
struct ArchiveRejectionTests {
    func open(_ bytes: [UInt8]) throws(ArchiveError) -> AssetArchive { try AssetArchive(bytes: bytes) }

    @Test("each rule of the format gives its own error")
    func rules() throws {
        let good = try ArchiveSamples.archive()
        #expect(throws: ArchiveError.truncatedHeader(size: 10)) { try open(Array(good.prefix(10))) }
        #expect(throws: ArchiveError.badMagic) { try open([0x50] + good.dropFirst()) }

        var version = ArchiveSurgeon(good)
        version.put(UInt16(2), at: 8)
        version.fixChecksums()
        #expect(throws: ArchiveError.unsupportedVersion(major: 2, minor: 0)) { try open(version.bytes) }

        var minor = ArchiveSurgeon(good)
        minor.put(UInt16(7), at: 10)
        minor.fixChecksums()
        #expect(try open(minor.bytes).formatVersion == (1, 7))

        #expect(throws: ArchiveError.sizeMismatch(expected: UInt64(good.count), actual: UInt64(good.count - 1))) {
            try open(Array(good.dropLast()))
        }
        #expect(throws: ArchiveError.sizeMismatch(expected: UInt64(good.count), actual: UInt64(good.count + 1))) {
            try open(good + [0])
        }

        var header = good
        header[44] ^= 1  // a reserved byte, covered by the header checksum
        #expect {
            try open(header)
        } throws: { error in
            if case .headerChecksumMismatch = error as? ArchiveError { return true }
            return false
        }

        // A section pointing past the end, with checksums repaired: caught by the bounds check.
        var outside = ArchiveSurgeon(good)
        let nameIndex = outside.index(of: "NAME")!
        var entry = outside.entry(nameIndex)
        entry.offset = UInt64(good.count - 8)
        entry.length = 64
        outside.setEntry(nameIndex, entry)
        outside.fixChecksums()
        #expect(throws: ArchiveError.sectionOutOfBounds(section: "NAME", offset: entry.offset, length: 64)) {
            try open(outside.bytes)
        }

        // Huge offset: overflow-safe.
        var huge = ArchiveSurgeon(good)
        entry = huge.entry(nameIndex)
        entry.offset = UInt64.max - 4
        entry.length = 16
        huge.setEntry(nameIndex, entry)
        huge.fixChecksums()
        #expect(throws: ArchiveError.sectionOutOfBounds(section: "NAME", offset: UInt64.max - 4, length: 16)) {
            try open(huge.bytes)
        }

        // Two sections over the same bytes.
        var overlap = ArchiveSurgeon(good)
        let assets = overlap.entry(overlap.index(of: "ASET")!)
        entry = overlap.entry(nameIndex)
        entry.offset = assets.offset
        entry.length = 8
        overlap.setEntry(nameIndex, entry)
        overlap.fixChecksums()
        #expect {
            try open(overlap.bytes)
        } throws: { error in
            if case .overlappingSections = error as? ArchiveError { return true }
            return false
        }

        // A section inside the header.
        var inHeader = ArchiveSurgeon(good)
        entry = inHeader.entry(nameIndex)
        entry.offset = 8
        entry.length = 8
        inHeader.setEntry(nameIndex, entry)
        inHeader.fixChecksums()
        #expect(throws: ArchiveError.sectionOutOfBounds(section: "NAME", offset: 8, length: 8)) {
            try open(inHeader.bytes)
        }

        // Misaligned section.
        var misaligned = ArchiveSurgeon(good)
        entry = misaligned.entry(nameIndex)
        entry.offset += 1
        entry.length -= 1
        misaligned.setEntry(nameIndex, entry)
        misaligned.fixChecksums()
        #expect(throws: ArchiveError.misalignedSection(section: "NAME", offset: entry.offset)) {
            try open(misaligned.bytes)
        }

        // Record size and count that do not make the length.
        var layout = ArchiveSurgeon(good)
        let assetIndex = layout.index(of: "ASET")!
        entry = layout.entry(assetIndex)
        entry.count += 1
        layout.setEntry(assetIndex, entry)
        layout.fixChecksums()
        #expect {
            try open(layout.bytes)
        } throws: { error in
            if case .invalidSectionLayout(section: "ASET", _) = error as? ArchiveError { return true }
            return false
        }

        // A known section renamed to an unknown required kind, then to an unknown optional kind.
        var required = ArchiveSurgeon(good)
        entry = required.entry(nameIndex)
        entry.kind = 0x5A5A_5A5A  // "ZZZZ"
        entry.flags = 1
        required.setEntry(nameIndex, entry)
        required.fixChecksums()
        #expect(throws: ArchiveError.unsupportedRequiredSection("ZZZZ")) { try open(required.bytes) }
        var optional = required
        entry.flags = 0
        optional.setEntry(nameIndex, entry)
        optional.fixChecksums()
        #expect(throws: ArchiveError.missingSection("NAME")) { try open(optional.bytes) }

        // The same kind twice.
        var twice = ArchiveSurgeon(good)
        entry = twice.entry(nameIndex)
        var other = twice.entry(twice.index(of: "META")!)
        other.kind = entry.kind
        twice.setEntry(twice.index(of: "META")!, other)
        twice.fixChecksums()
        #expect(throws: ArchiveError.duplicateSection("NAME")) { try open(twice.bytes) }

        // A damaged table section.
        var damaged = good
        let names = ArchiveSurgeon(good).entry(nameIndex)
        damaged[Int(names.offset)] ^= 0x20
        #expect {
            try open(damaged)
        } throws: { error in
            if case .sectionChecksumMismatch(section: "NAME", _, _) = error as? ArchiveError { return true }
            return false
        }
    }

    @Test("a newer minor version's extra section, larger header and larger entries are skipped")
    func growth() throws {
        let good = try ArchiveSamples.archive()
        let surgeon = ArchiveSurgeon(good)
        // Rebuild the file with a 80-byte header, 48-byte table entries at the end, and an extra section.
        var bytes = good
        let extra: [UInt8] = Array("future data".utf8) + [0, 0, 0, 0, 0]
        let extraOffset = bytes.count
        bytes += extra
        let tableOffset = bytes.count
        var table: [UInt8] = []
        for index in 0..<surgeon.sectionCount {
            let entry = surgeon.entry(index)
            table.store(entry.kind)
            table.store(entry.flags)
            table.store(entry.offset)
            table.store(entry.length)
            table.store(entry.count)
            table.store(entry.recordSize)
            table.store(entry.crc)
            table.store(entry.inflated)
            table += [UInt8](repeating: 0, count: 8)  // future entry fields
        }
        table.store(UInt32(0x4555_5546))  // "FUTE"
        table.store(UInt32(0))
        table.store(UInt64(extraOffset))
        table.store(UInt64(extra.count))
        table.store(UInt32(0))
        table.store(UInt32(0))
        table.store(CRC32.checksum(extra))
        table += [UInt8](repeating: 0, count: 12)
        bytes += table
        // The old table area becomes a gap between sections, which must be zero.
        for index in 64..<(64 + surgeon.sectionCount * 40) { bytes[index] = 0 }
        var grown = ArchiveSurgeon(bytes)
        grown.put(UInt32(80), at: 12)  // header size 80: bytes 64..<80 belong to the header now
        grown.put(UInt64(bytes.count), at: 16)
        grown.put(UInt64(tableOffset), at: 24)
        grown.put(UInt32(surgeon.sectionCount + 1), at: 32)
        grown.put(UInt32(48), at: 36)
        let crc = grown.bytes.withUnsafeBytes {
            ArchiveEncoder.headerChecksum(
                $0, headerSize: 80, tableOffset: tableOffset, tableLength: (surgeon.sectionCount + 1) * 48)
        }
        grown.put(crc, at: 60)
        let archive = try open(grown.bytes)
        #expect(archive.names == ArchiveSamples.expected.map(\.name))
        try archive.verify()
    }

    @Test("every truncation is rejected at open")
    func truncations() throws {
        let good = try ArchiveSamples.archive()
        for length in 0..<good.count {
            #expect(throws: ArchiveError.self) { try open(Array(good.prefix(length))) }
        }
    }

    @Test("every single-bit flip is caught at open or by verify, and nothing crashes", arguments: [false, true])
    func bitFlips(compressMetadata: Bool) throws {
        let good = try ArchiveSamples.archive(compressMetadata: compressMetadata)
        var missed: [Int] = []
        for offset in 0..<good.count {
            var damaged = good
            damaged[offset] ^= UInt8(1 << (offset % 8))
            guard let archive = try? open(damaged) else { continue }
            ArchiveSamples.exercise(archive)
            if archive.problems().isEmpty { missed.append(offset) }
        }
        #expect(missed.isEmpty, "bit flips at \(missed) went unnoticed")
    }

    @Test("hostile values with valid checksums never crash the reader", arguments: [false, true])
    func hostileFields(compressMetadata: Bool) throws {
        let good = try ArchiveSamples.archive(compressMetadata: compressMetadata)
        let values: [UInt64] = [0, 0x7FFF_FFFF, 0xFFFF_FFFF, UInt64(good.count - 1), UInt64.max]
        // Every aligned field of the header, the table and the record sections; attribute-list fields
        // (4-byte counts and lengths) in META. Payload and name bytes are only protected by checksums.
        let surgeon = ArchiveSurgeon(good)
        var targets: [(offset: Int, width: Int)] = []
        let headerAndTable = 0..<(surgeon.tableOffset + surgeon.sectionCount * 40)
        for offset in stride(from: 0, to: headerAndTable.upperBound, by: 4) {
            targets.append((offset, 4))
            if offset % 8 == 0 { targets.append((offset, 8)) }
        }
        for index in 0..<surgeon.sectionCount {
            let entry = surgeon.entry(index)
            let kind = ArchiveLayout.describe(entry.kind)
            guard kind != "DATA", kind != "NAME" else { continue }
            let range = Int(entry.offset)..<Int(entry.offset + entry.length)
            let widths = kind == "META" ? [4] : [2, 4, 8]
            for width in widths {
                for offset in stride(from: range.lowerBound, through: range.upperBound - width, by: width) {
                    targets.append((offset, width))
                }
            }
        }
        var opened = 0
        for target in targets {
            for value in values {
                var surgeon = ArchiveSurgeon(good)
                for byte in 0..<target.width {
                    surgeon.bytes[target.offset + byte] = UInt8(truncatingIfNeeded: value >> (UInt64(byte) * 8))
                }
                surgeon.fixChecksums()
                guard let archive = try? open(surgeon.bytes) else { continue }
                opened += 1
                ArchiveSamples.exercise(archive)
            }
        }
        #expect(opened > 0, "\(opened) opened")
    }
}
