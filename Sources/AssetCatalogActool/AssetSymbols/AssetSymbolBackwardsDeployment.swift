import AssetCatalogBuilder

/// `--generate-asset-symbol-backwards-deployment-support`: whether the generated Swift file declares its own
/// `ColorResource` and `ImageResource` (with `init(resource:)` shims on the UI types) instead of using
/// `DeveloperToolsSupport`'s, which exist only from iOS 17, macOS 14, tvOS 17 and watchOS 10.
///
/// swift-build passes the build setting `ASSETCATALOG_COMPILER_GENERATE_ASSET_SYMBOL_BACKWARDS_DEPLOYMENT_SUPPORT`
/// only when it is not empty; empty means "automatic, based on the deployment target" (its
/// `AssetCatalogCompiler.xcspec`), and its tests pass `YES`.
public enum AssetSymbolBackwardsDeployment: String, Sendable, Hashable, CaseIterable {
    /// Decided by the platform and minimum deployment target (the option absent, or empty).
    case automatic
    /// `YES`: always declare the module's own resource types.
    case enabled
    /// `NO`: always use `DeveloperToolsSupport`'s.
    case disabled

    /// The option's value as swift-build passes it: `YES`/`NO` (also `true`/`false`, any case), empty for
    /// ``automatic``; `nil` for anything else.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "": self = .automatic
        case "yes", "true": self = .enabled
        case "no", "false": self = .disabled
        default: return nil
        }
    }

    /// Whether this setting asks for the module's own resource types when compiling for `platform` with the minimum
    /// deployment target `minimumDeploymentTarget` (`15.0`).
    ///
    /// ``automatic`` asks for them when the target is older than the first release with `DeveloperToolsSupport`'s
    /// types: iOS 17, macOS 14, tvOS 17, watchOS 10 (visionOS always has them). Without a platform or a readable
    /// target it assumes a current one, as a new project has.
    public func isEnabled(platform: CompilePlatform?, minimumDeploymentTarget: String?) -> Bool {
        switch self {
        case .enabled: return true
        case .disabled: return false
        case .automatic:
            guard let platform, let target = minimumDeploymentTarget.flatMap(Self.majorMinor),
                let first = Self.firstReleaseWithResourceTypes(platform)
            else { return false }
            return target.lexicographicallyPrecedes(first)
        }
    }

    /// The first release whose SDK has `DeveloperToolsSupport.ColorResource`, or `nil` when every release has it.
    private static func firstReleaseWithResourceTypes(_ platform: CompilePlatform) -> [Int]? {
        switch platform {
        case .iphoneos, .iphonesimulator: return [17, 0]
        case .macosx: return [14, 0]
        case .appletvos, .appletvsimulator: return [17, 0]
        case .watchos, .watchsimulator: return [10, 0]
        case .xros, .xrsimulator: return nil
        }
    }

    /// `15.4.1` → `[15, 4]`; `nil` when the text is not a version number.
    private static func majorMinor(_ version: String) -> [Int]? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        let numbers = parts.map { $0! }
        return [numbers[0], numbers.count > 1 ? numbers[1] : 0]
    }
}

