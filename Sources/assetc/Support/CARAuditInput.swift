import AssetCatalog
import AssetCatalogBuilder

/// The compiled catalogs `audit` and `report` were given: every root an `Assets.car` (or an `.app` holding
/// one), opened and indexed as one ``CatalogIndex`` with a source per car.
struct CARAuditInput {
    /// Every car's assets; a source of kind ``CatalogSource/Kind/car`` per root, in the order given.
    let index: CatalogIndex
    /// The opened cars, by root path (as in ``index``'s sources).
    let cars: [String: CARFile]

    /// The compiled catalogs among `roots` (already expanded from `.app` folders), or `nil` when none is one.
    /// Source catalogs and compiled catalogs are not audited together: the rules differ.
    static func open(_ roots: [String], command: String) throws -> CARAuditInput? {
        let compiled = roots.map(CARSource.isCAR)
        guard compiled.contains(true) else { return nil }
        if let source = zip(roots, compiled).first(where: { !$0.1 })?.0 {
            throw CLIError.usage(
                "\(MessageText.quote(source)) is not an Assets.car; '\(command)' reads either compiled catalogs or source catalogs, not both at once")
        }
        var sources: [CatalogSource] = []
        var assets: [Asset] = []
        var cars: [String: CARFile] = [:]
        for root in roots where cars[root] == nil {
            let car = try CARSource.open(root)
            cars[root] = car
            let index = CatalogIndex(car: car, path: root)
            for var asset in index.assets {
                asset.sourceIndex = sources.count
                assets.append(asset)
            }
            sources.append(CatalogSource(path: root, kind: .car))
        }
        return CARAuditInput(index: CatalogIndex(sources: sources, assets: assets), cars: cars)
    }
}
