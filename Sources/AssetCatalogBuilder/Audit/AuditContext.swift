import AssetCatalog

/// What a rule sees when it checks one asset: the asset, its catalog, the configuration that applies
/// to that catalog, and work shared by the whole audit (the precompiled trait space, target idioms).
///
/// A context is made for one asset on one thread and is not shared, so it may cache what several
/// rules need.
public final class AssetAuditContext {
    /// The asset being checked.
    public let asset: Asset
    /// The catalog root the asset's paths are relative to, as it was given.
    public let catalogPath: String
    /// Whether the root is an `.xcassets` catalog or a plain folder.
    public let catalogKind: CatalogSource.Kind
    /// The configuration for this catalog.
    public let configuration: AuditConfiguration
    let shared: AuditShared
    /// The opened `Assets.car` when the asset comes from one (rules of compiled catalogs read its renditions).
    public let compiledCatalog: CARFile?
    /// Paths and facets of ``compiledCatalog``, worked out once per audit.
    let compiledLookup: CARAuditLookup?

    init(
        asset: Asset, source: CatalogSource, configuration: AuditConfiguration, shared: AuditShared, compiledCatalog: CARFile? = nil,
        compiledLookup: CARAuditLookup? = nil
    ) {
        self.compiledCatalog = compiledCatalog
        self.compiledLookup = compiledLookup ?? compiledCatalog.map(CARAuditLookup.init)
        self.asset = asset
        self.catalogPath = source.path
        self.catalogKind = source.kind
        self.configuration = configuration
        self.shared = shared
    }

    /// The file a finding about the set as a whole points at: its `Contents.json` in a catalog, its
    /// first file in a plain folder.
    public var setFile: String {
        catalogKind == .xcassets ? asset.path + "/Contents.json" : asset.path
    }

    /// The path a finding about one variant points at: its file, or the set's file for an empty slot.
    public func path(of variant: Variant) -> String {
        variant.source ?? setFile
    }

    /// The idioms this catalog's app runs on: configured (`idioms:`), or inferred from the idioms the
    /// catalog names (see ``TargetIdioms``).
    public var targetIdioms: Set<Idiom> {
        configuration.idioms.map(Set.init) ?? shared.inferredIdioms[asset.sourceIndex]
    }

    /// Whether the rule with this identifier runs for this catalog (rules defer to each other with it).
    public func isEnabled(_ rule: String) -> Bool {
        configuration.isEnabled(rule)
    }

    /// The precompiled, fully specified requests of the trait space for this catalog's fallback order.
    var traitSpace: TraitSpace {
        shared.traitSpace(for: configuration.fallbackOrder)
    }

    /// The raster scale groups that lack required scales (`missing-scale`), computed once per asset because
    /// `upscaled-on-device` defers to them.
    lazy var scaleGaps: [ScaleGap] = RequiredScales(context: self).gaps(in: asset)

    /// A numeric option of a rule for this catalog (parsed once per audit).
    public func number(_ name: String, of rule: any AuditRule.Type) -> Double {
        shared.options[asset.sourceIndex].numbers[rule.identifier + "/" + name]
            ?? configuration.number(name, of: rule)
    }

    /// The scales each idiom key needs (`missing-scale`'s `scales` option), parsed once per audit.
    var requiredScaleTable: [String: Set<Int>] {
        shared.options[asset.sourceIndex].requiredScales
    }

    /// The bytes of a variant's file, read again (only rules that need pixels do this).
    public func bytes(of variant: Variant) -> [UInt8]? {
        guard let source = variant.source else { return nil }
        let path = catalogPath.hasSuffix("/") ? catalogPath + source : catalogPath + "/" + source
        switch FileSystem.read(path, limit: 1 << 30) {
        case .success(let result): return result.bytes.count == result.size ? result.bytes : nil
        case .failure: return nil
        }
    }

    /// Human wording of a variant for messages: `'hero@2x.png' (universal 2x dark)`.
    public func describe(_ variant: Variant) -> String {
        let name = variant.source.map { "'" + ($0.split(separator: "/").last.map(String.init) ?? $0) + "'" } ?? "the empty slot"
        return "\(name) (\(variant.traits))"
    }

