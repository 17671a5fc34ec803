import AssetCatalog
import AssetCatalogBuilder

/// Small catalog indexes for the asset-symbol tests: names only, as the generator reads nothing else.
enum AssetSymbolFixtures {
    static let catalogPath = "/Users/dev/App/Assets.xcassets"

    /// An index of one catalog holding `colors` and `images` (full names, `/` for namespace folders), in the order
    /// given.
    static func index(colors: [String] = [], images: [String] = [], others: [(String, AssetKind)] = []) -> CatalogIndex {
        var assets: [Asset] = []
        for name in colors { assets.append(Asset(name: name, kind: .color, sourceIndex: 0, path: name + ".colorset")) }
        for name in images { assets.append(Asset(name: name, kind: .image, sourceIndex: 0, path: name + ".imageset")) }
        for (name, kind) in others { assets.append(Asset(name: name, kind: kind, sourceIndex: 0, path: name)) }
        return CatalogIndex(sources: [CatalogSource(path: catalogPath, kind: .xcassets)], assets: assets)
    }
}
