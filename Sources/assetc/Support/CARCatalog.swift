import AssetCatalog
import AssetCatalogBuilder

/// An `Assets.car` for `resolve`, `matrix`, `--batch` and `extract`: names and colours from its index, image and data
/// candidates straight from the file with their CoreUI key facts (``CARFile/resolutionCandidates(named:kind:outputPaths:)``).
struct CARCatalog: ResolvableCatalog {
    let file: CARFile
    let index: CatalogIndex
    private let outputPaths: [Int: String]
    /// The glyph weight and size a symbol answers with (regular, medium when `nil`).
    let glyphWeight: UInt16?
    let glyphSize: UInt16?

    init(file: CARFile, path: String, glyphWeight: UInt16? = nil, glyphSize: UInt16? = nil) {
        self.file = file
        self.index = CatalogIndex(car: file, path: path)
        self.outputPaths = file.outputPaths()
        self.glyphWeight = glyphWeight
        self.glyphSize = glyphSize
    }

    var assetNames: [String] { index.assetNames }

    func candidates(named name: String) -> [CandidateVariant]? {
        guard let asset = index.asset(named: name) else { return nil }
        if asset.kind == .color { return index.candidates(named: name) }
        guard var found = file.resolutionCandidates(named: name, kind: asset.kind, outputPaths: outputPaths) else { return nil }
        // A symbol asked for by weight or size: its vector glyphs (layout 1017) of that weight and size (regular, medium
        // for the one not given) compete. Without either, every rendition competes as for any image, as CoreUI's
        // lookup by name ranks them (the reference ranking of CoreUIAgreementTests).
        if glyphWeight != nil || glyphSize != nil, found.contains(where: { file.renditions[$0.rendition].layout == 1017 }) {
            found = found.filter { candidate in
                let rendition = file.renditions[candidate.rendition]
                return rendition.layout == 1017 && rendition.key[.glyphWeight] == (glyphWeight ?? 4) && rendition.key[.glyphSize] == (glyphSize ?? 2)
            }
        }
        return found.map { candidate in
            let rendition = file.renditions[candidate.rendition]
            let pixelSize = rendition.width > 0 && rendition.height > 0
            return CandidateVariant(
                traits: candidate.traits, source: candidate.source, contentType: candidate.contentType,
                pixelWidth: pixelSize ? rendition.width : nil, pixelHeight: pixelSize ? rendition.height : nil,
                keyFacts: candidate.keyFacts, notDecoded: candidate.notDecoded, rendition: candidate.rendition)
        }
    }
}
