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
/// `lzfse` project): matches in `sml_d`, `med_d`, `lrg_d` or (at the last distance) `pre_d` and `sml_m` opcodes, up
/// to three literals carried in the match's opcode and longer runs in `sml_l`/`lrg_l`, matches longer than one opcode
/// holds continued with `sml_m`/`lrg_m`. The search (`encodeBlock`) tries the last distance and four remembered
/// positions per hash of four bytes, with one step of lazy matching: deterministic, within a few percent of Apple's
/// encoder on the LZVN streams of the shared cars (docs/PERFORMANCE.md, "LZVN bytes").
/// After every 64 positions without a match the search steps one byte further (as LZ4 does), so data that
/// does not compress (noise, already-compressed pixels) costs a fraction of a full search and comes out as
/// long literal runs; a match resets the step.
public enum LZVNEncoder {
    /// The largest hash table: ``bucketWidth`` entries for each of `1 << maximumHashBits` hash values
    /// (``LZFSEEncoder`` has tables of its own, in C).
    static let maximumTableCount = bucketWidth << maximumHashBits

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

    /// `source` as one raw LZVN stream, without the `bvxn` block header or the `bvx$` end mark (what the older Xcode
    /// of the GlassKit sample writes in `KCBC` chunks, and Xcode's small deepmap tiles are), or `nil` when `source` is
    /// more than one block or LZVN does not shrink it.
    ///
    /// With `limit`, also `nil` as soon as the stream is sure to be `limit` bytes or more: a caller that keeps the
    /// smaller of two streams (a deepmap tile's LZFSE and LZVN) then stops at the point the LZVN one has lost, and
    /// keeps exactly the bytes the whole trial would have chosen.
    static func rawStream(compressing source: UnsafeBufferPointer<UInt8>, shorterThan limit: Int = .max) -> [UInt8]? {
        guard source.count <= blockSize, let framed = lzfseStream(compressing: source, payloadLimit: limit), framed.count >= 16,
            framed[0] == 0x62, framed[1] == 0x76, framed[2] == 0x78, framed[3] == 0x6E
        else { return nil }
        // `bvxn`, the raw and payload sizes (4 each), the payload, `bvx$`.
        return Array(framed[12..<(framed.count - 4)])
    }