    /// The file name of a variant, without the set's folder.
    public func fileName(_ variant: Variant) -> String {
        guard let source = variant.source else { return "(empty slot)" }
        return source.split(separator: "/").last.map(String.init) ?? source
    }
}

/// What a rule sees when it checks the audit as a whole: the index and the configurations.
public struct CatalogAuditContext: Sendable {
    /// Everything that was read.
    public let index: CatalogIndex
    let configurations: [AuditConfiguration]
    private let assetNames: [AssetNameKey: String]
    /// The opened `Assets.car` of each compiled source, by its path as given.
    public let compiledCatalogs: [String: CARFile]

    init(index: CatalogIndex, configurations: [AuditConfiguration], compiledCatalogs: [String: CARFile] = [:]) {
        self.compiledCatalogs = compiledCatalogs
        self.index = index
        self.configurations = configurations
        var names: [AssetNameKey: String] = [:]
        // Names are looked up only for the reader's diagnostics; a clean index needs no table.
        for asset in index.assets where !index.diagnostics.isEmpty {
            let catalog = index.sources[asset.sourceIndex].path
            names[AssetNameKey(catalog: catalog, path: asset.path)] = asset.name
            for variant in asset.variants {
                if let source = variant.source { names[AssetNameKey(catalog: catalog, path: source)] = asset.name }
            }
        }
        for unsupported in index.unsupportedSets where !index.diagnostics.isEmpty {
            // Unsupported sets carry no root index; they are matched by path in every catalog.
            for source in index.sources where names[AssetNameKey(catalog: source.path, path: unsupported.path)] == nil {
                names[AssetNameKey(catalog: source.path, path: unsupported.path)] = unsupported.name
            }
        }
        assetNames = names
    }

    private struct AssetNameKey: Hashable, Sendable {
        var catalog: String
        var path: String
    }

    /// The configuration for a catalog root (as given).
    public func configuration(forCatalog catalog: String) -> AuditConfiguration {
        guard let position = index.sources.firstIndex(where: { $0.path == catalog }) else {
            return configurations.first ?? AuditConfiguration()
        }
        return configurations[position]
    }

    /// The asset a path (relative to `catalog`) belongs to: the asset whose folder or file holds it, or
    /// for a set the reader could not index (its `Contents.json` is broken), the set folder's name.
    public func assetName(catalog: String, path: String) -> String? {
        var candidate = Substring(path)
        while !candidate.isEmpty {
            if let name = assetNames[AssetNameKey(catalog: catalog, path: String(candidate))] { return name }
            guard let slash = candidate.lastIndex(of: "/") else { break }
            candidate = candidate[..<slash]
        }
        // A set the reader did not index: name it after its folder.
        for component in path.split(separator: "/") {
            if let dot = component.lastIndex(of: "."), case .set = FolderRole(folderName: String(component)) {
                return String(component[..<dot])
            }
        }
        return nil
    }

    /// The reader's diagnostics of `rule` as findings, each with the reader's severity.
    public func readerFindings(rule: String) -> [Finding] {
        index.diagnostics.filter { $0.rule == rule }.map { diagnostic in
            Finding(
                rule: diagnostic.rule, severity: diagnostic.severity,
                asset: assetName(catalog: diagnostic.catalog, path: diagnostic.path), catalog: diagnostic.catalog,
                path: diagnostic.path, message: diagnostic.message)
        }
    }
}

/// Work done once per audit and shared by every asset's checks.
final class AuditShared: Sendable {
    /// Per source index, the idioms inferred from the catalog.
    let inferredIdioms: [Set<Idiom>]
    /// Per source index, the rules' options, parsed.
    let options: [ParsedOptions]
    private let spaces: [FallbackOrder: TraitSpace]
    private let presets: [FallbackOrder: [PresetRequest]]

