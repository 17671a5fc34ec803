internal import CCAREncoding

/// An LZFSE encoder: matches found through a hash of four bytes (and the last distance tried first, which is
/// what rows of pixels repeat), then literals and (literal count, match length, distance) triples entropy-coded
/// with finite-state entropy in `bvx2` blocks. A block that does not come out smaller than its bytes is stored
/// (`bvx-`); inputs under 4 KiB also try an LZVN stream (``LZVNEncoder``), whose header is smaller, and the
/// smallest wins. The stream ends with `bvx$`.
///
/// The match finder and the entropy stage are C (the `CCAREncoding` target, `lzfse_encode.c`), written for assetc
/// from the public description of the format (Apple's `lzfse` repository: the `bvx2` header's packed fields, the
/// frequency header's prefix code, the L, M and D symbol tables, the backward bit streams): they run over every
/// byte of every image a car holds, and in Swift the exclusivity and bounds checks of their loops cost a fifth of
/// the time. Three efforts (``Effort``); deterministic, not the smallest output Apple's encoder finds; tests check
/// every stream with assetc's decoder and the reference decoder (PyPI `lzfse`).
public enum LZFSEEncoder {
    /// How hard the match finder searches.
    public enum Effort: Sendable {
        /// Four remembered positions per hash value, one step of lazy matching, no match under 6 bytes at a new
        /// distance, positions inside a match not indexed, runs without matches skimmed with a growing step: for
        /// the residuals of deepmap2's predicted tiles, whose literals cost 3 or 4 bits (short matches do not pay).
        case fast
        /// Eight remembered positions per hash value, every position indexed (inside matches too), never skipped,
        /// matches from 4 bytes, a larger table: about 12% smaller on icons and flat artwork (whole-bitmap, mode 3
        /// and 4, palette-img and icon-layer streams), two to three times the work.
        case thorough
        /// The fast search with a step that grows eight times more slowly on runs without matches (a byte every 32
        /// positions searched in vain, where ``fast`` grows every 4): what the deepmap2
        /// mode trial compresses plain pixels with, standing in for ``thorough`` (which mode 3 is written with) at
        /// about the fast effort's cost; with the fast effort's skim, flat artwork came out larger in the trial than
        /// it is written, and lost to mode 2.
        case sampling
    }

    /// Compresses `input` into an LZFSE stream.
    public static func compress(_ input: [UInt8], effort: Effort = .fast) -> [UInt8] {
        input.withUnsafeBufferPointer { compress($0, effort: effort) }
    }

    /// Compresses `source` into an LZFSE stream (`bvx2`, `bvxn` or `bvx-` blocks, then `bvx$`).
    static func compress(_ source: UnsafeBufferPointer<UInt8>, effort: Effort = .fast) -> [UInt8] {
        var stream = entropyCoded(source, effort: effort)
        if source.count < lzvnThreshold {
            let lzvn = LZVNEncoder.lzfseStream(compressing: source)
            if let lzvn, lzvn.count < stream.count { stream = lzvn }
        }
        if stream.isEmpty || stream.count > LZVNEncoder.storedStreamSize(source.count) {
            stream.removeAll(keepingCapacity: true)
            LZVNEncoder.appendStoredStream(source, to: &stream)
        }
        return stream
    }

    /// Below this many bytes an LZVN stream is tried as well (its block header is 12 bytes where a `bvx2` block
    /// needs 32 plus its frequency tables).
    static let lzvnThreshold = 4096

    /// The forms of the C encoder's hot loops (the entropy stage: histograms, normalization, the literal and L, M, D
    /// streams; and the search's bucket scan), which give the same bytes; the encoder runs the BMI2 one where the CPU
    /// has it.
    enum EntropyForm: CaseIterable {
        /// Plain C for any CPU.
        case baseline
        /// For x86-64 with BMI2: the entropy stage compiled for BMI2 (shifts by a register and the low-bit mask in one
        /// instruction each), and the fast and sampling efforts' four-way buckets compared with SSE2.
        case bmi2
    }

    /// The `bvx2` stream of `input` (no LZVN or stored fallback) encoded in the form `form`, or `nil`
    /// when this CPU has no such form (for tests that hold the forms to each other).
    static func entropyCoded(_ input: [UInt8], effort: Effort, form: EntropyForm) -> [UInt8]? {
        if form == .bmi2 && ccar_lzfse_bmi2_available() == 0 { return nil }
        return input.withUnsafeBufferPointer { entropyCoded($0, effort: effort, form: form) }
    }

    /// The whole input as `bvx2` blocks (or stored ones where a block does not shrink), then `bvx$`, in the form
    /// `form` (else the best this CPU runs); empty only if the C encoder could not allocate its work space (the
    /// caller then stores the input) or the form is not on this CPU.
    private static func entropyCoded(_ source: UnsafeBufferPointer<UInt8>, effort: Effort, form: EntropyForm? = nil) -> [UInt8] {
        let bound = ccar_lzfse_encode_bound(source.count)
        let level: ccar_lzfse_effort
        switch effort {
        case .fast: level = CCAR_LZFSE_FAST
        case .thorough: level = CCAR_LZFSE_THOROUGH
        case .sampling: level = CCAR_LZFSE_SAMPLING
        }
        // Encoded into a buffer of the bound, then copied to an array of the stream's size: an array of the bound's
        // capacity would keep a tile's whole size allocated until its rendition is written.
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bound)
        defer { buffer.deallocate() }
        let count: Int
        switch form {
        case nil: count = ccar_lzfse_encode(source.baseAddress, source.count, buffer.baseAddress, bound, level)
        case .baseline?:
            count = ccar_lzfse_encode_using(CCAR_LZFSE_BASELINE, source.baseAddress, source.count, buffer.baseAddress, bound, level)
        case .bmi2?:
            count = ccar_lzfse_encode_using(CCAR_LZFSE_BMI2, source.baseAddress, source.count, buffer.baseAddress, bound, level)
        }
        return Array(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }

    /// Scales `counts` to frequencies that add up to exactly `states` (the entropy stage's normalization, for tests).
    static func normalize(_ counts: [UInt32], states: Int) -> [UInt16] {
        var frequencies = [UInt16](repeating: 0, count: counts.count)
        ccar_fse_normalize(counts, Int32(counts.count), Int32(states), &frequencies)
        return frequencies
    }
}
