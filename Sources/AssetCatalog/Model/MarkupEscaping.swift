/// Text made safe inside XML or HTML: the one escaper of the property lists, symbol documents, HTML reports and the
/// server's gallery.
///
/// It works on Unicode scalars, not `Character`s: to Swift, a `<` or `"` followed by a combining mark is one
/// `Character`, equal to neither, so an escaper that compares characters lets the bare `<` or `"` through — a way out
/// of an attribute or into the markup for a hostile asset name.
public enum MarkupEscaping {
    /// Which quotes are escaped besides `&`, `<` and `>`.
    public enum Quotes: Sendable {
        /// None: text between tags (a property list's strings and keys).
        case none
        /// `"` as `&quot;`: text in a double-quoted XML attribute.
        case double
        /// `"` and `'` (`&#39;`): HTML, whose attributes may be quoted either way.
        case doubleAndSingle
    }

    /// `text` with `&`, `<`, `>` and the `quotes` asked for replaced by their entities.
    public static func escaped(_ text: String, quotes: Quotes) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes != .none: out += "&quot;"
            case "'" where quotes == .doubleAndSingle: out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
