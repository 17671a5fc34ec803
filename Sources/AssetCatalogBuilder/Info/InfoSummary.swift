import AssetCatalog
import Foundation

/// Counts over the whole index.
struct InfoSummary {
    /// Number of assets.
    var assets: Int
    /// Number of variants (image, data and app icon entries, empty slots included).
    var variants: Int
    /// Number of colours (colour-set entries).
    var colors: Int
    /// Assets per kind; every kind is present.
    var kinds: [String: Int]
    /// Variants per sniffed content type; `none` counts empty slots and missing or unreadable files.
    var contentTypes: [String: Int]
    /// Per trait dimension (the `traits` keys), how many variants and colours use each value; `any` when unset.
    var traits: [String: [String: Int]]
    /// Diagnostics per severity; every severity is present.
    var diagnostics: [String: Int]
    /// Diagnostics per rule.
    var rules: [String: Int]
    /// Number of unsupported sets.
    var unsupportedSets: Int
    /// Number of sources read.
    var sources: Int

    init(index: CatalogIndex) {
        assets = index.assets.count
        kinds = Dictionary(uniqueKeysWithValues: AssetKind.allCases.map { ($0.rawValue, 0) })
        var variantCount = 0
        var colorCount = 0
        // Count distinct trait combinations and content types first: one hash per variant.
        var traitUsage: [VariantTraits: Int] = [:]
        var typeUsage: [ContentType?: Int] = [:]
        for asset in index.assets {
            kinds[asset.kind.rawValue, default: 0] += 1
            variantCount += asset.variants.count
            colorCount += asset.colors.count
            for variant in asset.variants {
                typeUsage[variant.contentType, default: 0] += 1
                traitUsage[variant.traits, default: 0] += 1
            }
            for color in asset.colors { traitUsage[color.traits, default: 0] += 1 }
        }
        variants = variantCount
        colors = colorCount
        contentTypes = [:]
        for (type, count) in typeUsage { contentTypes[type?.rawValue ?? "none", default: 0] += count }
        var traitCounts: [String: [String: Int]] = [:]
        for dimension in InfoSummary.dimensions { traitCounts[dimension] = [:] }
        for (traits, count) in traitUsage {
            for (dimension, value) in InfoSummary.values(of: traits) {
                traitCounts[dimension, default: [:]][value, default: 0] += count
            }
        }
        traits = traitCounts
        diagnostics = Dictionary(uniqueKeysWithValues: Diagnostic.Severity.allCases.map { ($0.rawValue, 0) })
        rules = [:]
        for diagnostic in index.diagnostics {
            diagnostics[diagnostic.severity.rawValue, default: 0] += 1
            rules[diagnostic.rule, default: 0] += 1
        }
        unsupportedSets = index.unsupportedSets.count
        sources = index.sources.count
    }

    static let dimensions = ["idiom", "scale", "gamut", "width", "height", "appearance", "contrast", "direction"]

    /// The value of each dimension, as in `traits` (scales as `2x`), `any` when unset.
    static func values(of traits: VariantTraits) -> [(String, String)] {
        [
            ("idiom", traits.idiom?.token ?? "any"),
            ("scale", traits.displayScale?.description ?? "any"),
            ("gamut", traits.displayGamut?.token ?? "any"),
            ("width", traits.horizontalSizeClass?.token ?? "any"),
            ("height", traits.verticalSizeClass?.token ?? "any"),
            ("appearance", traits.appearance?.token ?? "any"),
            ("contrast", traits.contrast?.token ?? "any"),
            ("direction", traits.layoutDirection?.token ?? "any"),
        ]
    }

    /// The `summary` object, keys sorted.
    func write(to json: inout InfoJSONWriter) {
        json.open("{")
        json.key("assets")
        json.int(assets)
        json.key("colors")
        json.int(colors)
        json.key("contentTypes")
        json.countDictionary(contentTypes)
        json.key("diagnostics")
        json.countDictionary(diagnostics)
        json.key("kinds")
        json.countDictionary(kinds)
        json.key("rules")
        json.countDictionary(rules)
        json.key("sources")
        json.int(sources)
        json.key("traits")
        json.open("{")
        for dimension in InfoSummary.dimensions.sorted() {
            json.dynamicKey(dimension)
            json.countDictionary(traits[dimension] ?? [:])
        }
        json.close("}")
        json.key("unsupportedSets")
        json.int(unsupportedSets)
        json.key("variants")
        json.int(variants)
        json.close("}")
    }
}

// MARK: - Text
