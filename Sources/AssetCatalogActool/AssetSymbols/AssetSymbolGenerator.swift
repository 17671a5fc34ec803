import AssetCatalog
import AssetCatalogBuilder

/// Makes Xcode's asset symbols (`GeneratedAssetSymbols.swift`, `.h` and `-Index.plist`) for the colour and image sets
/// of a `CatalogIndex` (docs/ASSET-SYMBOLS.md).
///
/// The output depends only on the assets' names, folders and catalogs and on the options: assets are sorted by their
/// names' bytes, component by component, whatever order the index lists them in.
public struct AssetSymbolGenerator: Sendable {
    /// What to generate.
    public var options: AssetSymbolOptions

    /// Creates a generator.
    public init(options: AssetSymbolOptions = AssetSymbolOptions()) {
        self.options = options
    }

    /// The Swift source, the Objective-C header, the index and the diagnostics for `index`'s colour and image sets.
    public func generate(from index: CatalogIndex) -> AssetSymbolOutputs {
        var symbols: [AssetSymbol] = []
        var headerEntries: [ObjCAssetSymbolWriter.Entry] = []
        var diagnostics: [AssetSymbolDiagnostic] = []
        var scopes: [AssetSymbolKind: AssetSymbolScope] = [:]

        for kind in AssetSymbolKind.allCases {
            let assets = Self.sortedAssets(of: kind, in: index)
            let (scope, unrepresentable) = AssetSymbolScope.build(kind: kind, assets: assets)
            scopes[kind] = scope
            diagnostics += unrepresentable + scope.allDiagnostics

            // Swift symbols by asset; the header and index list every asset in sorted order, Objective-C names
            // being flat (and suffixes kept), so they collide on their own terms.
            var swiftSymbols: [SymbolKey: AssetSymbol] = [:]
            for symbol in scope.allSymbols { swiftSymbols[SymbolKey(symbol)] = symbol }
            var takenObjCNames: Set<String> = []
            for (asset, catalogPath) in assets {
                let key = SymbolKey(assetName: asset.name, catalogPath: catalogPath, relativePath: asset.path)
                var symbol =
                    swiftSymbols[key]
                    ?? AssetSymbol(
                        assetName: asset.name, kind: kind, swiftNamespaces: [], swiftIdentifier: nil, objcName: nil,
                        catalogPath: catalogPath, relativePath: asset.path)
                if let objcName = AssetSymbolNaming.objcName(for: asset.name, kind: kind) {
                    if takenObjCNames.insert(objcName).inserted {
                        symbol.objcName = objcName
                        headerEntries.append(.constant(name: objcName, assetName: asset.name, kind: kind))
                    } else {
                        let diagnostic = AssetSymbolDiagnostic.collision(assetName: asset.name, kind: kind, symbol: objcName)
                        headerEntries.append(.collision(diagnostic))
                        diagnostics.append(diagnostic)
                    }
                }
                if symbol.swiftIdentifier != nil || symbol.objcName != nil { symbols.append(symbol) }
            }
        }

        let reportsWarnings = options.reportsWarnings
        let swift = SwiftAssetSymbolWriter(
            colors: scopes[.color] ?? AssetSymbolScope(), images: scopes[.image] ?? AssetSymbolScope(), options: options,
            writesWarnings: reportsWarnings)
        let header = ObjCAssetSymbolWriter(
            bundleIdentifier: options.bundleIdentifier, entries: headerEntries, writesWarnings: reportsWarnings)
        return AssetSymbolOutputs(
            swiftSource: swift.source(), objcHeader: header.header(),
            index: AssetSymbolIndexWriter(symbols: symbols).index(), symbols: symbols,
            diagnostics: diagnostics.filter { diagnostic in
                switch diagnostic.severity {
                case .warning: return reportsWarnings
                case .error: return options.reportsErrors
                }
            })
    }

    /// The assets of `kind` with their catalog's path, sorted by name components' bytes (an asset before a folder
    /// of the same name), then catalog path, then folder.
    static func sortedAssets(of kind: AssetSymbolKind, in index: CatalogIndex) -> [(asset: Asset, catalogPath: String)] {
        let wanted: AssetKind
        switch kind {
        case .color: wanted = .color
        case .image: wanted = .image
        }
        let assets = index.assets.filter { $0.kind == wanted }.map { asset in
            (asset: asset, catalogPath: index.sources.indices.contains(asset.sourceIndex) ? index.sources[asset.sourceIndex].path : "")
        }
        func key(_ entry: (asset: Asset, catalogPath: String)) -> ([[UInt8]], [UInt8], [UInt8]) {
            (
                entry.asset.name.split(separator: "/", omittingEmptySubsequences: false).map { Array($0.utf8) },
                Array(entry.catalogPath.utf8), Array(entry.asset.path.utf8)
            )
        }
        return assets.sorted { lhs, rhs in
            let (left, right) = (key(lhs), key(rhs))
            if left.0 != right.0 {
                return left.0.lexicographicallyPrecedes(right.0) { $0.lexicographicallyPrecedes($1) }
            }
            if left.1 != right.1 { return left.1.lexicographicallyPrecedes(right.1) }
            return left.2.lexicographicallyPrecedes(right.2)
        }
    }

    /// Identifies one asset across the Swift scope and the flat list.
    private struct SymbolKey: Hashable {
        var assetName: String
        var catalogPath: String
        var relativePath: String

        init(assetName: String, catalogPath: String, relativePath: String) {
            self.assetName = assetName
            self.catalogPath = catalogPath
            self.relativePath = relativePath
        }

        init(_ symbol: AssetSymbol) {
            self.init(assetName: symbol.assetName, catalogPath: symbol.catalogPath, relativePath: symbol.relativePath)
        }
    }
}
