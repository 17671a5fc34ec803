import AssetCatalog

/// `invalid-name`: an asset name that cannot become a code identifier.
public struct InvalidNameRule: AuditRule {
    public static let identifier = "invalid-name"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "An image or colour name that cannot become a Swift identifier the way Xcode's generated asset symbols make one."
    public static let rationale = """
        Xcode generates `ImageResource` and `ColorResource` symbols (`.heroImage` for `hero-image`) by dropping \
        the separators `-`, `_`, `.` and spaces and joining the words in lowerCamelCase. A name with any other \
        character (`Invalid-Name!`), or one that starts with a digit once converted, gets no symbol, so code \
        must fall back to stringly typed `UIImage(named:)`. Only the last component of a namespaced name counts. \
        Rename the asset.
        """
    public static let triggeringExamples = [
        AuditExample("A name with '!'", files: AuditExample.imageSet("Invalid-Name!", AuditExample.scaled("Icon"))),
        AuditExample("A name that starts with a digit", files: AuditExample.imageSet("1st-place", AuditExample.scaled("Icon"))),
    ]
    public static let nonTriggeringExamples = [
        AuditExample("A kebab-case name (becomes heroImage)", files: AuditExample.imageSet("hero-image", AuditExample.scaled("Icon"))),
        AuditExample(
            "A namespaced name with spaces and dots",
            files: AuditExample.merged(
                ["Icons/Contents.json": .text(#"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#)],
                AuditExample.imageSet("Icons/tab bar.home_v2", AuditExample.scaled("Icon")))),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        let asset = context.asset
        guard asset.kind == .image || asset.kind == .color else { return [] }
        let name = asset.name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? asset.name
        guard let problem = Self.problem(name) else { return [] }
        let path = context.catalogKind == .xcassets ? asset.path : context.setFile
        return [
            finding(
                context, at: path,
                "\(MessageQuote.quoted(name)) cannot become a Swift symbol: \(problem); Xcode's generated \(asset.kind == .color ? "ColorResource" : "ImageResource") symbols leave it out. Rename it using letters, digits and - _ . or spaces"
            )
        ]
    }

    /// Why a name cannot be converted, or `nil` when it can.
    static func problem(_ name: String) -> String? {
        // Fast path: plain ASCII names (almost all of them).
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var sawCharacter = false
            for byte in name.utf8 {
                switch byte {
                case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: " "):
                    continue
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    sawCharacter = true
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if !sawCharacter { return "it starts with a digit" }
                default:
                    return "'\(Character(Unicode.Scalar(byte)))' is not a letter, a digit or a separator (- _ . space)"
                }
            }
            return sawCharacter ? nil : "it has no letters or digits"
        }
        let separators: Set<Character> = ["-", "_", ".", " "]
        var identifier = ""
        for character in name {
            if separators.contains(character) { continue }
            guard character.isLetter || character.isNumber else {
                return "'\(character)' is not a letter, a digit or a separator (- _ . space)"
            }
            identifier.append(character)
        }
        guard let first = identifier.first else { return "it has no letters or digits" }
        if first.isNumber { return "it starts with a digit" }
        return nil
    }
}
