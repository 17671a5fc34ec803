/// CRC-32 as used by PNG, zlib and ZIP (ISO-HDLC: reflected polynomial 0xEDB88320, initial and final
/// value 0xFFFFFFFF), computed 16 bytes at a time ("slicing by 16"), plus the combination of two CRCs
/// without touching their bytes again (as zlib's `crc32_combine`).
package enum CRC32 {
    /// Sixteen 256-entry tables: table k maps a byte to its CRC contribution k bytes further on.
    private static let tables: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 16 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            table[index] = crc
        }
        for index in 0..<256 {
            for slice in 1..<16 {
                let previous = table[(slice - 1) * 256 + index]
                table[slice * 256 + index] = (previous >> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return table
    }()

    @inline(__always)
    private static func low(_ value: UInt32) -> Int { Int(truncatingIfNeeded: value & 0xFF) }

    /// Continues `crc` (the CRC of the bytes before) over `buffer`. Start with 0.
    package static func update(_ crc: UInt32, _ buffer: UnsafeRawBufferPointer) -> UInt32 {
        guard var pointer = buffer.baseAddress, !buffer.isEmpty else { return crc }
        return tables.withUnsafeBufferPointer { tableBuffer -> UInt32 in
            let t0 = tableBuffer.baseAddress!
            let t1 = t0 + 256, t2 = t0 + 512, t3 = t0 + 768, t4 = t0 + 1024, t5 = t0 + 1280, t6 = t0 + 1536
            let t7 = t0 + 1792, t8 = t0 + 2048, t9 = t0 + 2304, t10 = t0 + 2560, t11 = t0 + 2816, t12 = t0 + 3072
            let t13 = t0 + 3328, t14 = t0 + 3584, t15 = t0 + 3840
            var crc = ~crc
            var remaining = buffer.count
            while remaining >= 16 {
                let a = UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self)) ^ crc
                let b = UInt32(littleEndian: pointer.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                let c = UInt32(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
                let d = UInt32(littleEndian: pointer.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
                let x1 = t15[low(a)] ^ t14[low(a >> 8)] ^ t13[low(a >> 16)] ^ t12[low(a >> 24)]
                let x2 = t11[low(b)] ^ t10[low(b >> 8)] ^ t9[low(b >> 16)] ^ t8[low(b >> 24)]
                let x3 = t7[low(c)] ^ t6[low(c >> 8)] ^ t5[low(c >> 16)] ^ t4[low(c >> 24)]
                let x4 = t3[low(d)] ^ t2[low(d >> 8)] ^ t1[low(d >> 16)] ^ t0[low(d >> 24)]
                crc = (x1 ^ x2) ^ (x3 ^ x4)
                pointer += 16
                remaining -= 16
            }
            while remaining > 0 {
                crc = t0[low(crc ^ UInt32(pointer.load(as: UInt8.self)))] ^ (crc >> 8)
                pointer += 1
                remaining -= 1
            }
            return ~crc
        }
    }

    /// The CRC of `buffer`.
    @inline(__always)
    package static func checksum(_ buffer: UnsafeRawBufferPointer) -> UInt32 { update(0, buffer) }

    /// The CRC of `bytes`.
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(0, $0) }
    }

    /// Continues `crc` over `count` zero bytes.
    package static func updateZeros(_ crc: UInt32, count: Int) -> UInt32 {
        var crc = crc
        var left = count
        withUnsafeTemporaryAllocation(byteCount: 256, alignment: 8) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            while left > 0 {
                let take = min(left, 256)
                crc = update(crc, UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<take]))
                left -= take
            }
        }
        return crc
    }

    // MARK: Combination (zlib 1.2.12's x2nmodp/multmodp method)

    private static let polynomial: UInt32 = 0xEDB8_8320

    /// a(x) · b(x) modulo p(x), in reflected bit order.
    private static func multiplyModP(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var a = a, b = b
        var product: UInt32 = 0
        var mask: UInt32 = 1 << 31
        while true {
            if a & mask != 0 {
                product ^= b
                if a & (mask &- 1) == 0 { break }
            }
            mask >>= 1
            b = b & 1 != 0 ? (b >> 1) ^ polynomial : b >> 1
        }
        return product
    }

    /// x^(2^k) modulo p(x), for k in 0..<32.
    private static let powersOfX: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 32)
        var power: UInt32 = 1 << 30  // x^1
        table[0] = power
        for index in 1..<32 {
            power = multiplyModP(power, power)
            table[index] = power
        }
        return table
    }()

    /// x^(n · 2^k) modulo p(x).
    private static func xToTheNModP(_ n: UInt64, _ k: Int) -> UInt32 {
        var n = n, k = k
        var power: UInt32 = 1 << 31  // x^0
        while n != 0 {
            if n & 1 != 0 { power = multiplyModP(powersOfX[k & 31], power) }
            n >>= 1
            k += 1
        }
        return power
    }

    /// The CRC of A followed by B, from the CRC of A, the CRC of B and B's length.
    package static func combine(_ crc1: UInt32, _ crc2: UInt32, length2: UInt64) -> UInt32 {
        multiplyModP(xToTheNModP(length2, 3), crc1) ^ crc2
    }

    /// The operator that shifts a CRC over `length` bytes; reuse it for many combinations with one length.
    package static func shiftOperator(length: UInt64) -> UInt32 { xToTheNModP(length, 3) }

    /// ``combine(_:_:length2:)`` with a precomputed ``shiftOperator(length:)`` for B's length.
    package static func combine(_ crc1: UInt32, _ crc2: UInt32, shiftOperator: UInt32) -> UInt32 {
        multiplyModP(shiftOperator, crc1) ^ crc2
    }
}
