import AssetCatalog

/// What a folder inside an `.xcassets` catalog is, decided by its extension.
enum FolderRole: Equatable, Sendable {
    /// A set the reader indexes.
    case set(SetType)
    /// A sprite atlas: listed as unsupported, but its image sets are read like a group's.
    case spriteAtlas
    /// A set type the reader knows but does not index; the folder is not descended into.
    case unsupported(type: String)
    /// A plain group.
    case group

    /// Every set extension Xcode writes that the reader does not index.
    static let unsupportedExtensions: Set<String> = [
        "launchimage", "imagestack", "imagestacklayer", "brandassets", "symbolset", "iconset", "textureset",
        "cubetextureset", "mipmapset", "stickerpack", "sticker", "stickersequence", "arimageset",
        "arresourcegroup", "complicationset", "solidimagestack", "solidimagestacklayer", "appiconsetgroup",
        "gcleaderboard", "gcleaderboardset", "gcachievement", "gcdashboardimage",
        "icon", "iconstack",
    ]

    /// Classifies a folder by its name.
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

    /// The asset kind it produces.
    var assetKind: AssetKind {
        switch self {
        case .image: return .image
        case .color: return .color
        case .data: return .data
        case .appIcon: return .appIcon
        }
    }

    /// The top-level key holding the entries.
    var entriesKey: String {
        switch self {
        case .image, .appIcon: return "images"
        case .color: return "colors"
        case .data: return "data"
        }
    }

    /// The keys an entry may have.
    var entryKeys: Set<String> {
        switch self {
        case .image: return EntryKey.imageKeys
        case .color: return EntryKey.colorKeys
        case .data: return EntryKey.dataKeys
        case .appIcon: return EntryKey.appIconKeys
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
    static let colorKeys: Set<String> = [
        "idiom", "subtype", "display-gamut", "appearances", "color", "width-class", "height-class", "locale",
        "language-direction",
    ]
}
