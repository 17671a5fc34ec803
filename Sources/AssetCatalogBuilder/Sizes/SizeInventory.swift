import AssetCatalog

/// What a catalog stores, asset by asset and variant by variant, in bytes: the input of `assetc diff` and of
/// the report's treemap.
///
/// Built from an `Assets.car` (`init(car:path:)`), a packed archive (``init(archive:path:)``) or a source
/// catalog (``init(index:)``), so any two can be compared. The bytes of every variant are counted once:
/// ``totalBytes`` of a car is the sum of all its renditions' stored sizes, of an archive the sum of its
/// (deduplicated) payloads, of a source catalog the sum of its files.
public struct SizeInventory: Hashable, Sendable {
    /// Where the sizes come from.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A compiled `Assets.car`: a variant's bytes are its rendition's (header, info tags and payload).
        case car
        /// An archive written by `assetc pack`: a variant's bytes are its payload's.
        case archive
        /// An `.xcassets` folder or a plain asset folder: a variant's bytes are its file's.
        case catalog
    }

    /// The path the inventory was made from, as given.
    public var path: String
    /// What it was made from.
    public var kind: Kind
    /// The assets, sorted by name (bytewise). A car's packed atlases are not among them: their bytes are
    /// shared out among the images packed in them (``init(car:path:jobs:)``). Its other internal renditions
    /// (records no named asset owns, an atlas no image points into) are assets of their own, with
    /// ``SizedAsset/isInternal`` set.
    public var assets: [SizedAsset]

    /// Creates an inventory.
    public init(path: String, kind: Kind, assets: [SizedAsset]) {
        self.path = path
        self.kind = kind
        self.assets = assets
    }

    /// Every variant's bytes, added up.
    public var totalBytes: Int { assets.reduce(0) { $0 + $1.bytes } }

    /// The number of variants.
    public var variantCount: Int { assets.reduce(0) { $0 + $1.variants.count } }
}

/// One asset of a ``SizeInventory``.
public struct SizedAsset: Hashable, Sendable {
    /// The full name, with its namespaces (`Icons/Settings`); for an internal rendition, the rendition's name.
    public var name: String
    /// What it holds; `nil` for an internal rendition.
    public var kind: AssetKind?
    /// The variants, in the order the catalog stores them.
    public var variants: [SizedVariant]

    /// Creates an asset.
    public init(name: String, kind: AssetKind?, variants: [SizedVariant]) {
        self.name = name
        self.kind = kind
        self.variants = variants
    }

    /// Whether it is a car's internal rendition (a packed atlas, a theme part) rather than a named asset.
    public var isInternal: Bool { kind == nil }

    /// Its variants' bytes, added up.
    public var bytes: Int { variants.reduce(0) { $0 + $1.bytes } }

    /// The namespace the asset is in: its name up to the last `/` (`Icons/Tab` for `Icons/Tab/Home`), or the
    /// empty string at the top level.
    public var namespace: String {
        guard let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(name[..<slash])
    }
}

/// Where a packed image's pixels are in its car: the atlas rendition and the frame, as its internal reference
/// gives them (y counted from the atlas's bottom edge).
struct PackedFrame: Hashable, Sendable {
    /// The atlas's index in the car's renditions.
    var atlas: Int
    var x: Int, y: Int, width: Int, height: Int
    /// The checksum of the image's reference record without the frame (its name, size, format and other tags).
    var record: UInt32 = 0
}

/// One variant of a ``SizedAsset``: a rendition of a car, a payload of an archive, a file of a catalog.
public struct SizedVariant: Hashable, Sendable {
    /// Its traits, with an sRGB gamut written as no gamut (CoreUI stores both as 0), so a catalog's variant and
    /// its rendition in the car have the same traits.
    public var traits: VariantTraits
    /// What identifies it among its asset's variants, the same on every side that holds it: the traits
    /// (`phone 3x dark`), then the pixel size when two variants share the traits (`universal 2x 40x40`), then
    /// `#2`, `#3` for variants still alike (in stored order).
    public var key: String
    /// The stored name: the rendition's name in a car, the source file in an archive or catalog.
    public var name: String
    /// How it is stored: a car bitmap's compression (`lzfse`, `deepmap2`, …), otherwise the kind of file
    /// (`png`, `jpeg`, `pdf`, `data`, …), `colour`, `icon-set` or `packed` (a crop of a packed atlas).
    public var encoding: String
    /// The bytes it adds to the file: 0 for an archive payload already counted under an earlier variant; for an
    /// image packed in an atlas, its reference record plus its ``atlasShare``.
    public var bytes: Int
    /// For an image packed in an atlas, the part of its bytes that is its share of the atlas's (the rest is its
    /// own reference record); 0 for everything else.
    public var atlasShare: Int = 0
    /// Its pixel size, when known.
    public var pixelWidth: Int?
    /// Its pixel height, when known.
    public var pixelHeight: Int?
    /// Whether its bytes are those of a payload stored once under an earlier variant (an archive stores equal
    /// payloads once).
    public var sharesPayload: Bool
    /// A CRC-32 of what it stores (for a car: payload, info tags, pixel format and size, not the modification
    /// time), so that two inventories of the same kind tell a change that keeps the size; `nil` when not known.
    ///
    /// For an image packed in an atlas it stands for the crop's pixels: first a CRC of the atlas's checksum and
    /// the frame (equal only where the crop is the same), then, where two cars' images are compared and that
    /// cannot tell (`settlePackedContent(old:oldCar:new:newCar:jobs:)`), a CRC of the crop's decoded pixels.
    public var checksum: UInt32?
    /// Where a packed image's pixels are: its atlas and frame; `nil` for everything else.
    var packedFrame: PackedFrame?

