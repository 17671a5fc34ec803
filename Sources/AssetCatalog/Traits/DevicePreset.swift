/// A named, fully specified trait collection for one device in one orientation and multitasking mode.
public struct DevicePreset: Hashable, Sendable, Identifiable {
    /// The name used on the command line, such as `iphone-portrait`.
    public let name: String
    /// A one-line explanation for people.
    public let summary: String
    /// The device's traits; always fully specified.
    public let traits: TraitCollection

    /// The preset's name, its identity (`Identifiable`).
    public var id: String { name }

    /// Creates a preset. Appearance, contrast and direction default to light, normal and left-to-right.
    public init(
        name: String, summary: String, idiom: Idiom, scale: DisplayScale, gamut: DisplayGamut,
        sizeClasses: SizeClasses, appearance: Appearance = .light, contrast: Contrast = .normal,
        layoutDirection: LayoutDirection = .leftToRight
    ) {
        self.name = name
        self.summary = summary
        self.traits = TraitCollection(
            idiom: idiom, displayScale: scale, displayGamut: gamut,
            horizontalSizeClass: sizeClasses.horizontal, verticalSizeClass: sizeClasses.vertical,
            appearance: appearance, contrast: contrast, layoutDirection: layoutDirection)
    }

    /// Looks a preset up by name, ignoring case.
    public static func named(_ name: String) -> DevicePreset? {
        let lowered = name.lowercased()
        return all.first { $0.name == lowered }
    }

    /// Every built-in preset, in a stable order (phones, tablets, then other idioms).
    public static let all: [DevicePreset] = [
        DevicePreset(
            name: "iphone-portrait", summary: "iPhone in portrait", idiom: .phone, scale: 3, gamut: .displayP3,
            sizeClasses: SizeClasses(horizontal: .compact, vertical: .regular)),
        DevicePreset(
            name: "iphone-landscape", summary: "iPhone in landscape", idiom: .phone, scale: 3, gamut: .displayP3,
            sizeClasses: SizeClasses(horizontal: .compact, vertical: .compact)),
        DevicePreset(
            name: "iphone-max-landscape", summary: "large iPhone (Plus/Max) in landscape: regular width",
            idiom: .phone, scale: 3, gamut: .displayP3,
            sizeClasses: SizeClasses(horizontal: .regular, vertical: .compact)),
        DevicePreset(
            name: "iphone-legacy-portrait", summary: "older 2x sRGB iPhone in portrait", idiom: .phone, scale: 2,
            gamut: .sRGB, sizeClasses: SizeClasses(horizontal: .compact, vertical: .regular)),
        DevicePreset(
            name: "ipad", summary: "iPad full screen, either orientation", idiom: .pad, scale: 2, gamut: .displayP3,
            sizeClasses: SizeClasses(horizontal: .regular, vertical: .regular)),
        DevicePreset(
            name: "ipad-slide-over", summary: "iPad app in Slide Over or a narrow split", idiom: .pad, scale: 2,
            gamut: .displayP3, sizeClasses: SizeClasses(horizontal: .compact, vertical: .regular)),
        DevicePreset(
            name: "ipad-legacy", summary: "non-Retina iPad", idiom: .pad, scale: 1, gamut: .sRGB,
            sizeClasses: SizeClasses(horizontal: .regular, vertical: .regular)),
        DevicePreset(
            name: "tv", summary: "Apple TV", idiom: .tv, scale: 1, gamut: .sRGB,
            sizeClasses: SizeClasses(horizontal: .regular, vertical: .compact)),
        DevicePreset(
            name: "watch", summary: "Apple Watch", idiom: .watch, scale: 2, gamut: .sRGB,
            sizeClasses: SizeClasses(horizontal: .compact, vertical: .compact)),
        DevicePreset(
            name: "mac", summary: "Retina Mac", idiom: .mac, scale: 2, gamut: .displayP3,
            sizeClasses: SizeClasses(horizontal: .regular, vertical: .regular)),
        DevicePreset(
            name: "vision", summary: "Apple Vision Pro", idiom: .vision, scale: 2, gamut: .displayP3,
            sizeClasses: SizeClasses(horizontal: .regular, vertical: .regular)),
    ]
}
