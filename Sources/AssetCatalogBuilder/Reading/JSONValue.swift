/// A parsed JSON value that keeps what `Contents.json` readers need and `JSONSerialization` loses:
/// the order of object members and the literal text of numbers (`"128"` versus `"1.000"`).
enum JSONValue: Hashable, Sendable {
    case object(JSONObject)
    case array([JSONValue])
    case string(String)
    /// A number, as written in the file.
    case number(String)
    case bool(Bool)
    case null

    /// Whether keys can be found in it: an object, or an array (which may hold objects).
    var canHoldKeys: Bool {
        switch self {
        case .object, .array: return true
        case .string, .number, .bool, .null: return false
        }
    }

    /// "a string", "an array", … for messages such as "'images' should be an array but is a string".
    var typeDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// The value as an attribute string: strings as they are, numbers as written, booleans as
    /// `true`/`false`, objects and arrays as compact JSON with sorted keys.
    var attributeString: String {
        switch self {
        case .string(let text): return text
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .object, .array: return compactJSON
        }
    }

    /// Compact JSON with object keys sorted (by UTF-8 bytes).
    var compactJSON: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .object(let object):
            output += "{"
            let members = object.members.sorted { Bytewise.less($0.key, $1.key) }
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONString.append(member.key, to: &output, escapingLineSeparators: false)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .string(let text): JSONString.append(text, to: &output, escapingLineSeparators: false)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }

}

/// A JSON object with its members in file order.
struct JSONObject: Hashable, Sendable {
    /// The members in the order they were written. A key written twice appears twice.
    var members: [(key: String, value: JSONValue)]

    init(members: [(key: String, value: JSONValue)]) {
        self.members = members
    }

    /// The value of the last member with this key (JSONSerialization's rule), or `nil`.
    subscript(key: String) -> JSONValue? {
        for member in members.reversed() where member.key == key { return member.value }
        return nil
    }

    static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}
