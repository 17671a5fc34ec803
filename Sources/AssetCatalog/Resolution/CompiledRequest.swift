/// A request prepared for fast resolution under one rule set: a table of every packed trait field's
/// finished rank-key contribution, so ranking a packed variant is five table reads and a few shifts and
/// masks, with no allocation.
///
/// The locale is not part of the packed traits: assets with localized variants are ranked with
/// ``bestIndex(in:locales:)``, which adds each variant's ``localeKey(_:)``; for an asset without
/// localized variants the locale dimension cannot change the ranking and is skipped.
///
/// Costs: building one takes well under a microsecond and allocates nothing; ranking a variant with it
/// costs a few nanoseconds. It is plain data (no references), so copying it is free of reference counting.
public struct CompiledRequest: Hashable, Sendable {
    /// The request it was built from.
    public let request: TraitCollection

    // The rank key of a variant without a locale fits in 32 bits: two bits for each of the seven small
    // dimensions and seventeen for the scale score, most important dimension highest (the locale, left
    // out, takes no bits), and bit 31 set for an eliminated variant. The table holds every field's finished
    // contribution, already shifted into place, with neighbouring fields of the packed traits combined so
    // one load covers two dimensions:
    //   entries  0 …  7: idiom (packed bits 0–2)
    //   entries  8 … 23: width and height (bits 3–6)
    //   entries 24 … 39: appearance and contrast (bits 7–10)
    //   entries 40 … 55: direction and gamut (bits 11–14)
    //   entries 56 … 63: scales 0 … 7 (larger scales are scored on the spot)
    // Ranking a variant is then five loads and four ORs. 32-bit entries keep the table at 256 bytes, half
    // the 64-bit table it replaces: the struct is copied wherever a caller passes one it keeps in an
    // array, and ranking copies the table once (see `rankKey32(_:table:scale:)`).
    private var table = SIMD64<UInt32>(repeating: 0)
    /// The smallest key any variant can have: a variant that reaches it wins outright (ties go to the
    /// earlier variant), so ranking stops there.
    private var floorKey: UInt32 = 0
    /// Where the scale score sits in the 32-bit key.
    private let scaleShift: UInt32
    /// Where the locale's score sits in the 64-bit ``rankKey(_:)``: the 32-bit key's bits from here up
    /// move up eight bits to make room for it.
    private let localeShift: UInt32
    private let requestedScale: UInt32
    private let lowerScalesFirst: Bool
    /// The order the shifts were derived from (``entry(_:code:)`` recomputes them).
    private let order: FallbackOrder

    /// Rank keys at or above this value belong to eliminated variants.
    static let eliminated: UInt64 = 1 << 63

    /// 32-bit rank keys at or above this value belong to eliminated variants.
    static let eliminated32: UInt32 = 1 << 31

    /// Prepares `request` for ranking under assetc's rules in `order`.
    public init(_ request: TraitCollection, order: FallbackOrder = .default) {
        self.init(request, rules: ResolutionRules.assetc.with(order: order))
    }

