/// A pair of size classes in Apple's notation: `wC hR`, `wR hAny`.
///
/// `nil` in either position means "any" (unspecified).
public struct SizeClasses: Hashable, Sendable {
    /// The horizontal (width) size class, or `nil` for any.
    public var horizontal: SizeClass?
    /// The vertical (height) size class, or `nil` for any.
    public var vertical: SizeClass?

    /// Creates a pair; `nil` means any.
    public init(horizontal: SizeClass?, vertical: SizeClass?) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// An error describing why a size-class notation string could not be parsed.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text that was rejected.
        public let text: String
        /// What is wrong with it.
        public let reason: String

        public var description: String {
            "invalid size classes '\(text)': \(reason); expected tokens like 'wC hR' or 'wR hAny' (w/h followed by C, R or Any)"
        }
    }

    /// Parses `wC hR`, `wR hAny`, `hC` (case-insensitive; a missing dimension means any).
    ///
    /// Tokens are separated by spaces or commas; each dimension may appear at most once.
    public init(parsing text: String) throws(ParseError) {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard !tokens.isEmpty else { throw ParseError(text: text, reason: "it is empty") }
        var horizontal: SizeClass??
        var vertical: SizeClass??
        for token in tokens {
            let lowered = token.lowercased()
            guard let axis = lowered.first, axis == "w" || axis == "h" else {
                throw ParseError(text: text, reason: "'\(token)' does not start with w or h")
            }
            let valueText = lowered.dropFirst()
            let value: SizeClass?
            switch valueText {
            case "c", "compact": value = .compact
            case "r", "regular": value = .regular
            case "any", "*": value = nil
            default: throw ParseError(text: text, reason: "'\(token)' has an unknown size class '\(valueText)'")
            }
            if axis == "w" {
                guard horizontal == nil else { throw ParseError(text: text, reason: "the width is given twice") }
                horizontal = .some(value)
            } else {
                guard vertical == nil else { throw ParseError(text: text, reason: "the height is given twice") }
                vertical = .some(value)
            }
        }
        self.init(horizontal: horizontal ?? nil, vertical: vertical ?? nil)
    }
}

extension SizeClasses: CustomStringConvertible {
    /// Always both dimensions: `wC hR`, `wR hAny`.
    public var description: String {
        "w\(horizontal?.letter ?? "Any") h\(vertical?.letter ?? "Any")"
    }
}
