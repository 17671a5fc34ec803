#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An LZVN encoder whose output is framed as an LZFSE stream: `bvxn` blocks (LZVN payloads), `bvx-` blocks
/// (stored, where LZVN does not win) and the end marker `bvx$`, which every LZFSE decoder accepts (Apple's
/// own encoder uses such blocks for small inputs).
///
/// Written for assetc from the public description of the format (the opcode layout of Apple's reference
/// `lzfse` project): literals go in `sml_l`/`lrg_l` opcodes, matches in `sml_d`, `med_d` or `lrg_d` opcodes
/// without literals, continued with `sml_m`/`lrg_m` (same distance) when longer than one opcode holds.
/// Greedy matching through a one-way hash of four bytes: fast and deterministic, not the smallest output.
/// After every 64 positions without a match the search steps one byte further (as LZ4 does), so data that
/// does not compress (noise, already-compressed pixels) costs a fraction of a full search and comes out as
/// long literal runs; a match resets the step.
public enum LZVNEncoder {
    /// The largest hash table: `1 << maximumHashBits` entries (``LZFSEEncoder`` has tables of its own, in C).
    static let maximumTableCount = 1 << maximumHashBits

    /// The most raw bytes one `bvxn` block holds; blocks never refer back into an earlier block.
    static let blockSize = 1 << 20

    /// Compresses `input` into an LZFSE stream (one or more `bvxn` or `bvx-` blocks, then `bvx$`).
    public static func lzfseStream(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { source in
            if let stream = lzfseStream(compressing: source) { return stream }
            var stream: [UInt8] = []
            stream.reserveCapacity(storedStreamSize(source.count))
            appendStoredStream(source, to: &stream)
            return stream
        }
    }

    /// Compresses `input` into an LZFSE stream, or `nil` when no block came out smaller: the stream is then
    /// the input in stored blocks (``appendStoredStream(_:to:)``, ``storedStreamSize(_:)``), which a caller
    /// that keeps the input anyway (a bitmap stored uncompressed when LZVN does not win) need not build.
    static func lzfseStream(compressing source: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(source.count / 2 + 64)
        // The thread's table (never cleared, see LZVNHashTable); small inputs use fewer of its slots, which finds
        // the same matches as a table sized for the largest input would.
        var bits = minimumHashBits
        while bits < maximumHashBits && 1 << bits < source.count { bits += 1 }
        return LZVNHashTable.withThreadTable(count: 1 << bits) { table -> [UInt8]? in
            // Stored blocks before the first block LZVN shrinks are written only once there is one.
            var anyCompressed = false
            var start = 0
            while start < source.count {
                let end = min(source.count, start + blockSize)
                let blockStart = output.count
                output += Array("bvxn".utf8)
                appendLE32(&output, UInt32(end - start))
                let sizeAt = output.count
                appendLE32(&output, 0)
                let payloadStart = output.count
                let base = table.numberBlock(length: end - start)
                let compressed = encodeBlock(source, start, end, table: table.entries, base: base, hashBits: bits, into: &output)
                let payloadSize = output.count - payloadStart
                if compressed && payloadSize < end - start {
                    for shift in 0..<4 { output[sizeAt + shift] = UInt8(truncatingIfNeeded: UInt32(payloadSize) >> (8 * UInt32(shift))) }
                    if !anyCompressed && start > 0 {
                        var stream: [UInt8] = []
                        stream.reserveCapacity(start + start / blockSize * 8 + output.count)
                        appendStoredBlocks(UnsafeBufferPointer(rebasing: source[..<start]), to: &stream)
                        output = stream + output
                    }
                    anyCompressed = true
                } else {
                    // Stored as it is (`bvx-`): LZVN could not make this block smaller.
                    output.removeSubrange(blockStart...)
                    if anyCompressed { appendStoredBlocks(UnsafeBufferPointer(rebasing: source[start..<end]), to: &output) }
                }
                start = end
            }
            guard anyCompressed else { return nil }
            output += Array("bvx$".utf8)
            return output
        }
    }

    /// The size of `count` bytes as an LZFSE stream of stored blocks.
    static func storedStreamSize(_ count: Int) -> Int {
        (count + blockSize - 1) / blockSize * 8 + count + 4
    }

    /// Appends `input` as an LZFSE stream of stored (`bvx-`) blocks: what ``lzfseStream(compressing:)``
    /// stands for when it returns `nil`.
    static func appendStoredStream(_ input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        appendStoredBlocks(input, to: &output)
        output += Array("bvx$".utf8)
    }

