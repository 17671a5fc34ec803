/// A request prepared for fast resolution under one rule set: per-dimension lookup words and
/// bit positions, so ranking a packed variant is a handful of shifts and masks with no allocation.
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

    // For each small dimension: for each code 0...7, three bits (bit 2: eliminated, bits 0–1: score).
    private var idiomWord: UInt64 = 0, widthWord: UInt64 = 0, heightWord: UInt64 = 0
    private var appearanceWord: UInt64 = 0, contrastWord: UInt64 = 0, directionWord: UInt64 = 0
    private var gamutWord: UInt64 = 0
    // Where each dimension's score sits in the rank key: more important dimensions sit higher.
    private var idiomShift: UInt64 = 0, widthShift: UInt64 = 0, heightShift: UInt64 = 0
    private var appearanceShift: UInt64 = 0, contrastShift: UInt64 = 0, directionShift: UInt64 = 0
    private var gamutShift: UInt64 = 0, scaleShift: UInt64 = 0, localeShift: UInt64 = 0
    private let requestedScale: UInt32
    private let lowerScalesFirst: Bool
    // The finished rank-key contribution of every code of every dimension, already shifted into place:
    // entries 8·d … 8·d+7 for dimension d (idiom, width, height, appearance, contrast, direction, gamut),
    // entries 56 … 63 for scales 0 … 7. Ranking a variant is then eight loads and seven ORs.
    private var table = SIMD64<UInt64>(repeating: 0)

    /// Rank keys at or above this value belong to eliminated variants.
    static let eliminated: UInt64 = 1 << 63

    /// Prepares `request` for ranking under assetc's rules in `order`.
    public init(_ request: TraitCollection, order: FallbackOrder = .default) {
        self.init(request, rules: ResolutionRules.assetc.with(order: order))
    }

    /// Prepares `request` for ranking under `rules`.
    public init(_ request: TraitCollection, rules: ResolutionRules) {
        self.request = request
        self.requestedScale = UInt32(clampingScale: request.displayScale)
        self.lowerScalesFirst = rules.scalePreference == .lowerFirst
        let order = rules.order
        var shift: UInt64 = 0
        for position in stride(from: FallbackOrder.count - 1, through: 0, by: -1) {
            let dimension = order.dimension(at: position)
            switch dimension {
            case .idiom: idiomShift = shift
            case .width: widthShift = shift
            case .height: heightShift = shift
            case .appearance: appearanceShift = shift
            case .contrast: contrastShift = shift
            case .direction: directionShift = shift
            case .gamut: gamutShift = shift
            case .scale: scaleShift = shift
            case .locale: localeShift = shift
            }
            switch dimension {
            case .scale: shift += 17
            case .locale: shift += 8
            case .idiom, .width, .height, .appearance, .contrast, .direction, .gamut: shift += 2
            }
        }
        idiomWord = Self.exclusiveWord(request.idiom)
        widthWord = Self.exclusiveWord(request.horizontalSizeClass)
        heightWord = Self.exclusiveWord(request.verticalSizeClass)
        appearanceWord = Self.exclusiveWord(request.appearance)
        directionWord = Self.exclusiveWord(request.layoutDirection)
        gamutWord = Self.softWord(request.displayGamut)
        contrastWord = Self.softWord(request.contrast)
        if request.contrast == .normal {
            // High-contrast artwork is eliminated on a normal-contrast request.
            let highCode = UInt64(PackedVariantTraits.code(Contrast.high))
            contrastWord = (contrastWord & ~(0b111 << (highCode * 3))) | (0b100 << (highCode * 3))
        }
        // Unmarked artwork counting as sRGB or normal contrast: code 0 ranks as code 1 does.
        if rules.unmarkedContrastIsNormal { contrastWord = Self.unmarkedAsFirstValue(contrastWord) }
        if rules.unmarkedGamutIsSRGB { gamutWord = Self.unmarkedAsFirstValue(gamutWord) }
        let scaleShift = self.scaleShift
        let requestedScale = self.requestedScale
        let lowerScalesFirst = self.lowerScalesFirst
        let dimensions: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
            idiomWord, idiomShift, widthWord, widthShift, heightWord, heightShift, appearanceWord, appearanceShift,
            contrastWord, contrastShift, directionWord, directionShift, gamutWord, gamutShift)
        withUnsafeMutableBytes(of: &table) { table in
            withUnsafeBytes(of: dimensions) { pairs in
                for dimension in 0..<7 {
                    let word = pairs.load(fromByteOffset: dimension * 16, as: UInt64.self)
                    let shift = pairs.load(fromByteOffset: dimension * 16 + 8, as: UInt64.self)
                    for code in 0..<8 {
                        let entry = (word &>> (UInt64(code) &* 3)) & 0b111
                        let key = ((entry & 0b11) &<< shift) | ((entry &>> 2) &<< 63)
                        table.storeBytes(of: key, toByteOffset: (dimension * 8 + code) * 8, as: UInt64.self)
                    }
                }
            }
            for scale in 0..<8 {
                let key =
                    DimensionMatch.scaleScore(variant: UInt32(scale), request: requestedScale, lowerFirst: lowerScalesFirst)
                    &<< scaleShift
                table.storeBytes(of: key, toByteOffset: (56 + scale) * 8, as: UInt64.self)
            }
        }
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
    /// for tests that compare the fast path with the documented rules.
    func entry(_ dimension: TraitDimension, code: UInt32) -> (eliminated: Bool, score: Int)? {
        let word: UInt64
        switch dimension {
        case .idiom: word = idiomWord
        case .width: word = widthWord
        case .height: word = heightWord
        case .appearance: word = appearanceWord
        case .contrast: word = contrastWord
        case .direction: word = directionWord
        case .gamut: word = gamutWord
        case .scale, .locale: return nil
        }
        let bits = (word >> (UInt64(code) * 3)) & 0b111
        return (bits & 0b100 != 0, Int(bits & 0b11))
    }

    /// The rank key of a variant: smaller is better; 2⁶³ (`1 << 63`) or more means it cannot be chosen.
    @inline(__always)
    public func rankKey(_ variant: PackedVariantTraits) -> UInt64 {
        withUnsafeBytes(of: table) {
            Self.rankKey(
                variant, table: $0, requestedScale: requestedScale, scaleShift: scaleShift, lowerFirst: lowerScalesFirst)
        }
    }

    /// The rank-key contribution of a variant's locale (2⁶³ or more for another language).
    /// Add it (bitwise or) to ``rankKey(_:)`` for assets that have localized variants.
    @inline(__always)
    public func localeKey(_ variant: LocaleTag?) -> UInt64 {
        let match = DimensionMatch.locale(variant, request.locale)
        guard match.quality != .eliminated else { return Self.eliminated }
        return UInt64(match.score) &<< localeShift
    }

    @inline(__always)
    private static func rankKey(
        _ variant: PackedVariantTraits, table: UnsafeRawBufferPointer, requestedScale: UInt32, scaleShift: UInt64,
        lowerFirst: Bool
    ) -> UInt64 {
        let bits = Int(truncatingIfNeeded: variant.rawValue)
        @inline(__always) func entry(_ index: Int) -> UInt64 {
            table.load(fromByteOffset: index &* 8, as: UInt64.self)
        }
        let scale = bits &>> 16
        let scaleKey =
            scale < 8
            ? entry(56 &+ scale)
            : DimensionMatch.scaleScore(
                variant: UInt32(truncatingIfNeeded: scale), request: requestedScale, lowerFirst: lowerFirst) &<< scaleShift
        return entry(bits & 0b111)
            | entry(8 &+ ((bits &>> 3) & 0b11))
            | entry(16 &+ ((bits &>> 5) & 0b11))
            | entry(24 &+ ((bits &>> 7) & 0b11))
            | entry(32 &+ ((bits &>> 9) & 0b11))
            | entry(40 &+ ((bits &>> 11) & 0b11))
            | entry(48 &+ ((bits &>> 13) & 0b11))
            | scaleKey
    }

    /// The index of the best variant, or `nil` when every variant is eliminated.
    /// Ties go to the earlier variant.
    @inline(__always)
    public func bestIndex(in variants: UnsafeBufferPointer<PackedVariantTraits>) -> Int? {
        withUnsafeBytes(of: table) { table in
            var best: Int?
            var bestKey = Self.eliminated
            for index in variants.indices {
                let key = Self.rankKey(
                    variants[index], table: table, requestedScale: requestedScale, scaleShift: scaleShift,
                    lowerFirst: lowerScalesFirst)
                if key < bestKey {
                    bestKey = key
                    best = index
                }
            }
            return best
        }
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
