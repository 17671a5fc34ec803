import ArgumentParser

/// Which glyph of a symbol (a custom SF Symbol compiled into an `Assets.car`) `resolve` and `extract` answer with: its
/// weight and size, regular or medium for the one not given. Without either, a symbol's renditions are ranked as any
/// image's are.
struct GlyphOptions: ParsableArguments {
    @Option(
        name: .customLong("glyph-weight"),
        help: ArgumentHelp(
            "A symbol's glyph weight: 1-9 or ultralight|thin|light|regular|medium|semibold|bold|heavy|black (default regular).",
            valueName: "weight"),
        transform: GlyphOptions.parseWeight)
    var weight: UInt16?

    @Option(
        name: .customLong("glyph-size"),
        help: ArgumentHelp("A symbol's glyph size: 1-3 or small|medium|large (default medium).", valueName: "size"),
        transform: GlyphOptions.parseSize)
    var size: UInt16?

    static let weightNames = ["ultralight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
    static let sizeNames = ["small", "medium", "large"]

    static func parseWeight(_ text: String) throws -> UInt16 {
        if let index = weightNames.firstIndex(of: text.lowercased()) { return UInt16(index + 1) }
        guard let value = UInt16(text), (1...9).contains(value) else {
            throw ValidationError("--glyph-weight must be 1-9 or one of \(weightNames.joined(separator: ", "))")
        }
        return value
    }

    static func parseSize(_ text: String) throws -> UInt16 {
        if let index = sizeNames.firstIndex(of: text.lowercased()) { return UInt16(index + 1) }
        guard let value = UInt16(text), (1...3).contains(value) else {
            throw ValidationError("--glyph-size must be 1-3 or one of \(sizeNames.joined(separator: ", "))")
        }
        return value
    }

    /// Whether either option was given.
    var isGiven: Bool { weight != nil || size != nil }
}
