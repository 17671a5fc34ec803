/// One option of actool's command line, as the build systems that call actool pass it (swift-build's
/// `AssetCatalogCompiler.xcspec`, rules_apple, .NET for iOS, Chromium, qbs, Icon Composer scripts), plus the few
/// that are assetc's own.
///
/// The list is exhaustive on purpose: ``ActoolArguments`` refuses any option not here, as actool does
/// ("Unknown argument"), and every case is handled by a `switch` in ``ActoolInvocation``, so a new option cannot
/// be accepted without being given a meaning. docs/ACTOOL.md documents each (a test keeps the two in step).
public enum ActoolOption: String, CaseIterable, Sendable, Hashable {
    // MARK: Outputs
    /// `--compile DIR`: where `Assets.car` and the files beside it go.
    case compile = "--compile"
    /// `--output-format human-readable-text|xml1|binary1`: the result document's format.
    case outputFormat = "--output-format"
    /// `--errors`: report errors in the result document.
    case errors = "--errors"
    /// `--warnings`: report warnings.
    case warnings = "--warnings"
    /// `--notices`: report notices.
    case notices = "--notices"
    /// `--export-dependency-info FILE`: the files read and written, in the binary dependency-info format.
    case exportDependencyInfo = "--export-dependency-info"
    /// `--output-partial-info-plist FILE`: the Info.plist keys the catalog contributes.
    case outputPartialInfoPlist = "--output-partial-info-plist"

    // MARK: Target
    /// `--platform NAME`: `iphoneos`, `macosx`, ….
    case platform = "--platform"
    /// `--minimum-deployment-target VERSION`.
    case minimumDeploymentTarget = "--minimum-deployment-target"
    /// `--target-device FAMILY` (repeatable): `iphone`, `ipad`, `mac`, ….
    case targetDevice = "--target-device"
    /// `--ui-framework-family uikit`: a Mac Catalyst build.
    case uiFrameworkFamily = "--ui-framework-family"
    /// `--product-type IDENTIFIER`: `com.apple.product-type.application`, ….
    case productType = "--product-type"
    /// `--development-region LANGUAGE`.
    case developmentRegion = "--development-region"
    /// `--include-language LANGUAGE` (repeatable): the languages whose localized variants are kept.
    case includeLanguage = "--include-language"

    // MARK: Thinning
    /// `--filter-for-thinning-device-configuration CONFIGURATION`.
    case filterForThinningDeviceConfiguration = "--filter-for-thinning-device-configuration"
    /// `--filter-for-device-model MODEL`: `iPhone14,7`.
    case filterForDeviceModel = "--filter-for-device-model"
    /// `--filter-for-device-os-version VERSION`.
    case filterForDeviceOSVersion = "--filter-for-device-os-version"

    // MARK: Icons and named sets
    /// `--app-icon NAME`: the primary app icon set.
    case appIcon = "--app-icon"
    /// `--alternate-app-icon NAME` (repeatable).
    case alternateAppIcon = "--alternate-app-icon"
    /// `--include-all-app-icons`: every app icon set is compiled, the others as alternates.
    case includeAllAppIcons = "--include-all-app-icons"
    /// `--standalone-icon-behavior default|all|none`.
    case standaloneIconBehavior = "--standalone-icon-behavior"
    /// `--enable-icon-stack-fallback-generation[=disabled]`.
    case enableIconStackFallbackGeneration = "--enable-icon-stack-fallback-generation"
    /// `--flattened-app-icon-path PATH`.
    case flattenedAppIconPath = "--flattened-app-icon-path"
    /// `--skip-app-store-deployment`: no App Store icon checks.
    case skipAppStoreDeployment = "--skip-app-store-deployment"
    /// `--accent-color NAME`.
    case accentColor = "--accent-color"
    /// `--widget-background-color NAME`.
    case widgetBackgroundColor = "--widget-background-color"
    /// `--launch-image NAME`.
    case launchImage = "--launch-image"
    /// `--complication NAME` (watchOS complication set; .NET passes it).
    case complication = "--complication"

