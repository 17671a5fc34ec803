import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `assetc matrix`: which variant every device preset gets, for every asset.
struct Matrix: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show which variant every device preset gets, for each asset.",
        discussion: """
            Rows are assets, columns are the presets of `assetc presets`; a cell shows the chosen variant's \
            traits in short (or its file with --files), — when no variant fits. --device picks the columns \
            (one or several presets); --appearance dark asks every preset in dark mode, so dark variants show.
            """)

    @Argument(help: ArgumentHelp("A packed archive, an .xcassets folder or a plain asset folder.", valueName: "archive-or-catalog"))
    var catalog: String

    @Argument(help: "Assets to show (default: all).")
    var names: [String] = []

    @Option(
        name: .customLong("fallback-order"),
        help: ArgumentHelp("Dimensions to rank by, most important first.", valueName: "list"),
        completion: Completions.fallbackOrder, transform: parseFallbackOrder)
    var fallbackOrder: FallbackOrder?

    @Option(
        help: ArgumentHelp("Rule set: assetc (default) or coreui (as Apple's runtime falls back).", valueName: "name"),
        completion: Completions.ruleSets, transform: parseResolutionRules)
    var rules: ResolutionRules?

    @Option(
        help: ArgumentHelp("Language of the interface for every preset, e.g. fr-CA.", valueName: "tag"),
        transform: parseLocale)
    var locale: LocaleTag?

    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp("Only these device presets, as columns (one or several; see `assetc presets`).", valueName: "preset"),
        completion: Completions.presets, transform: parseDevicePreset)
    var device: [DevicePreset] = []

    @Option(
        help: ArgumentHelp("Ask every preset in this appearance: light|dark.", valueName: "appearance"),
        transform: { try parseTraitValue($0, as: Appearance.self) })
    var appearance: Appearance?

    @Flag(help: "Show the chosen file's name instead of its traits.")
    var files = false

    @Flag(help: "Print JSON.")
    var json = false

    struct Cell: Encodable {
        var index: Int
        var source: String?
        var traits: VariantTraits
    }

    struct Row: Encodable {
        var name: String
        var presets: [String: Cell?]
    }

    func run() throws {
        let source = try CatalogLoader.load(catalog)
        let selected = names.isEmpty ? source.assetNames : names
        let resolver = makeResolver(rules: rules, fallbackOrder: fallbackOrder)
        let presets = device.isEmpty ? DevicePreset.all : device
        var rows: [Row] = []
        for name in selected {
            guard let candidates = source.candidates(named: name) else {
                throw AssetNameSuggestion.unknownAsset(name, in: catalog, names: source.assetNames)
            }
            var cells: [String: Cell?] = [:]
            for preset in presets {
                var request = preset.traits
                request.locale = locale
                if let appearance { request.appearance = appearance }
                let chosen = candidates.best(for: request, resolver: resolver)
                cells[preset.name] = chosen.map {
                    Cell(index: $0, source: candidates[$0].source, traits: candidates[$0].traits)
                }
            }
            rows.append(Row(name: name, presets: cells))
        }
        if json {
            try Console.line(try JSONOutput.string(rows))
            return
        }
        let header = ["asset"] + presets.map(\.name)
        let table = rows.map { row in
            [row.name]
                + presets.map { preset -> String in
                    guard let cell = row.presets[preset.name] ?? nil else { return "—" }
                    if files, let source = cell.source { return (source as NSString).lastPathComponent }
                    return Self.shortTraits(cell.traits)
                }
        }
        try Console.line(TerminalText.escaped(TextTable(header: header, rows: table).rendered, keepingLineBreaks: true))
    }

    /// `2x`, `pad 2x dark`, `any` for a universal vector.
    static func shortTraits(_ traits: VariantTraits) -> String {
        var parts: [String] = []
        if let idiom = traits.idiom { parts.append(idiom.token) }
        if let scale = traits.displayScale { parts.append(scale.description) }
        if let gamut = traits.displayGamut { parts.append(gamut.token) }
        if traits.horizontalSizeClass != nil || traits.verticalSizeClass != nil {
            parts.append(traits.sizeClasses.description.replacingOccurrences(of: " ", with: ""))
        }
        if let appearance = traits.appearance { parts.append(appearance.token) }
        if let contrast = traits.contrast { parts.append(contrast == .high ? "hc" : "nc") }
        if let direction = traits.layoutDirection { parts.append(direction.token) }
        return parts.isEmpty ? "any" : parts.joined(separator: " ")
    }
}
