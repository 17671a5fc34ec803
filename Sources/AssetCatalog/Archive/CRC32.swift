internal import CDeflate

/// CRC-32 as used by PNG, zlib and ZIP (ISO-HDLC: reflected polynomial 0xEDB88320, initial and final
/// value 0xFFFFFFFF), computed by libdeflate (carry-less multiplication where the processor has it, several
/// times faster than a table), plus the combination of two CRCs without touching their bytes again (as
/// zlib's `crc32_combine`).
package enum CRC32 {
    /// Continues `crc` (the CRC of the bytes before) over `buffer`. Start with 0.
    @inline(__always)
    package static func update(_ crc: UInt32, _ buffer: UnsafeRawBufferPointer) -> UInt32 {
        guard let pointer = buffer.baseAddress, !buffer.isEmpty else { return crc }
        return libdeflate_crc32(crc, pointer, buffer.count)
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
