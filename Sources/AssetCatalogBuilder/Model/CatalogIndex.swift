import AssetCatalog

/// Everything read from one or more asset catalogs or plain asset folders: the assets, their
/// variants with what inspecting each file found, and the diagnostics.
///
/// The index is a pure function of the inputs: its contents and their order do not depend on
/// the thread count or the order the file system lists files in.
public struct CatalogIndex: Hashable, Sendable, Codable {
    /// The roots that were read, in the order given.
    public var sources: [CatalogSource]
    /// The assets, sorted by name, then by source order.
    public var assets: [Asset]
    /// Set types that were found but are not supported yet (`.launchimage`, `.symbolset`, …).
    public var unsupportedSets: [UnsupportedSet]
    /// Every diagnostic, sorted by path, then rule, then message.
    public var diagnostics: [Diagnostic]

    /// Creates an index.
    public init(
        sources: [CatalogSource] = [], assets: [Asset] = [], unsupportedSets: [UnsupportedSet] = [],
        diagnostics: [Diagnostic] = []
    ) {
        self.sources = sources
        self.assets = assets
        self.unsupportedSets = unsupportedSets
        self.diagnostics = diagnostics
    }

    /// The first asset with this name.
    public func asset(named name: String) -> Asset? {
        assets.first { $0.name == name }
    }
}

/// One root given to the reader.
public struct CatalogSource: Hashable, Sendable, Codable {
    /// What kind of root it is.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// An Xcode `.xcassets` folder with `Contents.json` files.
        case xcassets
        /// A plain folder whose file names carry the traits.
        case folder
        /// A compiled catalog (`Assets.car`), read with the `.car` reader.
        case car
    }

    /// The root's path as given (absolute or relative to the working directory).
    public var path: String
    /// Its kind.
    public var kind: Kind

    /// Creates a source.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}

/// A named asset: an image set, colour set, data set or app icon set.
public struct Asset: Hashable, Sendable, Codable {
    /// The full name, with namespaces: `Icons/Settings`.
    public var name: String
    /// What it holds.
    public var kind: AssetKind
    /// The index in ``CatalogIndex/sources`` of the root it came from.
    public var sourceIndex: Int
    /// Its folder (xcassets) or first file (plain folder), relative to the catalog root:
    /// `Hero.imageset`, `Icons/Settings.imageset`.
    public var path: String
    /// Set-level properties from `Contents.json`.
    public var properties: AssetProperties
    /// The variants in source order (image, data and app icon sets).
    public var variants: [Variant]
    /// The colours in source order (colour sets).
    public var colors: [ColorVariant]
    /// The parts of a container, in source order: an image stack's layers front to back, a brand
    /// assets folder's entries. Empty for every other kind.
    public var members: [AssetMember]

    /// Creates an asset.
    public init(
        name: String, kind: AssetKind, sourceIndex: Int, path: String, properties: AssetProperties = AssetProperties(),
        variants: [Variant] = [], colors: [ColorVariant] = [], members: [AssetMember] = []
    ) {
        self.name = name
        self.kind = kind
        self.sourceIndex = sourceIndex
        self.path = path
        self.properties = properties
        self.variants = variants
        self.colors = colors
        self.members = members
    }
}

/// One part of a container asset: a layer of an image stack (`layer`), an entry of a brand assets
/// folder (`role`, `idiom`, `size`, `subtype`).
public struct AssetMember: Hashable, Sendable, Codable {
    /// The full name of the asset the part is (the layer's image set, the brand entry's stack or set).
    public var name: String
    /// What the container says about the part, under its `Contents.json` keys (`layer` for a stack's
    /// layer name, `type` for the part's set type).
    public var attributes: [String: String]

    /// Creates a member.
    public init(name: String, attributes: [String: String] = [:]) {
        self.name = name
        self.attributes = attributes
    }
}

/// Set-level properties (`properties` in `Contents.json`).
public struct AssetProperties: Hashable, Sendable, Codable {
    /// `template-rendering-intent`: `template` or `original`.
    public var templateRenderingIntent: String?
    /// `preserves-vector-representation`.
    public var preservesVectorRepresentation: Bool?
    /// `compression-type`: `lossless`, `lossy`, `automatic`, `gpu-optimized-best`, `gpu-optimized-smallest`.
    public var compressionType: String?
    /// `localizable`.
    public var localizable: Bool?
    /// `on-demand-resource-tags`.
    public var onDemandResourceTags: [String]

    /// Creates properties; all absent by default.
    public init(
        templateRenderingIntent: String? = nil, preservesVectorRepresentation: Bool? = nil,
        compressionType: String? = nil, localizable: Bool? = nil, onDemandResourceTags: [String] = []
    ) {
        self.templateRenderingIntent = templateRenderingIntent
        self.preservesVectorRepresentation = preservesVectorRepresentation
        self.compressionType = compressionType
        self.localizable = localizable
        self.onDemandResourceTags = onDemandResourceTags
    }
}

/// One entry of an image, data or app icon set.
public struct Variant: Hashable, Sendable, Codable {
    /// The traits the entry was made for.
    public var traits: VariantTraits
    /// The file, relative to the catalog root (`Hero.imageset/hero@2x.png`),
    /// or `nil` for an empty slot (an entry without `filename`).
    public var source: String?
    /// What the file's bytes are (sniffed), or `nil` for an empty slot or a missing file.
    public var contentType: ContentType?
    /// What inspecting the file found, or `nil` when it was not inspected (empty slot, missing file).
    public var inspection: FileInspection?
    /// The entry's other keys, kept as strings: `subtype`, `screen-width`, `memory`,
    /// `graphics-feature-set`, `locale`, `compression-type`, `unassigned`, `size`, `platform`, `role`,
    /// `universal-type-identifier`, `alignment-insets`, `resizing`, `luminosity` (`tinted`), …
    public var attributes: [String: String]

    /// Creates a variant.
    public init(
        traits: VariantTraits, source: String?, contentType: ContentType? = nil, inspection: FileInspection? = nil,
        attributes: [String: String] = [:]
    ) {
        self.traits = traits
        self.source = source
        self.contentType = contentType
        self.inspection = inspection
        self.attributes = attributes
    }
}

/// One entry of a colour set.
public struct ColorVariant: Hashable, Sendable, Codable {
    /// The traits the colour is for (idiom, gamut, appearance, contrast).
    public var traits: VariantTraits
    /// The colour.
    public var value: ColorValue

    /// Creates a colour entry.
    public init(traits: VariantTraits, value: ColorValue) {
        self.traits = traits
        self.value = value
    }
}

/// A set of a type the reader recognises but does not index yet.
public struct UnsupportedSet: Hashable, Sendable, Codable {
    /// The set's name, with namespaces.
    public var name: String
    /// The folder extension, such as `launchimage` or `symbolset`.
    public var type: String
    /// The folder, relative to the catalog root.
    public var path: String

    /// Creates a record.
    public init(name: String, type: String, path: String) {
        self.name = name
        self.type = type
        self.path = path
    }
}