    /// Prepares `request` for ranking under `rules`.
    public init(_ request: TraitCollection, rules: ResolutionRules) {
        self.request = request
        self.requestedScale = UInt32(clampingScale: request.displayScale)
        self.lowerScalesFirst = rules.scalePreference == .lowerFirst
        self.order = rules.order
        let shifts = Self.shifts(rules.order)
        scaleShift = shifts.scale
        localeShift = shifts.locale
        var contrastWord = Self.softWord(request.contrast)
        if request.contrast == .normal {
            // High-contrast artwork is eliminated on a normal-contrast request.
            let highCode = UInt64(PackedVariantTraits.code(Contrast.high))
            contrastWord = (contrastWord & ~(0b111 << (highCode * 3))) | (0b100 << (highCode * 3))
        }
        var gamutWord = Self.softWord(request.displayGamut)
        // Unmarked artwork counting as sRGB or normal contrast: code 0 ranks as code 1 does.
        if rules.unmarkedContrastIsNormal { contrastWord = Self.unmarkedAsFirstValue(contrastWord) }
        if rules.unmarkedGamutIsSRGB { gamutWord = Self.unmarkedAsFirstValue(gamutWord) }
        if rules.eliminatesOtherGamut, let wanted = request.displayGamut {
            // CoreUI: the requested gamut or sRGB; any other specified gamut is eliminated.
            for gamut in DisplayGamut.allCases where gamut != wanted && gamut != .sRGB {
                let code = UInt64(PackedVariantTraits.code(gamut))
                gamutWord = (gamutWord & ~(0b111 << (code * 3))) | (0b100 << (code * 3))
            }
        }
        let idiom = (Self.exclusiveWord(request.idiom), shifts.idiom)
        let width = (Self.exclusiveWord(request.horizontalSizeClass), shifts.width)
        let height = (Self.exclusiveWord(request.verticalSizeClass), shifts.height)
        let appearance = (Self.exclusiveWord(request.appearance), shifts.appearance)
        let contrast = (contrastWord, shifts.contrast)
        let direction = (
            rules.eliminatesOtherDirection ? Self.exclusiveWord(request.layoutDirection) : Self.softWord(request.layoutDirection),
            shifts.direction
        )
        let gamut = (gamutWord, shifts.gamut)
        let scaleShift = self.scaleShift
        let requestedScale = self.requestedScale
        let lowerScalesFirst = self.lowerScalesFirst
        // Filled through raw memory: storing into the SIMD value one variable index at a time made the
        // optimizer reload and store the whole vector for every entry.
        let floor = withUnsafeMutableBytes(of: &table) { table in
            func store(_ key: UInt32, at index: Int) { table.storeBytes(of: key, toByteOffset: index * 4, as: UInt32.self) }
            var floor: UInt32 = 0
            var minimum = UInt32.max
            for code in 0..<8 {
                let key = Self.contribution(idiom, code: code)
                store(key, at: code)
                minimum = min(minimum, key)
            }
            floor |= minimum
            // The sixteen entries of two neighbouring 2-bit fields: `low` in the index's bits 0–1, `high` in
            // bits 2–3. Three calls rather than a loop over an array of pairs, which would allocate.
            func fillPair(at base: Int, _ low: (word: UInt64, shift: UInt32), _ high: (word: UInt64, shift: UInt32)) {
                var minimum = UInt32.max
                for index in 0..<16 {
                    let key = Self.contribution(low, code: index & 0b11) | Self.contribution(high, code: index >> 2)
                    store(key, at: base + index)
                    minimum = min(minimum, key)
                }
                floor |= minimum
            }
            fillPair(at: 8, width, height)
            fillPair(at: 24, appearance, contrast)
            fillPair(at: 40, direction, gamut)
            for scale in 0..<8 {
                let key = DimensionMatch.scaleScore(variant: UInt32(scale), request: requestedScale, lowerFirst: lowerScalesFirst)
                store(UInt32(truncatingIfNeeded: key &<< UInt64(scaleShift)), at: 56 + scale)
            }
            return floor
        }
        // Some scale (the requested one, or any when none is requested) always scores 0.
        floorKey = floor
    }

    /// Where each dimension's score sits in the 32-bit key, least important lowest: two bits for a small
    /// dimension, seventeen for the scale, none for the locale (``rankKey(_:)`` makes room for it).
    private static func shifts(_ order: FallbackOrder) -> (
        idiom: UInt32, width: UInt32, height: UInt32, appearance: UInt32, contrast: UInt32, direction: UInt32,
        gamut: UInt32, scale: UInt32, locale: UInt32
    ) {
        var result: (
            idiom: UInt32, width: UInt32, height: UInt32, appearance: UInt32, contrast: UInt32, direction: UInt32,
            gamut: UInt32, scale: UInt32, locale: UInt32
        ) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        var shift: UInt32 = 0
        for position in stride(from: FallbackOrder.count - 1, through: 0, by: -1) {
            switch order.dimension(at: position) {
            case .idiom: result.idiom = shift; shift += 2
            case .width: result.width = shift; shift += 2
            case .height: result.height = shift; shift += 2
            case .appearance: result.appearance = shift; shift += 2
            case .contrast: result.contrast = shift; shift += 2
            case .direction: result.direction = shift; shift += 2
            case .gamut: result.gamut = shift; shift += 2
            case .scale: result.scale = shift; shift += 17
            case .locale: result.locale = shift
            }
        }
        return result
    }

    /// One code's finished contribution to the 32-bit key, from a dimension's lookup word and shift.
    private static func contribution(_ dimension: (word: UInt64, shift: UInt32), code: Int) -> UInt32 {
        let entry = UInt32(truncatingIfNeeded: (dimension.word >> (UInt64(code) * 3)) & 0b111)
        return ((entry & 0b11) << dimension.shift) | ((entry >> 2) << 31)
    }

