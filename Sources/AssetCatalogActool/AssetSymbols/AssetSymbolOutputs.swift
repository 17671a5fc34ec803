import AssetCatalogBuilder

/// What ``AssetSymbolGenerator`` makes: the three files Xcode asks actool for, and the diagnostics for the result
/// document.
public struct AssetSymbolOutputs: Hashable, Sendable {
    /// `GeneratedAssetSymbols.swift` (`--generate-swift-asset-symbols`).
    public var swiftSource: String
    /// `GeneratedAssetSymbols.h` (`--generate-objc-asset-symbols`).
    public var objcHeader: String
    /// `GeneratedAssetSymbols-Index.plist` (`--generate-asset-symbol-index`); write it with
    /// `PropertyListValue.xmlDocument`.
    public var index: PropertyListValue
    /// Every asset that got a symbol, colours first, in the order the header lists them.
    public var symbols: [AssetSymbol]
    /// Names that collide or cannot become symbols, in the order the assets are written (empty when warnings are
    /// off).
    public var diagnostics: [AssetSymbolDiagnostic]

    /// Creates outputs.
    public init(
        swiftSource: String, objcHeader: String, index: PropertyListValue, symbols: [AssetSymbol],
        diagnostics: [AssetSymbolDiagnostic]
    ) {
        self.swiftSource = swiftSource
        self.objcHeader = objcHeader
        self.index = index
        self.symbols = symbols
        self.diagnostics = diagnostics
    }
}
