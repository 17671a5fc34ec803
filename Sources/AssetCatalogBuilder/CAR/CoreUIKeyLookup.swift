import AssetCatalog

/// An image lookup on an `Assets.car` by CoreUI's rules, worked on the rendition keys themselves, independent
/// of assetc's `Resolver`: what `-[CUICatalog imageWithName:scaleFactor:deviceIdiom:appearanceName:]` returns.
///
/// The rules are facts from the public C CoreUI of calebtrueman/finch (`userland/CoreUI/CUICatalog.m` and
/// docs/design/ASSETS.md, "Looking things up"), whose authors matched it against Apple's CoreUI on about
/// 30,500 images; the code is assetc's own:
/// - the name's facet fixes the key's element and identifier; an image may come from any part under the
///   identifier (an app icon's sizes are part 220 of a part-218 facet), the facet's own part first;
/// - the appearance must match exactly: a name the car's APPEARANCEKEYS lists means its identifier, any other
///   name (or none) means 0 — so a car that lists a dark appearance it has no variant of gives `nil` for it;
/// - idiom, subtype and gamut: the requested value or 0, nothing else;
/// - then, in order: the facet's part; the scale (the exact one, else the largest below, else 0, else the
///   smallest above); idiom, subtype and gamut (exact before 0); direction; no localization; the highest
///   deployment target; the most of size classes, memory, graphics and glyph attributes at 0; the most of
///   state, value, dimension 1, layer, presentation and previous state and value and size at 0; the largest
///   dimension 2 (an app icon's largest size); the earliest in key order;
/// - the candidates are bitmaps (layouts 10–999 and internal references, 1003) and PDF vectors (layout 9),
///   a vector losing to a bitmap of the same scale.
public struct CoreUIKeyLookup: Sendable {
    /// The car.
    public let file: CARFile
    private let facetByName: [String: Int]
    private let renditionsByIdentifier: [UInt16: [Int]]

    /// Prepares lookups on `file`.
    public init(file: CARFile) {
        self.file = file
        var byName: [String: Int] = [:]
        for (index, facet) in file.facets.enumerated() where byName[facet.name] == nil { byName[facet.name] = index }
        facetByName = byName
        var byIdentifier: [UInt16: [Int]] = [:]
        for (index, rendition) in file.renditions.enumerated() { byIdentifier[rendition.key[.identifier], default: []].append(index) }
        renditionsByIdentifier = byIdentifier
    }

    /// The index into the file's renditions of the image CoreUI returns for `name` at `scale` on a device of
    /// `idiom` (CoreUI's numbers: 0 universal, 1 phone, 2 pad, 3 tv, …) in the appearance called
    /// `appearanceName` (`nil`: the default); `nil` when CoreUI returns no image.
    public func image(named name: String, scale: Int, idiom: UInt16, appearanceName: String?) -> Int? {
        guard let facetIndex = facetByName[name] else { return nil }
        let facet = file.facets[facetIndex]
        let appearance = appearanceName.flatMap { wanted in file.appearances.first { $0.name == wanted }?.identifier } ?? 0
        let identifier = facet.attributes[.identifier]
        var best: Int?
        var bestScore: [Int] = []
        for index in renditionsByIdentifier[identifier] ?? [] {
            let rendition = file.renditions[index]
            let key = rendition.key
            let fixed = facet.attributes.values.allSatisfy { attribute, value in attribute == .part || key[attribute] == value }
            guard fixed, key[.appearance] == appearance else { continue }
            let idiomScore = Self.preference(key[.idiom], idiom)
            let subtypeScore = Self.preference(key[.subtype], 0)
            let gamutScore = Self.preference(key[.displayGamut], 0)
            guard idiomScore > 0, subtypeScore > 0, gamutScore > 0 else { continue }
            let zeros: ([CARAttribute]) -> Int = { attributes in attributes.reduce(0) { $0 + (key[$1] == 0 ? 1 : 0) } }
            var score = [
                key[.part] == facet.attributes[.part] ? 1 : 0,
                2 * Self.scaleScore(Int(key[.scale]), scale),
                idiomScore, subtypeScore, gamutScore,
                key[.direction] == 0 ? 2 : 0,
                key[.localization] == 0 ? 1 : 0,
                Int(key[.deploymentTarget]),
                zeros([.horizontalSizeClass, .verticalSizeClass, .memoryClass, .graphicsClass, .glyphWeight, .glyphSize]),
                zeros([.state, .value, .dimension1, .layer, .presentationState, .previousState, .previousValue, .size]),
                Int(key[.dimension2]),
            ]
            guard best == nil || bestScore.lexicographicallyPrecedes(score) else { continue }
            guard Self.isImage(rendition) else { continue }
            if rendition.layout == 9 {
                // A vector loses to a bitmap of the same scale.
                score[1] -= 1
                guard best == nil || bestScore.lexicographicallyPrecedes(score) else { continue }
            }
            best = index
            bestScore = score
        }
        return best
    }

    /// 2 for the wanted value, 1 for 0 (any), 0 (excluded) for anything else.
    private static func preference(_ value: UInt16, _ wanted: UInt16) -> Int {
        value == wanted ? 2 : value == 0 ? 1 : 0
    }

    /// The exact scale, then lower scales (the largest first), then any scale (0), then higher ones (the
    /// smallest first).
    private static func scaleScore(_ value: Int, _ wanted: Int) -> Int {
        if value == wanted { return 1000 }
        if value != 0 && value < wanted { return 500 + value }
        if value == 0 { return 400 }
        return 300 - value
    }

    /// Whether CoreUI hands out the rendition as an image: a bitmap layout (10–999), an internal reference
    /// into an atlas (1003), or a PDF (layout 9).
    static func isImage(_ rendition: CARRendition) -> Bool {
        switch rendition.layout {
        case 10..<1000, 1003: return true
        case 9: return rendition.pixelFormat.hasPrefix("PDF")
        default: return false
        }
    }
}
