/// The traits a variant was made for: its key in an asset. In each dimension `nil` means
/// "any" (for the idiom: universal; for the scale: resolution-independent vector artwork).
public struct VariantTraits: Hashable, Sendable, Codable {
    /// The idiom, or `nil` for universal.
    public var idiom: Idiom?
    /// The scale, or `nil` for artwork that draws at any scale.
    public var displayScale: DisplayScale?
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
    /// The language the artwork is for (`locale` in `Contents.json`), or `nil` for every language.
    public var locale: LocaleTag?

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
        self.locale = locale
    }

    /// The size classes of this variant, printable as `wC hAny`.
    public var sizeClasses: SizeClasses {
        get { SizeClasses(horizontal: horizontalSizeClass, vertical: verticalSizeClass) }
        set {
            horizontalSizeClass = newValue.horizontal
            verticalSizeClass = newValue.vertical
        }
    }

    private enum CodingKeys: String, CodingKey {
        case idiom, displayScale = "scale", displayGamut = "gamut", horizontalSizeClass = "width"
        case verticalSizeClass = "height", appearance, contrast, layoutDirection = "direction", locale
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