    /// The word with code 0's entry replaced by code 1's.
    private static func unmarkedAsFirstValue(_ word: UInt64) -> UInt64 {
        (word & ~0b111) | ((word >> 3) & 0b111)
    }

    /// The lookup word for a dimension where another specified value eliminates the variant:
    /// the same table ``DimensionMatch/judge(_:variant:request:)`` defines (a test checks every entry).
    private static func exclusiveWord<Value: TraitValue>(_ request: Value?) -> UInt64 {
        word(request, otherValue: 0b100)
    }

    /// The lookup word for a dimension ranked exact → any → other value.
    private static func softWord<Value: TraitValue>(_ request: Value?) -> UInt64 {
        word(request, otherValue: 2)
    }

    /// Three bits per code: 0 for the requested value (or any, when unspecified), 1 for any (or a specific
    /// value, when unspecified), `otherValue` for another specified value, and elimination for codes no
    /// value has (a damaged archive must never match them).
    private static func word<Value: TraitValue>(_ request: Value?, otherValue: UInt64) -> UInt64 {
        let requested = UInt64(PackedVariantTraits.code(request))
        let valueCount = UInt64(Value.valueCount)
        var word: UInt64 = 0
        for code: UInt64 in 0..<8 {
            let entry: UInt64
            if code > valueCount {
                entry = 0b100
            } else if requested == 0 {
                entry = code == 0 ? 0 : 1
            } else {
                entry = code == requested ? 0 : (code == 0 ? 1 : otherValue)
            }
            word |= entry << (code * 3)
        }
        return word
    }

    /// The score and elimination flag this request gives to one packed code of one dimension,
    /// for tests that compare the fast path with the documented rules. Read back from the table: the
    /// dimension's partner in a combined entry is taken at code 0 ("any"), which no rule eliminates.
    func entry(_ dimension: TraitDimension, code: UInt32) -> (eliminated: Bool, score: Int)? {
        let shifts = Self.shifts(order)
        let key: UInt32
        let shift: UInt32
        let code = Int(code)
        switch dimension {
        case .idiom: (key, shift) = (table[code & 0b111], shifts.idiom)
        case .width: (key, shift) = (table[8 + (code & 0b11)], shifts.width)
        case .height: (key, shift) = (table[8 + (code & 0b11) << 2], shifts.height)
        case .appearance: (key, shift) = (table[24 + (code & 0b11)], shifts.appearance)
        case .contrast: (key, shift) = (table[24 + (code & 0b11) << 2], shifts.contrast)
        case .direction: (key, shift) = (table[40 + (code & 0b11)], shifts.direction)
        case .gamut: (key, shift) = (table[40 + (code & 0b11) << 2], shifts.gamut)
        case .scale, .locale: return nil
        }
        // The 2-bit fields have four codes; their codes 4…7 do not exist in the packed form.
        if dimension != .idiom && code > 3 { return (true, 0) }
        return (key >= Self.eliminated32, Int((key >> shift) & 0b11))
    }

    /// The 32-bit rank key of a variant, its locale left out: smaller is better; 2³¹ or more means it
    /// cannot be chosen.
    @inline(__always)
    func rankKey32(_ variant: PackedVariantTraits) -> UInt32 {
        withUnsafeBytes(of: table) { Self.rankKey32(variant, table: $0, scale: scaleParameters) }
    }

    /// What scoring a scale above 7 (outside the table) needs.
    private var scaleParameters: (requested: UInt32, shift: UInt32, lowerFirst: Bool) {
        (requestedScale, scaleShift, lowerScalesFirst)
    }

    /// The rank key from the table's bytes. The table is read through raw memory: indexing the SIMD value
    /// with a variable index made the optimizer spill the whole vector to the stack once per entry read;
    /// `withUnsafeBytes(of: table)` copies it once per ranking (256 bytes) instead.
    @inline(__always)
    private static func rankKey32(
        _ variant: PackedVariantTraits, table: UnsafeRawBufferPointer, scale parameters: (requested: UInt32, shift: UInt32, lowerFirst: Bool)
    ) -> UInt32 {
        let bits = Int(truncatingIfNeeded: variant.rawValue)
        @inline(__always) func entry(_ index: Int) -> UInt32 {
            table.load(fromByteOffset: index &* 4, as: UInt32.self)
        }
        let scale = bits &>> 16
        let scaleKey =
            scale < 8
            ? entry(56 &+ scale)
            : UInt32(
                truncatingIfNeeded: DimensionMatch.scaleScore(
                    variant: UInt32(truncatingIfNeeded: scale), request: parameters.requested,
                    lowerFirst: parameters.lowerFirst) &<< UInt64(parameters.shift))
        return entry(bits & 0b111)
            | entry(8 &+ ((bits &>> 3) & 0b1111))
            | entry(24 &+ ((bits &>> 7) & 0b1111))
            | entry(40 &+ ((bits &>> 11) & 0b1111))
            | scaleKey
    }

