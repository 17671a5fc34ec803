/// The `@available` lines and type names of the generated Swift, which depend on whether the module declares its own
/// resource types (backwards deployment) or uses `DeveloperToolsSupport`'s.
struct AssetSymbolAvailability: Hashable, Sendable {
    /// Whether the file declares its own `ColorResource` and `ImageResource`.
    var backwardsDeployment: Bool

    /// The resource type as the file names it: `DeveloperToolsSupport.ColorResource`, or the module's `ColorResource`.
    func resourceType(_ kind: AssetSymbolKind) -> String {
        backwardsDeployment ? kind.resourceTypeName : "DeveloperToolsSupport." + kind.resourceTypeName
    }

    /// The platforms of the resource extensions: the releases with `DeveloperToolsSupport`, or the oldest releases
    /// with named colours (iOS 11, macOS 10.13) and named images (macOS 10.7).
    func resources(_ kind: AssetSymbolKind) -> String {
        guard backwardsDeployment else { return "iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *" }
        switch kind {
        case .color: return "iOS 11.0, macOS 10.13, tvOS 11.0, *"
        case .image: return "iOS 11.0, macOS 10.7, tvOS 11.0, *"
        }
    }

    /// The platforms of the `NSColor` / `NSImage` extensions.
    func appKit(_ kind: AssetSymbolKind) -> String {
        guard backwardsDeployment else { return "macOS 14.0, *" }
        switch kind {
        case .color: return "macOS 10.13, *"
        case .image: return "macOS 10.7, *"
        }
    }

    /// The platforms of the `UIColor` / `UIImage` extensions.
    var uiKit: String {
        backwardsDeployment ? "iOS 11.0, tvOS 11.0, *" : "iOS 17.0, tvOS 17.0, *"
    }

    /// The platforms of the SwiftUI extensions: the first SwiftUI releases when backwards deploying.
    var swiftUI: String {
        backwardsDeployment ? "iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *" : "iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *"
    }
}
