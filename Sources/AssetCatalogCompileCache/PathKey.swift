/// A path as 128 bits: the key the input snapshot keeps each file's identity under, in place of the path's text.
///
/// Why not the text: the snapshot of a 10,000-set catalog holds 40,000 paths of 60–80 bytes, each its own string
/// allocation, which made it the largest part of what the compile cache adds to a cold compile's memory
/// (docs/PERFORMANCE.md). Two lanes of a multiply–xorshift mix with different seeds and multipliers, each finished with
/// the splitmix64 finaliser, over 8-byte words and the length: paths that differ in any byte differ in both lanes
/// with overwhelming likelihood, and the snapshot's paths are the compile's own, not chosen to collide.
struct PathKey: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    init(high: UInt64, low: UInt64) {
        (self.high, self.low) = (high, low)
    }

    /// The key of the path whose UTF-8 bytes are `bytes` (the same key as the path's text).
    init(bytes: UnsafeRawBufferPointer) {
        (high, low) = Self.mix(bytes)
    }

    init(_ path: String) {
        var text = path
        (high, low) = text.withUTF8 { Self.mix(UnsafeRawBufferPointer($0)) }
    }

    private static func mix(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        var first: UInt64 = 0x243F_6A88_85A3_08D3
        var second: UInt64 = 0x1319_8A2E_0370_7344
        var offset = 0
        while offset < bytes.count {
            var word: UInt64 = 0
            let take = min(8, bytes.count - offset)
            if take == 8 {
                // A whole word in one load, as the loop below would assemble it (little-endian).
                word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            } else {
                for index in 0..<take { word |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            }
            first = (first ^ word) &* 0x9E37_79B9_7F4A_7C15
            first ^= first >> 29
            second = (second ^ word) &* 0xC2B2_AE3D_27D4_EB4F
            second ^= second >> 31
            offset += take
        }
        first ^= UInt64(bytes.count)
        second ^= UInt64(bytes.count) &* 0x1656_67B1_9E37_79F9
        return (finish(first), finish(second))
    }

    /// splitmix64's finaliser: every input bit moves every output bit.
    static func finish(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
