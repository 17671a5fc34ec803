import AssetCatalog
import AssetCatalogBuilder
import AssetCatalogCompileCache

/// What one actool command line asks for, checked and typed: a probe (`--version`, `--print-contents`,
/// `--print-asset-tag-combinations`, `--help`) or a compile with all its settings.
///
/// Every ``ActoolOption`` is given its meaning here or in ``ActoolCompilation``; docs/ACTOOL.md says, option by
/// option, what actool does and what assetc does.
public struct ActoolInvocation: Sendable {
    /// What the run does.
    public enum Action: Sendable, Hashable {
        /// `--help`.
        case help
        /// `--version`.
        case version
        /// `--print-contents`: the catalogs' sets as a plist section.
        case printContents
        /// `--print-asset-tag-combinations`: the tag sets the catalogs use.
        case printAssetTagCombinations
        /// Compile the inputs into ``ActoolInvocation/outputDirectory``.
        case compile
    }

    /// The command line as given.
    public let arguments: ActoolArguments
    /// What the run does.
    public let action: Action
    /// The result document's format.
    public let outputFormat: ActoolOutputFormat
    /// Which diagnostics the result document reports.
    public let reporting: ActoolResultDocument.Reporting
    /// The catalogs and other inputs, in order.
    public var inputs: [String] { arguments.inputs }
    /// `--compile`'s folder (a compile only).
    public let outputDirectory: String?
    /// The compile's settings for the car writer (a compile only).
    public let compileOptions: CompileOptions?
    /// Whether on-demand-resource tags send sets to asset packs (`--enable-on-demand-resources YES`).
    public let onDemandResources: Bool
    /// `--standalone-icon-behavior`.
    public let standaloneIconBehavior: StandaloneIconBehavior
    /// `--include-all-app-icons`.
    public let includesAllAppIcons: Bool
    /// `--include-language`: the languages whose localized variants are kept (empty: all).
    public let includedLanguages: [String]
    /// The device `--filter-for-…` names, or `nil` when the compile is not thinned to one device
    /// (docs/DEVICES.md).
    public let thinning: ThinningRequest?
    /// The asset symbols' settings when a `--generate-…-asset-symbols` or `--generate-asset-symbol-index` file is
    /// asked for (docs/ASSET-SYMBOLS.md), else `nil`.
    public let assetSymbols: AssetSymbolOptions?
    /// The compile cache's folder (`--cache`, by default beside the output folder), or `nil` with `--no-cache`
    /// (docs/COMPILE-CACHE.md).
    public let cacheFolder: String?
    /// `--cache-limit`: the most bytes the cache folder holds.
    public let cacheLimit: UInt64

    /// Which loose app icon files are written beside the car.
    public enum StandaloneIconBehavior: String, Sendable, Hashable {
        /// The files the platform's Info.plist names (assetc writes every iPhone and iPad size the set has, and
        /// macOS's `.icns`).
        case `default`
        /// Every size (the same files as ``default`` in assetc: it already writes every size the set has).
        case all
        /// No loose files: the icons are only in the car (the partial Info.plist still names them).
        case none
    }

