/// Writes `GeneratedAssetSymbols.swift` in the shape Xcode 15 and later give it (docs/ASSET-SYMBOLS.md).
///
/// The file is a list of blocks, each followed by a blank line: the imports, the `resourceBundle` constant, the
/// colour and image resources, then (with extensions) the framework extensions and the "thinnable" initializers.
/// With backwards deployment the module's own resource types come last, their blocks separated by blank lines and
/// the file ending without a newline, as Xcode's does.
struct SwiftAssetSymbolWriter {
    var colors: AssetSymbolScope
    var images: AssetSymbolScope
    var options: AssetSymbolOptions
    /// Whether warnings are written as `#warning` lines.
    var writesWarnings: Bool

    private var availability: AssetSymbolAvailability {
        AssetSymbolAvailability(backwardsDeployment: options.usesBackwardsDeployment)
    }

    private func uses(_ framework: AssetSymbolFramework) -> Bool { options.frameworks.contains(framework) }

    /// The whole file.
    func source() -> String {
        var blocks = [imports(), resourceBundle()]
        blocks += ["// MARK: - Color Symbols -", resourceExtension(.color, scope: colors)]
        blocks += ["// MARK: - Image Symbols -", resourceExtension(.image, scope: images)]
        if options.generatesSwiftExtensions {
            blocks += colorExtensions() + imageExtensions() + thinnableSupport()
        }
        let text = blocks.map { $0 + "\n\n" }.joined()
        guard availability.backwardsDeployment else { return text }
        return text + backwardsDeploymentSupport().joined(separator: "\n\n")
    }

    // MARK: Header

    private func imports() -> String {
        var lines = ["import Foundation"]
        // The UI frameworks are needed only by the extensions and the backwards-deployment shims.
        if options.generatesSwiftExtensions || availability.backwardsDeployment {
            for framework in options.orderedFrameworks {
                lines += ["#if canImport(\(framework.rawValue))", "import \(framework.rawValue)", "#endif"]
            }
        }
        lines += ["#if canImport(DeveloperToolsSupport)", "import DeveloperToolsSupport", "#endif"]
        return lines.joined(separator: "\n")
    }

    private func resourceBundle() -> String {
        """
        #if SWIFT_PACKAGE
        private let resourceBundle = Foundation.Bundle.module
        #else
        private class ResourceBundleClass {}
        private let resourceBundle = Foundation.Bundle(for: ResourceBundleClass.self)
        #endif
        """
    }

    // MARK: Resources

    private func resourceExtension(_ kind: AssetSymbolKind, scope: AssetSymbolScope) -> String {
        let type = availability.resourceType(kind)
        let body = members(of: scope, depth: 1, includesWarnings: true) { symbol, indent in
            let name = Self.stringLiteral(symbol.assetName)
            return [
                "\(indent)/// The \"\(symbol.assetName)\" asset catalog \(kind.word) resource.",
                "\(indent)static let \(AssetSymbolNaming.escaped(symbol.swiftIdentifier!)) = \(type)(name: \"\(name)\", bundle: resourceBundle)",
            ]
        }
        return "@available(\(availability.resources(kind)))\nextension \(type) {\n\n\(body)}"
    }

    /// The members of `scope` at `depth` (4 spaces each), every member followed by a blank line; namespaces as
    /// nested `enum`s; collisions as `#warning` lines when `includesWarnings`.
    private func members(
        of scope: AssetSymbolScope, depth: Int, includesWarnings: Bool, symbolLines: (AssetSymbol, String) -> [String]
    ) -> String {
        let indent = String(repeating: " ", count: depth * 4)
        var text = ""
        for item in scope.items {
            switch item {
            case .symbol(let symbol):
                text += symbolLines(symbol, indent).joined(separator: "\n") + "\n\n"
            case .namespace(let fullName, let typeName, let nested):
                text += "\(indent)/// The \"\(fullName)\" asset catalog resource namespace.\n"
                text += "\(indent)enum \(AssetSymbolNaming.escaped(typeName)) {\n\n"
                text += members(of: nested, depth: depth + 1, includesWarnings: includesWarnings, symbolLines: symbolLines)
                text += "\(indent)}\n\n"
            case .collision(let diagnostic):
                guard includesWarnings && writesWarnings else { continue }
                text += "\(indent)#warning(\"\(Self.stringLiteral(diagnostic.message))\")\n\n"
            }
        }
        return text
    }

