/// A ``VariantTraits`` packed into 32 bits, the form the resolver's fast path and the archive use.
///
/// Layout (bit 0 is the least significant), 0 meaning "any" in every field:
///
/// | bits  | field      | values                                   |
/// |-------|------------|------------------------------------------|
/// | 0–2   | idiom      | 1 phone, 2 pad, 3 tv, 4 watch, 5 mac, 6 car, 7 vision |
/// | 3–4   | width      | 1 compact, 2 regular                     |
/// | 5–6   | height     | 1 compact, 2 regular                     |
/// | 7–8   | appearance | 1 light, 2 dark                          |
/// | 9–10  | contrast   | 1 normal, 2 high                         |
/// | 11–12 | direction  | 1 left-to-right, 2 right-to-left         |
/// | 13–14 | gamut      | 1 sRGB, 2 Display P3                     |
/// | 15    | reserved   | 0                                        |
/// | 16–31 | scale      | the scale factor, saturating at 65535    |
public struct PackedVariantTraits: Hashable, Sendable {
    /// The packed bits.
    public let rawValue: UInt32

    /// Wraps packed bits, or returns `nil` when a field holds a code no trait has.
    public init?(rawValue: UInt32) {
        let candidate = PackedVariantTraits(unchecked: rawValue)
        guard candidate.unpacked.map({ PackedVariantTraits($0).rawValue == rawValue }) == true else { return nil }
        self = candidate
    }

    private init(unchecked rawValue: UInt32) { self.rawValue = rawValue }

    /// Packs a variant's traits.
    public init(_ traits: VariantTraits) {
        var bits: UInt32 = 0
        bits |= Self.code(traits.idiom) << Field.idiom.offset
        bits |= Self.code(traits.horizontalSizeClass) << Field.width.offset
        bits |= Self.code(traits.verticalSizeClass) << Field.height.offset
        bits |= Self.code(traits.appearance) << Field.appearance.offset
        bits |= Self.code(traits.contrast) << Field.contrast.offset
        bits |= Self.code(traits.layoutDirection) << Field.direction.offset
        bits |= Self.code(traits.displayGamut) << Field.gamut.offset
        bits |= UInt32(clampingScale: traits.displayScale) << Field.scale.offset
        self.rawValue = bits
    }

    /// Unpacks the traits, or `nil` when a field holds an unknown code.
    public var unpacked: VariantTraits? {
        var traits = VariantTraits()
        guard let idiom: Idiom? = Self.value(field(.idiom)),
            let width: SizeClass? = Self.value(field(.width)),
            let height: SizeClass? = Self.value(field(.height)),
            let appearance: Appearance? = Self.value(field(.appearance)),
            let contrast: Contrast? = Self.value(field(.contrast)),
            let direction: LayoutDirection? = Self.value(field(.direction)),
            let gamut: DisplayGamut? = Self.value(field(.gamut)),
            rawValue & (1 << 15) == 0
        else { return nil }
        traits.idiom = idiom
        traits.horizontalSizeClass = width
        traits.verticalSizeClass = height
        traits.appearance = appearance
        traits.contrast = contrast
        traits.layoutDirection = direction
        traits.displayGamut = gamut
        let scale = field(.scale)
        traits.displayScale = scale == 0 ? nil : DisplayScale(Int(scale))
        return traits
    }

    /// The bit fields of the packed form.
    enum Field: CaseIterable {
        case idiom, width, height, appearance, contrast, direction, gamut, scale

        var offset: UInt32 {
            switch self {
            case .idiom: return 0
            case .width: return 3
            case .height: return 5
            case .appearance: return 7
            case .contrast: return 9
            case .direction: return 11
            case .gamut: return 13
            case .scale: return 16
            }
        }

        var mask: UInt32 {
            switch self {
            case .idiom: return 0b111
            case .width, .height, .appearance, .contrast, .direction, .gamut: return 0b11
            case .scale: return 0xFFFF
            }
        }
    }

    @inline(__always)
    func field(_ field: Field) -> UInt32 { (rawValue >> field.offset) & field.mask }

    /// 0 for any, otherwise the value's position in `allCases` plus one.
    static func code<Value: TraitValue>(_ value: Value?) -> UInt32 {
        guard let value else { return 0 }
        return UInt32(value.ordinal + 1)
    }

    /// The inverse of ``code(_:)``: `.some(nil)` for any, `nil` for an unknown code.
    static func value<Value: TraitValue>(_ code: UInt32) -> Value?? {
        if code == 0 { return .some(nil) }
        let index = Int(code) - 1
        guard index < Value.valueCount else { return nil }
        return .some(Value.allCases[index])
    }
}
