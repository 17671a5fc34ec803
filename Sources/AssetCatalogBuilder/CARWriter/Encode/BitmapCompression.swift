/// Which compression a compile's bitmaps get, as Xcode chooses it from the platform and the minimum deployment target
/// (docs/CAR-FORMAT.md, "Compression as Xcode chooses it", with the cars that show each rule):
///
/// - deployment targets of 2019 on (iOS, iPadOS and tvOS 13, watchOS 6, macOS 10.15, every visionOS): deepmap2 —
///   its palette mode for colour images of at most 256 colours, its pixel mode for the rest;
/// - 2018 targets of iOS and tvOS (12.x), watchOS 5: palette-img for colour images of at most 1,024 colours,
///   deepmap-LZFSE for the rest and for grey ones;
/// - targets that have LZFSE (iOS and tvOS 9, watchOS 2, macOS 10.11 on, and macOS up to 10.14): LZFSE in chunks;
/// - older ones (iOS 8, macOS 10.10 and before): LZVN in chunks, raw streams.
///
/// App icons and the flattened images of image stacks are LZFSE (or LZVN) whatever the target: Xcode writes them so
/// even where it writes deepmap2 or palette-img for the images beside them. The bitmap layers of Icon Composer icons are
/// deepmap-LZFSE whatever the target (``deepmapLZFSE``).
enum BitmapCompression: Sendable, Equatable {
    case lzvn
    case lzfse
    case paletteImage
    case deepmap2
    /// deepmap-LZFSE, quality 1, each band in the smaller of its predicted mode (lossy chroma) and its plain one: what
    /// Xcode 26.2 writes for an Icon Composer icon's bitmap layer, on a macOS 10.14 target (cubeSQL), which only systems
    /// of 2025 on read (``DeepmapLZFSEEncoder``). (A 2018 target's images reach deepmap-LZFSE through ``paletteImage``.)
    case deepmapLZFSE

    /// The compression of ordinary images for `platform` from `minimumDeploymentTarget` (a version such as `17.0`;
    /// one that does not parse counts as the newest, as the platform's current release would).
    init(platform: CompilePlatform, minimumDeploymentTarget: String) {
        let parts = minimumDeploymentTarget.split(separator: ".").map { Int($0) }
        guard let major = parts.first ?? nil, parts.allSatisfy({ $0 != nil }) else {
            self = .deepmap2
            return
        }
        let minor = parts.count > 1 ? parts[1]! : 0
        switch platform {
        case .iphoneos, .iphonesimulator, .appletvos, .appletvsimulator:
            self = major >= 13 ? .deepmap2 : major == 12 ? .paletteImage : major >= 9 ? .lzfse : .lzvn
        case .watchos, .watchsimulator:
            self = major >= 6 ? .deepmap2 : major == 5 ? .paletteImage : .lzfse
        case .macosx:
            // macOS 10.14 (a 2018 target) still gets LZFSE: the sudoku sample (Xcode 26, macOS 10.14) has no palette-img.
            if major > 10 || minor >= 15 {
                self = .deepmap2
            } else {
                self = minor >= 11 ? .lzfse : .lzvn
            }
        case .xros, .xrsimulator:
            self = .deepmap2
        }
    }

    /// The compression of one deployment-target copy (key attribute 25) of a car that has copies
    /// (`CARCompiler.deploymentTargetCopies`): the 2019 copy (5) deepmap2, the 2018 copy (3) palette-img, the copy
    /// for any target (0) LZFSE, as zhihu's and Flex's cars store their three copies.
    static func forDeploymentCopy(_ deploymentTarget: UInt16) -> BitmapCompression {
        switch deploymentTarget {
        case 5...: return .deepmap2
        case 3, 4: return .paletteImage
        default: return .lzfse
        }
    }

    /// The compression of app icons and flattened images, which Xcode keeps in LZFSE (LZVN before LZFSE existed).
    var forIconsAndFlattenedImages: BitmapCompression {
        self == .lzvn ? .lzvn : .lzfse
    }
}
