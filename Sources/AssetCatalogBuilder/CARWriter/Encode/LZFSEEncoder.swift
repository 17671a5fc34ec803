internal import CMemoryHints

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An LZFSE encoder: matches found through a hash of four bytes (and the last distance tried first, which is
/// what rows of pixels repeat), then literals and (literal count, match length, distance) triples entropy-coded
/// with finite-state entropy in `bvx2` blocks (`FSE`). A block that does not come out smaller than its bytes is
/// stored (`bvx-`); inputs under 4 KiB also try an LZVN stream (``LZVNEncoder``), whose header is smaller, and the
/// smallest wins. The stream ends with `bvx$`.
///
/// Written for assetc from the public description of the format (Apple's `lzfse` repository: the `bvx2` header's
/// packed fields, the frequency header's prefix code, the L, M and D symbol tables, the backward bit streams).
/// The longest of four remembered positions per hash and the last distance, with one step of lazy matching (each
/// remembered position kept with its four bytes, so a candidate that cannot match costs no read of the input far back);
/// deterministic, not the smallest output Apple's encoder finds; tests check every stream with
/// assetc's decoder and the reference decoder (PyPI `lzfse`).
public enum LZFSEEncoder {
    /// Compresses `input` into an LZFSE stream.
    public static func compress(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { compress($0) }
    }

    /// Compresses `source` into an LZFSE stream (`bvx2`, `bvxn` or `bvx-` blocks, then `bvx$`).
    static func compress(_ source: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var stream = entropyCoded(source)
        if source.count < lzvnThreshold {
            let lzvn = LZVNEncoder.lzfseStream(compressing: source)
            if let lzvn, lzvn.count < stream.count { stream = lzvn }
        }
        if stream.count > LZVNEncoder.storedStreamSize(source.count) {
            stream.removeAll(keepingCapacity: true)
            LZVNEncoder.appendStoredStream(source, to: &stream)
        }
        return stream
    }

    /// Below this many bytes an LZVN stream is tried as well (its block header is 12 bytes where a `bvx2` block
    /// needs 32 plus its frequency tables).
    static let lzvnThreshold = 4096

    // MARK: - Limits of one `bvx2` block (the decoder's buffers)

    /// Literals per block, a multiple of four (the literal streams decode four at a time).
    static let maximumLiterals = 40_000
    /// Triples per block.
    static let maximumMatches = 10_000
    static let maximumL = 315
    static let maximumM = 2359
    static let maximumD = 262_139
    private static let minimumMatch = 4
    /// The longest match one block takes: 4,000 triples of the longest M.
    private static let maximumMatchBytes = 4000 * maximumM

    private static let lSymbols = 20, mSymbols = 20, dSymbols = 64, literalSymbols = 256
    private static let lStates = 64, mStates = 64, dStates = 256, literalStates = 1024

    private static let lExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 5, 8]
    private static let lBase: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 28, 60]
    private static let mExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 5, 8, 11]
    private static let mBase: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 24, 56, 312]

    /// The L symbol of a literal count (0…315).
    @inline(__always) private static func lSymbol(_ value: Int32) -> Int {
        value < 16 ? Int(value) : value < 20 ? 16 : value < 28 ? 17 : value < 60 ? 18 : 19
    }

    /// The M symbol of a match length (0…2359).
    @inline(__always) private static func mSymbol(_ value: Int32) -> Int {
        value < 16 ? Int(value) : value < 24 ? 16 : value < 56 ? 17 : value < 312 ? 18 : 19
    }

    /// The D symbol of a distance (0…262139): four symbols per power of two, symbol `4g + i` covering
    /// `2^(g+2) − 4 + i·2^g` and the `g` extra bits above it.
    @inline(__always) private static func dSymbol(_ value: Int32) -> (symbol: Int, extraBits: Int, extra: UInt64) {
        let x = UInt32(value) + 4
        let g = 31 - x.leadingZeroBitCount - 2
        let i = Int(x >> UInt32(g)) - 4
        return (4 * g + i, g, UInt64(x & ((1 << UInt32(g)) - 1)))
    }

    // MARK: - Matching

    /// The symbols of one block as the match finder produces them.
    private struct BlockSymbols {
        let literals: UnsafeMutablePointer<UInt8>
        let l: UnsafeMutablePointer<Int32>
        let m: UnsafeMutablePointer<Int32>
        let d: UnsafeMutablePointer<Int32>
        var literalCount = 0
        var matchCount = 0
        /// The distance of the block's last match (0: none yet); a triple repeating it stores 0.
        var lastDistance: Int32 = 0

        init() {
            literals = .allocate(capacity: LZFSEEncoder.maximumLiterals + 64)
            l = .allocate(capacity: LZFSEEncoder.maximumMatches)
            m = .allocate(capacity: LZFSEEncoder.maximumMatches)
            d = .allocate(capacity: LZFSEEncoder.maximumMatches)
        }

        func deallocate() {
            literals.deallocate()
            l.deallocate()
            m.deallocate()
            d.deallocate()
        }

        /// Whether `literalRun` literals then a match of `length` (0: none) still fit this block.
        func fits(literalRun: Int, length: Int) -> Bool {
            let triples = literalRun / LZFSEEncoder.maximumL + length / LZFSEEncoder.maximumM + 2
            return literalCount + literalRun <= LZFSEEncoder.maximumLiterals - 4 && matchCount + triples <= LZFSEEncoder.maximumMatches
        }

        /// Adds `count` literals from `from`, then a match of `length` bytes at `distance` (length 0: literals only),
        /// split into as many triples as the L and M limits need.
        mutating func add(literals from: UnsafePointer<UInt8>, count: Int, length: Int, distance: Int) {
            (literals + literalCount).update(from: from, count: count)
            literalCount += count
            var run = count
            while run > LZFSEEncoder.maximumL {
                appendTriple(l: Int32(LZFSEEncoder.maximumL), m: 0, d: literalOnlyDistance())
                run -= LZFSEEncoder.maximumL
            }
            guard length > 0 else {
                if run > 0 { appendTriple(l: Int32(run), m: 0, d: literalOnlyDistance()) }
                return
            }
            let first = min(length, LZFSEEncoder.maximumM)
            let d = Int32(distance) == lastDistance ? 0 : Int32(distance)
            lastDistance = Int32(distance)
            appendTriple(l: Int32(run), m: Int32(first), d: d)
            var rest = length - first
            while rest > 0 {
                let part = min(rest, LZFSEEncoder.maximumM)
                appendTriple(l: 0, m: Int32(part), d: 0)
                rest -= part
            }
        }

        /// The D of a triple without a match. Apple's decoder checks every triple's distance against the bytes
        /// written, a match or not, and starts each block with no valid distance: so the block's first such triple
        /// names distance 1 (as Apple's encoder does); later ones repeat the last (0).
        private mutating func literalOnlyDistance() -> Int32 {
            if lastDistance > 0 { return 0 }
            lastDistance = 1
            return 1
        }

        @inline(__always) private mutating func appendTriple(l: Int32, m: Int32, d: Int32) {
            self.l[matchCount] = l
            self.m[matchCount] = m
            self.d[matchCount] = d
            matchCount += 1
        }

        mutating func reset() {
            literalCount = 0
            matchCount = 0
            lastDistance = 0
        }
    }

    private static let minimumHashBits = 8
    private static let maximumHashBits = 14
    /// Misses before the search step grows by one byte (data without repeats is skimmed, as in LZVNEncoder).
    private static let skipShift = 5
    /// Positions remembered per hash value: the longest of their matches is taken.
    private static let bucketWays = 4
    private static let bucketShift = 2
    /// Matches shorter than this are checked against the match one byte later (lazy matching).
    private static let lazyLimit = 64

    /// The whole input as `bvx2` blocks (or stored ones where a block does not shrink), then `bvx$`.
    private static func entropyCoded(_ source: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(source.count / 2 + 64)
        guard let base = source.baseAddress, source.count > 0 else {
            output += Array("bvx$".utf8)
            return output
        }
        var bits = minimumHashBits
        while bits < maximumHashBits && 1 << bits < source.count { bits += 1 }
        LZVNHashTable.withThreadTable(count: LZVNEncoder.lzfseTableOffset + 2 * bucketWays << bits) { table in
            let entries = table.entries.baseAddress! + LZVNEncoder.lzfseTableOffset
            var parser = Parser(
                base: base, end: source.count, table: UnsafeMutableRawPointer(entries).assumingMemoryBound(to: UInt64.self),
                numbering: table.numberBlock(length: source.count), hashBits: bits)
            parser.parse(into: &output)
            parser.symbols.deallocate()
        }
        output += Array("bvx$".utf8)
        return output
    }

    /// The match finder and its block under way. Its table holds, per hash value, a bucket of ``bucketWays``
    /// entries of 64 bits: a position (numbered from `numbering`, low half) and the four bytes there (high half),
    /// so that a candidate is compared without reading the input at a far position.
    private struct Parser {
        let base: UnsafePointer<UInt8>
        let end: Int
        let table: UnsafeMutablePointer<UInt64>
        /// Positions are numbered from here: an entry below it was left by an earlier input and reads as empty.
        let numbering: Int
        let shift: UInt32
        var symbols = BlockSymbols()
        var blockStart = 0
        var anchor = 0
        /// The longest run of literals from `anchor` that still fits the block (``BlockSymbols/fits(literalRun:length:)``
        /// with no match), kept up to date so that the parse loop tests it with one comparison.
        var literalRoom = 0

        init(base: UnsafePointer<UInt8>, end: Int, table: UnsafeMutablePointer<UInt64>, numbering: Int, hashBits: Int) {
            self.base = base
            self.end = end
            self.table = table
            self.numbering = numbering
            shift = UInt32(32 - hashBits)
        }

        @inline(__always) func load(_ at: Int) -> UInt32 {
            UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self)
        }

        @inline(__always) func bucket(_ word: UInt32) -> UnsafeMutablePointer<UInt64> {
            table + Int((word &* 2_654_435_761) >> shift) &<< bucketShift
        }

        /// How many bytes at `from` equal those at `candidate` (before the end).
        @inline(__always) func matchLength(_ from: Int, _ candidate: Int) -> Int {
            var length = 0
            let limit = end &- from
            while length &+ 8 <= limit {
                let a = UnsafeRawPointer(base + (from &+ length)).loadUnaligned(as: UInt64.self)
                let b = UnsafeRawPointer(base + (candidate &+ length)).loadUnaligned(as: UInt64.self)
                if a != b { return length &+ (a ^ b).trailingZeroBitCount &>> 3 }
                length &+= 8
            }
            while length < limit && base[from &+ length] == base[candidate &+ length] { length &+= 1 }
            return length
        }

        /// Puts `at` (whose four bytes are `word`) first in `bucket`; the oldest entry drops out.
        @inline(__always) func insert(_ at: Int, word: UInt32, bucket: UnsafeMutablePointer<UInt64>) {
            bucket[3] = bucket[2]
            bucket[2] = bucket[1]
            bucket[1] = bucket[0]
            bucket[0] = UInt64(word) &<< 32 | UInt64(UInt32(truncatingIfNeeded: numbering &+ at))
        }

        /// The longest match at `at` among the last distance (free to code: D = 0, so it wins ties) and the
        /// positions of its bucket; `at` joins the bucket.
        @inline(__always) func bestMatch(_ at: Int) -> (candidate: Int, length: Int) {
            // The bucket of a position a little ahead starts loading now: the table is larger than the core's
            // cache, and waiting for each bucket in turn was most of the parse's time.
            if at &+ 12 <= end { acat_prefetch(bucket(load(at &+ 8))) }
            let word = load(at)
            var best = -1, bestLength = 0
            let last = Int(symbols.lastDistance)
            if last > 0 && at >= last && load(at &- last) == word {
                best = at &- last
                bestLength = minimumMatch &+ matchLength(at &+ minimumMatch, best &+ minimumMatch)
            }
            let entries = bucket(word)
            var way = 0
            while way < bucketWays {
                let entry = entries[way]
                let stored = Int(Int32(truncatingIfNeeded: entry))
                if stored < numbering { break }
                let from = stored &- numbering
                if UInt32(truncatingIfNeeded: entry &>> 32) == word && from != best && at &- from <= maximumD {
                    let length = minimumMatch &+ matchLength(at &+ minimumMatch, from &+ minimumMatch)
                    if length > bestLength {
                        best = from
                        bestLength = length
                    }
                }
                way &+= 1
            }
            insert(at, word: word, bucket: entries)
            return (best, bestLength)
        }

        mutating func closeBlock(at cut: Int, _ output: inout [UInt8]) {
            guard cut > blockStart else { return }
            appendBlock(UnsafeBufferPointer(start: base + blockStart, count: cut - blockStart), symbols, to: &output)
            symbols.reset()
            blockStart = cut
        }

        /// Sets ``literalRoom`` after the block or the anchor changed.
        @inline(__always) mutating func measureRoom() {
            // fits(literalRun: r, length: 0) holds while literalCount + r <= maximumLiterals - 4 and
            // matchCount + r / maximumL + 2 <= maximumMatches: both only fail for longer runs.
            let byLiterals = maximumLiterals - 4 - symbols.literalCount
            let byTriples = (maximumMatches - 2 - symbols.matchCount) * maximumL + maximumL - 1
            literalRoom = min(byLiterals, byTriples)
        }

        /// Literals up to `limit` go in as many blocks as they need.
        mutating func addLiterals(upTo limit: Int, _ output: inout [UInt8]) {
            defer { measureRoom() }
            while !symbols.fits(literalRun: limit - anchor, length: 0) {
                // A block with triples ends where its literals end; an empty one takes what it can hold.
                if symbols.matchCount == 0 {
                    let take = min(limit - anchor, maximumLiterals - 4 - 2 * maximumL)
                    symbols.add(literals: base + anchor, count: take, length: 0, distance: 0)
                    anchor += take
                }
                closeBlock(at: anchor, &output)
            }
        }

        mutating func parse(into output: inout [UInt8]) {
            var position = 0
            var misses = 0
            measureRoom()
            while position + minimumMatch <= end {
                // A run of literals that would overflow the block closes it.
                if position - anchor > literalRoom { addLiterals(upTo: position, &output) }
                var (candidate, found) = bestMatch(position)
                guard candidate >= 0 else {
                    position += 1 + misses >> skipShift
                    misses += 1
                    continue
                }
                // One step of lazy matching: a longer match at the next byte wins over this one.
                if found < lazyLimit && position + 1 + minimumMatch <= end {
                    let next = bestMatch(position + 1)
                    if next.length > found + 1 {
                        position += 1
                        (candidate, found) = next
                    }
                }
                // A match longer than one block's triples can hold is cut (the rest matches again next time).
                var length = min(found, maximumMatchBytes)
                var start = position
                var from = candidate
                // Extend backwards over literals not yet written.
                while start > anchor && from > 0 && base[start - 1] == base[from - 1] {
                    start -= 1
                    from -= 1
                    length += 1
                }
                if !symbols.fits(literalRun: start - anchor, length: length) {
                    closeBlock(at: anchor, &output)
                }
                symbols.add(literals: base + anchor, count: start - anchor, length: length, distance: start - from)
                position = start + length
                anchor = position
                measureRoom()
                misses = 0
                // Index a position near the match's end, which the next rows often repeat.
                if position - 2 > start && position + 2 <= end {
                    let word = load(position - 2)
                    insert(position - 2, word: word, bucket: bucket(word))
                }
            }
            addLiterals(upTo: end, &output)
            if end > anchor { symbols.add(literals: base + anchor, count: end - anchor, length: 0, distance: 0) }
            closeBlock(at: end, &output)
        }
    }

    // MARK: - Entropy coding one block

    /// Appends the block of `raw` bytes that `symbols` describe: a `bvx2` block, or `bvx-` when that is not smaller.
    private static func appendBlock(_ raw: UnsafeBufferPointer<UInt8>, _ symbols: BlockSymbols, to output: inout [UInt8]) {
        var literalCount = symbols.literalCount
        // The literal streams decode four at a time: pad with zeros the triples never use.
        while literalCount & 3 != 0 {
            symbols.literals[literalCount] = 0
            literalCount += 1
        }
        let matchCount = symbols.matchCount

        var literalCounts = [UInt32](repeating: 0, count: literalSymbols)
        var lCounts = [UInt32](repeating: 0, count: lSymbols)
        var mCounts = [UInt32](repeating: 0, count: mSymbols)
        var dCounts = [UInt32](repeating: 0, count: dSymbols)
        literalCounts.withUnsafeMutableBufferPointer { counts in
            for index in 0..<literalCount { counts[Int(symbols.literals[index])] &+= 1 }
        }
        for index in 0..<matchCount {
            lCounts[lSymbol(symbols.l[index])] += 1
            mCounts[mSymbol(symbols.m[index])] += 1
            dCounts[dSymbol(symbols.d[index]).symbol] += 1
        }
        var literalFrequencies = [UInt16](repeating: 0, count: literalSymbols)
        var lFrequencies = [UInt16](repeating: 0, count: lSymbols)
        var mFrequencies = [UInt16](repeating: 0, count: mSymbols)
        var dFrequencies = [UInt16](repeating: 0, count: dSymbols)
        FSE.normalize(literalCounts, symbols: literalSymbols, states: literalStates, into: &literalFrequencies)
        FSE.normalize(lCounts, symbols: lSymbols, states: lStates, into: &lFrequencies)
        FSE.normalize(mCounts, symbols: mSymbols, states: mStates, into: &mFrequencies)
        FSE.normalize(dCounts, symbols: dSymbols, states: dStates, into: &dFrequencies)

        // What the literals alone will cost, from their frequencies: when that is no smaller than the bytes, the
        // block is stored without entropy-coding it (noise, already-compressed pixels).
        var literalEstimate = 0.0
        for symbol in 0..<literalSymbols where literalCounts[symbol] > 0 {
            literalEstimate += Double(literalCounts[symbol]) * literalCost[Int(literalFrequencies[symbol])]
        }
        if Int(literalEstimate / 8) + 32 >= raw.count {
            appendStored(raw, to: &output)
            return
        }

        var header = FSE.HeaderBits()
        for frequency in lFrequencies { FSE.appendFrequency(Int(frequency), to: &header) }
        for frequency in mFrequencies { FSE.appendFrequency(Int(frequency), to: &header) }
        for frequency in dFrequencies { FSE.appendFrequency(Int(frequency), to: &header) }
        for frequency in literalFrequencies { FSE.appendFrequency(Int(frequency), to: &header) }
        let frequencyBytes = header.finish()
        let headerSize = 32 + frequencyBytes.count

        // At most 10 bits a literal and 14 + 17 + 23 bits a triple, plus a flush's 8 bytes of slack each.
        let capacity = headerSize + (literalCount * 10 + 7) / 8 + 16 + 8 + (matchCount * 54 + 7) / 8 + 16
        var block = [UInt8](repeating: 0, count: capacity)
        let (literalBytes, literalBits, literalFinal, lmdBytes, lmdBits, lmdStates) = block.withUnsafeMutableBufferPointer { buffer in
            let payload = buffer.baseAddress! + headerSize
            var literalTable = [FSE.EncoderEntry](repeating: .init(), count: literalSymbols)
            FSE.buildEncoderTable(literalFrequencies, symbols: literalSymbols, states: literalStates, into: &literalTable)
            var writer = FSE.BitWriter(output: payload)
            var states: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
            literalTable.withUnsafeBufferPointer { table in
                var index = literalCount
                while index > 0 {
                    // Backwards, four at a time, state 3 first: the decoder reads state 0's symbol first.
                    let e3 = FSE.encode(&states.3, table[Int(symbols.literals[index - 1])])
                    writer.push(e3.bits, e3.count)
                    let e2 = FSE.encode(&states.2, table[Int(symbols.literals[index - 2])])
                    writer.push(e2.bits, e2.count)
                    let e1 = FSE.encode(&states.1, table[Int(symbols.literals[index - 3])])
                    writer.push(e1.bits, e1.count)
                    let e0 = FSE.encode(&states.0, table[Int(symbols.literals[index - 4])])
                    writer.push(e0.bits, e0.count)
                    writer.flush()
                    index -= 4
                }
            }
            let literalBits = writer.finish()
            let literalBytes = writer.output - payload

            var lTable = [FSE.EncoderEntry](repeating: .init(), count: lSymbols)
            var mTable = [FSE.EncoderEntry](repeating: .init(), count: mSymbols)
            var dTable = [FSE.EncoderEntry](repeating: .init(), count: dSymbols)
            FSE.buildEncoderTable(lFrequencies, symbols: lSymbols, states: lStates, into: &lTable)
            FSE.buildEncoderTable(mFrequencies, symbols: mSymbols, states: mStates, into: &mTable)
            FSE.buildEncoderTable(dFrequencies, symbols: dSymbols, states: dStates, into: &dTable)
            // The L, M, D stream starts with 8 zero bytes: Apple's decoder loads its first 8 bytes from the stream's
            // end and refuses a stream shorter than that.
            let lmdStart = writer.output
            UnsafeMutableRawPointer(lmdStart).storeBytes(of: 0, as: UInt64.self)
            writer = FSE.BitWriter(output: lmdStart + 8)
            var lState: Int32 = 0, mState: Int32 = 0, dState: Int32 = 0
            var index = matchCount
            while index > 0 {
                index -= 1
                // D, then M, then L: the decoder reads L first.
                let d = dSymbol(symbols.d[index])
                let dCode = FSE.encode(&dState, dTable[d.symbol])
                writer.push(dCode.bits << UInt64(d.extraBits) | d.extra, dCode.count + d.extraBits)
                let mValue = symbols.m[index]
                let mSym = mSymbol(mValue)
                let mCode = FSE.encode(&mState, mTable[mSym])
                let mExtra = Int(mExtraBits[mSym])
                writer.push(mCode.bits << UInt64(mExtra) | UInt64(mValue - mBase[mSym]), mCode.count + mExtra)
                let lValue = symbols.l[index]
                let lSym = lSymbol(lValue)
                let lCode = FSE.encode(&lState, lTable[lSym])
                let lExtra = Int(lExtraBits[lSym])
                writer.push(lCode.bits << UInt64(lExtra) | UInt64(lValue - lBase[lSym]), lCode.count + lExtra)
                writer.flush()
            }
            let lmdBits = writer.finish()
            return (literalBytes, literalBits, states, writer.output - lmdStart, lmdBits, (lState, mState, dState))
        }
        let blockSize = headerSize + literalBytes + lmdBytes
        guard blockSize < raw.count + 8 else {
            appendStored(raw, to: &output)
            return
        }
        output += Array("bvx2".utf8)
        appendLE32(&output, UInt32(raw.count))
        var v0 = UInt64(literalCount)
        v0 |= UInt64(literalBytes) << 20
        v0 |= UInt64(matchCount) << 40
        v0 |= UInt64(literalBits + 7) << 60
        var v1 = UInt64(literalFinal.0) | UInt64(literalFinal.1) << 10 | UInt64(literalFinal.2) << 20 | UInt64(literalFinal.3) << 30
        v1 |= UInt64(lmdBytes) << 40
        v1 |= UInt64(lmdBits + 7) << 60
        var v2 = UInt64(headerSize)
        v2 |= UInt64(lmdStates.0) << 32 | UInt64(lmdStates.1) << 42 | UInt64(lmdStates.2) << 52
        for value in [v0, v1, v2] {
            for shift in stride(from: 0, to: 64, by: 8) { output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
        output += frequencyBytes
        output += block[headerSize..<(headerSize + literalBytes + lmdBytes)]
    }

    /// The bits a literal of frequency `f` (of 1,024 states) costs: `log2(1024 / f)`.
    private static let literalCost: [Double] = (0...literalStates).map { $0 == 0 ? 0 : log2(Double(literalStates) / Double($0)) }

    private static func appendStored(_ raw: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output += Array("bvx-".utf8)
        appendLE32(&output, UInt32(raw.count))
        output += raw
    }

    private static func appendLE32(_ output: inout [UInt8], _ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { output.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
