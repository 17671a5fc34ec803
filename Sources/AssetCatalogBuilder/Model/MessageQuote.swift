/// Quoting of names in messages. A name that came from a repository (a file name a `Contents.json` lists, an
/// unknown key, a value of the audit configuration, an argument) is shown with control characters escaped
/// (`\x1B`), so it cannot drive a terminal or break a report, and cut to ``limit`` characters, so a hostile file
/// cannot flood a build log: a message names what is wrong, it does not copy the file.
package enum MessageQuote {
    /// The most Unicode scalars of a name a message repeats; a longer name is cut there and ends in `…`.
    package static let limit = 200

    /// `text` with control characters escaped, cut to `limit` scalars (``limit`` unless told) with an ellipsis. Only
    /// the first `limit` + 1 scalars are looked at, so quoting a name of a million characters costs no more than
    /// quoting a short one.
    package static func clipped(_ text: some StringProtocol, limit: Int = MessageQuote.limit) -> String {
        var head = String.UnicodeScalarView()
        var (taken, isCut) = (0, false)
        for scalar in text.unicodeScalars {
            guard taken < limit else {
                isCut = true
                break
            }
            head.append(scalar)
            taken += 1
        }
        let escaped = TerminalText.escaped(String(head))
        guard isCut || escaped.unicodeScalars.count > limit else { return escaped }
        return String(String.UnicodeScalarView(escaped.unicodeScalars.prefix(limit))) + "…"
    }

    /// `text` clipped as ``clipped(_:limit:)`` does, between single quotes: `'icon@2x.png'`.
    package static func quoted(_ text: some StringProtocol, limit: Int = MessageQuote.limit) -> String {
        "'\(clipped(text, limit: limit))'"
    }
}
