/// A parsed configuration value with the line it came from, for messages.
struct ConfigNode: Hashable, Sendable {
    /// The value.
    indirect enum Value: Hashable, Sendable {
        /// A scalar, as text (numbers and booleans too: their meaning depends on the key).
        case scalar(String)
        /// A list.
        case list([ConfigNode])
        /// A map, in file order.
        case map([ConfigMember])
    }

    var value: Value
    /// The 1-based line, or 0 when unknown (JSON).
    var line: Int

    /// "a list", "a map", "'text'" for messages.
    var typeDescription: String {
        switch value {
        case .scalar(let text): return MessageQuote.quoted(text, limit: 40)
        case .list: return "a list"
        case .map: return "a map"
        }
    }

    var scalar: String? {
        if case .scalar(let text) = value { return text }
        return nil
    }
}

/// One `key: value` of a map.
struct ConfigMember: Hashable, Sendable {
    var key: String
    var value: ConfigNode
    var line: Int
}

/// Why a configuration file cannot be used.
public struct AuditConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// The 1-based line, or 0 when the problem has no single line.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

extension ConfigNode {
    /// Converts a JSON document (`.assetc.json`) to the same tree; numbers and booleans become scalars.
    init(json: JSONValue) {
        switch json {
        case .object(let object):
            self.init(
                value: .map(object.members.map { ConfigMember(key: $0.key, value: ConfigNode(json: $0.value), line: 0) }),
                line: 0)
        case .array(let elements):
            self.init(value: .list(elements.map(ConfigNode.init(json:))), line: 0)
        case .string(let text):
            self.init(value: .scalar(text), line: 0)
        case .number(let text):
            self.init(value: .scalar(text), line: 0)
        case .bool(let flag):
            self.init(value: .scalar(flag ? "true" : "false"), line: 0)
        case .null:
            self.init(value: .scalar(""), line: 0)
        }
    }
}
