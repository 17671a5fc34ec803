/// A JSON value with object members in a chosen order, for output whose key order is part of a
/// documented schema.
indirect enum JSONOutputValue: Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONOutputValue])
    case object([(String, JSONOutputValue)])

    /// Pretty-printed text (2-space indentation, `"key": value`), ending with a newline.
    var prettyText: String {
        var output = ""
        write(to: &output, indent: 0)
        output += "\n"
        return output
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .string(let text): JSONString.append(text, to: &output, escapingLineSeparators: true)
        case .integer(let value): output += String(value)
        case .number(let value):
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
                output += String(Int(value))
            } else if value.isFinite {
                output += String(value)
            } else {
                output += "null"
            }
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for (position, element) in elements.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                element.write(to: &output, indent: indent + 2)
                output += position + 1 < elements.count ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (position, member) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                JSONString.append(member.0, to: &output, escapingLineSeparators: true)
                output += ": "
                member.1.write(to: &output, indent: indent + 2)
                output += position + 1 < members.count ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

}
