import AssetCatalogBuilder

/// How Xcode turns asset names into Swift and Objective-C symbols (docs/ASSET-SYMBOLS.md, "Naming rules"), learned
/// from generated files committed to public repositories.
///
/// Two styles, chosen by whether the name has a lowercase letter:
/// - **Camel case** (any lowercase letter): characters that are neither letters nor digits separate words and are
///   dropped (`icon_bookmark`, `more icon`, `figure.steps`); a letter right after a digit starts a word
///   (`tab_c2c_00` → `tabC2C00`); the first word's leading capitals are lowered, keeping the last of a run that a
///   lowercase letter follows (`VExpense` → `vExpense`, `WSDOTbackground` → `wsdoTbackground`); every later word
///   gets a capital first letter, the rest kept as written (`right_menu_QR` → `rightMenuQR`).
/// - **Constant case** (no lowercase letter): runs of letters and runs of digits are joined with underscores, case
///   kept (`BMR`, `AL-6` → `AL_6`, `IMG02` → `IMG_02`, `292C38` → `_292_C_38`).
///
/// Then a colour's trailing `Color` and an image's trailing `Image` are dropped when something is left
/// (`AccentColor` → `accent`, `black-color` → `black`, `LaunchImage` → `launch`; `Colour` is kept), a leading
/// digit gets an underscore (`1` → `_1`), and Swift keywords are written in backticks.
enum AssetSymbolNaming {
    /// The member identifier (without backticks) for the last component of an asset name, or `nil` when it has no
    /// letter or digit.
    static func memberIdentifier(for component: Substring, kind: AssetSymbolKind) -> String? {
        let words = words(of: component)
        guard !words.isEmpty else { return nil }
        var identifier: String
        if isConstantStyle(component) {
            identifier = constantRuns(of: words).joined(separator: "_")
        } else {
            identifier = camelCase(words, capitalizesFirstWord: false)
            let suffix = kind.droppedSuffix
            if identifier.hasSuffix(suffix) && identifier.count > suffix.count {
                identifier.removeLast(suffix.count)
            }
        }
        return prefixingLeadingDigit(identifier)
    }

    /// The nested type name for a namespace folder (`iconPreviews` → `IconPreviews`), or `nil` when it has no letter
    /// or digit.
    static func namespaceIdentifier(for component: Substring) -> String? {
        let words = words(of: component)
        guard !words.isEmpty else { return nil }
        let identifier =
            isConstantStyle(component)
            ? constantRuns(of: words).joined(separator: "_") : camelCase(words, capitalizesFirstWord: true)
        return prefixingLeadingDigit(identifier)
    }

    /// The Objective-C constant for a full asset name (`assets/images/tab1` → `ACImageNameAssetsImagesTab1`,
    /// `NEXO LOGO` → `ACImageName_NEXO_LOGO`, `BMR` → `ACImageNameBMR`), or `nil` when it has no letter or digit.
    /// Suffixes are not dropped: `AccentColor` → `ACColorNameAccentColor`.
    static func objcName(for name: String, kind: AssetSymbolKind) -> String? {
        let words = words(of: Substring(name))
        guard !words.isEmpty else { return nil }
        if isConstantStyle(Substring(name)) {
            let runs = constantRuns(of: words)
            return kind.objcPrefix + (runs.count > 1 ? "_" + runs.joined(separator: "_") : runs[0])
        }
        return kind.objcPrefix + camelCase(words, capitalizesFirstWord: true)
    }

    /// `identifier` as written in source: in backticks when it is a keyword.
    static func escaped(_ identifier: String) -> String {
        // SwiftIdentifier's keyword list, plus the words it avoids by renaming: Xcode writes them in backticks,
        // and Swift accepts `self`, `Self`, `Type` and `Protocol` in backticks as member names.
        if backtickedBeyondSwiftIdentifier.contains(identifier) { return "`\(identifier)`" }
        return SwiftIdentifier.escaped(identifier)
    }

    private static let backtickedBeyondSwiftIdentifier: Set<String> = ["self", "Self", "Type", "Protocol"]

    /// The words: maximal runs of letters and digits, split where a letter follows a digit.
    private static func words(of text: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasDigit = false
        for character in text {
            guard isWordCharacter(character) else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasDigit = false
                continue
            }
            if previousWasDigit && !character.isNumber && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previousWasDigit = character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        (character.isLetter || character.isNumber) && !character.unicodeScalars.contains { $0.properties.isEmojiPresentation }
    }

    /// Whether the name has no lowercase letter (Xcode keeps such names as constants: `BMR`, `IMG_4251`).
    private static func isConstantStyle(_ text: Substring) -> Bool {
        !text.contains { $0.isLowercase }
    }

    /// Runs of digits and runs of other characters of each word, in order (`A2D8FF` → `A`, `2`, `D`, `8`, `FF`).
    private static func constantRuns(of words: [String]) -> [String] {
        var runs: [String] = []
        for word in words {
            var current = ""
            for character in word {
                if let last = current.last, last.isNumber != character.isNumber {
                    runs.append(current)
                    current = ""
                }
                current.append(character)
            }
            if !current.isEmpty { runs.append(current) }
        }
        return runs
    }

    private static func camelCase(_ words: [String], capitalizesFirstWord: Bool) -> String {
        var result = ""
        for (position, word) in words.enumerated() {
            result += position == 0 && !capitalizesFirstWord ? SwiftIdentifier.lowerLeadingCapitals(word) : SwiftIdentifier.upperFirst(word)
        }
        return result
    }

    private static func prefixingLeadingDigit(_ identifier: String) -> String {
        if let first = identifier.first, first.isNumber { return "_" + identifier }
        return identifier
    }
}
