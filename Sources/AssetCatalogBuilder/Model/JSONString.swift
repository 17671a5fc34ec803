/// Writes JSON string literals: the one escaper behind ``JSONValue`` (attribute values echoed from
/// `Contents.json`) and the audit's JSON, SARIF and baseline output.
enum JSONString {
    /// Appends `text` as a quoted JSON string: `"` and `\` escaped, `\n` `\r` `\t` by name, other control
    /// characters as `\u00XX`. With `escapingLineSeparators`, U+2028 and U+2029 are escaped too, for
    /// readers that parse JSON as JavaScript (the audit's machine-readable output does this).
    static func append(_ text: String, to output: inout String, escapingLineSeparators: Bool) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || (escapingLineSeparators && (scalar.value == 0x2028 || scalar.value == 0x2029)) {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
