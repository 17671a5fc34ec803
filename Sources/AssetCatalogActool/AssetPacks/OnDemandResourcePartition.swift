import AssetCatalogBuilder

/// A catalog split by on-demand-resource tags, as actool splits it with `--enable-on-demand-resources YES`:
/// untagged sets in the main car, each tagged set in the asset pack whose tags equal the set's
/// (`on-demand-resource-tags` in its Contents.json). With `NO`, tags are ignored and every set stays in the main
/// car, as actool ignores them.
public struct OnDemandResourcePartition: Sendable {
    /// The sets of the main car.
    public var main: CatalogIndex
    /// The packs that hold at least one set, in the specifications' order.
    public var packs: [(specification: AssetPackSpecification, index: CatalogIndex)]
    /// Problems: a tagged set that no pack takes (an error: the build declared where its sets go), or tags with
    /// no specifications given (a warning: the sets stay in the main car).
    public var diagnostics: [Diagnostic]

    /// Splits `index`.
    public init(index: CatalogIndex, enabled: Bool, specifications: [AssetPackSpecification]) {
        main = index
        packs = []
        diagnostics = []
        guard enabled else { return }
        var mainAssets: [Asset] = []
        var packAssets = Array(repeating: [Asset](), count: specifications.count)
        for asset in index.assets {
            let tags = Set(asset.properties.onDemandResourceTags)
            guard !tags.isEmpty else {
                mainAssets.append(asset)
                continue
            }
            let catalog = index.sources.indices.contains(asset.sourceIndex) ? index.sources[asset.sourceIndex].path : ""
            if specifications.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        severity: .warning, rule: "on-demand-resources", catalog: catalog, path: asset.path,
                        message: "\(MessageQuote.quoted(asset.name)) has on-demand-resource tags (\(tags.sorted().joined(separator: ", "))) but no --asset-pack-output-specifications were given; it stays in the main Assets.car"))
                mainAssets.append(asset)
            } else if let pack = specifications.firstIndex(where: { $0.tags == tags }) {
                packAssets[pack].append(asset)
            } else {
                diagnostics.append(
                    Diagnostic(
                        severity: .error, rule: "on-demand-resources", catalog: catalog, path: asset.path,
                        message: "\(MessageQuote.quoted(asset.name)) has the on-demand-resource tags \(tags.sorted().joined(separator: ", ")), which no asset pack of --asset-pack-output-specifications has"))
            }
        }
        main.assets = mainAssets
        for (specification, assets) in zip(specifications, packAssets) where !assets.isEmpty {
            var pack = index
            pack.assets = assets
            pack.diagnostics = []
            packs.append((specification, pack))
        }
    }
}
