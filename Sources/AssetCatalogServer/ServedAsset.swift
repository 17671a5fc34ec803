import AssetCatalog
import Hummingbird

/// What the server knows about one asset, worked out once when its catalog is opened.
public struct ServedAsset: Sendable {
    /// The asset's name.
    public let name: String
    /// What it holds. Assets of an `Assets.car` are images, data or colours by their renditions.
    public let kind: AssetKind
    /// Its variants in source order (for an `Assets.car`: the renditions that can become a file), as the
    /// resolver ranks them.
    public let variants: [ServedVariant]
    /// The hints that can change which variant this asset answers: the `Vary` of its responses.
    public let varyingHints: [ClientHint]
    /// Per variant, where its file is in the catalog (an archive's payload index, an `Assets.car`'s rendition
    /// index; -1 for none).
    let fileIndices: [Int]
    /// `Vary` and `Critical-CH` for a request that overrides no dimension, worked out once.
    let defaultHintHeaders: HintHeaders

    /// Whether the asset has no file of its own to serve (a colour or a container), and why not.
    public var noFileReason: String? {
        switch kind {
        case .color: return "'\(name)' is a color set, which has no file"
        case .imageStack, .brandAssets: return "'\(name)' is a container (\(kind.rawValue)) with no file of its own"
        case .image, .data, .appIcon, .symbol, .icon: return variants.isEmpty ? "'\(name)' has no variant with a file" : nil
        }
    }

    init(name: String, kind: AssetKind, variants: [ServedVariant], fileIndices: [Int] = []) {
        self.name = name
        self.kind = kind
        self.variants = variants
        self.fileIndices = fileIndices
        let traits = variants.map(\.traits)
        self.varyingHints = ClientHint.allCases.filter { Self.dimension($0.dimension, canChangeAmong: traits) }
        self.defaultHintHeaders = HintHeaders(vary: varyingHints)
    }

    /// Whether a request's value in `dimension` can change which of `variants` wins (or whether one wins at all).
    ///
    /// Only when some variant names a value there: then, in a dimension that eliminates (appearance, size
    /// class, locale, …) a request for another value loses that variant; in the two that never eliminate
    /// (scale and gamut) it matters only when the variants differ there.
    static func dimension(_ dimension: TraitDimension, canChangeAmong variants: [VariantTraits]) -> Bool {
        let values = Set(variants.map { value(of: dimension, in: $0) })
        let anySpecified = values.contains { $0 != nil }
        switch dimension {
        case .scale, .gamut: return values.count > 1
        case .idiom, .width, .height, .appearance, .contrast, .direction, .locale: return anySpecified
        }
    }
}

extension ServedAsset {
    /// A variant's value in `dimension` (`nil`: any), spelled as a token.
    static func value(of dimension: TraitDimension, in traits: VariantTraits) -> String? {
        switch dimension {
        case .idiom: return traits.idiom?.token
        case .width: return traits.horizontalSizeClass?.token
        case .height: return traits.verticalSizeClass?.token
        case .appearance: return traits.appearance?.token
        case .contrast: return traits.contrast?.token
        case .direction: return traits.layoutDirection?.token
        case .scale: return traits.displayScale?.description
        case .gamut: return traits.displayGamut?.token
        case .locale: return traits.locale?.identifier
        }
    }
}

/// The `Vary` and `Critical-CH` values for a list of hints (`nil` for an empty list).
struct HintHeaders: Sendable {
    let vary: String?
    let critical: String?

    init(vary hints: [ClientHint]) {
        vary = hints.isEmpty ? nil : hints.map(\.rawValue).joined(separator: ", ")
        let critical = hints.filter(\.needsAsking)
        self.critical = critical.isEmpty ? nil : critical.map(\.rawValue).joined(separator: ", ")
    }
}

/// One variant as the server hands it out.
public struct ServedVariant: Sendable {
    /// Its traits.
    public let traits: VariantTraits
    /// Where it came from: the source file in the catalog, or the rendition's name in an `Assets.car`.
    public let label: String
    /// Its pixel size, when known.
    public let pixelSize: (width: Int, height: Int)?
}

/// A variant's bytes and the headers that describe them: what `GET /assets/{name}` sends.
public struct ServedFile: Sendable {
    /// The bytes, exactly as `assetc extract … -o -` writes them.
    public let body: ByteBuffer
    /// The `Content-Type`.
    public let contentType: String
    /// The strong entity tag, quoted: the payload's length and a 64-bit FNV-1a hash of its bytes.
    public let entityTag: String
    /// The chosen variant's position among the asset's variants.
    public let variant: Int

    /// The entity tag of `bytes`.
    static func entityTag(of bytes: UnsafeRawBufferPointer) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return "\"\(String(bytes.count, radix: 16))-\(String(hash, radix: 16))\""
    }
}

/// Why a lookup has no file to send.
public enum ServedLookupFailure: Error, Sendable {
    /// No asset has the name.
    case noSuchAsset
    /// The asset exists but holds no file (a colour, a container), with the reason.
    case noFile(String)
    /// Every variant was eliminated by the request's traits.
    case noMatch
    /// `variant=N` names a position past the asset's variants.
    case noSuchVariant(Int)
    /// The catalog's bytes for the variant are damaged (the message names the structure).
    case damaged(String)
}

extension ContentType {
    /// The media type of payloads with this content.
    var mediaType: String {
        switch self {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .pdf: return "application/pdf"
        case .svg: return "image/svg+xml"
        case .heif: return "image/heif"
        case .webp: return "image/webp"
        case .psd: return "image/vnd.adobe.photoshop"
        case .gif: return "image/gif"
        case .tiff: return "image/tiff"
        case .gitLFSPointer: return "text/plain; charset=utf-8"
        case .unknown: return "application/octet-stream"
        }
    }

    /// The media type of a file `assetc extract` writes from an `Assets.car` under `fileExtension`.
    static func mediaType(fileExtension: String) -> String {
        switch fileExtension {
        case "png": return ContentType.png.mediaType
        case "jpg": return ContentType.jpeg.mediaType
        case "pdf": return ContentType.pdf.mediaType
        case "svg": return ContentType.svg.mediaType
        case "heic": return ContentType.heif.mediaType
        default: return ContentType.unknown.mediaType
        }
    }
}
