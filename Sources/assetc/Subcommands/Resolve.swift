import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `assetc resolve`: which variant of an asset a device gets, and why.
struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pick the variant of an asset that best matches a device or a set of traits.",
        discussion: """
            Traits come from --device, then --size-classes, then the single-trait flags, later ones \
            overriding earlier ones. With --batch, each line of FILE is a JSON request \
            {"name": …, "device": …, "traits": {…}} and each answer is one JSON line.
            """)

    @Argument(help: ArgumentHelp("An .xcassets folder, a plain asset folder, or a packed archive.", valueName: "catalog"))
    var catalog: String

    @Argument(help: "The asset's name (not with --batch).")
    var name: String?

    @OptionGroup(title: "Symbols")
    var glyph: GlyphOptions

    @OptionGroup(title: "Traits")
    var traits: TraitOptions

    @Option(help: ArgumentHelp("Resolve every JSON request in this file (- for standard input).", valueName: "file"))
    var batch: String?

    @Flag(help: "Show every variant with why it was eliminated or where it ranked.")
    var explain = false

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if batch == nil && name == nil { throw ValidationError("give an asset name, or --batch FILE") }
        if batch != nil && name != nil { throw ValidationError("give either an asset name or --batch, not both") }
    }

    func run() throws {
        let source = try CatalogLoader.load(catalog, glyph: glyph)
        if let batch {
            let failures = try BatchResolver(catalog: source, resolver: traits.resolver).run(file: batch)
            if failures > 0 { throw ExitCode(1) }
            return
        }
        guard let name else { return }
        let request = traits.traitCollection
        guard let candidates = source.candidates(named: name) else {
            throw AssetNameSuggestion.unknownAsset(name, in: catalog, names: source.assetNames)
        }
        let resolver = traits.resolver
        let answer = ResolutionAnswer(name: name, candidates: candidates, request: request, resolver: resolver)
        if json {
            var object = answer.json
            if explain {
                object.explanation = answer.explanationJSON
                object.appearanceFallback = answer.explanation.appearanceFallback.map {
                    ResolutionAnswer.appearanceName($0.appearance, $0.contrast)
                }
            }
            try Console.line(try JSONOutput.string(object))
            return
        }
        try Console.line(answer.text(explain: explain))
    }
}

/// One resolution, ready to print as text or JSON.
struct ResolutionAnswer {
    let name: String
    let candidates: [CandidateVariant]
    let request: TraitCollection
    let explanation: ResolutionExplanation

    init(name: String, candidates: [CandidateVariant], request: TraitCollection, resolver: Resolver) {
        self.name = name
        self.candidates = candidates
        self.request = request
        self.explanation = resolver.explain(candidates.map(\.traits), keyFacts: candidates.keyFacts, for: request)
    }

    var chosen: CandidateVariant? { explanation.chosenIndex.map { candidates[$0] } }

    var json: ResolutionJSON {
        ResolutionJSON(
            name: name, found: chosen != nil, source: chosen?.source, traits: chosen?.traits, color: chosen?.color,
            pixelWidth: chosen?.pixelWidth, pixelHeight: chosen?.pixelHeight, notDecoded: chosen?.notDecoded)
    }

    var explanationJSON: [ResolutionJSON.Candidate] {
        explanation.candidates.map { candidate in
            let outcome: String
            var place: Int?
            var eliminatedBy: String?
            var reason: String?
            switch candidate.outcome {
            case .eliminated(let dimension):
                outcome = "eliminated"
                eliminatedBy = dimension.rawValue
            case .ranked(let rank):
                outcome = "ranked"
                place = rank
            case .notReturned(let why):
                outcome = "not-returned"
                reason = why
            }
            return ResolutionJSON.Candidate(
                source: candidates[candidate.index].source, traits: candidate.traits, outcome: outcome, place: place,
                eliminatedBy: eliminatedBy, reason: reason, notDecoded: candidates[candidate.index].notDecoded,
                matches: Dictionary(uniqueKeysWithValues: candidate.matches.map { ($0.dimension.rawValue, $0.quality.rawValue) }))
        }
    }

    func text(explain: Bool) -> String {
        var lines: [String] = []
        if let chosen {
            lines.append("\(name) → \(chosen.source ?? chosen.color.map(Self.describe) ?? "(color)")")
            lines.append("  variant: \(chosen.traits)")
            if let notDecoded = chosen.notDecoded {
                lines.append("  pixels: cannot be decoded by assetc yet (\(notDecoded)); the device still gets this one")
            }
        } else {
            lines.append("\(name) → no variant matches")
        }
        lines.append("  request: \(request)")
        if explain {
            lines.append("  rules: \(explanation.rules.name), fallback order: \(explanation.order)")
            lines += appearanceSteps
            for candidate in explanation.candidates {
                let label = candidates[candidate.index].source ?? candidate.traits.description
                let marker = candidate.index == explanation.chosenIndex ? "*" : " "
                lines.append("  \(marker) [\(candidate.index)] \(label) (\(candidate.traits))")
                lines.append("        \(candidate.summary(request: request))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Under CoreUI's rules, the two layers of the answer: CoreUI's own lookup (appearance matched exactly), and
    /// what UIKit or AppKit asked next when it found nothing.
    var appearanceSteps: [String] {
        guard explanation.rules.name == ResolutionRules.coreUI.name else { return [] }
        let asked = Self.appearanceName(request.appearance, request.contrast)
        guard let fallback = explanation.appearanceFallback else {
            return ["  CoreUI lookup (appearance \(asked), matched exactly): " + (chosen == nil ? "nothing" : "answered")]
        }
        return [
            "  CoreUI lookup (appearance \(asked), matched exactly): nothing",
            "  UIKit/AppKit retry (appearance \(Self.appearanceName(fallback.appearance, fallback.contrast))): answered",
        ]
    }

    static func appearanceName(_ appearance: Appearance?, _ contrast: Contrast?) -> String {
        (contrast == .high ? "high-contrast " : "") + (appearance?.token ?? "any")
    }

    static func describe(_ color: ColorValue) -> String {
        switch color {
        case .systemReference(let name): return "system color \(name)"
        case .components(let c):
            return "\(c.colorSpace)(\(c.red), \(c.green), \(c.blue), alpha \(c.alpha))"
        }
    }
}

/// The JSON form of one answer, shared by `resolve --json` and `resolve --batch`.
struct ResolutionJSON: Encodable {
    var name: String
    var found: Bool
    var source: String?
    var traits: VariantTraits?
    var color: ColorValue?
    var pixelWidth: Int?
    var pixelHeight: Int?
    /// Why assetc cannot decode the chosen rendition's pixels (it is still the one the device gets).
    var notDecoded: String?
    var error: String?
    var explanation: [Candidate]?
    /// Under `--rules coreui --explain`: the appearance UIKit or AppKit asked again with, when CoreUI's own lookup
    /// found nothing in the requested one.
    var appearanceFallback: String?

    struct Candidate: Encodable {
        var source: String?
        var traits: VariantTraits
        var outcome: String
        var place: Int?
        var eliminatedBy: String?
        var reason: String?
        var notDecoded: String?
        var matches: [String: String]
    }
}
