import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Archive PNG structure check")
struct PNGStructureTests {
    @Test("a sound PNG passes, with its size and the CRC of the whole file")
    func sound() throws {
        for level in [0, 6, 9] {
            let png = PackFixture.png(width: 33, height: 17, seed: level, level: level)
            let summary = try png.withUnsafeBytes { try PNGStructure.check($0).get() }
            #expect(summary.width == 33 && summary.height == 17)
            #expect(summary.fileCRC == CRC32.checksum(png))
            // Trailing bytes after IEND are part of the payload's CRC.
            let padded = png + [1, 2, 3]
            #expect(try padded.withUnsafeBytes { try PNGStructure.check($0).get() }.fileCRC == CRC32.checksum(padded))
        }
    }

    @Test("truncations, flipped bits and foreign files are problems")
    func problems() {
        let png = PackFixture.png(width: 20, height: 20, seed: 3)
        for length in stride(from: 0, to: png.count, by: 7) {
            let result = Array(png.prefix(length)).withUnsafeBytes { PNGStructure.check($0) }
            #expect(throws: PNGStructure.Problem.self) { try result.get() }
        }
        for offset in stride(from: 8, to: png.count, by: 3) {
            var damaged = png
            damaged[offset] ^= 0x04
            let result = damaged.withUnsafeBytes { PNGStructure.check($0) }
            #expect(throws: PNGStructure.Problem.self, "flip at \(offset)") { try result.get() }
        }
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0]
        #expect(throws: PNGStructure.Problem.self) { try jpeg.withUnsafeBytes { PNGStructure.check($0) }.get() }
    }

    @Test("an unknown critical chunk (Apple's CgBI) is a problem")
    func criticalChunk() {
        var png = PackFixture.png(width: 4, height: 4, seed: 1)
        var chunk: [UInt8] = [0, 0, 0, 4] + Array("CgBI".utf8) + [0x50, 0x00, 0x20, 0x02]
        let crc = CRC32.checksum(Array(chunk[4...]))
        chunk += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        png.insert(contentsOf: chunk, at: 33)  // after IHDR
        let result = png.withUnsafeBytes { PNGStructure.check($0) }
        #expect(throws: PNGStructure.Problem.self) { try result.get() }
    }

    @Test("XXH64 matches its reference value")
    func contentHash() {
        #expect(ContentHash.hash([]) == 0xEF46_DB37_51D8_E999)
    }
}