    /// Checks `arguments` and works out what they ask for.
    ///
    /// - Parameters:
    ///   - arguments: The parsed command line.
    ///   - toolVersion: assetc's version, written into the car and the dependency file.
    /// - Throws: ``ActoolUsageError`` for a missing required option, an unknown platform, device family or
    ///   version, or an option assetc cannot honour yet (named, never silently ignored).
    public init(_ arguments: ActoolArguments, toolVersion: String) throws(ActoolUsageError) {
        self.arguments = arguments
        outputFormat = ActoolOutputFormat(rawValue: arguments.value(.outputFormat) ?? "") ?? .humanReadableText
        reporting = .init(warnings: arguments.contains(.warnings), notices: arguments.contains(.notices))
        onDemandResources = arguments.boolean(.enableOnDemandResources) ?? false
        standaloneIconBehavior = StandaloneIconBehavior(rawValue: arguments.value(.standaloneIconBehavior) ?? "default") ?? .default
        includesAllAppIcons = arguments.contains(.includeAllAppIcons)
        includedLanguages = arguments.all(.includeLanguage)
        if arguments.contains(.help) {
            action = .help
        } else if arguments.contains(.version) {
            action = .version
        } else if arguments.contains(.printAssetTagCombinations) {
            action = .printAssetTagCombinations
        } else if arguments.contains(.printContents) && !arguments.contains(.compile) {
            action = .printContents
        } else {
            action = .compile
        }
        guard action == .compile else {
            outputDirectory = nil
            compileOptions = nil
            thinning = nil
            assetSymbols = nil
            cacheFolder = nil
            cacheLimit = CompileCache.defaultLimit
            if action != .help && action != .version && arguments.inputs.isEmpty {
                throw .invalid("No input files were given: name at least one asset catalog.")
            }
            return
        }
        guard let output = arguments.value(.compile) else {
            throw .invalid("The --compile option is required: name the folder to write Assets.car into.")
        }
        guard !arguments.inputs.isEmpty else {
            throw .invalid("No input files were given: name at least one asset catalog.")
        }
        guard let platformName = arguments.value(.platform) else { throw .invalid("The --platform option is required.") }
        guard let platform = CompilePlatform(rawValue: platformName) else {
            throw .invalidValue(.platform, value: platformName, allowed: CompilePlatform.allCases.map(\.rawValue))
        }
        guard let target = arguments.value(.minimumDeploymentTarget) else {
            throw .invalid("The --minimum-deployment-target option is required.")
        }
        guard Self.isVersion(target) else {
            throw .invalid("'\(MessageQuote.clipped(target))' is not a version for --minimum-deployment-target (such as 17.0).")
        }
        var devices: [Idiom] = []
        for device in arguments.all(.targetDevice) {
            guard let idiom = Idiom(parsing: device) else {
                throw .invalidValue(.targetDevice, value: device, allowed: ["iphone", "ipad", "tv", "watch", "mac", "vision", "car"])
            }
            devices.append(idiom)
        }
        for option in [ActoolOption.appIcon, .alternateAppIcon, .accentColor, .widgetBackgroundColor] {
            for name in arguments.all(option) where name.isEmpty {
                throw .invalid("The \(option.rawValue) option needs a set name, not an empty value.")
            }
        }
        for language in arguments.all(.includeLanguage) where LocaleTag(language) == nil {
            throw .invalid("--include-language: '\(MessageQuote.clipped(language))' is not a language tag such as de, fr-CA or zh-Hans.")
        }
        var options = CompileOptions(
            platform: platform, minimumDeploymentTarget: target, targetDevices: devices,
            appIcon: arguments.value(.appIcon), accentColor: arguments.value(.accentColor), toolVersion: toolVersion)
        options.alternateAppIcons = arguments.all(.alternateAppIcon).filter { $0 != options.appIcon }
        options.widgetBackgroundColor = arguments.value(.widgetBackgroundColor)
        if let jobs = arguments.value(.jobs) {
            guard let count = Int(jobs), (1...1024).contains(count) else {
                throw .invalid("--jobs takes a whole number from 1 to 1024, not '\(MessageQuote.clipped(jobs))'.")
            }
            options.jobs = count
        }
        if let xcode = arguments.value(.xcodeVersion) {
            guard let naming = IconComposerNaming(xcodeVersion: xcode) else {
                throw .invalid("--xcode-version '\(MessageQuote.clipped(xcode))' is not a version such as 26.2.")
            }
            options.iconComposerNaming = naming
            let parts = xcode.split(separator: ".").map { Int($0) ?? 0 }
            options.drawsIconComposerImages = (parts.first ?? 0, parts.count > 1 ? parts[1] : 0) >= (26, 2)
            options.narrowsColorComponents = (parts.first ?? 0) >= 26
        }
        // Xcode's switch for an Icon Composer icon's pre-rendered images (issue 41): `=disabled` writes the layer data only.
        if arguments.value(.enableIconStackFallbackGeneration) == "disabled" { options.drawsIconComposerImages = false }
        try Self.refuseUnsupported(arguments)
        do {
            let request = try ThinningRequest(
                deviceConfiguration: arguments.value(.filterForThinningDeviceConfiguration),
                deviceModel: arguments.value(.filterForDeviceModel), osVersion: arguments.value(.filterForDeviceOSVersion))
            thinning = request.device == nil ? nil : request
        } catch {
            throw .invalid(error.description)
        }
        assetSymbols = try Self.assetSymbolOptions(arguments, platform: platform, minimumDeploymentTarget: target)
        if arguments.contains(.noCache) && arguments.value(.cache) != nil {
            throw .invalid("--cache and --no-cache cannot be given together.")
        }
        if let cache = arguments.value(.cache), cache.isEmpty { throw .invalid("The --cache option needs a folder, not an empty value.") }
        cacheFolder = arguments.contains(.noCache) ? nil : arguments.value(.cache) ?? CompileCache.defaultDirectory(forOutput: output)
        if let limit = arguments.value(.cacheLimit) {
            guard let bytes = Self.byteCount(limit) else {
                throw .invalid("--cache-limit takes a size such as 512M or 2G (at least 1M), not '\(MessageQuote.clipped(limit))'.")
            }
            cacheLimit = bytes
        } else {
            cacheLimit = CompileCache.defaultLimit
        }
        outputDirectory = output
        compileOptions = options
    }