    /// Compresses `input` into an LZFSE stream, or `nil` when no block came out smaller: the stream is then
    /// the input in stored blocks (``appendStoredStream(_:to:)``, ``storedStreamSize(_:)``), which a caller
    /// that keeps the input anyway (a bitmap stored uncompressed when LZVN does not win) need not build.
    /// A block whose payload would be `payloadLimit` bytes or more is stored (``rawStream(compressing:shorterThan:)``).
    static func lzfseStream(compressing source: UnsafeBufferPointer<UInt8>, payloadLimit: Int = .max) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(source.count / 2 + 64)
        // The thread's table (never cleared, see LZVNHashTable); small inputs use fewer of its slots, which finds
        // the same matches as a table sized for the largest input would.
        var bits = minimumHashBits
        while bits < maximumHashBits && 1 << bits < source.count { bits += 1 }
        return LZVNHashTable.withThreadTable(count: bucketWidth << bits) { table -> [UInt8]? in
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
                let compressed = encodeBlock(
                    source, start, end, table: table.entries, base: base, hashBits: bits, payloadLimit: payloadLimit, into: &output)
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

    /// Encodes `source[start..<end]` as LZVN into `output`; `false` when it gave up at a checkpoint or once the payload
    /// (with its end mark) was sure to reach `payloadLimit` bytes (the caller then stores the block).
    ///
    /// At each position the search tries the last match's distance (which rows of pixels repeat: a match there costs
    /// one opcode byte, `sml_m` or `pre_d`) and the four positions last seen with the same four bytes
    /// (``bucketWidth``), keeps the longest (the cheaper on a tie), extends it back over pending literals, and looks
    /// one position ahead for a longer one before taking it. Up to three literals ride in the match's opcode
    /// (``appendMatch(literals:length:distance:previous:into:)``). Every position, inside matches too, is indexed.
    private static func encodeBlock(
        _ source: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, table: UnsafeMutableBufferPointer<Int32>, base: Int,
        hashBits: Int, payloadLimit: Int, into output: inout [UInt8]
    ) -> Bool {
        let outputStart = output.count
        // The output only grows, pending literals cost at least their own bytes, and the end mark is 8: once these reach
        // the limit the payload will too.
        let spendingLimit = payloadLimit == .max ? Int.max : payloadLimit - 8
        // The first checkpoint comes early: most catalog bitmaps are smaller than one checkpoint, and one
        // that has not started to shrink in its first rows rarely does later.
        var nextCheckpoint = start + firstCheckpointBytes
        var position = start
        var misses = 0
        var literalStart = start
        var previous = 0
        @inline(__always) func load(_ at: Int) -> UInt32 {
            UInt32(source[at]) | UInt32(source[at + 1]) << 8 | UInt32(source[at + 2]) << 16 | UInt32(source[at + 3]) << 24
        }
        @inline(__always) func extend(_ at: Int, _ candidate: Int, from known: Int) -> Int {
            var length = known
            while at + length < end, source[candidate + length] == source[at + length] { length += 1 }
            return length
        }
        // The bucket of the four bytes at `at`: its first entry's index.
        @inline(__always) func bucket(_ word: UInt32) -> Int {
            Int((word &* 2_654_435_761) >> UInt32(32 - hashBits)) &* bucketWidth
        }
        // Remembers `at` as the newest entry of the bucket whose first entry is `first`.
        @inline(__always) func remember(_ at: Int, in first: Int) {
            table[first + 3] = table[first + 2]
            table[first + 2] = table[first + 1]
            table[first + 1] = table[first]
            table[first] = Int32(truncatingIfNeeded: base + (at - start))
        }
        // The best match at `at` (length 0: none worth taking), then `at` remembered.
        @inline(__always) func search(_ at: Int) -> (length: Int, distance: Int) {
            var best = (length: 0, distance: 0)
            if previous > 0, at - previous >= start, source[at] == source[at - previous], source[at + 1] == source[at - previous + 1],
                source[at + 2] == source[at - previous + 2]
            {
                best = (extend(at, at - previous, from: 3), previous)
            }
            let word = load(at)
            let first = bucket(word)
            for way in 0..<bucketWidth {
                let stored = Int(table[first + way])
                // An entry below the block's base was left by an earlier block: empty, as far as this one is concerned.
                guard stored >= base else { break }
                let candidate = start + (stored - base)
                let distance = at - candidate
                guard distance > 0, distance <= 0xFFFF else { break }
                guard distance != best.distance, load(candidate) == word else { continue }
                let length = extend(at, candidate, from: 4)
                if length > best.length { best = (length, distance) }
            }
            remember(at, in: first)
            // A new distance costs two or three bytes: under four matching bytes it does not pay.
            if best.distance != previous && best.length < 4 { return (0, 0) }
            return best
        }
        while position + 4 <= end {
            if position >= nextCheckpoint {
                // Pending literals will cost at least their own size.
                let spent = output.count - outputStart + (position - literalStart)
                let consumed = position - start
                if spent >= consumed - consumed / 32 || spent >= spendingLimit { return false }
                nextCheckpoint = position + checkpointBytes
            }
            var found = search(position)
            guard found.length > 0 else {
                position += 1 + misses >> skipShift
                misses += 1
                continue
            }
            // One step of lazy matching: a longer match one byte on is worth the literal it leaves.
            var searched = position
            while found.length < 64, position + 5 <= end {
                let next = search(position + 1)
                searched = position + 1
                guard next.length > found.length + 1 else { break }
                position += 1
                found = next
            }
            // Back over pending literals while the bytes before both ends agree.
            var matchStart = position
            while matchStart > literalStart, matchStart - found.distance > start,
                source[matchStart - 1] == source[matchStart - 1 - found.distance]
            {
                matchStart -= 1
            }
            let length = found.length + (position - matchStart)
            appendMatch(literals: UnsafeBufferPointer(rebasing: source[literalStart..<matchStart]), length: length, distance: found.distance, previous: previous, into: &output)
            previous = found.distance
            let matchEnd = matchStart + length
            if output.count - outputStart >= spendingLimit { return false }
            // The positions inside the match are remembered too: what follows often repeats them.
            var inside = max(position, searched) + 1
            while inside < matchEnd && inside + 4 <= end {
                remember(inside, in: bucket(load(inside)))
                inside += 1
            }
            position = matchEnd
            literalStart = position
            misses = 0
        }
        appendLiterals(UnsafeBufferPointer(rebasing: source[literalStart..<end]), into: &output)
        // End of stream: the opcode and seven bytes of padding, as the reference encoder writes them.
        output += [0x06, 0, 0, 0, 0, 0, 0, 0]
        return true
    }

    /// Positions remembered per hash value.
    static let bucketWidth = 4

    /// Literal-only opcodes for `literals`: `sml_l` (1110LLLL, 1–15) and `lrg_l` (11100000 LLLLLLLL, 16–271).
    private static func appendLiterals(_ literals: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var at = 0
        while at < literals.count {
            let count = min(literals.count - at, 271)
            if count < 16 {
                output.append(0xE0 | UInt8(count))
            } else {
                output.append(0xE0)
                output.append(UInt8(count - 16))
            }
            output.append(contentsOf: literals[at..<(at + count)])
            at += count
        }
    }

    /// The longest first part of a match an `sml_d`, `pre_d` or `lrg_d` opcode holds with `carried` literals
    /// (LLMMMxxx: the opcodes 0x70–0x7F, 0xA0–0xBF and 0xD0–0xFF belong to other opcodes, so one literal allows 8 bytes
    /// of match, two 6, three 4).
    private static let longestSmallMatch = [10, 8, 6, 4]

    /// `literals` then a match of `length` bytes `distance` back, in the fewest opcode bytes: up to three literals
    /// carried in the match's opcode (the rest before it in literal opcodes); the distance as the last one (`sml_m`
    /// without literals, `pre_d` with them: one byte), in 11 bits (`sml_d`, two bytes), 14 (`med_d`, three bytes, up
    /// to 34 bytes of match) or 16 (`lrg_d`); what the first opcode does not hold continued with `sml_m`/`lrg_m`.
    private static func appendMatch(
        literals: UnsafeBufferPointer<UInt8>, length: Int, distance: Int, previous: Int, into output: inout [UInt8]
    ) {
        // Carried literals: all of three or fewer; of more, none (a literal opcode holds them as cheaply), unless the
        // last literal opcode would hold 1–3 (after runs of 271: carried, it is not needed) or 16–18 (carrying the
        // excess over 15 keeps it at one byte).
        let rest = literals.count % 271
        let carried: Int
        if literals.count <= 3 {
            carried = literals.count
        } else if (1...3).contains(rest) {
            carried = rest
        } else if (16...18).contains(rest) {
            carried = rest - 15
        } else {
            carried = 0
        }
        appendLiterals(UnsafeBufferPointer(rebasing: literals[0..<(literals.count - carried)]), into: &output)
        let tail = literals[(literals.count - carried)...]
        var remaining = length
        if distance == previous && carried == 0 {
            appendContinuation(remaining, into: &output)
            return
        }
        let small = longestSmallMatch[carried]
        let l = UInt8(carried)
        if distance == previous {
            // pre_d: LLMMM110 (with literals, so never the end-of-stream or no-op opcodes 0x06, 0x0E, 0x16).
            let first = min(remaining, small)
            output.append(l << 6 | UInt8(first - 3) << 3 | 6)
            output.append(contentsOf: tail)
            remaining -= first
        } else if distance < 16384 && (distance >= 1536 || continuationBytes(remaining - min(remaining, small)) + 2 > continuationBytes(remaining - min(remaining, 34)) + 3) {
            // med_d: 101LLMMM DDDDDDMM DDDDDDDD, length 3...34, distance below 2^14.
            let first = min(remaining, 34)
            let m = first - 3
            output.append(0xA0 | l << 3 | UInt8(m >> 2))
            let word = UInt16(distance) << 2 | UInt16(m & 3)
            output.append(UInt8(truncatingIfNeeded: word))
            output.append(UInt8(truncatingIfNeeded: word >> 8))
            output.append(contentsOf: tail)
            remaining -= first
        } else if distance < 1536 {
            // sml_d: LLMMMDDD DDDDDDDD, distance below 1536.
            let first = min(remaining, small)
            output.append(l << 6 | UInt8(first - 3) << 3 | UInt8(distance >> 8))
            output.append(UInt8(truncatingIfNeeded: distance))
            output.append(contentsOf: tail)
            remaining -= first
        } else {
            // lrg_d: LLMMM111 DDDDDDDD DDDDDDDD, 16-bit distance.
            let first = min(remaining, small)
            output.append(l << 6 | UInt8(first - 3) << 3 | 7)
            output.append(UInt8(truncatingIfNeeded: distance))
            output.append(UInt8(truncatingIfNeeded: distance >> 8))
            output.append(contentsOf: tail)
            remaining -= first
        }
        appendContinuation(remaining, into: &output)
    }

    /// The bytes `appendContinuation` writes for `length`.
    private static func continuationBytes(_ length: Int) -> Int {
        var bytes = 0
        var left = length
        while left > 0 {
            let count = min(left, 271)
            bytes += count < 16 ? 1 : 2
            left -= count
        }
        return bytes
    }

    /// `length` more bytes at the last distance: `sml_m` (1111MMMM, 1–15) and `lrg_m` (11110000 MMMMMMMM, 16–271).
    private static func appendContinuation(_ length: Int, into output: inout [UInt8]) {
        var remaining = length
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
