import AssetCatalog

/// What a compiled catalog's EXTENDED_METADATA says about where it ships, and the facts about that platform's
/// devices that the rules of compiled catalogs need (screen scales and sizes, from Apple's published device
/// specifications).
struct CARDeployment: Sendable {
    /// The platforms whose devices the rules know.
    enum Platform: String, Sendable {
        case iOS = "iOS", macOS = "macOS", tvOS = "tvOS", watchOS = "watchOS", visionOS = "visionOS"
    }

    let platform: Platform
    /// The major version of the minimum deployment target (0 when not recorded).
    let majorVersion: Int
    /// Whether the car was thinned for one device (App Store thinning): it then holds one scale on purpose.
    let isThinned: Bool

    /// The deployment of `car`, or `nil` when its metadata names no platform the rules know.
    init?(_ car: CARFile) {
        guard let metadata = car.metadata else { return nil }
        switch metadata.deploymentPlatform.lowercased() {
        case "ios", "iphoneos", "iphonesimulator": platform = .iOS
        case "macosx", "macos", "osx": platform = .macOS
        case "atv", "tvos", "appletvos", "appletvsimulator": platform = .tvOS
        case "watchos", "watchsimulator": platform = .watchOS
        case "xros", "visionos", "xrsimulator": platform = .visionOS
        default: return nil
        }
        majorVersion = Int(metadata.deploymentPlatformVersion.split(separator: ".").first ?? "") ?? 0
        isThinned = !metadata.thinningArguments.isEmpty
    }

    /// The screen scales of the devices that can run this deployment and show images of `idiom`
    /// (`nil`: universal). iPhones have been 2x or 3x since iOS 7 (the last 1x iPhone stopped at iOS 6) and
    /// iPads 2x since iOS 10 (the last 1x iPads stopped at iOS 9); Apple Watch and Vision Pro are 2x; Apple TV
    /// HD is 1x and Apple TV 4K 2x; Macs have 1x and 2x displays.
    func deviceScales(for idiom: Idiom?) -> Set<Int> {
        switch platform {
        case .iOS:
            let pads: Set<Int> = majorVersion >= 10 ? [2] : [1, 2]
            switch idiom {
            case .phone: return [2, 3]
            case .pad: return pads
            default: return pads.union([2, 3])
            }
        case .macOS: return [1, 2]
        case .tvOS: return [1, 2]
        case .watchOS, .visionOS: return [2]
        }
    }

    /// The longest side, in points, of the largest screen of the platform's devices (13-inch iPad Pro
    /// 1376 pt; Apple TV 1920 pt; Apple Watch Ultra 251 pt; Pro Display XDR at its largest scaled mode
    /// 3008 pt — Macs and Vision Pro draw windows, so their limit is the largest display).
    var largestScreenPoints: Int {
        switch platform {
        case .iOS: return 1376
        case .macOS: return 3008
        case .tvOS: return 1920
        case .watchOS: return 251
        case .visionOS: return 3008
        }
    }

    /// `iOS 15`, for messages.
    var description: String {
        majorVersion > 0 ? "\(platform.rawValue) \(majorVersion)" : platform.rawValue
    }
}

/// A rendition of a compiled catalog linked to a variant of the audited asset.
struct CARVariantRendition {
    var variant: Variant
    var rendition: CARRendition
}

/// What the rules of compiled catalogs look up for every asset of one `Assets.car`, worked out once per
/// audit: each rendition's output path (as `extract --all` names it) and each facet by name. Without it,
/// every asset walked every rendition and facet, and a 2,000-asset car took minutes to audit.
final class CARAuditLookup: Sendable {
    let paths: [Int: String]
    let facetByName: [String: Int]

    init(_ car: CARFile) {
        paths = car.outputPaths()
        var facets: [String: Int] = [:]
        for (number, facet) in car.facets.enumerated() where facets[facet.name] == nil { facets[facet.name] = number }
        facetByName = facets
    }
}

extension AssetAuditContext {
    /// The asset's variants with their renditions (matched by the path `extract --all` gives them), when the
    /// asset comes from an `Assets.car`.
    var compiledRenditions: [CARVariantRendition] {
        guard let car = compiledCatalog, let lookup = compiledLookup else { return [] }
        guard let facetNumber = lookup.facetByName[asset.name] else { return [] }
        let facet = car.facets[facetNumber]
        var bySource: [String: CARRendition] = [:]
        for index in facet.renditions {
            if let path = lookup.paths[index] { bySource[path] = car.renditions[index] }
        }
        return asset.variants.compactMap { variant in
            variant.source.flatMap { bySource[$0] }.map { CARVariantRendition(variant: variant, rendition: $0) }
        }
    }
}

extension CARRendition {
    /// Whether the rendition stores pixels at a fixed scale (a bitmap or a JPEG/PNG/HEIF file), not a vector
    /// image or data.
    var isRasterImage: Bool {
        guard !isVector, width > 0, height > 0 else { return false }
        switch CatalogIndex.contentType(of: self) {
        case .png, .jpeg, .heif: return true
        default: return false
        }
    }
}
