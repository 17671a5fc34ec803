/// The finite-state entropy (tANS) stage of LZFSE's `bvx2` blocks: normalizing symbol counts to a table of
/// states, the encoder's per-symbol table, the compact frequency header and the bit stream that the decoder
/// reads backwards.
///
/// Written for assetc from the public description of the format (Apple's `lzfse` repository): a decoder
/// table gives each of the `f` states of a symbol `k` or `k - 1` bits to read and a base to add; this encoder
/// inverts that table (for each symbol and next state, the state to come from and the bits to write). It is
/// checked against assetc's decoder (`CLZFSE`) and the reference decoder in the tests.
enum FSE {
    /// One symbol's encoder entry. For a state `s`: when `s >= s0`, write the low `k` bits of `s` and go to
    /// `delta0 + s >> k`; otherwise write `k - 1` bits and go to `delta1 + s >> (k - 1)`.
    struct EncoderEntry {
        var s0: Int32 = 0
        var k: Int32 = 0
        var delta0: Int32 = 0
        var delta1: Int32 = 0
    }

    /// Scales `counts` (occurrences of `symbols` symbols) to frequencies that add up to exactly `states` (a
    /// power of two), every used symbol keeping at least 1. All counts zero gives all frequencies zero.
    static func normalize(_ counts: UnsafePointer<UInt32>, symbols: Int, states: Int, into frequencies: UnsafeMutablePointer<UInt16>) {
        var total: UInt64 = 0
        for symbol in 0..<symbols { total += UInt64(counts[symbol]) }
        guard total > 0 else {
            frequencies.update(repeating: 0, count: symbols)
            return
        }
        var sum = 0
        var largest = 0
        for symbol in 0..<symbols {
            let count = UInt64(counts[symbol])
            // Rounded to nearest; a used symbol never rounds to nothing.
            var frequency = Int((count * UInt64(states) * 2 + total) / (total * 2))
            if frequency == 0 && count > 0 { frequency = 1 }
            frequencies[symbol] = UInt16(frequency)
            sum += frequency
            if frequency > Int(frequencies[largest]) { largest = symbol }
        }
        if sum < states {
            // Rounding left states over: the most frequent symbol takes them (cheapest in bits).
            frequencies[largest] += UInt16(states - sum)
            return
        }
        var excess = sum - states
        if excess > 0 && Int(frequencies[largest]) - excess >= max(1, Int(frequencies[largest]) * 3 / 4) {
            frequencies[largest] -= UInt16(excess)
            return
        }
        // Many rare symbols were raised to 1: take the excess back one state at a time from every symbol that
        // has more than one, largest share first in each pass. Terminates: every used symbol at 1 adds up to at
        // most `symbols` states, never more than `states` for LZFSE's tables.
        while excess > 0 {
            var taken = false
            for symbol in 0..<symbols where excess > 0 && frequencies[symbol] > 1 {
                // Symbols with more states give up more of them.
                let share = min(excess, max(1, Int(frequencies[symbol]) >> 3), Int(frequencies[symbol]) - 1)
                frequencies[symbol] -= UInt16(share)
                excess -= share
                taken = true
            }
            precondition(taken, "FSE.normalize: more used symbols than states")
        }
    }

    /// Builds the encoder entries of `symbols` symbols whose `frequencies` add up to `states`, in the order the
    /// decoder numbers the states (symbol by symbol).
    static func buildEncoderTable(
        _ frequencies: UnsafePointer<UInt16>, symbols: Int, states: Int, into table: UnsafeMutablePointer<EncoderEntry>
    ) {
        let statesLeadingZeros = Int32(UInt32(states).leadingZeroBitCount)
        var offset: Int32 = 0
        for symbol in 0..<symbols {
            let frequency = Int32(frequencies[symbol])
            guard frequency > 0 else {
                table[symbol] = EncoderEntry()
                continue
            }
            let k = Int32(UInt32(frequency).leadingZeroBitCount) - statesLeadingZeros
            var entry = EncoderEntry()
            entry.k = k
            entry.s0 = (frequency << k) - Int32(states)
            entry.delta0 = offset - frequency + (Int32(states) >> k)
            // With k = 0 (one symbol owns every state) every state is at or above s0: delta1 is never used.
            entry.delta1 = k > 0 ? offset - frequency + (Int32(states) >> (k - 1)) : 0
            table[symbol] = entry
            offset += frequency
        }
    }

