import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Damage a real packed archive in many ways: every case must be an `ArchiveError` at open, or be
/// reported on access and by `verify()`; nothing may crash or read outside the file.
@Suite("Archive faults")
struct ArchiveFaultTests {
    static let archive: [UInt8] = {
        let fixture = try! PackFixture()
        return try! Packer.testing().packToBytes(fixture.index).archive
    }()

    /// Calls every read API; whatever they throw is fine, a crash is not.
    static func exercise(_ archive: AssetArchive) {
        for name in archive.names + ["Missing"] {
            _ = archive.kind(of: name)
            _ = try? archive.asset(named: name)
            _ = try? archive.explain(named: name, compatibleWith: DevicePreset.all[0].traits)
            for preset in [DevicePreset.all[0], DevicePreset.all[4]] {
                if let image = try? archive.image(named: name, compatibleWith: preset.traits) {
                    _ = image.bytes
                    _ = try? image.sourcePath
                    _ = try? image.decodeRGBA8()
                }
                _ = try? archive.data(named: name, compatibleWith: preset.traits)?.bytes
                _ = try? archive.color(named: name, compatibleWith: preset.traits)
            }
        }
        _ = try? CatalogIndex(archive: archive)
    }

    @Test("truncated at many lengths: rejected at open")
    func truncation() {
        let bytes = Self.archive
        for length in Set(Array(stride(from: 0, to: bytes.count, by: 13)) + [0, 1, 63, 64, 65, bytes.count - 1]) {
            #expect(throws: ArchiveError.self) { try AssetArchive(bytes: Array(bytes.prefix(length))) }
        }
    }

    @Test("flipped bits anywhere: rejected at open, or reported on access and by verify")
    func bitFlips() {
        let bytes = Self.archive
        var undetected: [Int] = []
        for offset in stride(from: 0, to: bytes.count, by: 5) {
            var damaged = bytes
            damaged[offset] ^= UInt8(1 << (offset % 8))
            guard let archive = try? AssetArchive(bytes: damaged) else { continue }
            Self.exercise(archive)
            if archive.problems().isEmpty { undetected.append(offset) }
        }
        #expect(undetected.isEmpty, "flips at \(undetected) went unnoticed")
    }

    @Test("damage inside a payload is reported when that payload is looked up")
    func payloadDamage() throws {
        let clean = try AssetArchive(bytes: Self.archive)
        let hero = try #require(try clean.image(named: "Hero", compatibleWith: TraitCollection(displayScale: 3)))
        let info = try #require(try clean.asset(named: "Hero")?.variants[hero.index].payload)
        var damaged = Self.archive
        damaged[info.offset + info.byteCount / 2] ^= 0x10
        let archive = try AssetArchive(bytes: damaged)  // payloads are not read at open
        #expect {
            try archive.image(named: "Hero", compatibleWith: TraitCollection(displayScale: 3))
        } throws: { error in
            if case .payloadChecksumMismatch(payload: info.index, _, _) = error as? ArchiveError { return true }
            return false
        }
        #expect(try archive.image(named: "Hero", compatibleWith: TraitCollection(displayScale: 1)) != nil)
        #expect(throws: ArchiveError.self) { try archive.verify() }
        #expect(archive.problems().count == 1)
    }

    @Test("offsets and lengths overwritten with huge or near-end values, checksums repaired: never a crash")
    func hostileOffsets() throws {
        let bytes = Self.archive
        let count = Int(read64(bytes, 32) & 0xFFFF_FFFF)
        let tableOffset = Int(read64(bytes, 24))
        let values: [UInt64] = [0, UInt64(bytes.count - 1), UInt64(bytes.count), UInt64(bytes.count + 16), 0xFFFF_FFFF, UInt64.max]
        // Every field of every section entry, then the first record fields of each table.
        var targets: [(Int, Int)] = []
        for entry in 0..<count {
            let base = tableOffset + entry * 40
            targets += [(base + 8, 8), (base + 16, 8), (base + 24, 4), (base + 28, 4)]
            let offset = Int(read64(bytes, base + 8))
            let length = Int(read64(bytes, base + 16))
            if String(decoding: bytes[base..<(base + 4)], as: UTF8.self) != "DATA" {
                for field in stride(from: offset, to: min(offset + length, offset + 96), by: 4) { targets.append((field, 4)) }
            }
        }
        var opened = 0
        for (offset, width) in targets {
            for value in values {
                var damaged = bytes
                for byte in 0..<width { damaged[offset + byte] = UInt8(truncatingIfNeeded: value >> (UInt64(byte) * 8)) }
                repairChecksums(&damaged)
                guard let archive = try? AssetArchive(bytes: damaged) else { continue }
                opened += 1
                Self.exercise(archive)
                _ = archive.problems()
            }
        }
        #expect(opened > 0)
    }

    func read64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (UInt64($1) * 8) }
    }

    /// Recomputes the section and header CRCs so the damage reaches the bounds checks.
    func repairChecksums(_ bytes: inout [UInt8]) {
        let count = Int(read64(bytes, 32) & 0xFFFF_FFFF)
        let table = Int(read64(bytes, 24))
        guard count <= 64, table == 64 else { return }
        for entry in 0..<count {
            let base = table + entry * 40
            let offset = read64(bytes, base + 8)
            let length = read64(bytes, base + 16)
            let flags = read64(bytes, base + 4) & 0xFFFF_FFFF
            guard flags & 2 == 0, offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else { continue }
            bytes.store(CRC32.checksum(Array(bytes[Int(offset)..<Int(offset + length)])), at: base + 32)
        }
        let crc = bytes.withUnsafeBytes {
            ArchiveEncoder.headerChecksum($0, headerSize: 64, tableOffset: 64, tableLength: count * 40)
        }
        bytes.store(crc, at: 60)
    }
}
