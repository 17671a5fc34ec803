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
        case .scalar(let text): return text.count > 40 ? "'\(text.prefix(40))…'" : "'\(text)'"
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

/// Parses the subset of YAML that `.assetc.yml` uses (documented in `docs/AUDITS.md`): block maps and
/// block lists nested by indentation (spaces only), flow lists `[a, b]`, plain, single- and double-quoted
/// scalars, `#` comments and a leading `---`. Anchors, tags, multi-line scalars, flow maps and lists
/// of maps are refused with a message naming the line, never silently misread.
struct YAMLSubsetParser {
    private struct Line {
        var number: Int
        var indent: Int
        var text: Substring
    }

    private let file: String
    private var lines: [Line] = []
    private var position = 0

    init(file: String) {
        self.file = file
    }

    /// Parses a whole document; an empty document is an empty map.
    static func parse(_ text: String, file: String) throws(AuditConfigurationError) -> ConfigNode {
        var parser = YAMLSubsetParser(file: file)
        try parser.split(text)
        guard let first = parser.lines.first else { return ConfigNode(value: .map([]), line: 1) }
        let node = try parser.block(indent: first.indent)
        if parser.position < parser.lines.count {
            let line = parser.lines[parser.position]
            throw parser.error(line.number, "unexpected indentation; every key of a map must start in the same column")
        }
        return node
    }

    private func error(_ line: Int, _ message: String) -> AuditConfigurationError {
        AuditConfigurationError(file: file, line: line, message: message)
    }

