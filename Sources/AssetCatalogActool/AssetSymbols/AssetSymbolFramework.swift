/// A UI framework the generated asset symbols support (`--generate-asset-symbol-framework-support`).
///
/// Each one brings its imports, its `static var` extensions (`NSColor.accent`, `UIImage.hero`, `Color.accent`) and,
/// for older deployment targets, its `init(resource:)` shims. Xcode's default is all three.
public enum AssetSymbolFramework: String, Sendable, Hashable, CaseIterable, Comparable {
    /// AppKit: `NSColor` and `NSImage`.
    case appKit = "AppKit"
    /// UIKit: `UIColor` and `UIImage`.
    case uiKit = "UIKit"
    /// SwiftUI: `Color`, `ShapeStyle` and, for older targets, `Image`.
    case swiftUI = "SwiftUI"

    /// The framework spelled as on actool's command line (`SwiftUI`, `UIKit`, `AppKit`), ignoring case;
    /// `nil` for any other word.
    public init?(argument: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() }) else {
            return nil
        }
        self = match
    }

    /// The order the generated file imports and extends the frameworks in: AppKit, UIKit, SwiftUI (as Xcode does).
    public static func < (lhs: Self, rhs: Self) -> Bool {
        order(lhs) < order(rhs)
    }

    private static func order(_ framework: Self) -> Int {
        switch framework {
        case .appKit: return 0
        case .uiKit: return 1
        case .swiftUI: return 2
        }
    }
}