    // MARK: Stickers and Game Center
    /// `--include-sticker-content`.
    case includeStickerContent = "--include-sticker-content"
    /// `--stickers-icon-role host-app|extension`.
    case stickersIconRole = "--stickers-icon-role"
    /// `--sticker-pack-identifier-prefix PREFIX`.
    case stickerPackIdentifierPrefix = "--sticker-pack-identifier-prefix"
    /// `--sticker-pack-strings-file NAME:REGION:PATH` (repeatable).
    case stickerPackStringsFile = "--sticker-pack-strings-file"
    /// `--leaderboard-identifier-prefix PREFIX`.
    case leaderboardIdentifierPrefix = "--leaderboard-identifier-prefix"
    /// `--leaderboard-set-identifier-prefix PREFIX`.
    case leaderboardSetIdentifierPrefix = "--leaderboard-set-identifier-prefix"

    // MARK: On-demand resources
    /// `--enable-on-demand-resources YES|NO`.
    case enableOnDemandResources = "--enable-on-demand-resources"
    /// `--asset-pack-output-specifications PLIST`.
    case assetPackOutputSpecifications = "--asset-pack-output-specifications"

    // MARK: Encoding
    /// `--compress-pngs`.
    case compressPNGs = "--compress-pngs"
    /// `--optimization time|space`.
    case optimization = "--optimization"
    /// `--lightweight-asset-runtime-mode MODE`.
    case lightweightAssetRuntimeMode = "--lightweight-asset-runtime-mode"
    /// `--include-partial-info-plist-localizations YES|NO`.
    case includePartialInfoPlistLocalizations = "--include-partial-info-plist-localizations"
    /// `--enable-incremental-distill YES|NO`.
    case enableIncrementalDistill = "--enable-incremental-distill"
    /// `--target-name NAME` (with `--enable-incremental-distill`).
    case targetName = "--target-name"

    // MARK: Asset symbols
    /// `--bundle-identifier ID`: the bundle the generated symbols look their assets up in.
    case bundleIdentifier = "--bundle-identifier"
    /// `--generate-swift-asset-symbols FILE`.
    case generateSwiftAssetSymbols = "--generate-swift-asset-symbols"
    /// `--generate-objc-asset-symbols FILE`.
    case generateObjCAssetSymbols = "--generate-objc-asset-symbols"
    /// `--generate-asset-symbol-index FILE`.
    case generateAssetSymbolIndex = "--generate-asset-symbol-index"
    /// `--generate-swift-asset-symbol-extensions YES|NO`.
    case generateSwiftAssetSymbolExtensions = "--generate-swift-asset-symbol-extensions"
    /// `--generate-asset-symbol-framework-support FRAMEWORK` (repeatable).
    case generateAssetSymbolFrameworkSupport = "--generate-asset-symbol-framework-support"
    /// `--generate-asset-symbol-warnings YES|NO`.
    case generateAssetSymbolWarnings = "--generate-asset-symbol-warnings"
    /// `--generate-asset-symbol-errors YES|NO`.
    case generateAssetSymbolErrors = "--generate-asset-symbol-errors"
    /// `--generate-asset-symbol-backwards-deployment-support VALUE`.
    case generateAssetSymbolBackwardsDeploymentSupport = "--generate-asset-symbol-backwards-deployment-support"

    // MARK: Probes
    /// `--version`.
    case version = "--version"
    /// `--print-contents`: the catalogs' contents as a plist.
    case printContents = "--print-contents"
    /// `--print-asset-tag-combinations`: the sets of on-demand-resource tags the catalogs use.
    case printAssetTagCombinations = "--print-asset-tag-combinations"
    /// `--help`.
    case help = "--help"

