/// XXH64 (seed 0): the fast 64-bit content hash the pack cache keys optimised results by.
///
/// Not cryptographic; the packer never trusts it alone to decide that two payloads are identical
/// (deduplication compares bytes).
enum ContentHash {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ accumulator: UInt64, _ value: UInt64) -> UInt64 {
        (accumulator ^ round(0, value)) &* prime1 &+ prime4
    }

    /// The hash of `bytes`.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        guard var pointer = bytes.baseAddress else { return avalanche(prime5) }
        var remaining = count
        var hash: UInt64
        if remaining >= 32 {
            var v1 = prime1 &+ prime2
            var v2 = prime2
            var v3: UInt64 = 0
            var v4 = 0 &- prime1
            while remaining >= 32 {
                v1 = round(v1, UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)))
                v2 = round(v2, UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
                v3 = round(v3, UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
                v4 = round(v4, UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 24, as: UInt64.self)))
                pointer += 32
                remaining -= 32
            }
            hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            hash = merge(hash, v1)
            hash = merge(hash, v2)
            hash = merge(hash, v3)
            hash = merge(hash, v4)
        } else {
            hash = prime5
        }
        hash &+= UInt64(count)
        while remaining >= 8 {
            hash ^= round(0, UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)))
            hash = rotate(hash, 27) &* prime1 &+ prime4
            pointer += 8
            remaining -= 8
        }
        if remaining >= 4 {
            hash ^= UInt64(UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self))) &* prime1
            hash = rotate(hash, 23) &* prime2 &+ prime3
            pointer += 4
            remaining -= 4
        }
        while remaining > 0 {
            hash ^= UInt64(pointer.load(as: UInt8.self)) &* prime5
            hash = rotate(hash, 11) &* prime1
            pointer += 1
            remaining -= 1
        }
        return avalanche(hash)
    }

    /// The hash of `bytes`.
    static func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { hash($0) } }

    @inline(__always)
    private static func avalanche(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 33
        hash = hash &* prime2
        hash ^= hash >> 29
        hash = hash &* prime3
        hash ^= hash >> 32
        return hash
    }
}
