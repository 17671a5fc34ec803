import AssetCatalogBuilder

/// What actool's asset-symbol options ask for (`--bundle-identifier`, `--generate-swift-asset-symbol-extensions`,
/// `--generate-asset-symbol-framework-support`, `--generate-asset-symbol-backwards-deployment-support`,
/// `--generate-asset-symbol-warnings`, `--generate-asset-symbol-errors`), with the target they are compiled for.
public struct AssetSymbolOptions: Hashable, Sendable {
    /// The bundle identifier written as `ACBundleID` in the Objective-C header; `nil` or empty leaves it out.
    public var bundleIdentifier: String?
    /// The UI frameworks to support; Xcode's default is all three.
    public var frameworks: Set<AssetSymbolFramework>
    /// Whether to add `static var`s to the frameworks' colour and image types (`UIColor.accent`); actool's default
    /// is yes (swift-build passes `--generate-swift-asset-symbol-extensions NO` only to turn them off).
    public var generatesSwiftExtensions: Bool
    /// Whether to declare the module's own resource types for deployment targets older than iOS 17 / macOS 14.
    public var backwardsDeployment: AssetSymbolBackwardsDeployment
    /// The platform compiled for (`--platform`), used by ``AssetSymbolBackwardsDeployment/automatic``.
    public var platform: CompilePlatform?
    /// `--minimum-deployment-target`, such as `15.0`.
    public var minimumDeploymentTarget: String?
    /// Whether names that collide produce warnings (a `#warning` in the generated files and a diagnostic).
    public var reportsWarnings: Bool
    /// Whether errors are reported. No rule produces an error yet: names that cannot become symbols are warnings,
    /// as collisions are in Xcode.
    public var reportsErrors: Bool

    /// Creates options; the defaults are actool's when only the output paths are given.
    public init(
        bundleIdentifier: String? = nil, frameworks: Set<AssetSymbolFramework> = Set(AssetSymbolFramework.allCases),
        generatesSwiftExtensions: Bool = true, backwardsDeployment: AssetSymbolBackwardsDeployment = .automatic,
        platform: CompilePlatform? = nil, minimumDeploymentTarget: String? = nil, reportsWarnings: Bool = true,
        reportsErrors: Bool = true
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.frameworks = frameworks
        self.generatesSwiftExtensions = generatesSwiftExtensions
        self.backwardsDeployment = backwardsDeployment
        self.platform = platform
        self.minimumDeploymentTarget = minimumDeploymentTarget
        self.reportsWarnings = reportsWarnings
        self.reportsErrors = reportsErrors
    }

    /// Whether the generated Swift declares its own resource types (``backwardsDeployment`` resolved for the target).
    public var usesBackwardsDeployment: Bool {
        backwardsDeployment.isEnabled(platform: platform, minimumDeploymentTarget: minimumDeploymentTarget)
    }

    /// The selected frameworks in the order the file uses them.
    var orderedFrameworks: [AssetSymbolFramework] { frameworks.sorted() }
}
