/// Something the generator could not do for one asset, for actool's result document.
public struct AssetSymbolDiagnostic: Hashable, Sendable {
    /// How serious it is.
    public enum Severity: String, Hashable, Sendable {
        /// The asset gets no symbol, the build goes on (Xcode's behaviour for colliding names).
        case warning
        /// The build should fail.
        case error
    }

    /// How serious it is.
    public var severity: Severity
    /// The asset's full name (`Icons/Settings`).
    public var assetName: String
    /// Whether it is a colour or an image.
    public var kind: AssetSymbolKind
    /// The message, worded as Xcode words it where Xcode's wording is known.
    public var message: String

    /// Creates a diagnostic.
    public init(severity: Severity, assetName: String, kind: AssetSymbolKind, message: String) {
        self.severity = severity
        self.assetName = assetName
        self.kind = kind
        self.message = message
    }

    /// Xcode's warning for a name whose symbol another asset already has.
    static func collision(assetName: String, kind: AssetSymbolKind, symbol: String) -> Self {
        Self(
            severity: .warning, assetName: assetName, kind: kind,
            message: "The \"\(assetName)\" \(kind.word) asset name resolves to the symbol \"\(symbol)\" which already "
                + "exists. Try renaming the asset.")
    }

    /// A name with no letter or digit, which cannot become a symbol.
    static func unrepresentable(assetName: String, kind: AssetSymbolKind) -> Self {
        Self(
            severity: .warning, assetName: assetName, kind: kind,
            message: "The \"\(assetName)\" \(kind.word) asset name has no letter or digit and cannot be turned into a "
                + "symbol. Try renaming the asset.")
    }
}
