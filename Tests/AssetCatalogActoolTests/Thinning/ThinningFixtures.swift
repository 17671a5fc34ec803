import AssetCatalog
import AssetCatalogBuilder

@testable import AssetCatalogActool

/// Builders for the indexes the thinning tests thin.
enum ThinningFixtures {
    /// An image entry named after its traits, so a test can list what was kept by file name.
    static func image(
        _ file: String, idiom: Idiom? = nil, scale: Int? = nil, gamut: DisplayGamut? = nil, appearance: Appearance? = nil,
        attributes: [String: String] = [:]
    ) -> Variant {
        Variant(
            traits: VariantTraits(idiom: idiom, displayScale: scale.flatMap(DisplayScale.init), displayGamut: gamut, appearance: appearance),
            source: "Set.imageset/\(file)", contentType: .png, attributes: attributes)
    }

    /// An index of one image set with these entries.
    static func index(_ variants: [Variant], name: String = "Set", properties: AssetProperties = AssetProperties()) -> CatalogIndex {
        CatalogIndex(
            sources: [CatalogSource(path: "Assets.xcassets", kind: .xcassets)],
            assets: [Asset(name: name, kind: .image, sourceIndex: 0, path: "\(name).imageset", properties: properties, variants: variants)])
    }

    /// The file names of what `device` keeps of an image set with these entries.
    static func kept(
        _ variants: [Variant], on model: String, properties: AssetProperties = AssetProperties()
    ) -> [String] {
        guard let device = DeviceTable.device(model: model) else { return ["unknown model \(model)"] }
        let thinned = index(variants, properties: properties).thinned(for: device)
        return thinned.assets.first?.variants.compactMap { $0.source?.split(separator: "/").last.map(String.init) } ?? []
    }
}
