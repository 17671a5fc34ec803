import AssetCatalog
import AssetCatalogBuilder

/// One selectable variant of a named asset, whichever kind of catalog it came from.
struct CandidateVariant {
    var traits: VariantTraits
    /// Path relative to the catalog root.
    var source: String?
    var contentType: ContentType?
    var pixelWidth: Int?
    var pixelHeight: Int?
    var color: ColorValue?
    /// For a rendition of an `Assets.car`: what CoreUI ranks it by beyond its traits.
    var keyFacts: CoreUIKeyFacts?
    /// Why its pixels cannot be decoded (a rendition of an `Assets.car` in a compression assetc does not decode
    /// yet); it still takes part in resolution.
    var notDecoded: String?
    /// For a rendition of an `Assets.car`: its index in the file's renditions.
    var rendition: Int?
}

extension [CandidateVariant] {
    /// Every candidate's key facts, or `nil` when none has any (a source catalog or an archive).
    var keyFacts: [CoreUIKeyFacts]? {
        contains { $0.keyFacts != nil } ? map { $0.keyFacts ?? CoreUIKeyFacts() } : nil
    }

    /// The index of the candidate `resolver` picks for `request`.
    func best(for request: TraitCollection, resolver: Resolver) -> Int? {
        resolver.bestVariant(among: map(\.traits), keyFacts: keyFacts, for: request)
    }
}

/// What `resolve`, `matrix` and friends need from a catalog: names and their selectable variants,
/// in source order. Source catalogs and packed archives both provide it, so their answers can be compared.
protocol ResolvableCatalog {
    var assetNames: [String] { get }
    func candidates(named name: String) -> [CandidateVariant]?
}

extension CatalogIndex: ResolvableCatalog {
    var assetNames: [String] {
        var seen = Set<String>()
        return assets.map(\.name).filter { seen.insert($0).inserted }
    }

    func candidates(named name: String) -> [CandidateVariant]? {
        guard let asset = asset(named: name) else { return nil }
        if asset.kind == .color {
            return asset.colors.map { CandidateVariant(traits: $0.traits, color: $0.value) }
        }
        return asset.selectableVariants.map { variant in
            CandidateVariant(
                traits: variant.traits, source: variant.source, contentType: variant.contentType,
                pixelWidth: variant.inspection?.pixelWidth, pixelHeight: variant.inspection?.pixelHeight)
        }
    }
}
