/// The traits a variant was made for: its key in an asset. In each dimension `nil` means
/// "any" (for the idiom: universal; for the scale: resolution-independent vector artwork).
///
/// Stored compactly (24 bytes instead of 80): a catalog's index holds one for every variant at once
/// (docs/PERFORMANCE.md, "Cost grows in a straight line"), and most variants have no locale, while an
/// inline ``LocaleTag`` takes 48 bytes. The locale is kept out of line, in a shared immutable box that is
/// absent when there is no locale. What it says, how it compares and how it is encoded are the same as a
/// plain struct's.
public struct VariantTraits: Hashable, Sendable {
    // Declared first: the 9-byte optional scale, then the one-byte traits fill its padding, then the box.
    /// The scale, or `nil` for artwork that draws at any scale.
    public var displayScale: DisplayScale?
    /// The idiom, or `nil` for universal.
    public var idiom: Idiom?
    /// The gamut, or `nil` for any.
    public var displayGamut: DisplayGamut?
    /// The width class, or `nil` for any.
    public var horizontalSizeClass: SizeClass?
    /// The height class, or `nil` for any.
    public var verticalSizeClass: SizeClass?
    /// The appearance, or `nil` for any.
    public var appearance: Appearance?
    /// The contrast, or `nil` for any.
    public var contrast: Contrast?
    /// The layout direction, or `nil` for any (both directions).
    public var layoutDirection: LayoutDirection?
    /// The locale, out of line; `nil` for every language. Compared and hashed by value.
    private var localeBox: LocaleBox?

    /// The language the artwork is for (`locale` in `Contents.json`), or `nil` for every language.
    public var locale: LocaleTag? {
        get { localeBox?.tag }
        set { localeBox = newValue.map(LocaleBox.init) }
    }

    /// Creates a variant key; every trait not given is "any".
    public init(
        idiom: Idiom? = nil,
        displayScale: DisplayScale? = nil,
        displayGamut: DisplayGamut? = nil,
        horizontalSizeClass: SizeClass? = nil,
        verticalSizeClass: SizeClass? = nil,
        appearance: Appearance? = nil,
        contrast: Contrast? = nil,
        layoutDirection: LayoutDirection? = nil,
        locale: LocaleTag? = nil
    ) {
        self.idiom = idiom
        self.displayScale = displayScale
        self.displayGamut = displayGamut
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.appearance = appearance
        self.contrast = contrast
        self.layoutDirection = layoutDirection
        self.localeBox = locale.map(LocaleBox.init)
    }

    /// The size classes of this variant, printable as `wC hAny`.
    public var sizeClasses: SizeClasses {
        get { SizeClasses(horizontal: horizontalSizeClass, vertical: verticalSizeClass) }
        set {
            horizontalSizeClass = newValue.horizontal
            verticalSizeClass = newValue.vertical
        }
    }

}

/// An immutable locale kept out of line, shared between copies (a value holding one replaces the box, never
/// changes it): most variants have no locale, and an inline ``LocaleTag`` takes 48 bytes.
final class LocaleBox: Hashable, Sendable {
    let tag: LocaleTag
    init(_ tag: LocaleTag) { self.tag = tag }
    static func == (lhs: LocaleBox, rhs: LocaleBox) -> Bool { lhs === rhs || lhs.tag == rhs.tag }
    func hash(into hasher: inout Hasher) { hasher.combine(tag) }
}

extension VariantTraits: Codable {
    private enum CodingKeys: String, CodingKey {
        case idiom, displayScale = "scale", displayGamut = "gamut", horizontalSizeClass = "width"
        case verticalSizeClass = "height", appearance, contrast, layoutDirection = "direction", locale
    }

    /// Decodes what a plain struct of optionals would: every key may be absent or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            idiom: try container.decodeIfPresent(Idiom.self, forKey: .idiom),
            displayScale: try container.decodeIfPresent(DisplayScale.self, forKey: .displayScale),
            displayGamut: try container.decodeIfPresent(DisplayGamut.self, forKey: .displayGamut),
            horizontalSizeClass: try container.decodeIfPresent(SizeClass.self, forKey: .horizontalSizeClass),
            verticalSizeClass: try container.decodeIfPresent(SizeClass.self, forKey: .verticalSizeClass),
            appearance: try container.decodeIfPresent(Appearance.self, forKey: .appearance),
            contrast: try container.decodeIfPresent(Contrast.self, forKey: .contrast),
            layoutDirection: try container.decodeIfPresent(LayoutDirection.self, forKey: .layoutDirection),
            locale: try container.decodeIfPresent(LocaleTag.self, forKey: .locale))
    }

    /// Encodes the traits present, in the plain struct's key order; absent ones are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(idiom, forKey: .idiom)
        try container.encodeIfPresent(displayScale, forKey: .displayScale)
        try container.encodeIfPresent(displayGamut, forKey: .displayGamut)
        try container.encodeIfPresent(horizontalSizeClass, forKey: .horizontalSizeClass)
        try container.encodeIfPresent(verticalSizeClass, forKey: .verticalSizeClass)
        try container.encodeIfPresent(appearance, forKey: .appearance)
        try container.encodeIfPresent(contrast, forKey: .contrast)
        try container.encodeIfPresent(layoutDirection, forKey: .layoutDirection)
        try container.encodeIfPresent(locale, forKey: .locale)
    }
}

extension VariantTraits: CustomStringConvertible {
    /// A compact rendering such as `universal 2x dark`; "any" dimensions are left out.
    public var description: String {
        var parts: [String] = [idiom?.token ?? "universal"]
        parts.append(displayScale?.description ?? "any-scale")
        if let displayGamut { parts.append(displayGamut.token) }
        if horizontalSizeClass != nil || verticalSizeClass != nil { parts.append(sizeClasses.description) }
        if let appearance { parts.append(appearance.token) }
        if let contrast { parts.append(contrast == .high ? "high-contrast" : "normal-contrast") }
        if let layoutDirection { parts.append(layoutDirection.token) }
        if let locale { parts.append(locale.identifier) }
        return parts.joined(separator: " ")
    }
}