    // MARK: Framework extensions

    private func colorExtensions() -> [String] {
        var blocks = ["// MARK: - Color Symbol Extensions -"]
        if uses(.appKit) {
            blocks.append(appKitExtension(.color, typeName: "AppKit.NSColor", scope: colors))
        }
        if uses(.uiKit) {
            blocks.append(uiKitExtension(.color, typeName: "UIKit.UIColor", scope: colors))
        }
        if uses(.swiftUI) {
            let property: (AssetSymbol, String) -> [String] = { symbol, indent in
                [
                    "\(indent)/// The \"\(symbol.assetName)\" asset catalog color.",
                    "\(indent)static var \(AssetSymbolNaming.escaped(symbol.swiftIdentifier!)): SwiftUI.Color { .init(.\(symbol.swiftReference!)) }",
                ]
            }
            let color = members(of: colors, depth: 1, includesWarnings: false, symbolLines: property)
            // A protocol extension cannot hold nested types, so `ShapeStyle` gets the top-level colours only.
            let topLevel = AssetSymbolScope(items: colors.items.filter { if case .symbol = $0 { true } else { false } })
            let shapeStyle = members(of: topLevel, depth: 1, includesWarnings: false, symbolLines: property)
            blocks.append(
                """
                #if canImport(SwiftUI)
                @available(\(availability.swiftUI))
                extension SwiftUI.Color {

                \(color)}

                @available(\(availability.swiftUI))
                extension SwiftUI.ShapeStyle where Self == SwiftUI.Color {

                \(shapeStyle)}
                #endif
                """)
        }
        return blocks
    }

    private func imageExtensions() -> [String] {
        var blocks = ["// MARK: - Image Symbol Extensions -"]
        if uses(.appKit) {
            blocks.append(appKitExtension(.image, typeName: "AppKit.NSImage", scope: images))
        }
        if uses(.uiKit) {
            blocks.append(uiKitExtension(.image, typeName: "UIKit.UIImage", scope: images))
        }
        return blocks
    }

    private func appKitExtension(_ kind: AssetSymbolKind, typeName: String, scope: AssetSymbolScope) -> String {
        let body = members(of: scope, depth: 1, includesWarnings: false) { symbol, indent in
            Self.frameworkProperty(
                symbol, kind: kind, typeName: typeName, indent: indent, condition: "!targetEnvironment(macCatalyst)")
        }
        return """
            #if canImport(AppKit)
            @available(\(availability.appKit(kind)))
            @available(macCatalyst, unavailable)
            extension \(typeName) {

            \(body)}
            #endif
            """
    }

    private func uiKitExtension(_ kind: AssetSymbolKind, typeName: String, scope: AssetSymbolScope) -> String {
        let body = members(of: scope, depth: 1, includesWarnings: false) { symbol, indent in
            Self.frameworkProperty(symbol, kind: kind, typeName: typeName, indent: indent, condition: "!os(watchOS)")
        }
        return """
            #if canImport(UIKit)
            @available(\(availability.uiKit))
            @available(watchOS, unavailable)
            extension \(typeName) {

            \(body)}
            #endif
            """
    }

    /// `static var accent: UIKit.UIColor { … }`, whose body compiles only where the initializer exists (the
    /// compiler directives stay in the first column, as Xcode writes them).
    private static func frameworkProperty(
        _ symbol: AssetSymbol, kind: AssetSymbolKind, typeName: String, indent: String, condition: String
    ) -> [String] {
        [
            "\(indent)/// The \"\(symbol.assetName)\" asset catalog \(kind.word).",
            "\(indent)static var \(AssetSymbolNaming.escaped(symbol.swiftIdentifier!)): \(typeName) {",
            "#if \(condition)",
            "\(indent)    .init(resource: .\(symbol.swiftReference!))",
            "#else",
            "\(indent)    .init()",
            "#endif",
            "\(indent)}",
        ]
    }

