import AssetCatalog
import Foundation

extension CARCompiler {
    // MARK: Keys and identifiers

    /// Facet identifiers: a 16-bit hash of each name, moved on to the next free value on a collision, so that
    /// an asset keeps its identifier when others are added (unless they collide).
    static func identifiers(for names: [String]) -> [UInt16] {
        var used = Set<UInt16>()
        var result = [UInt16](repeating: 0, count: names.count)
        let order = names.indices.sorted { names[$0].utf8.lexicographicallyPrecedes(names[$1].utf8) }
        for index in order {
            var hash: UInt32 = 0x811C_9DC5
            for byte in names[index].utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
            var value = UInt16(truncatingIfNeeded: hash ^ (hash >> 16))
            while value == 0 || used.contains(value) { value &+= 1 }
            used.insert(value)
            result[index] = value
        }
        return result
    }

    static func baseKey(identifier: UInt16, part: UInt16) -> RenditionKey {
        var key = RenditionKey()
        key[.identifier] = identifier
        key[.element] = element
        key[.part] = part
        return key
    }

    static func idiomValue(_ traits: VariantTraits, _ attributes: [String: String]) -> UInt16 {
        if attributes["idiom"]?.hasSuffix("marketing") == true { return 6 }
        switch traits.idiom {
        case nil: return 0
        case .phone: return 1
        case .pad: return 2
        case .tv: return 3
        case .car: return 4
        case .watch: return 5
        case .mac: return 7
        case .vision: return 8
        }
    }

    /// The appearance names APPEARANCEKEYS can list, with the identifiers rendition keys use. A car lists only
    /// the platform's "any" name (identifier 0) and the names its renditions use (``appearanceTable(platform:used:)``).
    /// macOS: `NSAppearanceNameAqua` 8 and `ISAppearanceTintable` 10 as the sudoku car (Xcode 26) numbers them;
    /// the other numbers are assetc's (no car here shows them).
    static func appearanceNames(platform: CompilePlatform) -> [(name: String, identifier: UInt16)] {
        if platform.isMac {
            return [
                ("NSAppearanceNameSystem", 0), ("NSAppearanceNameDarkAqua", 1), ("NSAppearanceNameAccessibilitySystem", 2),
                ("NSAppearanceNameAccessibilityDarkAqua", 3), ("NSAppearanceNameAccessibilityAqua", 5), ("NSAppearanceNameAqua", 8),
                ("ISAppearanceTintable", 10),
            ]
        }
        return [
            ("UIAppearanceAny", 0), ("UIAppearanceDark", 1), ("UIAppearanceHighContrastAny", 2), ("UIAppearanceHighContrastDark", 3),
            ("UIAppearanceLight", 4), ("UIAppearanceHighContrastLight", 5), ("ISAppearanceTintedMonochrome", 6),
        ]
    }

    /// The APPEARANCEKEYS entries of a car whose renditions use the appearance identifiers `used`: the "any"
    /// name and the used ones, as Xcode lists them (a listed appearance without variants would make CoreUI's
    /// exact appearance match fail where Xcode's car falls back to the default).
    static func appearanceTable(platform: CompilePlatform, used: Set<UInt16>) -> [(name: String, identifier: UInt16)] {
        appearanceNames(platform: platform).filter { $0.identifier == 0 || used.contains($0.identifier) }
    }

    /// The appearance identifier of an entry's traits on `platform`.
    static func appearanceValue(_ traits: VariantTraits, _ attributes: [String: String], platform: CompilePlatform) -> UInt16 {
        if attributes["luminosity"] == "tinted" { return platform.isMac ? 10 : 6 }
        let high = traits.contrast == .high
        switch traits.appearance {
        case nil: return high ? 2 : 0
        case .dark: return high ? 3 : 1
        case .light: return high ? 5 : (platform.isMac ? 8 : 4)
        }
    }

    /// Memory classes (`1GB` … ) and graphics feature sets as numbers (see docs/CAR-FORMAT.md).
    static func memoryValue(_ text: String?) -> UInt16 {
        guard let text, text.hasSuffix("GB"), let number = UInt16(text.dropLast(2)) else { return 0 }
        return number
    }

    static let graphicsClasses = [
        "metal1v2", "metal2v2", "metal3v1", "metal3v2", "metal4v1", "apple1", "apple2", "apple3", "apple4", "apple5", "apple6",
        "apple7", "apple8", "apple9",
    ]

    static func graphicsValue(_ text: String?) -> UInt16 {
        guard let text, let index = graphicsClasses.firstIndex(of: text.lowercased()) else { return 0 }
        return UInt16(index + 1)
    }

    static func subtypeValue(_ text: String?) -> UInt16 {
        switch text {
        case "retina4": return 568
        case "38mm": return 320
        case "40mm": return 384
        case "41mm": return 430
        case "42mm": return 390
        case "44mm": return 448
        case "45mm": return 484
        case "49mm": return 514
        default: return 0
        }
    }

    static func points(_ size: String) -> (width: Double, height: Double) {
        let parts = size.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return (0, 0) }
        return (width, height)
    }

    static func key(for job: Job, identifier: UInt16, platform: CompilePlatform) -> RenditionKey {
        let part: UInt16
        switch job.kind {
        case .appIcon: part = iconImagePart
        case .color: part = colorPart
        case .imageStack: part = ImageStackRenditions.flattenedPart
        case .image, .data, .symbol, .brandAssets, .icon: part = imagePart
        }
        var key = baseKey(identifier: identifier, part: part)
        let traits = job.traits
        key[.idiom] = job.foldsMacIdiom && traits.idiom == .mac ? 0 : idiomValue(traits, job.attributes)
        key[.scale] = UInt16(traits.displayScale?.value ?? 0)
        key[.displayGamut] = traits.displayGamut == .displayP3 ? 1 : 0
        key[.horizontalSizeClass] = traits.horizontalSizeClass.map { $0 == .compact ? 1 : 2 } ?? 0
        key[.verticalSizeClass] = traits.verticalSizeClass.map { $0 == .compact ? 1 : 2 } ?? 0
        key[.appearance] = appearanceValue(traits, job.attributes, platform: platform)
        key[.direction] = traits.layoutDirection.map { $0 == .leftToRight ? 5 : 4 } ?? 0
        key[.memoryClass] = memoryValue(job.attributes["memory"])
        key[.graphicsClass] = graphicsValue(job.attributes["graphics-feature-set"])
        key[.subtype] = subtypeValue(job.attributes["subtype"])
        key[.deploymentTarget] = job.deploymentTarget
        // An app icon's size is its position in the multisize set, in dimension 2 (dimension 1 numbers atlases).
        if job.kind == .appIcon { key[.dimension2] = UInt16(job.iconSizeIndex) }
        // A symbol's bitmap cache: the point size's number in dimension 2, and its glyph's weight and size.
        if let cache = job.drawn?.glyph {
            key[.dimension2] = cache.dimension2
            key[.glyphWeight] = cache.weight
            key[.glyphSize] = cache.size
        }
        return key
    }
}
