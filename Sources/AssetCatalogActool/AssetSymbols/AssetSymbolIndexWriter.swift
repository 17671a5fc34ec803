import AssetCatalogBuilder

/// Writes `GeneratedAssetSymbols-Index.plist`, which Xcode reads to connect symbols with their sets: a dictionary of
/// `colors`, `images` and `symbols` arrays, each entry giving the catalog, the set's folder (`./Name.imageset`) and
/// the Swift and Objective-C symbols.
struct AssetSymbolIndexWriter {
    /// The symbols in the order they are written in the header.
    var symbols: [AssetSymbol]

    /// The index.
    func index() -> PropertyListValue {
        .dictionary([
            "colors": .array(entries(.color)),
            "images": .array(entries(.image)),
            // Symbol sets get no symbols here (see docs/ASSET-SYMBOLS.md), so this array stays empty.
            "symbols": .array([]),
        ])
    }

    private func entries(_ kind: AssetSymbolKind) -> [PropertyListValue] {
        symbols.filter { $0.kind == kind }.map { symbol in
            var entry: [String: PropertyListValue] = [
                "catalogPath": .string(symbol.catalogPath),
                "relativePath": .string("./" + symbol.relativePath),
            ]
            if let objcName = symbol.objcName { entry["objcSymbol"] = .string(objcName) }
            if let identifier = symbol.swiftIdentifier {
                entry["swiftSymbol"] = .string((symbol.swiftNamespaces + [identifier]).joined(separator: "."))
            }
            return .dictionary(entry)
        }
    }
}
