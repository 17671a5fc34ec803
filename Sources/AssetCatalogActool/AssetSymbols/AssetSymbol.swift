/// One asset that got a symbol: what the Swift file, the Objective-C header and the index call it.
public struct AssetSymbol: Hashable, Sendable {
    /// The asset's full name, with namespaces (`Icons/Settings`).
    public var assetName: String
    /// Colour or image.
    public var kind: AssetSymbolKind
    /// The namespace types enclosing the Swift member, outermost first, as written in source (`["Icons"]`); empty at
    /// the top level.
    public var swiftNamespaces: [String]
    /// The Swift member, without backticks (`settings`); `nil` when another asset already has it.
    public var swiftIdentifier: String?
    /// The Objective-C constant (`ACImageNameIconsSettings`); `nil` when another asset already has it.
    public var objcName: String?
    /// The path of the catalog the asset came from, as given to the compiler.
    public var catalogPath: String
    /// The set's folder relative to the catalog (`Icons/Settings.imageset`).
    public var relativePath: String

    /// Creates a symbol record.
    public init(
        assetName: String, kind: AssetSymbolKind, swiftNamespaces: [String], swiftIdentifier: String?, objcName: String?,
        catalogPath: String, relativePath: String
    ) {
        self.assetName = assetName
        self.kind = kind
        self.swiftNamespaces = swiftNamespaces
        self.swiftIdentifier = swiftIdentifier
        self.objcName = objcName
        self.catalogPath = catalogPath
        self.relativePath = relativePath
    }

    /// The member as written after a leading dot in generated code: `Icons.settings`, ``Dashboard.`default` ``.
    var swiftReference: String? {
        swiftIdentifier.map { (swiftNamespaces + [AssetSymbolNaming.escaped($0)]).joined(separator: ".") }
    }
}
