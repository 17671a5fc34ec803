import AssetCatalog

/// The platforms `assetc compile` writes for, spelled as actool spells them.
public enum CompilePlatform: String, Sendable, CaseIterable {
    /// iOS and iPadOS devices and the simulator.
    case iphoneos, iphonesimulator
    /// macOS.
    case macosx
    /// tvOS devices and the simulator.
    case appletvos, appletvsimulator
    /// watchOS devices and the simulator.
    case watchos, watchsimulator
    /// visionOS devices and the simulator.
    case xros, xrsimulator

    /// The idioms a catalog compiled for this platform keeps (universal entries are always kept).
    public var idioms: Set<Idiom> {
        switch self {
        case .iphoneos, .iphonesimulator: return [.phone, .pad, .car]
        case .macosx: return [.mac]
        case .appletvos, .appletvsimulator: return [.tv]
        case .watchos, .watchsimulator: return [.watch]
        case .xros, .xrsimulator: return [.vision, .pad, .phone]
        }
    }

    /// The platform name stored in EXTENDED_METADATA (as Xcode writes it).
    var metadataName: String {
        switch self {
        case .iphoneos, .iphonesimulator: return "ios"
        case .macosx: return "macosx"
        case .appletvos, .appletvsimulator: return "atv"
        case .watchos, .watchsimulator: return "watchos"
        case .xros, .xrsimulator: return "xros"
        }
    }

    /// Whether app icons are written beside the car as PNG files (iOS family) rather than an `.icns` (macOS).
    var isMac: Bool { self == .macosx }
}

/// How a compile names the images, colours and gradients of an Icon Composer icon (`.icon`), which changed between
/// Xcode releases (docs/CAR-FORMAT.md, "Icon Composer icons").
public enum IconComposerNaming: String, Sendable, CaseIterable {
    /// `<Icon>_Assets/<image>`, `<Icon>_Assets/Color-1`: Xcode 26.1 and later (the sudoku car, CoreUI 969; Xcode 26.2,
    /// CoreUI 972).
    case assetsFolder
    /// `<Icon>/<image>`, `<Icon>/Color-1`: Xcode 26.0 (CoreUI 961).
    case iconFolder

    /// The naming of the Xcode release `version` (`26.0`, `26.2`, …): ``iconFolder`` before 26.1, else
    /// ``assetsFolder``; `nil` when `version` is not a version number.
    public init?(xcodeVersion version: String) {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        let major = parts[0]!
        let minor = parts.count > 1 ? parts[1]! : 0
        self = (major, minor) < (26, 1) ? .iconFolder : .assetsFolder
    }

    /// What the facet names of icon `name`'s images, colours and gradients start with.
    func prefix(icon name: String) -> String {
        switch self {
        case .assetsFolder: return name + "_Assets/"
        case .iconFolder: return name + "/"
        }
    }
}

/// What `assetc compile` is asked to do.
public struct CompileOptions: Sendable {
    /// The target platform.
    public var platform: CompilePlatform
    /// The minimum deployment target, such as `17.0`.
    public var minimumDeploymentTarget: String
    /// The devices the output is thinned for (`--target-device`); empty keeps every idiom of the platform.
    public var targetDevices: [Idiom]
    /// The app icon set to compile as the primary app icon.
    public var appIcon: String?
    /// App icon sets compiled as alternate icons (`--alternate-app-icon`), beside ``appIcon``.
    public var alternateAppIcons: [String] = []
    /// The colour set named as the accent colour in the partial Info.plist.
    public var accentColor: String?
    /// The colour set named as widgets' background colour in the partial Info.plist (`NSWidgetBackgroundColorName`).
    public var widgetBackgroundColor: String?
    /// Images decoded and compressed at once (`nil`: one per processor).
    public var jobs: Int?
    /// The major OS version of the one device the compile is thinned for (`--filter-for-device-os-version`), or `nil`:
    /// of the deployment-target copies an iOS 9–12 target gets, the device's OS reads one, and only that one is
    /// written (`CARCompiler.deploymentTargetCopies`).
    public var deviceOSMajorVersion: Int?
    /// The display scale of the one device the compile is thinned for, or `nil`: a vector entry that names no scale is
    /// drawn at this scale alone instead of every scale of its idiom, as Xcode 15's thinned car of the
    /// SwiftUITestProject1 sample holds its PDFs at 3x only.
    public var deviceScale: Int?
    /// The tool's version, written in CARHEADER and EXTENDED_METADATA.
    public var toolVersion: String
    /// How Icon Composer icons' images, colours and gradients are named: as the newest Xcode names them unless told.
    public var iconComposerNaming = IconComposerNaming.assetsFolder
    /// Whether an Icon Composer icon is also drawn flat, as the app icon images of systems before 26 (macOS before
    /// 26, iOS): Xcode 26.2 does (the cubeSQL car), Xcode 26.0.1 does not (the sudoku car keeps its `.iconset`'s
    /// images); `--xcode-version` before 26.2 turns it off.
    public var drawsIconComposerImages = true
    /// Whether every component of a colour set is stored narrowed to a 32-bit float, as Xcode 26 stores them (sudoku's
    /// 0.176 as 0.17599999904632568), or only those `Contents.json` writes as decimals, as Xcode 15 stores them
    /// (SwiftUITestProject1's `0x5E` as 94/255 exactly, its `0.067` as 0.06700000166893005;
    /// ``ColorVariant/decimalChannels``); `--xcode-version` before 26 turns it off (Xcode 16 is not shown by any car here).
    public var narrowsColorComponents = true
    /// Called as renditions are compiled (from the compiling threads) with the number done and the number
    /// to compile, for a progress display; it does not change the output.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Whether ``CARCompiler/compile(_:toFile:)`` removes its temporary file when the process gets SIGINT or
    /// SIGTERM (it installs handlers for as long as the file exists); for a command-line tool.
    public var handleSignals = false
    /// Whether small images are packed into atlases as Xcode packs them (docs/CAR-FORMAT.md, "Packed atlases"); the
    /// tests of the per-image compressions turn it off to see each image's own rendition.
    var packsAtlases = true
    /// The most bytes of PDF and SVG bitmaps the pack stage keeps for drawing their atlases (``VectorRasterCache``); the
    /// tests set 0 to see the others drawn again, to the same bytes.
    var keptVectorRasterBytes = VectorRasterCache.limit

    /// Creates options.
    public init(
        platform: CompilePlatform, minimumDeploymentTarget: String, targetDevices: [Idiom] = [], appIcon: String? = nil,
        accentColor: String? = nil, jobs: Int? = nil, toolVersion: String = "0"
    ) {
        self.platform = platform
        self.minimumDeploymentTarget = minimumDeploymentTarget
        self.targetDevices = targetDevices
        self.appIcon = appIcon
        self.accentColor = accentColor
        self.jobs = jobs
        self.toolVersion = toolVersion
    }

    /// The idioms kept: the platform's, narrowed by the target devices.
    var keptIdioms: Set<Idiom> {
        targetDevices.isEmpty ? platform.idioms : platform.idioms.intersection(targetDevices)
    }
}
