import AssetCatalog
import Foundation

/// The body of `GET /assets/{name}.json`: the request's traits, the variant chosen and every variant's fate, as
/// `assetc resolve --explain` tells it.
struct ExplanationDocument: Encodable {
    struct Candidate: Encodable {
        var index: Int
        var source: String
        var traits: VariantTraits
        /// `chosen`, `ranked`, or `eliminated`.
        var outcome: String
        var place: Int?
        var eliminatedBy: String?
        var summary: String
        var url: String
    }

    var name: String
    var catalog: String
    var request: TraitCollection
    var chosen: Int?
    var chosenSource: String?
    var vary: [String]
    var candidates: [Candidate]

    init(
        asset: ServedAsset, catalog: String, request: TraitRequest, explanation: ResolutionExplanation, vary: [ClientHint],
        assetsPrefix: String
    ) {
        name = asset.name
        self.catalog = catalog
        self.request = request.traits
        let chosen = request.pinnedVariant.flatMap { $0 < asset.variants.count ? $0 : nil } ?? explanation.chosenIndex
        self.chosen = chosen
        chosenSource = chosen.map { asset.variants[$0].label }
        self.vary = vary.map(\.rawValue)
        let base = assetsPrefix + PercentDecoding.encodePath(asset.name) + "?variant="
        candidates = explanation.candidates.map { candidate in
            var outcome = "ranked"
            var place: Int?
            var eliminatedBy: String?
            switch candidate.outcome {
            case .eliminated(let dimension):
                outcome = "eliminated"
                eliminatedBy = dimension.rawValue
            case .ranked(let rank):
                place = rank
            case .notReturned(let reason):
                // CoreUI's lookup never returns this rendition (a layer stack's part, a subtype): not in the race.
                outcome = "not returned"
                eliminatedBy = reason
            }
            if candidate.index == chosen { outcome = "chosen" }
            return Candidate(
                index: candidate.index, source: asset.variants[candidate.index].label, traits: candidate.traits,
                outcome: outcome, place: place, eliminatedBy: eliminatedBy,
                summary: candidate.summary(request: request.traits), url: base + String(candidate.index))
        }
    }

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every field is a string, number, array or a Codable trait value: encoding cannot fail.
        return Array((try? encoder.encode(self)) ?? Data("{}".utf8))
    }
}