    /// The rank key of a variant: smaller is better; 2⁶³ (`1 << 63`) or more means it cannot be chosen.
    /// The locale's bits are zero: add ``localeKey(_:)`` for assets that have localized variants.
    @inline(__always)
    public func rankKey(_ variant: PackedVariantTraits) -> UInt64 {
        let key = UInt64(rankKey32(variant))
        let below = (UInt64(1) << UInt64(localeShift)) &- 1
        return (key & below) | ((key & UInt64(Self.eliminated32 &- 1) & ~below) << 8) | ((key >> 31) << 63)
    }

    /// The rank-key contribution of a variant's locale (2⁶³ or more for another language).
    /// Add it (bitwise or) to ``rankKey(_:)`` for assets that have localized variants.
    @inline(__always)
    public func localeKey(_ variant: LocaleTag?) -> UInt64 {
        let match = DimensionMatch.locale(variant, request.locale)
        guard match.quality != .eliminated else { return Self.eliminated }
        return UInt64(match.score) &<< UInt64(localeShift)
    }

    /// The index of the best variant, or `nil` when every variant is eliminated.
    /// Ties go to the earlier variant. `variants` may hold at most 2³² elements.
    @inline(__always)
    public func bestIndex(in variants: UnsafeBufferPointer<PackedVariantTraits>) -> Int? {
        // Positions must fit the low 32 bits below. An archive's assets have at most 65,535 variants; a
        // fallback loop for longer buffers kept the compiler from inlining this into the lookups.
        precondition(variants.count <= Int(UInt32.max), "more than 2³² variants")
        let floorKey = floorKey
        let scale = scaleParameters
        // The key in the high half and the position in the low half, so one unsigned minimum (a compare
        // and a conditional move) keeps the best key and, among equal keys, the earliest variant. A branch
        // on "better than the best so far" is taken at random for unordered variants, and each wrong
        // guess costs more than ranking a variant does.
        let best = withUnsafeBytes(of: table) { table in
            var best = UInt64.max
            for index in variants.indices {
                let key = Self.rankKey32(variants[index], table: table, scale: scale)
                best = min(best, UInt64(key) &<< 32 | UInt64(truncatingIfNeeded: index))
                // Nothing can beat the best possible key, and a later equal one would lose the tie.
                if key == floorKey { break }
            }
            return best
        }
        guard best &>> 32 < UInt64(Self.eliminated32) else { return nil }
        return Int(truncatingIfNeeded: best & 0xFFFF_FFFF)
    }

    /// The index of the best variant of an asset that has localized variants, `locales(i)` giving
    /// variant `i`'s locale; `nil` when every variant is eliminated. Ties go to the earlier variant.
    @inline(__always)
    public func bestIndex(
        in variants: UnsafeBufferPointer<PackedVariantTraits>, locales: (Int) throws(ArchiveError) -> LocaleTag?
    ) throws(ArchiveError) -> Int? {
        var best: Int?
        var bestKey = Self.eliminated
        for index in variants.indices {
            let key = rankKey(variants[index]) | localeKey(try locales(index))
            if key < bestKey {
                bestKey = key
                best = index
            }
        }
        return best
    }

    /// The index of the best variant, or `nil` when every variant is eliminated.
    public func bestIndex(in variants: [PackedVariantTraits]) -> Int? {
        variants.withUnsafeBufferPointer { bestIndex(in: $0) }
    }

    /// The index of the best of `variants` (locales included), or `nil` when every variant is eliminated.
    public func bestIndex(in variants: [VariantTraits]) -> Int? {
        let packed = variants.map(PackedVariantTraits.init)
        guard variants.contains(where: { $0.locale != nil }) else { return bestIndex(in: packed) }
        return packed.withUnsafeBufferPointer { buffer in
            // The closure cannot throw: the locales are already in memory.
            try? bestIndex(in: buffer, locales: { (index: Int) throws(ArchiveError) -> LocaleTag? in variants[index].locale })
        }
    }
}