    // MARK: Thinnable asset support

    private func thinnableSupport() -> [String] {
        var blocks = ["// MARK: - Thinnable Asset Support -"]
        blocks.append(thinnableResource(.color))
        // Xcode writes the NSColor initializer only when the catalogs have a colour (every public example agrees).
        if uses(.appKit) && !colors.allSymbols.isEmpty {
            blocks.append(thinnableFrameworkInit(.color, framework: .appKit))
        }
        if uses(.uiKit) { blocks.append(thinnableFrameworkInit(.color, framework: .uiKit)) }
        if uses(.swiftUI) {
            let type = availability.resourceType(.color)
            let initializer = """
                    private init?(thinnableResource: \(type)?) {
                        if let resource = thinnableResource {
                            self.init(resource)
                        } else {
                            return nil
                        }
                    }
                """
            blocks.append(
                """
                #if canImport(SwiftUI)
                @available(\(availability.swiftUI))
                extension SwiftUI.Color {

                \(initializer)

                }

                @available(\(availability.swiftUI))
                extension SwiftUI.ShapeStyle where Self == SwiftUI.Color {

                \(initializer)

                }
                #endif
                """)
        }
        blocks.append(thinnableResource(.image))
        if uses(.appKit) { blocks.append(thinnableFrameworkInit(.image, framework: .appKit)) }
        if uses(.uiKit) { blocks.append(thinnableFrameworkInit(.image, framework: .uiKit)) }
        return blocks
    }

    /// `ColorResource.init?(thinnableName:bundle:)`: the resource only when the (possibly thinned) bundle has it.
    private func thinnableResource(_ kind: AssetSymbolKind) -> String {
        var branches: [(condition: String, lookup: String)] = []
        if uses(.appKit) {
            let lookup =
                kind == .color
                ? "AppKit.NSColor(named: NSColor.Name(thinnableName), bundle: bundle)"
                : "bundle.image(forResource: NSImage.Name(thinnableName))"
            branches.append(("canImport(AppKit) && os(macOS)", lookup))
        }
        if uses(.uiKit) {
            let type = kind == .color ? "UIKit.UIColor" : "UIKit.UIImage"
            branches.append(("canImport(UIKit) && !os(watchOS)", "\(type)(named: thinnableName, in: bundle, compatibleWith: nil)"))
        }
        var lines = ["    private init?(thinnableName: Swift.String, bundle: Foundation.Bundle) {"]
        if branches.isEmpty {
            lines.append("        return nil")
        } else {
            for (position, branch) in branches.enumerated() {
                lines += [
                    "#\(position == 0 ? "if" : "elseif") \(branch.condition)",
                    "        if \(branch.lookup) != nil {",
                    "            self.init(name: thinnableName, bundle: bundle)",
                    "        } else {",
                    "            return nil",
                    "        }",
                ]
            }
            lines += ["#else", "        return nil", "#endif"]
        }
        lines.append("    }")
        return """
            @available(\(availability.resources(kind)))
            @available(watchOS, unavailable)
            extension \(availability.resourceType(kind)) {

            \(lines.joined(separator: "\n"))

            }
            """
    }

    /// `NSColor.init?(thinnableResource:)` and its UIKit and image counterparts.
    private func thinnableFrameworkInit(_ kind: AssetSymbolKind, framework: AssetSymbolFramework) -> String {
        let resource = availability.resourceType(kind)
        let (type, available, unavailable, condition): (String, String, String, String)
        switch framework {
        case .appKit:
            type = kind == .color ? "AppKit.NSColor" : "AppKit.NSImage"
            (available, unavailable, condition) = (availability.appKit(kind), "macCatalyst", "!targetEnvironment(macCatalyst)")
        case .uiKit:
            type = kind == .color ? "UIKit.UIColor" : "UIKit.UIImage"
            (available, unavailable, condition) = (availability.uiKit, "watchOS", "!os(watchOS)")
        case .swiftUI:
            preconditionFailure("SwiftUI's thinnable initializers are written by thinnableSupport()")
        }
        return """
            #if canImport(\(framework.rawValue))
            @available(\(available))
            @available(\(unavailable), unavailable)
            extension \(type) {

                private convenience init?(thinnableResource: \(resource)?) {
            #if \(condition)
                    if let resource = thinnableResource {
                        self.init(resource: resource)
                    } else {
                        return nil
                    }
            #else
                    return nil
            #endif
                }

            }
            #endif
            """
    }

