import Testing

@testable import AssetCatalogBuilder

/// ``ByteParts``, the pieces a bitmap payload is kept in until the rendition's value joins them: the joined bytes are
/// the pieces in order, and a payload made of parts is the record the encoders give whole.
@Suite("byte parts")
struct BytePartsTests {
    @Test func joinedBytesAreThePiecesInOrder() {
        var inner = ByteParts([4, 5])
        inner.append([])
        inner.append([6])
        var parts = ByteParts([1, 2, 3])
        parts.append(inner)
        parts.append([7])
        #expect(parts.count == 7)
        #expect(parts.joined == [1, 2, 3, 4, 5, 6, 7])
        var value: [UInt8] = [0]
        parts.write(to: &value)
        #expect(value == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(ByteParts().joined.isEmpty)
    }

    @Test func aRecordInPartsHasItsLengthsAndStreamsWhereTheWholeRecordHasThem() {
        let streams: [[UInt8]] = [[9, 8, 7], [], [6, 5]]
        let parts = Deepmap2Encoder.parts(
            mode: 2, quality: 0, bytesPerPixel: 4, tileWidth: 3, tileHeight: 1, header: [1, 2], streams: streams)
        let record = parts.joined
        #expect(parts.count == record.count)
        // 16-byte prefix, 12-byte dmp2 header, the 2-byte header, then each stream after its 32-bit length.
        #expect(record.count == 16 + 12 + 2 + 3 * 4 + 5)
        #expect(Array(record[8..<12]) == [UInt8(12 + 2 + 12 + 5), 0, 0, 0])
        #expect(Array(record[30...]) == [3, 0, 0, 0, 9, 8, 7, 0, 0, 0, 0, 2, 0, 0, 0, 6, 5])
    }
}
