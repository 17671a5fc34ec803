import Testing

@testable import AssetCatalog

/// The deepmap decoders asked for some rows only (what `assetc diff` does to checksum the crops of a packed atlas):
/// the rows of tiles asked for come out as a whole decode gives them, the others are walked past and left alone.
@Suite("deepmap decoders: only the rows asked for")
struct DeepmapRowSkipTests {
    typealias E = DeepmapTestEncoder

    /// `record` decoded into a buffer filled with `fill`, keeping only the rows `wanted` accepts, and the row ranges
    /// it was asked about.
    static func decodeDeepmap2(
        _ record: [UInt8], width: Int, height: Int, bytesPerPixel: Int, fill: UInt8, wanted: @escaping (Range<Int>) -> Bool
    ) throws -> (pixels: [UInt8], asked: [Range<Int>]) {
        var output = [UInt8](repeating: fill, count: width * height * bytesPerPixel)
        var scratch: [UInt8] = []
        var asked: [Range<Int>] = []
        try record.withBytes { buffer throws(CARError) in
            try output.withMutableBytes { target throws(CARError) in
                try Deepmap2Decoder.decode(
                    CARBytes(buffer: buffer, base: 0, structure: "record"), width: width, height: height, bytesPerPixel: bytesPerPixel,
                    into: target, rowBytes: width * bytesPerPixel, scratch: &scratch,
                    wanted: { rows in
                        asked.append(rows)
                        return wanted(rows)
                    })
            }
        }
        return (output, asked)
    }

    static func rows(_ pixels: [UInt8], _ range: Range<Int>, width: Int, bytesPerPixel: Int) -> ArraySlice<UInt8> {
        pixels[(range.lowerBound * width * bytesPerPixel)..<(range.upperBound * width * bytesPerPixel)]
    }

    @Test("a frame across two tiles: both tiles decoded exactly, the tiles above and below untouched", arguments: [UInt8(2), 3])
    func frameAcrossTwoTiles(mode: UInt8) throws {
        let width = 9, height = 17
        let pixels = DeepmapDecoderTests.colourImage(width: width, height: height)
        // Tiles of 4 rows: 0..<4, 4..<8, 8..<12, 12..<16, 16..<17. The frame's rows 6..<10 lie in the second and third.
        let record = E.deepmap2(pixels, width: width, height: height, bytesPerPixel: 4, mode: mode, quality: 0, tileHeight: 4)
        let frame = 6..<10
        let (decoded, asked) = try Self.decodeDeepmap2(record, width: width, height: height, bytesPerPixel: 4, fill: 0xEE) {
            $0.overlaps(frame)
        }
        #expect(asked == [0..<4, 4..<8, 8..<12, 12..<16, 16..<17], "asked once per row of tiles, the last one clipped")
        #expect(Self.rows(decoded, 4..<12, width: width, bytesPerPixel: 4) == Self.rows(pixels, 4..<12, width: width, bytesPerPixel: 4))
        #expect(Self.rows(decoded, 0..<4, width: width, bytesPerPixel: 4).allSatisfy { $0 == 0xEE })
        #expect(Self.rows(decoded, 12..<17, width: width, bytesPerPixel: 4).allSatisfy { $0 == 0xEE })
    }

    @Test("every row asked for gives the whole decode; none asked for writes nothing")
    func allOrNothing() throws {
        let width = 31, height = 12
        let grey = DeepmapDecoderTests.greyImage(width: width, height: height)
        let record = E.deepmap2(grey, width: width, height: height, bytesPerPixel: 2, mode: 2, tileHeight: 5)
        let all = try Self.decodeDeepmap2(record, width: width, height: height, bytesPerPixel: 2, fill: 0) { _ in true }
        #expect(all.pixels == grey)
        let none = try Self.decodeDeepmap2(record, width: width, height: height, bytesPerPixel: 2, fill: 0x5A) { _ in false }
        #expect(none.pixels.allSatisfy { $0 == 0x5A })
    }

    @Test("a tile walked past is still bounds-checked: a record cut short is an error whatever is asked for")
    func skippedTilesAreStillWalked() throws {
        let width = 9, height = 8
        let pixels = DeepmapDecoderTests.colourImage(width: width, height: height)
        var record = E.deepmap2(pixels, width: width, height: height, bytesPerPixel: 4, mode: 3, tileHeight: 4)
        // Cut the last tile's stream short (the prefix's blob length shrinks with it).
        record.removeLast(3)
        let length = record.count - 16
        record[8] = UInt8(length & 0xFF)
        record[9] = UInt8(length >> 8 & 0xFF)
        record[10] = UInt8(length >> 16 & 0xFF)
        #expect(throws: CARError.self) {
            _ = try Self.decodeDeepmap2(record, width: width, height: height, bytesPerPixel: 4, fill: 0) { $0.lowerBound == 0 }
        }
    }

    @Test("deepmap-LZFSE: the row of tiles is decoded or walked past as asked")
    func deepmapLZFSE() throws {
        let width = 300, height = 5
        let colour = DeepmapDecoderTests.colourImage(width: width, height: height)
        let record = E.deepmapLZFSE(colour, width: width, height: height, bytesPerPixel: 4, mode: 3)
        for wanted in [true, false] {
            var output = [UInt8](repeating: 0x77, count: colour.count)
            var scratch: [UInt8] = []
            var asked: [Range<Int>] = []
            try record.withBytes { buffer throws(CARError) in
                try output.withMutableBytes { target throws(CARError) in
                    try DeepmapLZFSEDecoder.decode(
                        CARBytes(buffer: buffer, base: 0, structure: "record"), width: width, height: height, bytesPerPixel: 4, into: target,
                        rowBytes: width * 4, scratch: &scratch,
                        wanted: { rows in
                            asked.append(rows)
                            return wanted
                        })
                }
            }
            #expect(asked == [0..<5])
            #expect(wanted ? output == colour : output.allSatisfy { $0 == 0x77 })
        }
    }

    @Test("each row of tiles decoded is reported once, top first, once its pixels are written; rows walked past are not")
    func finishedRows() throws {
        let width = 9, height = 17
        let pixels = DeepmapDecoderTests.colourImage(width: width, height: height)
        for mode: UInt8 in [2, 3] {
            let record = E.deepmap2(pixels, width: width, height: height, bytesPerPixel: 4, mode: mode, quality: 0, tileHeight: 4)
            var output = [UInt8](repeating: 0xEE, count: pixels.count)
            var scratch: [UInt8] = []
            var reported: [Range<Int>] = []
            var writtenWhenReported = true
            try record.withBytes { buffer throws(CARError) in
                try output.withMutableBytes { target throws(CARError) in
                    try Deepmap2Decoder.decode(
                        CARBytes(buffer: buffer, base: 0, structure: "record"), width: width, height: height, bytesPerPixel: 4,
                        into: target, rowBytes: width * 4, scratch: &scratch, wanted: { !$0.contains(9) },
                        finished: { rows in
                            reported.append(rows)
                            let now = Array(UnsafeRawBufferPointer(target)[(rows.lowerBound * width * 4)..<(rows.upperBound * width * 4)])
                            writtenWhenReported = writtenWhenReported && now[...] == Self.rows(pixels, rows, width: width, bytesPerPixel: 4)
                        })
                }
            }
            #expect(reported == [0..<4, 4..<8, 12..<16, 16..<17], "mode \(mode): the row of tiles 8..<12 was not asked for")
            #expect(writtenWhenReported, "mode \(mode)")
        }
    }
}