    /// Options whose output assetc cannot produce yet: refused by name rather than accepted and ignored, so a
    /// build never ships a car that lacks what it asked for (docs/ACTOOL.md, "Not yet").
    private static func refuseUnsupported(_ arguments: ActoolArguments) throws(ActoolUsageError) {
        let refused: [(ActoolOption, String)] = [
            (.uiFrameworkFamily, "Mac Catalyst builds (--ui-framework-family) are not compiled yet"),
            (.includeStickerContent, "sticker packs are not compiled yet"),
            (.stickersIconRole, "sticker pack icons are not compiled yet"),
            (.flattenedAppIconPath, "flattened Icon Composer icons are not drawn yet"),
            (.complication, "watchOS complication sets are not compiled yet"),
        ]
        for (option, reason) in refused where arguments.contains(option) {
            throw .invalid("\(option.rawValue) is not supported by assetc yet: \(reason) (docs/ACTOOL.md).")
        }
    }

    /// The asset symbols' settings, or `nil` when no symbol file is asked for.
    private static func assetSymbolOptions(
        _ arguments: ActoolArguments, platform: CompilePlatform, minimumDeploymentTarget: String
    ) throws(ActoolUsageError) -> AssetSymbolOptions? {
        let files: [ActoolOption] = [.generateSwiftAssetSymbols, .generateObjCAssetSymbols, .generateAssetSymbolIndex]
        guard files.contains(where: arguments.contains) else { return nil }
        var frameworks = Set(AssetSymbolFramework.allCases)
        let named = arguments.all(.generateAssetSymbolFrameworkSupport)
        if !named.isEmpty {
            frameworks = []
            for name in named {
                guard let framework = AssetSymbolFramework(argument: name) else {
                    throw .invalidValue(.generateAssetSymbolFrameworkSupport, value: name, allowed: AssetSymbolFramework.allCases.map(\.rawValue))
                }
                frameworks.insert(framework)
            }
        }
        let deploymentValue = arguments.value(.generateAssetSymbolBackwardsDeploymentSupport) ?? ""
        guard let backwards = AssetSymbolBackwardsDeployment(argument: deploymentValue) else {
            throw .invalidValue(.generateAssetSymbolBackwardsDeploymentSupport, value: deploymentValue, allowed: ["YES", "NO"])
        }
        return AssetSymbolOptions(
            bundleIdentifier: arguments.value(.bundleIdentifier), frameworks: frameworks,
            generatesSwiftExtensions: arguments.boolean(.generateSwiftAssetSymbolExtensions) ?? true,
            backwardsDeployment: backwards, platform: platform, minimumDeploymentTarget: minimumDeploymentTarget,
            reportsWarnings: arguments.boolean(.generateAssetSymbolWarnings) ?? true,
            reportsErrors: arguments.boolean(.generateAssetSymbolErrors) ?? true)
    }

    /// Whether `text` is a version: one to three whole numbers of at most six digits, dot-separated.
    /// A size such as `512M`, `2G`, `1048576` or `64K` (powers of 1024) in bytes, from 1 MiB to 1 PiB; `nil` for
    /// anything else.
    static func byteCount(_ text: String) -> UInt64? {
        var digits = Substring(text)
        var unit: UInt64 = 1
        if let last = digits.last?.uppercased() {
            switch last {
            case "K": unit = 1 << 10
            case "M": unit = 1 << 20
            case "G": unit = 1 << 30
            case "T": unit = 1 << 40
            default: break
            }
            if unit != 1 { digits = digits.dropLast() }
        }
        guard !digits.isEmpty, digits.count <= 16, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = UInt64(digits)
        else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: unit)
        guard !overflow, bytes >= 1 << 20, bytes <= 1 << 50 else { return nil }
        return bytes
    }

    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
