import CLZFSE
import Foundation
import Testing

/// The LZFSE decoder's two compiled paths (`CLZFSE`: the block decoder built for the baseline and, on x86-64, with
/// BMI2, chosen at run time) give the same bytes, the same count and the same verdict, on the reference streams and
/// on thousands of damaged copies of them.
@Suite("LZFSE decoder: the BMI2 and portable paths agree")
struct LZFSEDecoderPathTests {
    /// Decodes `stream` into a buffer of `capacity` bytes with each path: (status, bytes written, the buffer).
    static func both(_ stream: [UInt8], capacity: Int) -> [(assetc_lz_status, Int, [UInt8])] {
        [assetc_lzfse_decode, assetc_lzfse_decode_portable].map { decode in
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

    @Test("the reference streams decode to the same bytes on both paths")
    func referenceStreams() {
        for stream in Self.streams {
            let results = Self.both(LZDecoderTests.bytes(stream), capacity: LZTestVectors.multiBlockInputSize + 64)
            #expect(results[0].0 == ASSETC_LZ_OK && results[1].0 == ASSETC_LZ_OK)
            #expect(results[0].1 == results[1].1 && results[0].2 == results[1].2)
        }
    }

    @Test("damaged streams give the same verdict and the same bytes on both paths")
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
                let results = Self.both(damaged, capacity: LZTestVectors.multiBlockInputSize + 64)
                if results[0].0 != ASSETC_LZ_OK { failures += 1 }
                #expect(results[0].0 == results[1].0 && results[0].1 == results[1].1 && results[0].2 == results[1].2)
            }
        }
        // Most flips land in the payloads and are still decoded: the comparison covers both outcomes.
        #expect(failures > 0 && failures < 3 * 400)
    }
}