    /// Splits into significant lines with comments removed.
    private mutating func split(_ text: String) throws(AuditConfigurationError) {
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = raw
            if line.hasSuffix("\r") { line = line.dropLast() }
            if number == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            let content = try stripComment(line, number: number)
            let trimmed = content.drop(while: { $0 == " " })
            if trimmed.isEmpty { continue }
            if trimmed.first == "\t" || content.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
                throw error(number, "tabs are not allowed for indentation; use spaces")
            }
            if number == 1 || lines.isEmpty, trimmed == "---" { continue }
            if trimmed == "..." { break }
            var end = trimmed.endIndex
            while end > trimmed.startIndex, trimmed[trimmed.index(before: end)] == " " { end = trimmed.index(before: end) }
            lines.append(Line(number: number, indent: content.count - trimmed.count, text: trimmed[..<end]))
        }
    }

    /// Removes a `#` comment that is outside quotes and at the start or after a space.
    private func stripComment(_ line: Substring, number: Int) throws(AuditConfigurationError) -> Substring {
        var quote: Character?
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if let open = quote {
                if character == open {
                    if open == "'", line.index(after: index) < line.endIndex, line[line.index(after: index)] == "'" {
                        index = line.index(index, offsetBy: 2)
                        previous = "'"
                        continue
                    }
                    quote = nil
                } else if open == "\"", character == "\\" {
                    index = line.index(after: index)
                    if index == line.endIndex { break }
                }
            } else if character == "#", previous == " " || previous == "\t" {
                return line[..<index]
            } else if character == "'" || character == "\"", previous == " " || previous == ":" || previous == "["
                || previous == "," || previous == "-" || index == line.startIndex
            {
                quote = character
            }
            previous = character
            index = line.index(after: index)
        }
        return line
    }

    /// A block map or block list whose lines start at exactly `indent`.
    private mutating func block(indent: Int) throws(AuditConfigurationError) -> ConfigNode {
        let first = lines[position]
        if first.text == "-" || first.text.hasPrefix("- ") {
            return try list(indent: indent)
        }
        return try map(indent: indent)
    }

    private mutating func list(indent: Int) throws(AuditConfigurationError) -> ConfigNode {
        var items: [ConfigNode] = []
        let start = lines[position].number
        while position < lines.count, lines[position].indent == indent,
            lines[position].text == "-" || lines[position].text.hasPrefix("- ")
        {
            let line = lines[position]
            let rest = line.text.dropFirst().drop(while: { $0 == " " })
            position += 1
            if rest.isEmpty {
                guard position < lines.count, lines[position].indent > indent else {
                    items.append(ConfigNode(value: .scalar(""), line: line.number))
                    continue
                }
                items.append(try block(indent: lines[position].indent))
                continue
            }
            if rest.hasPrefix("- ") || rest == "-" || Self.keySplit(rest) != nil {
                throw error(line.number, "lists of lists or of maps are not supported in .assetc.yml")
            }
            items.append(try inlineValue(rest, line: line.number))
        }
        return ConfigNode(value: .list(items), line: start)
    }

    private mutating func map(indent: Int) throws(AuditConfigurationError) -> ConfigNode {
        var members: [ConfigMember] = []
        var seen: Set<String> = []
        let start = lines[position].number
        while position < lines.count, lines[position].indent == indent {
            let line = lines[position]
            if line.text == "-" || line.text.hasPrefix("- ") {
                throw error(line.number, "a list item where a 'key: value' line was expected")
            }
            guard let (rawKey, rest) = Self.keySplit(line.text) else {
                // Only the line number: the line itself may hold anything, and error messages never quote
                // file contents beyond a key.
                throw error(line.number, "expected a 'key: value' line")
            }
            let key = try unquoted(rawKey, line: line.number)
            guard seen.insert(key).inserted else { throw error(line.number, "the key '\(key)' appears twice") }
            position += 1
            let value: ConfigNode
            if rest.isEmpty {
                if position < lines.count, lines[position].indent > indent {
                    value = try block(indent: lines[position].indent)
                } else if position < lines.count, lines[position].indent == indent,
                    lines[position].text == "-" || lines[position].text.hasPrefix("- ")
                {
                    value = try list(indent: indent)  // `key:` followed by `- item` in the same column
                } else {
                    value = ConfigNode(value: .scalar(""), line: line.number)
                }
            } else {
                value = try inlineValue(rest, line: line.number)
            }
            members.append(ConfigMember(key: key, value: value, line: line.number))
        }
        if position < lines.count, lines[position].indent > indent {
            throw error(lines[position].number, "unexpected indentation")
        }
        return ConfigNode(value: .map(members), line: start)
    }

    /// Splits `key: rest` at the first `: ` (or a final `:`) outside quotes.
    static func keySplit(_ text: Substring) -> (Substring, Substring)? {
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if index == text.startIndex, character == "'" || character == "\"" {
                quote = character
            } else if character == ":" {
                let next = text.index(after: index)
                if next == text.endIndex || text[next] == " " {
                    let key = text[..<index]
                    guard !key.isEmpty else { return nil }
                    return (key, text[next...].drop(while: { $0 == " " }))
                }
            }
            index = text.index(after: index)
        }
        return nil
    }

    private func inlineValue(_ text: Substring, line: Int) throws(AuditConfigurationError) -> ConfigNode {
        if text.first == "[" {
            guard text.last == "]" else { throw error(line, "a flow list must end with ']' on the same line") }
            let inner = text.dropFirst().dropLast()
            var items: [ConfigNode] = []
            for part in try splitFlow(inner, line: line) {
                let item = part.drop(while: { $0 == " " })
                let trimmed = item.reversed().drop(while: { $0 == " " }).reversed()
                let element = Substring(String(trimmed))
                if element.isEmpty { continue }
                if element.first == "[" || element.first == "{" {
                    throw error(line, "nested flow collections are not supported in .assetc.yml")
                }
                items.append(ConfigNode(value: .scalar(try unquoted(element, line: line)), line: line))
            }
            return ConfigNode(value: .list(items), line: line)
        }
        if text.first == "{" { throw error(line, "flow maps ({...}) are not supported in .assetc.yml; use indented lines") }
        if text.first == "&" || text.first == "*" || text.first == "!" {
            throw error(line, "anchors, aliases and tags are not supported in .assetc.yml")
        }
        if text == "|" || text == ">" || text.hasPrefix("| ") || text.hasPrefix("> ") || text.hasPrefix("|-")
            || text.hasPrefix(">-")
        {
            throw error(line, "multi-line scalars are not supported in .assetc.yml")
        }
        return ConfigNode(value: .scalar(try unquoted(text, line: line)), line: line)
    }

    private func splitFlow(_ text: Substring, line: Int) throws(AuditConfigurationError) -> [Substring] {
        var parts: [Substring] = []
        var quote: Character?
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "," {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        if quote != nil { throw error(line, "a quoted string is not closed") }
        parts.append(text[start...])
        return parts
    }

    /// The text of a plain or quoted scalar.
    private func unquoted(_ text: Substring, line: Int) throws(AuditConfigurationError) -> String {
        guard let first = text.first, first == "'" || first == "\"" else { return String(text) }
        guard text.count >= 2, text.last == first else { throw error(line, "a quoted string is not closed") }
        let body = text.dropFirst().dropLast()
        if first == "'" { return body.replacingOccurrences(of: "''", with: "'") }
        var result = ""
        var iterator = body.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "/": result.append("/")
            case let other?: throw error(line, "unsupported escape '\\\(other)' in a double-quoted string")
            case nil: throw error(line, "a double-quoted string ends with '\\'")
            }
        }
        return result
    }
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
