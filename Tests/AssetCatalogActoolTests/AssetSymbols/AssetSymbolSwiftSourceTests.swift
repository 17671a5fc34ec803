import AssetCatalog
import AssetCatalogActool
import AssetCatalogBuilder
import Testing

@Suite struct AssetSymbolSwiftSourceTests {
    private let header = """
        #if SWIFT_PACKAGE
        private let resourceBundle = Foundation.Bundle.module
        #else
        private class ResourceBundleClass {}
        private let resourceBundle = Foundation.Bundle(for: ResourceBundleClass.self)
        #endif
        """

    @Test func aColourAndAnImageWithoutExtensions() {
        let options = AssetSymbolOptions(generatesSwiftExtensions: false)
        let source = AssetSymbolGenerator(options: options)
            .generate(from: AssetSymbolFixtures.index(colors: ["AccentColor"], images: ["hero_banner"])).swiftSource
        #expect(
            source == """
                import Foundation
                #if canImport(DeveloperToolsSupport)
                import DeveloperToolsSupport
                #endif

                \(header)

                // MARK: - Color Symbols -

                @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
                extension DeveloperToolsSupport.ColorResource {

                    /// The "AccentColor" asset catalog color resource.
                    static let accent = DeveloperToolsSupport.ColorResource(name: "AccentColor", bundle: resourceBundle)

                }

                // MARK: - Image Symbols -

                @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
                extension DeveloperToolsSupport.ImageResource {

                    /// The "hero_banner" asset catalog image resource.
                    static let heroBanner = DeveloperToolsSupport.ImageResource(name: "hero_banner", bundle: resourceBundle)

                }


                """)
    }

    @Test func namespacesNestEnumsSortedWithTheAssets() {
        let options = AssetSymbolOptions(generatesSwiftExtensions: false)
        let source = AssetSymbolGenerator(options: options)
            .generate(from: AssetSymbolFixtures.index(images: ["zebra", "AppIcon/Back/Content", "Logo", "iconPreviews/BMW"]))
            .swiftSource
        #expect(
            source.contains(
                """
                extension DeveloperToolsSupport.ImageResource {

                    /// The "AppIcon" asset catalog resource namespace.
                    enum AppIcon {

                        /// The "AppIcon/Back" asset catalog resource namespace.
                        enum Back {

                            /// The "AppIcon/Back/Content" asset catalog image resource.
                            static let content = DeveloperToolsSupport.ImageResource(name: "AppIcon/Back/Content", bundle: resourceBundle)

                        }

                    }

                    /// The "Logo" asset catalog image resource.
                    static let logo = DeveloperToolsSupport.ImageResource(name: "Logo", bundle: resourceBundle)

                    /// The "iconPreviews" asset catalog resource namespace.
                    enum IconPreviews {

                        /// The "iconPreviews/BMW" asset catalog image resource.
                        static let BMW = DeveloperToolsSupport.ImageResource(name: "iconPreviews/BMW", bundle: resourceBundle)

                    }

                    /// The "zebra" asset catalog image resource.
                    static let zebra = DeveloperToolsSupport.ImageResource(name: "zebra", bundle: resourceBundle)

                }
                """))
    }

    @Test func extensionsForEveryFramework() {
        let source = AssetSymbolGenerator()
            .generate(from: AssetSymbolFixtures.index(colors: ["AccentColor", "Brand/Primary"], images: ["hero"])).swiftSource
        #expect(source.hasPrefix("import Foundation\n#if canImport(AppKit)\nimport AppKit\n#endif\n#if canImport(UIKit)\nimport UIKit\n#endif\n#if canImport(SwiftUI)\nimport SwiftUI\n#endif\n#if canImport(DeveloperToolsSupport)\n"))
        #expect(
            source.contains(
                """
                #if canImport(UIKit)
                @available(iOS 17.0, tvOS 17.0, *)
                @available(watchOS, unavailable)
                extension UIKit.UIColor {

                    /// The "AccentColor" asset catalog color.
                    static var accent: UIKit.UIColor {
                #if !os(watchOS)
                        .init(resource: .accent)
                #else
                        .init()
                #endif
                    }

                    /// The "Brand" asset catalog resource namespace.
                    enum Brand {

                        /// The "Brand/Primary" asset catalog color.
                        static var primary: UIKit.UIColor {
                #if !os(watchOS)
                            .init(resource: .Brand.primary)
                #else
                            .init()
                #endif
                        }

                    }

                }
                #endif
                """))
        // ShapeStyle is a protocol: its extension holds only the top-level colours.
        #expect(
            source.contains(
                """
                extension SwiftUI.ShapeStyle where Self == SwiftUI.Color {

                    /// The "AccentColor" asset catalog color.
                    static var accent: SwiftUI.Color { .init(.accent) }

                }
                #endif
                """))
        #expect(source.contains("// MARK: - Image Symbol Extensions -\n\n#if canImport(AppKit)\n@available(macOS 14.0, *)\n@available(macCatalyst, unavailable)\nextension AppKit.NSImage {\n"))
        #expect(!source.contains("extension SwiftUI.Image"))
        #expect(source.contains("// MARK: - Thinnable Asset Support -"))
        #expect(source.contains("extension AppKit.NSColor {\n\n    private convenience init?(thinnableResource: DeveloperToolsSupport.ColorResource?) {"))
        #expect(source.hasSuffix("}\n#endif\n\n"))
    }

    @Test func theNSColorThinnableInitializerNeedsAColour() {
        let source = AssetSymbolGenerator().generate(from: AssetSymbolFixtures.index(images: ["hero"])).swiftSource
        #expect(!source.contains("extension AppKit.NSColor {\n\n    private convenience init?"))
        #expect(source.contains("extension UIKit.UIColor {\n\n    private convenience init?"))
        #expect(source.contains("extension AppKit.NSColor {\n\n}\n#endif"))
    }

    @Test func onlyTheSelectedFrameworks() {
        let options = AssetSymbolOptions(frameworks: [.swiftUI])
        let source = AssetSymbolGenerator(options: options)
            .generate(from: AssetSymbolFixtures.index(colors: ["Tint"], images: ["hero"])).swiftSource
        #expect(!source.contains("AppKit"))
        #expect(!source.contains("UIKit"))
        #expect(source.contains("#if canImport(SwiftUI)\nimport SwiftUI\n#endif"))
        #expect(source.contains("static var tint: SwiftUI.Color { .init(.tint) }"))
        // The thinnable name lookups need a UI framework; with none selected they give up.
        #expect(source.contains("    private init?(thinnableName: Swift.String, bundle: Foundation.Bundle) {\n        return nil\n    }"))
    }

    @Test func backwardsDeploymentFollowsTheDeploymentTarget() {
        let index = AssetSymbolFixtures.index(colors: ["AccentColor"], images: ["IMG_4251"])
        let old = AssetSymbolGenerator(
            options: AssetSymbolOptions(platform: .iphoneos, minimumDeploymentTarget: "15.0")
        ).generate(from: index).swiftSource
        #expect(old.contains("@available(iOS 11.0, macOS 10.13, tvOS 11.0, *)\nextension ColorResource {\n\n    /// The \"AccentColor\" asset catalog color resource.\n    static let accent = ColorResource(name: \"AccentColor\", bundle: resourceBundle)\n"))
        #expect(old.contains("@available(iOS 11.0, macOS 10.7, tvOS 11.0, *)\nextension ImageResource {\n\n    /// The \"IMG_4251\" asset catalog image resource.\n    static let IMG_4251 = ImageResource(name: \"IMG_4251\", bundle: resourceBundle)\n"))
        #expect(old.contains("#if canImport(AppKit)\n@available(macOS 10.13, *)\n@available(macCatalyst, unavailable)\nextension AppKit.NSColor {\n"))
        #expect(old.contains("#if canImport(SwiftUI)\n@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)\nextension SwiftUI.Color {\n"))
        #expect(
            old.contains(
                """
                // MARK: - Backwards Deployment Support -

                /// A color resource.
                struct ColorResource: Swift.Hashable, Swift.Sendable {

                    /// An asset catalog color resource name.
                    fileprivate let name: Swift.String

                    /// An asset catalog color resource bundle.
                    fileprivate let bundle: Foundation.Bundle

                    /// Initialize a `ColorResource` with `name` and `bundle`.
                    init(name: Swift.String, bundle: Foundation.Bundle) {
                        self.name = name
                        self.bundle = bundle
                    }

                }

                /// An image resource.
                struct ImageResource: Swift.Hashable, Swift.Sendable {
                """))
        #expect(old.contains("    /// Initialize a `UIImage` with an image resource.\n    convenience init(resource: ImageResource) {\n#if !os(watchOS)\n"))
        #expect(old.contains("protocol _ACResourceInitProtocol {}\nextension AppKit.NSImage: _ACResourceInitProtocol {}\n"))
        // Xcode's file ends with the last `#endif`, without a newline.
        #expect(old.hasSuffix("        self.init(resource.name, bundle: resource.bundle)\n    }\n\n}\n#endif"))

        let current = AssetSymbolGenerator(
            options: AssetSymbolOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0")
        ).generate(from: index).swiftSource
        #expect(current.contains("extension DeveloperToolsSupport.ColorResource {"))
        #expect(!current.contains("Backwards Deployment Support"))
    }

    @Test func backwardsDeploymentSetting() {
        #expect(AssetSymbolBackwardsDeployment(argument: "YES") == .enabled)
        #expect(AssetSymbolBackwardsDeployment(argument: "NO") == .disabled)
        #expect(AssetSymbolBackwardsDeployment(argument: "") == .automatic)
        #expect(AssetSymbolBackwardsDeployment(argument: "maybe") == nil)
        #expect(AssetSymbolBackwardsDeployment.automatic.isEnabled(platform: .macosx, minimumDeploymentTarget: "13.5"))
        #expect(!AssetSymbolBackwardsDeployment.automatic.isEnabled(platform: .macosx, minimumDeploymentTarget: "14.0"))
        #expect(AssetSymbolBackwardsDeployment.automatic.isEnabled(platform: .watchos, minimumDeploymentTarget: "9.4"))
        #expect(!AssetSymbolBackwardsDeployment.automatic.isEnabled(platform: .xros, minimumDeploymentTarget: "1.0"))
        #expect(!AssetSymbolBackwardsDeployment.automatic.isEnabled(platform: nil, minimumDeploymentTarget: nil))
        #expect(AssetSymbolBackwardsDeployment.enabled.isEnabled(platform: .iphoneos, minimumDeploymentTarget: "18.0"))
        #expect(!AssetSymbolBackwardsDeployment.disabled.isEnabled(platform: .iphoneos, minimumDeploymentTarget: "12.0"))
        #expect(AssetSymbolFramework(argument: "swiftui") == .swiftUI)
        #expect(AssetSymbolFramework(argument: "Cocoa") == nil)
    }

    @Test func theOutputDoesNotDependOnTheInputOrder() {
        let names = ["b", "Icons/x", "A", "a_b", "a b", "Icons/y", "1"]
        let forward = AssetSymbolGenerator().generate(from: AssetSymbolFixtures.index(colors: names, images: names))
        let backward = AssetSymbolGenerator().generate(
            from: AssetSymbolFixtures.index(colors: names.reversed(), images: names.reversed()))
        #expect(forward == backward)
    }
}
