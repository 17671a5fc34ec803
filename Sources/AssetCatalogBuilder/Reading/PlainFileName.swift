import AssetCatalog

/// A file name in a plain asset folder: `name[~token...][@Nx].ext` (see `docs/PLAIN-FOLDERS.md`).
///
/// The scale may also come before the tokens (`name@2x~ipad.png`, UIKit's order). A raster file
/// without `@Nx` is 1x; a vector file (PDF, SVG) without it draws at any scale.
struct PlainFileName: Hashable, Sendable {
    /// The asset name part, before the first `~` or `@`.
    var base: String
    /// The traits the tokens and scale give.
    var traits: VariantTraits
    /// The extension, lowercased.
    var fileExtension: String

    /// Extensions of the files a plain folder indexes.
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "pdf", "svg", "heic", "webp", "gif"]
    /// Extensions of vector files, which have no scale unless the name gives one.
    static let vectorExtensions: Set<String> = ["pdf", "svg"]

    /// The tokens, for messages.
    static let tokenList = "iphone ipad tv watch mac car vision, dark light, highcontrast, p3 srgb, wC wR hC hR, ltr rtl"

    /// Why a name does not parse.
    struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The extension of a file name, lowercased, or `nil` when it has none.
    static func fileExtension(of name: String) -> String? {
        Bytewise.lowercasedExtension(name)
    }

    /// Parses a file name whose extension is one of ``imageExtensions``.
    static func parse(_ fileName: String) -> Result<PlainFileName, Problem> {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
            return .failure(Problem(description: "it has no extension"))
        }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        let stem = fileName[..<dot]

        // Cut the stem into the base and the `~token` / `@Nx` suffixes, in order.
        var parts: [(marker: Character, text: Substring)] = []
        var baseEnd = stem.endIndex
        var index = stem.startIndex
        var currentStart: String.Index?
        var currentMarker: Character = "~"
        while index < stem.endIndex {
            let character = stem[index]
            if character == "~" || character == "@" {
                if let start = currentStart {
                    parts.append((currentMarker, stem[start..<index]))
                } else {
                    baseEnd = index
                }
                currentMarker = character
                currentStart = stem.index(after: index)
            }
            index = stem.index(after: index)
        }
        if let start = currentStart { parts.append((currentMarker, stem[start..<stem.endIndex])) }
        let base = String(stem[..<baseEnd])
        guard !base.isEmpty else {
            return .failure(Problem(description: "the asset name before '~' or '@' is empty"))
        }

        var traits = VariantTraits()
        var given: [String: String] = [:]  // dimension -> token, to report conflicts
        func set(_ dimension: String, _ token: String) -> Problem? {
            if let previous = given[dimension] {
                if previous.lowercased() == token.lowercased() {
                    return Problem(description: "'~\(token)' is given twice")
                }
                return Problem(description: "'~\(token)' conflicts with '~\(previous)' (both set the \(dimension))")
            }
            given[dimension] = token
            return nil
        }
        var scaleText: Substring?
        for (position, part) in parts.enumerated() {
            if part.marker == "@" {
                if let scaleText {
                    return .failure(Problem(description: "it has two scales, '@\(scaleText)' and '@\(part.text)'"))
                }
                guard part.text.count >= 2, part.text.last == "x" || part.text.last == "X",
                    part.text.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }), part.text.count <= 4,
                    let number = Int(part.text.dropLast())
                else {
                    return .failure(Problem(description: "'@\(part.text)' is not a scale like @2x"))
                }
                guard let scale = DisplayScale(number) else {
                    return .failure(Problem(description: "'@\(part.text)': a scale must be at least 1x"))
                }
                // The scale goes last, or right after the name (UIKit's `name@2x~ipad`).
                if position != parts.count - 1 && position != 0 {
                    return .failure(Problem(description: "'@\(part.text)' must come right after the name or at the end"))
                }
                scaleText = part.text
                traits.displayScale = scale
                continue
            }
            let token = String(part.text)
            guard !token.isEmpty else { return .failure(Problem(description: "it has an empty '~' token")) }
            let problem: Problem?
            switch token.lowercased() {
            case "iphone": problem = set("idiom", token); traits.idiom = .phone
            case "ipad": problem = set("idiom", token); traits.idiom = .pad
            case "tv": problem = set("idiom", token); traits.idiom = .tv
            case "watch": problem = set("idiom", token); traits.idiom = .watch
            case "mac": problem = set("idiom", token); traits.idiom = .mac
            case "car": problem = set("idiom", token); traits.idiom = .car
            case "vision": problem = set("idiom", token); traits.idiom = .vision
            case "dark": problem = set("appearance", token); traits.appearance = .dark
            case "light": problem = set("appearance", token); traits.appearance = .light
            case "highcontrast": problem = set("contrast", token); traits.contrast = .high
            case "p3": problem = set("gamut", token); traits.displayGamut = .displayP3
            case "srgb": problem = set("gamut", token); traits.displayGamut = .sRGB
            case "wc": problem = set("width class", token); traits.horizontalSizeClass = .compact
            case "wr": problem = set("width class", token); traits.horizontalSizeClass = .regular
            case "hc": problem = set("height class", token); traits.verticalSizeClass = .compact
            case "hr": problem = set("height class", token); traits.verticalSizeClass = .regular
            case "ltr": problem = set("direction", token); traits.layoutDirection = .leftToRight
            case "rtl": problem = set("direction", token); traits.layoutDirection = .rightToLeft
            default:
                return .failure(Problem(description: "unknown token '~\(token)' (known: \(tokenList))"))
            }
            if let problem { return .failure(problem) }
        }
        if traits.displayScale == nil && !vectorExtensions.contains(ext) {
            traits.displayScale = 1
        }
        return .success(PlainFileName(base: base, traits: traits, fileExtension: ext))
    }
}
