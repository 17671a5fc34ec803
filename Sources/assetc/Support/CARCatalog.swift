import AssetCatalog
import AssetCatalogBuilder

/// An `Assets.car` for `resolve`, `matrix`, `--batch` and `extract`: names and colours from its index, image and data
/// candidates straight from the file with their CoreUI key facts (``CARFile/resolutionCandidates(named:kind:outputPaths:)``).
struct CARCatalog: ResolvableCatalog {
    let file: CARFile
    let index: CatalogIndex
    private let outputPaths: [Int: String]

    init(file: CARFile, path: String) {
        self.file = file
        self.index = CatalogIndex(car: file, path: path)
        self.outputPaths = file.outputPaths()
    }

    var assetNames: [String] { index.assetNames }

    func candidates(named name: String) -> [CandidateVariant]? {
        guard let asset = index.asset(named: name) else { return nil }
        if asset.kind == .color { return index.candidates(named: name) }
        return file.resolutionCandidates(named: name, kind: asset.kind, outputPaths: outputPaths)?.map { candidate in
            let rendition = file.renditions[candidate.rendition]
            let pixelSize = rendition.width > 0 && rendition.height > 0
            return CandidateVariant(
                traits: candidate.traits, source: candidate.source, contentType: candidate.contentType,
                pixelWidth: pixelSize ? rendition.width : nil, pixelHeight: pixelSize ? rendition.height : nil,
                keyFacts: candidate.keyFacts, notDecoded: candidate.notDecoded, rendition: candidate.rendition)
        }
    }
}
