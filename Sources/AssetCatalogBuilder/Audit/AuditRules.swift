/// The registry of every audit rule, in the order `docs/AUDITS.md` lists them.
public enum AuditRules {
    /// Every rule: first those about files and `Contents.json` (detected by the reader), then sizes and
    /// scales, resolution, colour, names and PNG encoding.
    public static let all: [any AuditRule.Type] = [
        // Files and Contents.json (the reader's diagnostics)
        MissingFileRule.self,
        UnassignedFileRule.self,
        InvalidContentsRule.self,
        UnknownKeyRule.self,
        WrongContentTypeRule.self,
        LFSPointerRule.self,
        CorruptImageRule.self,
        ImageTooLargeRule.self,
        UnreadablePathRule.self,
        UnsafePathRule.self,
        FilenameCaseRule.self,
        SymlinkLoopRule.self,
        IgnoredFileRule.self,
        InvalidFileNameRule.self,
        DuplicateVariantRule.self,
        TintedAppearanceRule.self,
        UnsupportedSetTypeRule.self,
        SymbolWeightsRule.self,
        SymbolMarginsRule.self,
        // Sizes and scales
        ScaleSizeMismatchRule.self,
        AppIconSizeRule.self,
        AppIconMissingSizeRule.self,
        AppIconAlphaRule.self,
        MissingScaleRule.self,
        UpscaledOnDeviceRule.self,
        // Resolution
        AmbiguousVariantRule.self,
        UnreachableVariantRule.self,
        // Colour
        GamutProfileMismatchRule.self,
        WideGamutUnusedRule.self,
        // Names
        DuplicateNameRule.self,
        InvalidNameRule.self,
        // Size and PNG encoding
        OversizedImageRule.self,
        OpaqueAlphaRule.self,
        SixteenBitRule.self,
        InterlacedPNGRule.self,
        UnoptimizedPNGRule.self,
        // Compiled catalogs (Assets.car)
        CARMissingScaleRule.self,
        CARUnusedScaleRule.self,
        CARLargerThanScreenRule.self,
        CARDuplicatePayloadRule.self,
    ]

    private static let byIdentifier: [String: any AuditRule.Type] = Dictionary(
        all.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })

    /// The rule with this identifier.
    public static func rule(identifier: String) -> (any AuditRule.Type)? {
        byIdentifier[identifier]
    }

    /// The identifier closest to a misspelt one (at most 3 edits away), for suggestions.
    public static func closest(to text: String) -> String? {
        // Lengths more than three apart are more than three edits apart: a hostile key of a million characters is
        // measured by its length, not compared letter by letter with every rule (3 s a megabyte in a release build).
        let length = text.utf8.count
        let candidates = all.filter { abs($0.identifier.utf8.count - length) <= 3 }
            .map { ($0.identifier, editDistance($0.identifier, text)) }.filter { $0.1 <= 3 }
        return candidates.min { $0.1 < $1.1 }?.0
    }

    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
