import AssetCatalog
import CLZFSE
import Foundation
import Testing

/// The LZFSE decoder's compiled paths (`CLZFSE`: the block decoder built for the baseline and, on x86-64, with BMI2,
/// chosen at run time; and the baseline's decoding one block at a time, where the others decode two blocks' literals
/// side by side) give the same bytes, the same count and the same verdict, on the reference streams and on thousands
/// of damaged copies of them.
@Suite("LZFSE decoder: the BMI2, portable and block-by-block paths agree")
struct LZFSEDecoderPathTests {
    /// Decodes `stream` into a buffer of `capacity` bytes with each path: (status, bytes written, the buffer).
    static func everyPath(_ stream: [UInt8], capacity: Int) -> [(assetc_lz_status, Int, [UInt8])] {
        [assetc_lzfse_decode, assetc_lzfse_decode_portable, assetc_lzfse_decode_block_by_block].map { decode in
            var output = [UInt8](repeating: 0, count: capacity)
            var written = 0
            let status = stream.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    decode(input.baseAddress, input.count, output.baseAddress, output.count, &written)
                }
            }
            return (status, written, output)
        }
    }

    static let streams = [LZTestVectors.compressedBlockStream, LZTestVectors.multiBlockStream, LZTestVectors.lzvnBlockStream]

    @Test("the reference streams decode to the same bytes on every path")
    func referenceStreams() {
        for stream in Self.streams {
            let results = Self.everyPath(LZDecoderTests.bytes(stream), capacity: LZTestVectors.multiBlockInputSize + 64)
            #expect(results.allSatisfy { $0.0 == ASSETC_LZ_OK })
            #expect(results.allSatisfy { $0.1 == results[0].1 && $0.2 == results[0].2 })
        }
    }

    @Test("damaged streams give the same verdict and the same bytes on every path")
    func damagedStreams() {
        var random = SeededRandom(seed: 0xB312)
        var failures = 0
        for stream in Self.streams {
            let original = LZDecoderTests.bytes(stream)
            for _ in 0..<400 {
                var damaged = original
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
                }
                let results = Self.everyPath(damaged, capacity: LZTestVectors.multiBlockInputSize + 64)
                if results[0].0 != ASSETC_LZ_OK { failures += 1 }
                #expect(results.allSatisfy { $0.0 == results[0].0 && $0.1 == results[0].1 && $0.2 == results[0].2 })
            }
        }
        // Most flips land in the payloads and are still decoded: the comparison covers both outcomes.
        #expect(failures > 0 && failures < 3 * 400)
    }

    /// A `bvx1` block (its frequencies stored as they are): `4 × matches` literals from `literalFrequencies` and the
    /// given initial states, read from a made-up bit stream (byte i of it is the top byte of `(i + salt) × 2654435761`),
    /// then `matches` triples of 4 literals and a match of 4 at distance 1 (one L, M and D symbol each: no bits read).
    static func version1Block(literalFrequencies: [UInt16], states: [UInt16], salt: UInt32, matches: Int = 1000) -> [UInt8] {
        let literalCount = 4 * matches
        let literals = (0..<(literalCount * 10 / 8 + 16)).map { UInt8(truncatingIfNeeded: ((UInt32($0) &+ salt) &* 2_654_435_761) >> 24) }
        let lmd = [UInt8](repeating: 0, count: 8)
        var block: [UInt8] = Array("bvx1".utf8)
        func u32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { block += $0 } }
        func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { block += $0 } }
        u32(8 * matches)  // raw bytes
        u32(literals.count + lmd.count)
        u32(literalCount)
        u32(matches)
        u32(literals.count)
        u32(lmd.count)
        u32(0)  // literal bits: the last byte whole
        states.forEach(u16)
        u32(0)  // L, M, D bits
        for _ in 0..<3 { u16(0) }  // L, M, D states
        let l = (0..<20).map { $0 == 4 ? UInt16(64) : 0 }, m = l, d = (0..<64).map { $0 == 1 ? UInt16(256) : 0 }
        (l + m + d + literalFrequencies).forEach(u16)
        block += [UInt8](repeating: 0, count: 772 - block.count)
        return block + literals + lmd
    }

    @Test("literals of one symbol taking most states (some read no bits) or every state: the reference decoder's bytes")
    func skewedLiterals() {
        // 700 of the 1,024 states for byte 0: its states read 1 bit or none, the case deepmap tiles rarely show.
        var skewed = [UInt16](repeating: 0, count: 256)
        skewed[0] = 700
        for symbol in 1...81 { skewed[symbol] = 4 }
        var single = [UInt16](repeating: 0, count: 256)
        single[0x41] = 1024
        let stream = Self.version1Block(literalFrequencies: skewed, states: [3, 517, 900, 77], salt: 1)
            + Self.version1Block(literalFrequencies: single, states: [1, 2, 3, 1023], salt: 2) + Array("bvx$".utf8)
        // Size and CRC-32 of what the reference decoder (PyPI `lzfse` 0.4.2) makes of this stream.
        for (status, written, output) in Self.everyPath(stream, capacity: 16000 + 64) {
            #expect(status == ASSETC_LZ_OK && written == 16000)
            #expect(CRC32.checksum(Array(output.prefix(16000))) == 0x3687_F989)
        }
    }

    @Test("a literal state the frequencies leave unused is damage, on every path")
    func unusedLiteralState() {
        // 1,000 of 1,024 states used: a lane that reaches one of the 24 others stops the block.
        var frequencies = [UInt16](repeating: 0, count: 256)
        frequencies[0] = 1000
        let stream = Self.version1Block(literalFrequencies: frequencies, states: [1020, 0, 0, 0], salt: 3) + Array("bvx$".utf8)
        for (status, _, _) in Self.everyPath(stream, capacity: 8000 + 64) { #expect(status == ASSETC_LZ_CORRUPT) }
    }

    @Test("compressed blocks of different lengths in a row, paired or not: the same bytes as block by block")
    func blocksOfDifferentLengths() {
        // 256 symbols of 4 states each: every literal state reads 2 bits, so the made-up streams decode to noise.
        let uniform = [UInt16](repeating: 4, count: 256)
        // Three blocks: the first pair's second is the shorter (the first block's literals finish alone), and the
        // third has no partner. Then the same with the longer block second.
        for sizes in [[1000, 250, 501], [250, 1000, 3]] {
            let stream = sizes.enumerated().flatMap { index, matches in
                Self.version1Block(literalFrequencies: uniform, states: [5, 300, 700, 1023], salt: UInt32(index * 7), matches: matches)
            } + Array("bvx$".utf8)
            let raw = 8 * sizes.reduce(0, +)
            let results = Self.everyPath(stream, capacity: raw + 64)
            #expect(results.allSatisfy { $0.0 == ASSETC_LZ_OK && $0.1 == raw })
            #expect(results.allSatisfy { $0.2 == results[2].2 })
            // Each block's first match repeats its fourth literal: the output is the literals' noise, not zeros.
            #expect(Set(results[0].2.prefix(raw)).count > 100)
        }
    }
}
