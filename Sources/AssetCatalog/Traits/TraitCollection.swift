/// The environment an image is requested for. Every trait is optional: `nil` means unspecified.
///
/// A device in one orientation and multitasking mode has a fully specified collection
/// (see ``DevicePreset``); a partially specified one is useful for queries and overrides.
public struct TraitCollection: Hashable, Sendable, Codable {
    /// The device idiom.
    public var idiom: Idiom?
    /// Pixels per point.
    public var displayScale: DisplayScale?
    /// The display's colour gamut.
    public var displayGamut: DisplayGamut?
    /// The horizontal (width) size class.
    public var horizontalSizeClass: SizeClass?
    /// The vertical (height) size class.
    public var verticalSizeClass: SizeClass?
    /// Light or dark interface style.
    public var appearance: Appearance?
    /// Standard or increased contrast.
    public var contrast: Contrast?
    /// The layout direction of the interface's language.
    public var layoutDirection: LayoutDirection?
    /// The language the interface is shown in (`fr-CA`); matched by language fallback, see `docs/RESOLUTION.md`.
    public var locale: LocaleTag?

    /// Creates a collection; every trait not given is unspecified.
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

    /// Merges collections the way UIKit's `traitCollectionWithTraitsFromCollections:` does:
    /// each later collection's specified traits override, its unspecified ones are inherited.
    public init(merging collections: [TraitCollection]) {
        self = collections.reduce(TraitCollection()) { $0.overridden(by: $1) }
    }

    /// Returns a copy in which every trait that `other` specifies replaces this collection's.
    public func overridden(by other: TraitCollection) -> TraitCollection {
        TraitCollection(
            idiom: other.idiom ?? idiom,
            displayScale: other.displayScale ?? displayScale,
            displayGamut: other.displayGamut ?? displayGamut,
            horizontalSizeClass: other.horizontalSizeClass ?? horizontalSizeClass,
            verticalSizeClass: other.verticalSizeClass ?? verticalSizeClass,
            appearance: other.appearance ?? appearance,
            contrast: other.contrast ?? contrast,
            layoutDirection: other.layoutDirection ?? layoutDirection,
            locale: other.locale ?? locale
        )
    }

    /// Whether every device trait is specified, as for a real device. The ``locale`` is a setting of the
    /// person, not of the device, and does not count.
    public var isFullySpecified: Bool {
        idiom != nil && displayScale != nil && displayGamut != nil && horizontalSizeClass != nil
            && verticalSizeClass != nil && appearance != nil && contrast != nil && layoutDirection != nil
    }

    /// The size classes of this collection, printable as `wC hR`.
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

extension TraitCollection: CustomStringConvertible {
    /// A compact, stable rendering such as `phone 3x p3 wC hR light normal ltr`; unspecified traits are left out.
    public var description: String {
        var parts: [String] = []
        if let idiom { parts.append(idiom.token) }
        if let displayScale { parts.append(displayScale.description) }
        if let displayGamut { parts.append(displayGamut.token) }
        if horizontalSizeClass != nil || verticalSizeClass != nil { parts.append(sizeClasses.description) }
        if let appearance { parts.append(appearance.token) }
        if let contrast { parts.append(contrast == .high ? "high-contrast" : "normal-contrast") }
        if let layoutDirection { parts.append(layoutDirection.token) }
        if let locale { parts.append(locale.identifier) }
        return parts.isEmpty ? "(unspecified)" : parts.joined(separator: " ")
    }
}
