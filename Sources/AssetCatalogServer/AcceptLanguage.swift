import AssetCatalog

/// Reads `Accept-Language` (RFC 9110, section 12.5.4): the language the user prefers most among those the
/// resolver can use.
enum AcceptLanguage {
    /// Entries read at most: a longer list is cut there (the header's size is bounded by the server too).
    static let maximumEntries = 32

    /// The tag with the highest weight (`q`, 1 when absent; the first listed wins a tie) that is a valid
    /// language tag; `*` and weights of 0 are skipped. `nil` when none is usable.
    static func preferredLocale(_ header: String) -> LocaleTag? {
        var best: (tag: LocaleTag, weight: Double)?
        for entry in header.split(separator: ",", maxSplits: maximumEntries, omittingEmptySubsequences: true)
            .prefix(maximumEntries)
        {
            let parts = entry.split(separator: ";")
            guard let first = parts.first else { continue }
            let tagText = String(first).trimmingSpaces
            guard tagText != "*", let tag = LocaleTag(String(tagText)) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let trimmed = String(parameter).trimmingSpaces
                guard trimmed.hasPrefix("q=") || trimmed.hasPrefix("Q=") else { continue }
                weight = Double(trimmed.dropFirst(2)).flatMap { $0.isFinite ? min(max($0, 0), 1) : nil } ?? 0
            }
            if weight > 0, weight > (best?.weight ?? 0) { best = (tag, weight) }
        }
        return best?.tag
    }
}

/// Text from a request, made safe to quote in a message or a log line.
enum RequestText {
    /// `text` cut to `limit` bytes (on a character boundary, with `…`), control characters shown as `?`.
    static func quoted(_ text: String, limit: Int) -> String {
        var result = ""
        var bytes = 0
        for character in text {
            let length = character.utf8.count
            if bytes + length > limit {
                result += "…"
                break
            }
            bytes += length
            result.append(character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? "?" : character)
        }
        return result
    }
}