    /// Appends `input` as stored blocks of at most ``blockSize`` bytes each.
    private static func appendStoredBlocks(_ input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var start = 0
        while start < input.count {
            let end = min(input.count, start + blockSize)
            output += Array("bvx-".utf8)
            appendLE32(&output, UInt32(end - start))
            output += UnsafeBufferPointer(rebasing: input[start..<end])
            start = end
        }
    }

    private static func appendLE32(_ output: inout [UInt8], _ value: UInt32) {
        output.append(UInt8(truncatingIfNeeded: value))
        output.append(UInt8(truncatingIfNeeded: value >> 8))
        output.append(UInt8(truncatingIfNeeded: value >> 16))
        output.append(UInt8(truncatingIfNeeded: value >> 24))
    }

    private static let minimumHashBits = 8
    private static let maximumHashBits = 14

    /// Misses before the search step grows by one byte.
    private static let skipShift = 6

    /// How often (in input bytes) the encoder checks that it is winning: when the output so far is not at
    /// least 1/32 smaller than the input it consumed, the block is given up and stored (`bvx-`). Data
    /// without repeats (4-bit noise in gradients, already-compressed pixels) then costs one checkpoint's
    /// work, not a whole block's.
    private static let checkpointBytes = 16 * 1024
    private static let firstCheckpointBytes = 4 * 1024

    /// Encodes `source[start..<end]` as LZVN into `output`; `false` when it gave up at a checkpoint (the
    /// caller then stores the block).

    private static func encodeBlock(
        _ source: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, table: UnsafeMutableBufferPointer<Int32>, base: Int,
        hashBits: Int, into output: inout [UInt8]
    ) -> Bool {
        let outputStart = output.count
        // The first checkpoint comes early: most catalog bitmaps are smaller than one checkpoint, and one
        // that has not started to shrink in its first rows rarely does later.
        var nextCheckpoint = start + firstCheckpointBytes
        var position = start
        var misses = 0
        var literalStart = start
        @inline(__always) func load(_ at: Int) -> UInt32 {
            UInt32(source[at]) | UInt32(source[at + 1]) << 8 | UInt32(source[at + 2]) << 16 | UInt32(source[at + 3]) << 24
        }
        while position + 4 <= end {
            if position >= nextCheckpoint {
                // Pending literals will cost at least their own size.
                let spent = output.count - outputStart + (position - literalStart)
                let consumed = position - start
                if spent >= consumed - consumed / 32 { return false }
                nextCheckpoint = position + checkpointBytes
            }
            let word = load(position)
            let slot = Int((word &* 2_654_435_761) >> UInt32(32 - hashBits))
            // An entry below the block's base was left by an earlier block: empty, as far as this one is concerned.
            let stored = Int(table[slot])
            let candidate = stored < base ? -1 : start + (stored - base)
            table[slot] = Int32(truncatingIfNeeded: base + (position - start))
            if candidate >= start, position - candidate <= 0xFFFF, load(candidate) == word {
                var length = 4
                while position + length < end, source[candidate + length] == source[position + length] { length += 1 }
                appendLiterals(source, literalStart, position, into: &output)
                appendMatch(length: length, distance: position - candidate, into: &output)
                position += length
                literalStart = position
                misses = 0
            } else {
                position += 1 + misses >> skipShift
                misses += 1
            }
        }
        appendLiterals(source, literalStart, end, into: &output)
        // End of stream: the opcode and seven bytes of padding, as the reference encoder writes them.
        output += [0x06, 0, 0, 0, 0, 0, 0, 0]
        return true
    }

    private static func appendLiterals(_ source: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, into output: inout [UInt8]) {
        var at = from
        while at < to {
            let count = min(to - at, 271)
            if count < 16 {
                output.append(0xE0 | UInt8(count))
            } else {
                output.append(0xE0)
                output.append(UInt8(count - 16))
            }
            output.append(contentsOf: source[at..<(at + count)])
            at += count
        }
    }

