import AssetCatalog
import Foundation
import Testing

@Suite("LZFSE and LZVN decoders against the reference implementation's streams")
struct LZDecoderTests {
    static func bytes(_ base64: String) -> [UInt8] { [UInt8](Data(base64Encoded: base64)!) }

    static func lzfse(_ stream: [UInt8], size: Int) throws(LZDecoder.Failure) -> [UInt8] {
        try stream.withUnsafeBytes { buffer in Result { () throws(LZDecoder.Failure) in try LZDecoder.lzfse(buffer, expectedSize: size) } }.get()
    }

    static func lzvn(_ stream: [UInt8], size: Int) throws(LZDecoder.Failure) -> [UInt8] {
        try stream.withUnsafeBytes { buffer in Result { () throws(LZDecoder.Failure) in try LZDecoder.lzvn(buffer, expectedSize: size) } }.get()
    }

    @Test("each block kind decodes to the reference input", arguments: [
        (LZTestVectors.lzvnBlockStream, LZTestVectors.lzvnBlockInput),
        (LZTestVectors.compressedBlockStream, LZTestVectors.compressedBlockInput),
        (LZTestVectors.rawBlockStream, LZTestVectors.rawBlockInput),
    ])
    func blocks(stream: String, input: String) throws {
        let expected = Self.bytes(input)
        #expect(try Self.lzfse(Self.bytes(stream), size: expected.count) == expected)
    }

    @Test("the block magics are the ones the vectors claim")
    func magics() {
        #expect(Self.bytes(LZTestVectors.lzvnBlockStream).prefix(4) == Array("bvxn".utf8)[...])
        #expect(Self.bytes(LZTestVectors.compressedBlockStream).prefix(4) == Array("bvx2".utf8)[...])
        #expect(Self.bytes(LZTestVectors.rawBlockStream).prefix(4) == Array("bvx-".utf8)[...])
    }

    @Test("a stream of several compressed blocks decodes to the reference input's size and CRC-32")
    func multiBlock() throws {
        let stream = Self.bytes(LZTestVectors.multiBlockStream)
        let output = try Self.lzfse(stream, size: LZTestVectors.multiBlockInputSize)
        #expect(CRC32.checksum(output) == LZTestVectors.multiBlockInputCRC32)
        #expect(stream.count < output.count / 2)
    }

    @Test("raw LZVN streams decode to the reference input", arguments: [
        (LZTestVectors.lzvnTextStream, LZTestVectors.lzvnTextInput),
        (LZTestVectors.lzvnLongerStream, LZTestVectors.lzvnLongerInput),
    ])
    func lzvn(stream: String, input: String) throws {
        let expected = Self.bytes(input)
        #expect(try Self.lzvn(Self.bytes(stream), size: expected.count) == expected)
    }

    @Test("a wrong expected size is an error, not a short or padded buffer")
    func sizeMismatch() {
        let expected = Self.bytes(LZTestVectors.compressedBlockInput)
        let stream = Self.bytes(LZTestVectors.compressedBlockStream)
        #expect(throws: LZDecoder.Failure.self) { try Self.lzfse(stream, size: expected.count - 1) }
        #expect(throws: LZDecoder.Failure.self) { try Self.lzfse(stream, size: expected.count + 1) }
    }

    @Test("every truncation of each stream fails cleanly")
    func truncations() {
        for (stream, input) in [
            (LZTestVectors.compressedBlockStream, LZTestVectors.compressedBlockInput),
            (LZTestVectors.lzvnBlockStream, LZTestVectors.lzvnBlockInput),
        ] {
            let bytes = Self.bytes(stream), size = Self.bytes(input).count
            for length in 0..<bytes.count {
                #expect(throws: LZDecoder.Failure.self) { try Self.lzfse(Array(bytes[0..<length]), size: size) }
            }
        }
        let lzvn = Self.bytes(LZTestVectors.lzvnLongerStream), size = Self.bytes(LZTestVectors.lzvnLongerInput).count
        for length in 0..<lzvn.count {
            #expect(throws: LZDecoder.Failure.self) { try Self.lzvn(Array(lzvn[0..<length]), size: size) }
        }
    }

    @Test("thousands of bit flips end in output or an error, never a crash")
    func bitFlips() {
        var random = SeededRandom(seed: 0x1F5E)
        for stream in [LZTestVectors.compressedBlockStream, LZTestVectors.multiBlockStream, LZTestVectors.lzvnBlockStream] {
            let original = Self.bytes(stream)
            for _ in 0..<1500 {
                var damaged = original
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let position = Int.random(in: 0..<damaged.count, using: &random)
                    damaged[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
                }
                _ = try? Self.lzfse(damaged, size: LZTestVectors.multiBlockInputSize)
            }
        }
        let lzvn = Self.bytes(LZTestVectors.lzvnLongerStream)
        for _ in 0..<1500 {
            var damaged = lzvn
            damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            _ = try? Self.lzvn(damaged, size: 3000)
        }
    }

    @Test("a bvx2 header whose size field is under its 32 fixed bytes is damage, not an endless walk (FuzzLZ finding)")
    func shortCompressedHeader() {
        // Found by FuzzLZ: a header size of 0 and empty payloads left the size walk on the same block for ever.
        for size: UInt8 in [0, 1, 31] {
            let stream = Array("bvx2".utf8) + [UInt8](repeating: 0, count: 20) + [size, 0, 0, 0, 0, 0, 0, 0] + Array("bvx$".utf8)
            let result = stream.withUnsafeBytes { buffer in Result { () throws(LZDecoder.Failure) in try LZDecoder.lzfseDecodedSize(buffer) } }
            #expect(throws: LZDecoder.Failure.corrupt) { try result.get() }
            #expect(throws: LZDecoder.Failure.self) { try Self.lzfse(stream, size: 0) }
        }
    }

    @Test("matches of every short distance and many lengths repeat the right bytes, to the last byte of the output")
    func shortDistanceMatches() throws {
        // Hand-written LZVN: `distance` literals, a match of 10 at that distance (LLMMMDDD DDDDDDDD), then matches at
        // the previous distance (1111MMMM, or 11110000 and a length byte) adding `extra`, and the end-of-stream opcode.
        // The output ends where the stream does, so the last copies take the careful path and the earlier the fast one.
        for distance in Array(1...20) + [24, 31, 32, 33, 64, 200] {
            for extra in [0, 1, 5, 15, 16, 17, 31, 40, 100, 271, 600] {
                var stream: [UInt8] = distance < 16 ? [0xE0 | UInt8(distance)] : [0xE0, UInt8(distance - 16)]
                let literals = (0..<distance).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
                stream += literals
                stream += [0x38 | UInt8(distance >> 8), UInt8(distance & 0xFF)]
                var left = extra
                while left > 0 {
                    if left >= 16 {
                        let step = min(left, 271)
                        stream += [0xF0, UInt8(step - 16)]
                        left -= step
                    } else {
                        stream.append(0xF0 | UInt8(left))
                        left = 0
                    }
                }
                stream += [0x06, 0, 0, 0, 0, 0, 0, 0]
                let size = distance + 10 + extra
                let expected = (0..<size).map { literals[$0 % distance] }
                #expect(try Self.lzvn(stream, size: size) == expected, "distance \(distance), length \(10 + extra)")
            }
        }
    }
}