    // MARK: Backwards deployment

    private func backwardsDeploymentSupport() -> [String] {
        var blocks = ["// MARK: - Backwards Deployment Support -", resourceStruct(.color), resourceStruct(.image)]
        if uses(.appKit) {
            blocks.append(
                """
                #if canImport(AppKit)
                @available(\(availability.appKit(.color)))
                @available(macCatalyst, unavailable)
                extension AppKit.NSColor {

                    /// Initialize a `NSColor` with a color resource.
                    convenience init(resource: ColorResource) {
                        self.init(named: NSColor.Name(resource.name), bundle: resource.bundle)!
                    }

                }

                protocol _ACResourceInitProtocol {}
                extension AppKit.NSImage: _ACResourceInitProtocol {}

                @available(\(availability.appKit(.image)))
                @available(macCatalyst, unavailable)
                extension _ACResourceInitProtocol {

                    /// Initialize a `NSImage` with an image resource.
                    init(resource: ImageResource) {
                        self = resource.bundle.image(forResource: NSImage.Name(resource.name))! as! Self
                    }

                }
                #endif
                """)
        }
        if uses(.uiKit) {
            blocks.append(
                """
                #if canImport(UIKit)
                \(uiKitShim(type: "UIColor", resource: "ColorResource", noun: "a color"))

                \(uiKitShim(type: "UIImage", resource: "ImageResource", noun: "an image"))
                #endif
                """)
        }
        if uses(.swiftUI) {
            blocks.append(
                """
                #if canImport(SwiftUI)
                @available(\(availability.swiftUI))
                extension SwiftUI.Color {

                    /// Initialize a `Color` with a color resource.
                    init(_ resource: ColorResource) {
                        self.init(resource.name, bundle: resource.bundle)
                    }

                }

                @available(\(availability.swiftUI))
                extension SwiftUI.Image {

                    /// Initialize an `Image` with an image resource.
                    init(_ resource: ImageResource) {
                        self.init(resource.name, bundle: resource.bundle)
                    }

                }
                #endif
                """)
        }
        return blocks
    }

    private func resourceStruct(_ kind: AssetSymbolKind) -> String {
        let (article, noun) = kind == .color ? ("A", "color") : ("An", "image")
        let type = kind.resourceTypeName
        return """
            /// \(article) \(noun) resource.
            struct \(type): Swift.Hashable, Swift.Sendable {

                /// An asset catalog \(noun) resource name.
                fileprivate let name: Swift.String

                /// An asset catalog \(noun) resource bundle.
                fileprivate let bundle: Foundation.Bundle

                /// Initialize \(article.lowercased()) `\(type)` with `name` and `bundle`.
                init(name: Swift.String, bundle: Foundation.Bundle) {
                    self.name = name
                    self.bundle = bundle
                }

            }
            """
    }

    private func uiKitShim(type: String, resource: String, noun: String) -> String {
        """
        @available(\(availability.uiKit))
        @available(watchOS, unavailable)
        extension UIKit.\(type) {

            /// Initialize a `\(type)` with \(noun) resource.
            convenience init(resource: \(resource)) {
        #if !os(watchOS)
                self.init(named: resource.name, in: resource.bundle, compatibleWith: nil)!
        #else
                self.init()
        #endif
            }

        }
        """
    }

    /// `text` inside a Swift string literal: backslashes and quotes escaped.
    static func stringLiteral(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result
    }
}