    private static func appendMatch(length: Int, distance: Int, into output: inout [UInt8]) {
        var first: Int
        if distance < 16384 && (length > 10 || distance >= 1536) {
            // med_d: 101LLMMM DDDDDDMM DDDDDDDD, length 3...34, distance below 2^14.
            first = min(length, 34)
            let m = first - 3
            output.append(0xA0 | UInt8(m >> 2))
            let word = UInt16(distance) << 2 | UInt16(m & 3)
            output.append(UInt8(truncatingIfNeeded: word))
            output.append(UInt8(truncatingIfNeeded: word >> 8))
        } else if distance < 1536 {
            // sml_d: LLMMMDDD DDDDDDDD, length 3...10, distance below 1536.
            first = min(length, 10)
            output.append(UInt8((first - 3) << 3) | UInt8(distance >> 8))
            output.append(UInt8(truncatingIfNeeded: distance))
        } else {
            // lrg_d: LLMMM111 DDDDDDDD DDDDDDDD, length 3...10, 16-bit distance.
            first = min(length, 10)
            output.append(UInt8((first - 3) << 3) | 7)
            output.append(UInt8(truncatingIfNeeded: distance))
            output.append(UInt8(truncatingIfNeeded: distance >> 8))
        }
        var remaining = length - first
        while remaining > 0 {
            let count = min(remaining, 271)
            if count < 16 {
                output.append(0xF0 | UInt8(count))
            } else {
                output.append(0xF0)
                output.append(UInt8(count - 16))
            }
            remaining -= count
        }
    }
}

/// Each thread's LZVN hash table, allocated once at the largest size and kept. A table allocated per stream
/// (64 KiB for a bitmap of 48 by 48 pixels or more) kept coming back from `malloc` as fresh pages: in a
/// profile of the bench catalog, filling it (page faults included) cost more than encoding the bitmaps
/// LZVN gives up on.
///
/// Nor is it cleared for each block: entries hold positions numbered on from one block to the next (the
/// block's base plus the offset in it), so an entry below the current block's base is stale and reads as
/// empty, exactly as a cleared one would. Clearing 64 KiB before a probe that gives up after 4 KiB of
/// noise was 1% of a compile. When the numbers would pass `Int32.max` the table is cleared once and
/// numbering starts again.
enum LZVNHashTable {
    /// The thread's table: the next block's base, then the entries.
    struct Thread {
        fileprivate let storage: UnsafeMutableRawPointer
        /// The entries in use (the first `count` of the table).
        let entries: UnsafeMutableBufferPointer<Int32>

        private var nextBase: UnsafeMutablePointer<Int> { storage.assumingMemoryBound(to: Int.self) }

        /// The base for a block of `length` positions, numbered after every block before it.
        func numberBlock(length: Int) -> Int {
            var base = nextBase.pointee
            if base > Int(Int32.max) - length {
                UnsafeMutableBufferPointer(start: LZVNHashTable.entries(of: storage), count: LZVNEncoder.maximumTableCount)
                    .initialize(repeating: -1)
                base = 0
            }
            nextBase.pointee = base + length
            return base
        }

        fileprivate func setNextBase(_ base: Int) {
            nextBase.pointee = base
        }
    }

    /// Sets the calling thread's next block base: for tests, which would otherwise encode 2 GiB to see the
    /// numbering restart.
    static func setNextBase(_ base: Int) {
        withThreadTable(count: 1) { $0.setNextBase(base) }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { free($0) }
        precondition(created == 0, "pthread_key_create failed: \(created)")
        return key
    }()

    /// The base, then the entries (`malloc` aligns the whole to 16 bytes).
    private static let headerBytes = 16

    fileprivate static func entries(of storage: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Int32> {
        (storage + headerBytes).bindMemory(to: Int32.self, capacity: LZVNEncoder.maximumTableCount)
    }

    /// Runs `body` with the calling thread's table, `count` entries (at most the largest).
    static func withThreadTable<Result>(count: Int, _ body: (Thread) -> Result) -> Result {
        precondition(count <= LZVNEncoder.maximumTableCount)
        var storage = pthread_getspecific(key)
        if storage == nil {
            // `malloc`, as the key's destructor frees it when the thread ends.
            storage = malloc(headerBytes + LZVNEncoder.maximumTableCount * MemoryLayout<Int32>.stride)
            precondition(storage != nil, "out of memory for the LZVN hash table")
            storage!.storeBytes(of: 0, as: Int.self)
            UnsafeMutableBufferPointer(start: entries(of: storage!), count: LZVNEncoder.maximumTableCount).initialize(repeating: -1)
            pthread_setspecific(key, storage)
        }
        return body(Thread(storage: storage!, entries: UnsafeMutableBufferPointer(start: entries(of: storage!), count: count)))
    }
}
