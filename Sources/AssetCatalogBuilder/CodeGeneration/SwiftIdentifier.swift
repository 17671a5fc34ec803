/// How asset names become Swift identifiers in generated accessors (docs/CODEGEN.md, "Naming rules").
///
/// The rules, in order:
/// 1. Characters that are neither letters nor digits (spaces, dashes, dots, underscores, emoji) separate
///    words and are dropped: `hero-image`, `hero image` and `hero_image` all give the words `hero`, `image`.
/// 2. The first word starts lowercase; a leading run of capitals is lowered as one acronym (`URLIcon` →
///    `urlIcon`, `HeroImage` → `heroImage`); every later word starts with a capital, the rest kept as written.
///    Type names (namespaces) start with a capital instead.
/// 3. A colour's trailing `Color` or `Colour` is dropped, as Xcode's generated symbols drop it
///    (`AccentColor` → `accent`), unless nothing would be left.
/// 4. A name with no letter or digit at all becomes `asset` and eight hex digits of a hash of its bytes
///    (stable: the same name always gives the same identifier).
/// 5. A leading digit gets an underscore (`1st place` → `_1stPlace`).
/// 6. Swift keywords are written in backticks (`default` is written with backticks around it); the few words that cannot be
///    member or type names even in backticks (`self`, `Self`, `init`, `deinit`, `subscript`, `Type`,
///    `Protocol`) get a trailing underscore.
/// Names that still collide in one scope are numbered (rule 6 of docs/CODEGEN.md, in ``SwiftAccessorGenerator``).
public enum SwiftIdentifier {
    /// Whether the identifier names a member (lowerCamelCase) or a type (UpperCamelCase).
    public enum Role: Sendable {
        /// A property: lowerCamelCase.
        case member
        /// A nested type for a namespace folder: UpperCamelCase.
        case type
    }

    /// The identifier for one component of an asset name (the part after the last `/`, or a namespace
    /// folder's name), without backticks: ``escaped(_:)`` adds them where needed.
    public static func identifier(for component: String, role: Role, isColor: Bool = false) -> String {
        let words = component.split { !($0.isLetter || $0.isNumber) || $0.isEmoji }.map(String.init)
        guard !words.isEmpty else { return "asset" + hexHash(component) }
        var result = ""
        for (position, word) in words.enumerated() {
            if position == 0 {
                result += role == .member ? lowerLeadingCapitals(word) : upperFirst(word)
            } else {
                result += upperFirst(word)
            }
        }
        if isColor {
            for suffix in ["Colour", "Color"] where result.hasSuffix(suffix) && result.count > suffix.count {
                result.removeLast(suffix.count)
                break
            }
        }
        if let first = result.first, first.isNumber { result = "_" + result }
        if unusable.contains(result) { result += "_" }
        return result
    }

    /// Why `identifier` (made from `component`) is not simply the component's words in camel case, for the
    /// generator's diagnostics; `nil` when it is.
    public static func fixReason(_ identifier: String, component: String) -> String? {
        if !component.contains(where: { ($0.isLetter || $0.isNumber) && !$0.isEmoji }) { return "the name has no letter or digit" }
        if identifier.hasPrefix("_") && !component.hasPrefix("_") { return "it starts with a digit" }
        if keywords.contains(identifier) { return "a Swift keyword, written in backticks" }
        if identifier.hasSuffix("_") && unusable.contains(String(identifier.dropLast())) { return "a word Swift reserves" }
        return nil
    }

    /// `identifier` as it must be written in source: in backticks when it is a keyword.
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Keywords that are identifiers only in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "super", "throws", "true", "try",
    ]

    /// Words that cannot name a member or a nested type even in backticks.
    static let unusable: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol"]

    /// `word` with its first character upper-cased (shared with the asset-symbol naming of `AssetCatalogActool`).
    package static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `URLIcon` → `urlIcon`, `VExpense` → `vExpense`, `Hero` → `hero`, `URL` → `url`, `iPhone` → `iPhone` (shared
    /// with the asset-symbol naming of `AssetCatalogActool`, whose public examples follow the same rule).
    package static func lowerLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var capitals = 0
        while capitals < characters.count, characters[capitals].isUppercase { capitals += 1 }
        if capitals == 0 { return word }
        // A run of capitals followed by a lowercase letter keeps its last capital for the next word.
        let lowered = capitals > 1 && capitals < characters.count && characters[capitals].isLowercase ? capitals - 1 : capitals
        return characters[0..<lowered].map { $0.lowercased() }.joined() + String(characters[lowered...])
    }

    /// Eight hex digits of the 32-bit FNV-1a hash of `text`'s UTF-8 bytes.
    private static func hexHash(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let digits = String(hash, radix: 16, uppercase: true)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

extension Character {
    /// Emoji that Swift's `isLetter`/`isNumber` could let through (keycap digits such as `1️⃣`).
    var isEmoji: Bool {
        unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F || $0.value == 0x20E3 }
    }
}