    // MARK: assetc's own
    /// `--jobs N`: images compressed at once.
    case jobs = "--jobs"
    /// `--xcode-version VERSION`: which Xcode release to write as (Icon Composer naming and flat images, colour components).
    case xcodeVersion = "--xcode-version"
    /// `--declared-inputs LIST`: the inputs a build system declared (links followed out of the root).
    case declaredInputs = "--declared-inputs"
    /// `--cache DIR`: the compile cache's folder (by default beside the output folder; docs/COMPILE-CACHE.md).
    case cache = "--cache"
    /// `--no-cache`: compile everything, read and write no cache.
    case noCache = "--no-cache"
    /// `--cache-limit SIZE`: the most the cache folder holds (`512M`, `2G`; least recently used records go first).
    case cacheLimit = "--cache-limit"

    /// How many words the option takes after it.
    public enum Arity: Sendable, Hashable {
        /// No value: `--notices`.
        case flag
        /// One value: `--compile DIR` or `--compile=DIR`; given twice, the last wins (as actool's options do).
        case value
        /// One value, repeatable, each kept in order: `--target-device iphone --target-device ipad`.
        case repeatable
        /// A flag that may carry a value after `=` only: `--enable-icon-stack-fallback-generation=disabled`.
        case flagWithOptionalValue
    }

    /// How many words the option takes after it.
    public var arity: Arity {
        switch self {
        case .errors, .warnings, .notices, .includeAllAppIcons, .skipAppStoreDeployment, .includeStickerContent,
            .compressPNGs, .version, .printContents, .printAssetTagCombinations, .help, .noCache:
            return .flag
        case .enableIconStackFallbackGeneration:
            return .flagWithOptionalValue
        case .targetDevice, .includeLanguage, .alternateAppIcon, .stickerPackStringsFile,
            .generateAssetSymbolFrameworkSupport:
            return .repeatable
        case .compile, .outputFormat, .exportDependencyInfo, .outputPartialInfoPlist, .platform,
            .minimumDeploymentTarget, .uiFrameworkFamily, .productType, .developmentRegion,
            .filterForThinningDeviceConfiguration, .filterForDeviceModel, .filterForDeviceOSVersion, .appIcon,
            .standaloneIconBehavior, .flattenedAppIconPath, .accentColor, .widgetBackgroundColor, .launchImage,
            .complication, .stickersIconRole, .stickerPackIdentifierPrefix, .leaderboardIdentifierPrefix,
            .leaderboardSetIdentifierPrefix, .enableOnDemandResources, .assetPackOutputSpecifications, .optimization,
            .lightweightAssetRuntimeMode, .includePartialInfoPlistLocalizations, .enableIncrementalDistill, .targetName,
            .bundleIdentifier, .generateSwiftAssetSymbols, .generateObjCAssetSymbols, .generateAssetSymbolIndex,
            .generateSwiftAssetSymbolExtensions, .generateAssetSymbolWarnings, .generateAssetSymbolErrors,
            .generateAssetSymbolBackwardsDeploymentSupport, .jobs, .xcodeVersion, .declaredInputs, .cache, .cacheLimit:
            return .value
        }
    }

    /// The values the option accepts when they are a fixed list (checked by ``ActoolArguments``), or `nil`.
    public var allowedValues: [String]? {
        switch self {
        case .outputFormat: return ["human-readable-text", "xml1", "binary1"]
        case .enableOnDemandResources, .includePartialInfoPlistLocalizations, .enableIncrementalDistill,
            .generateSwiftAssetSymbolExtensions, .generateAssetSymbolWarnings, .generateAssetSymbolErrors:
            return ["YES", "NO"]
        case .standaloneIconBehavior: return ["default", "all", "none"]
        case .optimization: return ["time", "space"]
        case .stickersIconRole: return ["host-app", "extension"]
        case .uiFrameworkFamily: return ["uikit", "appkit"]
        default: return nil
        }
    }
}