    /// Options parsed from one catalog's configuration.
    struct ParsedOptions: Sendable {
        /// `rule/option` → value, for every numeric option of every rule.
        var numbers: [String: Double] = [:]
        /// `missing-scale`'s `scales`.
        var requiredScales: [String: Set<Int>] = [:]
    }

    /// A device preset in one appearance, compiled.
    struct PresetRequest: Sendable {
        var preset: DevicePreset
        var appearance: Appearance
        var request: CompiledRequest
    }

    init(index: CatalogIndex, configurations: [AuditConfiguration]) {
        inferredIdioms = TargetIdioms.infer(index)
        options = configurations.map { configuration in
            var parsed = ParsedOptions()
            for rule in AuditRules.all {
                for option in rule.options where option.kind != .scalesByIdiom {
                    parsed.numbers[rule.identifier + "/" + option.name] = configuration.number(option.name, of: rule)
                }
            }
            parsed.requiredScales = configuration.scalesByIdiom("scales", of: MissingScaleRule.self).mapValues(Set.init)
            return parsed
        }
        var spaces: [FallbackOrder: TraitSpace] = [:]
        var presets: [FallbackOrder: [PresetRequest]] = [:]
        for order in Set(configurations.map(\.fallbackOrder)) {
            spaces[order] = TraitSpace(order: order)
            presets[order] = DevicePreset.all.flatMap { preset in
                Appearance.allCases.map { appearance in
                    var traits = preset.traits
                    traits.appearance = appearance
                    return PresetRequest(preset: preset, appearance: appearance, request: CompiledRequest(traits, order: order))
                }
            }
        }
        self.spaces = spaces
        self.presets = presets
    }

    func traitSpace(for order: FallbackOrder) -> TraitSpace {
        spaces[order] ?? TraitSpace(order: order)
    }

    /// Every preset in light and dark, compiled for `order`.
    func presetRequests(for order: FallbackOrder) -> [PresetRequest] {
        if let compiled = presets[order] { return compiled }
        return DevicePreset.all.flatMap { preset in
            Appearance.allCases.map { appearance in
                var traits = preset.traits
                traits.appearance = appearance
                return PresetRequest(preset: preset, appearance: appearance, request: CompiledRequest(traits, order: order))
            }
        }
    }
}

/// Which idioms a catalog's app runs on, inferred from what the catalog names.
///
/// An app's catalog says which devices it is for: its app icon (`platform: ios` means iPhone and iPad,
/// a `mac` icon means Mac) and the idioms of its device-specific artwork. Universal artwork is meant for
/// exactly those idioms; a catalog that names none is taken to be for every idiom. `idioms:` in
/// `.assetc.yml` overrides the inference.
public enum TargetIdioms {
    /// Per source index, the inferred idioms.
    public static func infer(_ index: CatalogIndex) -> [Set<Idiom>] {
        var result = [Set<Idiom>](repeating: [], count: index.sources.count)
        for asset in index.assets where asset.sourceIndex < result.count {
            for variant in asset.variants {
                if let idiom = variant.traits.idiom { result[asset.sourceIndex].insert(idiom) }
                if asset.kind == .appIcon {
                    result[asset.sourceIndex].formUnion(idioms(forAppIcon: variant.attributes))
                }
            }
        }
        return result.map { $0.isEmpty ? Set(Idiom.allCases) : $0 }
    }

    static func idioms(forAppIcon attributes: [String: String]) -> Set<Idiom> {
        var idioms: Set<Idiom> = []
        switch attributes["platform"]?.lowercased() {
        case "ios"?: idioms.formUnion([.phone, .pad])
        case "macos"?, "osx"?: idioms.insert(.mac)
        case "watchos"?: idioms.insert(.watch)
        case "tvos"?: idioms.insert(.tv)
        case "visionos"?, "xros"?: idioms.insert(.vision)
        default: break
        }
        switch attributes["idiom"]?.lowercased() {
        case "ios-marketing"?: idioms.formUnion([.phone, .pad])
        case "watch-marketing"?: idioms.insert(.watch)
        case "mac-marketing"?: idioms.insert(.mac)
        default: break
        }
        return idioms
    }
}