    /// Creates a variant; ``key`` starts as the traits' description (``SizedAsset`` builders make it unique).
    public init(
        traits: VariantTraits, name: String, encoding: String, bytes: Int, pixelWidth: Int? = nil, pixelHeight: Int? = nil,
        sharesPayload: Bool = false, checksum: UInt32? = nil
    ) {
        var traits = traits
        if traits.displayGamut == .sRGB { traits.displayGamut = nil }
        self.traits = traits
        self.key = traits.description
        self.name = name
        self.encoding = encoding
        self.bytes = bytes
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.sharesPayload = sharesPayload
        self.checksum = checksum
    }

    /// Creates a variant whose traits (an sRGB gamut already written as none) and their description are known.
    init(
        traits: VariantTraits, key: String, name: String, encoding: String, bytes: Int, pixelWidth: Int?, pixelHeight: Int?,
        checksum: UInt32?
    ) {
        self.traits = traits
        self.key = key
        self.name = name
        self.encoding = encoding
        self.bytes = bytes
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.sharesPayload = false
        self.checksum = checksum
    }

    /// The trait values it has, one `dimension=value` each (`idiom=phone`, `scale=3x`, `appearance=dark`); the
    /// dimensions it leaves open are not listed.
    public var traitValues: [String] {
        var values: [String] = []
        if let idiom = traits.idiom { values.append("idiom=\(idiom.token)") }
        if let scale = traits.displayScale { values.append("scale=\(scale)") }
        if let gamut = traits.displayGamut { values.append("gamut=\(gamut.token)") }
        if let width = traits.horizontalSizeClass { values.append("width=\(width.token)") }
        if let height = traits.verticalSizeClass { values.append("height=\(height.token)") }
        if let appearance = traits.appearance { values.append("appearance=\(appearance.token)") }
        if let contrast = traits.contrast { values.append("contrast=\(contrast.token)") }
        if let direction = traits.layoutDirection { values.append("direction=\(direction.token)") }
        if let locale = traits.locale { values.append("locale=\(locale.identifier)") }
        return values
    }
}

extension SizedAsset {
    /// Makes every variant's ``SizedVariant/key`` unique within the asset: the traits, then the pixel size, then
    /// an ordinal, so that the same variant gets the same key in a car, an archive and a catalog.
    mutating func assignKeys() {
        // Nearly every asset's variants differ in their traits already: tell that without building dictionaries.
        if variants.count < 2 { return }
        if variants.count <= 16 {
            var alike = false
            for later in 1..<variants.count where !alike {
                for earlier in 0..<later where variants[earlier].key == variants[later].key {
                    alike = true
                    break
                }
            }
            if !alike { return }
        }
        var byTraits: [String: Int] = [:]
        for variant in variants { byTraits[variant.key, default: 0] += 1 }
        var seen: [String: Int] = [:]
        for position in variants.indices {
            var key = variants[position].key
            if byTraits[key, default: 0] > 1, let width = variants[position].pixelWidth, let height = variants[position].pixelHeight {
                key += " \(width)x\(height)"
            }
            seen[key, default: 0] += 1
            if let count = seen[key], count > 1 { key += " #\(count)" }
            variants[position].key = key
        }
    }
}

extension SizeInventory {
    /// Sorts the assets by name (bytewise, stable) and gives every variant its key.
    mutating func finish() {
        for position in assets.indices { assets[position].assignKeys() }
        // A car's facets come in tree order, which is already byte order: then nothing moves (the sort is stable).
        if !assets.indices.dropFirst().allSatisfy({ !Bytewise.less(assets[$0].name, assets[$0 - 1].name) }) {
            assets.sort { Bytewise.less($0.name, $1.name) }
        }
    }
}
