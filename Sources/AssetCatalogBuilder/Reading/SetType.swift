import AssetCatalog

/// What a folder inside an `.xcassets` catalog is, decided by its extension.
enum FolderRole: Equatable, Sendable {
    /// A set the reader indexes.
    case set(SetType)
    /// A sprite atlas: listed as unsupported, but its image sets are read like a group's.
    case spriteAtlas
    /// A set that holds other sets or layer files (image stack, brand assets, icon set, Icon Composer
    /// icon): read as an asset of its own kind, and, for stacks and brand assets, descended into.
    case container(ContainerType)
    /// An image stack layer: not an asset itself; its image set is named after the stack and the layer.
    case stackLayer
    /// A set type the reader knows but does not index; the folder is not descended into.
    case unsupported(type: String)
    /// A plain group.
    case group

    /// Every set extension Xcode writes that the reader does not index.
    static let unsupportedExtensions: Set<String> = [
        "launchimage", "textureset",
        "cubetextureset", "mipmapset", "stickerpack", "sticker", "stickersequence", "arimageset",
        "arresourcegroup", "complicationset", "solidimagestack", "solidimagestacklayer", "appiconsetgroup",
        "gcleaderboard", "gcleaderboardset", "gcachievement", "gcdashboardimage",
        "iconstack",
    ]

    /// Classifies a folder by its name.
    /// Unsupported containers whose image sets are read all the same (``CatalogWalker``): a visionOS solid image
    /// stack, its layers, a watchOS complication set.
    static let readThroughExtensions: Set<String> = ["complicationset", "solidimagestack", "solidimagestacklayer"]

    init(folderName: String) {
        guard let dot = folderName.utf8.lastIndex(of: UInt8(ascii: ".")), dot != folderName.utf8.startIndex else {
            self = .group
            return
        }
        let ext = String(folderName[folderName.index(after: dot)...]).lowercased()
        switch ext {
        case "imageset": self = .set(.image)
        case "colorset": self = .set(.color)
        case "dataset": self = .set(.data)
        case "appiconset": self = .set(.appIcon)
        case "spriteatlas": self = .spriteAtlas
        case "symbolset": self = .set(.symbol)
        case "imagestack": self = .container(.imageStack)
        case "brandassets": self = .container(.brandAssets)
        case "iconset": self = .container(.iconSet)
        case "icon": self = .container(.iconComposer)
        case "imagestacklayer": self = .stackLayer
        default:
            self = FolderRole.unsupportedExtensions.contains(ext) ? .unsupported(type: ext) : .group
        }
    }
}

/// A set type the reader indexes, and what its `Contents.json` holds.
enum SetType: Sendable, Hashable {
    case image
    case color
    case data
    case appIcon
    case symbol

    /// The asset kind it produces.
    var assetKind: AssetKind {
        switch self {
        case .image: return .image
        case .color: return .color
        case .data: return .data
        case .appIcon: return .appIcon
        case .symbol: return .symbol
        }
    }

    /// The top-level key holding the entries.
    var entriesKey: String {
        switch self {
        case .image, .appIcon: return "images"
        case .color: return "colors"
        case .data: return "data"
        case .symbol: return "symbols"
        }
    }

    /// The keys an entry may have.
    var entryKeys: Set<String> {
        switch self {
        case .image: return EntryKey.imageKeys
        case .color: return EntryKey.colorKeys
        case .data: return EntryKey.dataKeys
        case .appIcon: return EntryKey.appIconKeys
        case .symbol: return EntryKey.symbolKeys
        }
    }

    /// The keys `properties` may have.
    var propertyKeys: Set<String> {
        [
            "template-rendering-intent", "preserves-vector-representation", "compression-type", "localizable",
            "on-demand-resource-tags", "auto-scaling", "pre-rendered",
        ]
    }

    /// The folder extension, for messages.
    var folderExtension: String {
        switch self {
        case .image: return "imageset"
        case .color: return "colorset"
        case .data: return "dataset"
        case .appIcon: return "appiconset"
        case .symbol: return "symbolset"
        }
    }
}

/// The keys of set entries.
enum EntryKey {
    /// Trait-bearing and descriptive keys shared by image and data sets.
    static let sharedKeys: Set<String> = [
        "filename", "idiom", "scale", "subtype", "screen-width", "width-class", "height-class", "display-gamut",
        "language-direction", "appearances", "memory", "graphics-feature-set", "locale", "compression-type",
        "unassigned",
    ]
    static let imageKeys: Set<String> = sharedKeys.union(["alignment-insets", "resizing"])
    static let dataKeys: Set<String> = sharedKeys.union(["universal-type-identifier"])
    static let appIconKeys: Set<String> = [
        "filename", "idiom", "scale", "size", "platform", "role", "subtype", "appearances", "unassigned", "locale",
    ]
    static let symbolKeys: Set<String> = ["filename", "idiom", "language-direction", "locale", "appearances", "unassigned"]
    static let colorKeys: Set<String> = [
        "idiom", "subtype", "display-gamut", "appearances", "color", "width-class", "height-class", "locale",
        "language-direction",
    ]
}

/// A set type that holds other sets or layer files.
enum ContainerType: String, Sendable, Hashable {
    /// `.imagestack`: layers (`.imagestacklayer`), each holding one image set, front to back.
    case imageStack = "imagestack"
    /// `.brandassets`: image stacks, image sets and launch images, each with a role, idiom and size.
    case brandAssets = "brandassets"
    /// `.iconset`: a macOS icon folder without `Contents.json`; files named `icon_16x16@2x.png`.
    case iconSet = "iconset"
    /// `.icon`: an Icon Composer bundle, `icon.json` and the layer files in `Assets/`.
    case iconComposer = "icon"

    /// Whether the sets inside are read as assets of their own (named after the container).
    var holdsSets: Bool {
        switch self {
        case .imageStack, .brandAssets: return true
        case .iconSet, .iconComposer: return false
        }
    }
}
