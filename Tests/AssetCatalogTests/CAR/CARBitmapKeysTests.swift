import Testing

@testable import AssetCatalog

@Suite("BITMAPKEYS entries")
struct CARBitmapKeysTests {
    static func read(_ bytes: [UInt8], identifier: UInt32 = 7) throws -> CARBitmapKeys {
        try bytes.withUnsafeBytes { buffer in
            try CARBitmapKeys(identifier: identifier, value: CARBytes(buffer: buffer, base: 100, structure: "value"))
        }
    }

    @Test func anEncodedEntryReadsBackTheSame() throws {
        let entry = CARBitmapKeys(identifier: 480, masks: [0xFFFF_FFFF, 1, 6, 0xF])
        let bytes = entry.encoded
        // Version 1, 0, the length of count and masks, the count, the masks: as heliport's car stores them.
        #expect(bytes.count == 16 + 4 * 4)
        #expect(Array(bytes[0..<16]) == [1, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0, 4, 0, 0, 0])
        #expect(try Self.read(bytes, identifier: 480) == entry)
    }

    @Test func aCountTheValueCannotHoldIsAnErrorNamingTheEntry() {
        var bytes = CARBitmapKeys(identifier: 7, masks: [1, 2]).encoded
        bytes[12] = 200
        #expect(throws: CARError.self) { try Self.read(bytes) }
        do {
            _ = try Self.read(bytes)
        } catch {
            #expect("\(error)".contains("BITMAPKEYS value of identifier 7"))
        }
        var badLength = CARBitmapKeys(identifier: 7, masks: [1, 2]).encoded
        badLength[8] = 99
        #expect(throws: CARError.self) { try Self.read(badLength) }
        #expect(throws: CARError.self) { try Self.read(Array(CARBitmapKeys(identifier: 7, masks: [1, 2]).encoded.prefix(10))) }
    }
}