    /// Moves `state` to the state that decodes to the entry's symbol, returning the bits to write (`count` of
    /// them, the state's low bits).
    @inline(__always)
    static func encode(_ state: inout Int32, _ entry: EncoderEntry) -> (bits: UInt64, count: Int) {
        let s = state
        if s >= entry.s0 {
            let k = entry.k
            state = entry.delta0 + (s >> k)
            return (UInt64(UInt32(bitPattern: s)) & ((1 << UInt64(k)) - 1), Int(k))
        }
        let k = entry.k - 1
        state = entry.delta1 + (s >> k)
        return (UInt64(UInt32(bitPattern: s)) & ((1 << UInt64(k)) - 1), Int(k))
    }

    /// Appends one frequency in the compact header's prefix code (2, 3, 5, 8 or 14 bits, least significant first)
    /// to `accumulator`, which holds `count` pending bits.
    static func appendFrequency(_ frequency: Int, to writer: inout HeaderBits) {
        switch frequency {
        case 0: writer.append(0b00, count: 2)
        case 1: writer.append(0b10, count: 2)
        case 2: writer.append(0b001, count: 3)
        case 3: writer.append(0b101, count: 3)
        case 4...7: writer.append(UInt64(0b00011 | (frequency - 4) << 3), count: 5)
        case 8...23: writer.append(UInt64(0b0111 | (frequency - 8) << 4), count: 8)
        default:
            precondition(frequency <= 1047, "FSE frequency \(frequency) does not fit the header code")
            writer.append(UInt64(0b1111 | (frequency - 24) << 4), count: 14)
        }
    }

    /// The frequency header's bits, least significant first, as bytes.
    struct HeaderBits {
        private(set) var bytes: [UInt8] = []
        private var accumulator: UInt64 = 0
        private var count = 0

        mutating func append(_ bits: UInt64, count bitCount: Int) {
            accumulator |= bits << UInt64(count)
            count += bitCount
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                count -= 8
            }
        }

        /// The bytes with the last partial byte (zero-padded) included.
        mutating func finish() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
            accumulator = 0
            count = 0
            return bytes
        }
    }

    /// The forward bit stream LZFSE's decoder reads from its end: bits are pushed above the ones before them
    /// and whole bytes written out (8 bytes stored at a time, so the buffer needs 8 bytes of slack).
    struct BitWriter {
        private var accumulator: UInt64 = 0
        private var count = 0
        private(set) var output: UnsafeMutablePointer<UInt8>

        init(output: UnsafeMutablePointer<UInt8>) {
            self.output = output
        }

        /// Pushes `bitCount` bits (at most 56 pending in all between flushes).
        @inline(__always)
        mutating func push(_ bits: UInt64, _ bitCount: Int) {
            accumulator |= bits << UInt64(count)
            count &+= bitCount
        }

        /// Writes the whole bytes pending.
        @inline(__always)
        mutating func flush() {
            let whole = count & ~7
            UnsafeMutableRawPointer(output).storeBytes(of: accumulator.littleEndian, as: UInt64.self)
            output += whole >> 3
            accumulator = whole == 64 ? 0 : accumulator >> UInt64(whole)
            count &-= whole
        }

        /// Writes the last bits (the final byte zero-padded); returns the header's bit field: minus the
        /// number of padding bits in that byte (−7…0).
        mutating func finish() -> Int {
            let rounded = (count + 7) & ~7
            UnsafeMutableRawPointer(output).storeBytes(of: accumulator.littleEndian, as: UInt64.self)
            output += rounded >> 3
            let padding = count - rounded
            accumulator = 0
            count = 0
            return padding
        }
    }
}
