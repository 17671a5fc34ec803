import ArgumentParser
import AssetCatalog

/// The flags that describe a request: a device preset and explicit traits that override it.
struct TraitOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("A device preset to start from (see `assetc presets`).", valueName: "preset"),
        completion: Completions.presets, transform: parseDevicePreset)
    var device: DevicePreset?

    @Option(
        help: ArgumentHelp("Idiom: \(Idiom.acceptedTokens.joined(separator: "|")).", valueName: "idiom"),
        transform: { try parseTraitValue($0, as: Idiom.self) })
    var idiom: Idiom?

    @Option(help: ArgumentHelp("Display scale: a positive integer.", valueName: "n"), transform: parseDisplayScale)
    var scale: DisplayScale?

    @Option(
        help: ArgumentHelp("Display gamut: srgb|p3.", valueName: "gamut"),
        transform: { try parseTraitValue($0, as: DisplayGamut.self) })
    var gamut: DisplayGamut?

    @Option(
        help: ArgumentHelp("Horizontal size class: compact|regular.", valueName: "class"),
        transform: { try parseTraitValue($0, as: SizeClass.self) })
    var width: SizeClass?

    @Option(
        help: ArgumentHelp("Vertical size class: compact|regular.", valueName: "class"),
        transform: { try parseTraitValue($0, as: SizeClass.self) })
    var height: SizeClass?

    @Option(
        name: .customLong("size-classes"),
        help: ArgumentHelp("Both size classes in Apple's notation, e.g. \"wC hR\" or \"wR hAny\".", valueName: "notation"),
        transform: parseSizeClasses)
    var sizeClasses: SizeClasses?

    @Option(
        help: ArgumentHelp("Appearance: light|dark.", valueName: "appearance"),
        transform: { try parseTraitValue($0, as: Appearance.self) })
    var appearance: Appearance?

    @Option(
        help: ArgumentHelp("Contrast: normal|high.", valueName: "contrast"),
        transform: { try parseTraitValue($0, as: Contrast.self) })
    var contrast: Contrast?

    @Option(
        help: ArgumentHelp("Layout direction: ltr|rtl.", valueName: "direction"),
        transform: { try parseTraitValue($0, as: LayoutDirection.self) })
    var direction: LayoutDirection?

    @Option(
        help: ArgumentHelp(
            "Language of the interface, e.g. fr-CA or zh-Hans: exact, then language only, then unlocalized artwork.",
            valueName: "tag"),
        transform: parseLocale)
    var locale: LocaleTag?

    @Option(
        help: ArgumentHelp(
            "Rule set: assetc (default) or coreui (as Apple's runtime falls back; see docs/RESOLUTION.md).",
            valueName: "name"),
        completion: Completions.ruleSets, transform: parseResolutionRules)
    var rules: ResolutionRules?

    @Option(
        name: .customLong("fallback-order"),
        help: ArgumentHelp(
            "Dimensions to rank by, most important first; unlisted ones follow in the default order "
                + "(\(FallbackOrder.default)).", valueName: "list"),
        completion: Completions.fallbackOrder, transform: parseFallbackOrder)
    var fallbackOrder: FallbackOrder?

    /// The request: the preset's traits, then `--size-classes`, then each explicit flag, later overriding earlier.
    var traitCollection: TraitCollection {
        var explicit = TraitCollection(
            idiom: idiom, displayScale: scale, displayGamut: gamut, appearance: appearance, contrast: contrast,
            layoutDirection: direction, locale: locale)
        explicit.horizontalSizeClass = width
        explicit.verticalSizeClass = height
        var fromNotation = TraitCollection()
        if let sizeClasses { fromNotation.sizeClasses = sizeClasses }
        return TraitCollection(merging: [device?.traits ?? TraitCollection(), fromNotation, explicit])
    }

    /// The resolver for `--rules` and `--fallback-order`, or the default one.
    var resolver: Resolver { makeResolver(rules: rules, fallbackOrder: fallbackOrder) }
}
