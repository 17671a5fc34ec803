/// Writes `GeneratedAssetSymbols.h`: one `NSString` constant per colour and image, hidden from Swift
/// (`swift_private`), which has the resource symbols instead.
struct ObjCAssetSymbolWriter {
    /// One line group of the header, in order.
    enum Entry: Hashable, Sendable {
        /// A constant for an asset.
        case constant(name: String, assetName: String, kind: AssetSymbolKind)
        /// An asset whose constant another asset already has.
        case collision(AssetSymbolDiagnostic)
    }

    /// The bundle identifier for `ACBundleID`; left out when `nil` or empty.
    var bundleIdentifier: String?
    /// The colours' entries, then the images'.
    var entries: [Entry]
    /// Whether collisions are written as `#warning` lines.
    var writesWarnings: Bool

    /// The whole header.
    func header() -> String {
        var text = """
            #import <Foundation/Foundation.h>

            #if __has_attribute(swift_private)
            #define AC_SWIFT_PRIVATE __attribute__((swift_private))
            #else
            #define AC_SWIFT_PRIVATE
            #endif


            """
        if let bundleIdentifier, !bundleIdentifier.isEmpty {
            text += "/// The resource bundle ID.\n"
            text += "static NSString * const ACBundleID AC_SWIFT_PRIVATE = @\"\(Self.stringLiteral(bundleIdentifier))\";\n\n"
        }
        for entry in entries {
            switch entry {
            case .constant(let name, let assetName, let kind):
                text += "/// The \"\(assetName)\" asset catalog \(kind.word) resource.\n"
                text += "static NSString * const \(name) AC_SWIFT_PRIVATE = @\"\(Self.stringLiteral(assetName))\";\n\n"
            case .collision(let diagnostic):
                guard writesWarnings else { continue }
                text += "#warning \(diagnostic.message)\n\n"
            }
        }
        return text + "#undef AC_SWIFT_PRIVATE\n"
    }

    /// `text` inside an Objective-C string literal.
    private static func stringLiteral(_ text: String) -> String {
        SwiftAssetSymbolWriter.stringLiteral(text)
    }
}
