/// Text that came from a repository (folder and file names, JSON keys, messages that quote them) made
/// safe to print on a terminal: control characters are shown as escapes instead of being sent, so a
/// name cannot move the cursor, rewrite earlier lines, change the window title or ring the bell.
///
/// Every text renderer (`info`, `audit`, `matrix`, `pack` warnings) passes what it prints through this
/// one function; JSON, SARIF and HTML output escape in their own syntax instead.
public enum TerminalText {
    /// `text` with every C0 control (U+0000–U+001F), DEL and C1 control (U+0080–U+009F) written as
    /// `\x1B`-style escapes; with `keepingLineBreaks`, `\n` and `\t` (the renderer's own layout) stay.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks) }) else { return text }
        let digits = Array("0123456789ABCDEF")
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingLineBreaks) else {
                out.append(scalar)
                continue
            }
            let value = Int(scalar.value)
            out.append(contentsOf: "\\x".unicodeScalars)
            out.append(contentsOf: String(digits[value >> 4]).unicodeScalars)
            out.append(contentsOf: String(digits[value & 0xF]).unicodeScalars)
        }
        return String(out)
    }

    @inline(__always)
    private static func needsEscape(_ scalar: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        let value = scalar.value
        if keepingLineBreaks, value == 0x0A || value == 0x09 { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
