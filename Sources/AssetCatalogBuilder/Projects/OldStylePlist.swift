/// A value of an old-style (OpenStep, "ASCII") property list, the format of Xcode's `project.pbxproj`:
/// `{ key = value; }` dictionaries, `( a, b, )` arrays, quoted or bare strings and `<0fa3>` data.
public enum OldStylePlist: Hashable, Sendable {
    /// A quoted or bare string.
    case string(String)
    /// Hexadecimal data between angle brackets.
    case data([UInt8])
    /// An array.
    case array([OldStylePlist])
    /// A dictionary; when a key repeats, the last value wins.
    case dictionary([String: OldStylePlist])

    /// The string, if this is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements, if this is an array.
    public var array: [OldStylePlist]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, if this is a dictionary.
    public var dictionary: [String: OldStylePlist]? {
        if case .dictionary(let members) = self { return members }
        return nil
    }

    /// The member `key` of a dictionary.
    public subscript(key: String) -> OldStylePlist? {
        dictionary?[key]
    }
}

/// Why an old-style property list could not be parsed: what was expected, at which byte offset and line.
public struct OldStylePlistError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The byte offset of the problem.
    public var offset: Int
    /// The 1-based line of the problem.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(offset: Int, line: Int, message: String) {
        self.offset = offset
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line) (byte \(offset)): \(message)" }
}

extension OldStylePlist {
    /// How deeply arrays and dictionaries may nest; Xcode's projects nest four levels.
    public static let maxDepth = 64

    /// Parses a whole document. Runs in time linear in the input: every byte is looked at a bounded number
    /// of times, nesting is limited to ``maxDepth``, and every read is bounds-checked.
    public static func parse(_ bytes: [UInt8]) -> Result<OldStylePlist, OldStylePlistError> {
        var parser = OldStylePlistParser(bytes: bytes)
        do throws(OldStylePlistError) {
            let value = try parser.value(depth: 0)
            try parser.skipTrivia()
            guard parser.position == bytes.count else { throw parser.failure("unexpected text after the top-level value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }
}

/// A cursor over the bytes of an old-style property list.
struct OldStylePlistParser {
    let bytes: [UInt8]
    var position = 0
    var line = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func failure(_ message: String) -> OldStylePlistError {
        OldStylePlistError(offset: position, line: line, message: message)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func advance() {
        if bytes[position] == UInt8(ascii: "\n") { line += 1 }
        position += 1
    }

    /// Skips white space, `// line` and `/* block */` comments.
    mutating func skipTrivia() throws(OldStylePlistError) {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                advance()
            case UInt8(ascii: "/") where self.byte(at: position + 1) == UInt8(ascii: "/"):
                while let next = current, next != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "/") where self.byte(at: position + 1) == UInt8(ascii: "*"):
                let start = failure("a /* comment is not closed")
                advance()
                advance()
                while true {
                    guard let next = current else { throw start }
                    if next == UInt8(ascii: "*"), self.byte(at: position + 1) == UInt8(ascii: "/") {
                        advance()
                        advance()
                        break
                    }
                    advance()
                }
            default:
                return
            }
        }
    }

    mutating func value(depth: Int) throws(OldStylePlistError) -> OldStylePlist {
        try skipTrivia()
        guard let byte = current else { throw failure("the text ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < OldStylePlist.maxDepth else { throw failure("nesting deeper than \(OldStylePlist.maxDepth) levels") }
            return try dictionary(depth: depth + 1)
        case UInt8(ascii: "("):
            guard depth < OldStylePlist.maxDepth else { throw failure("nesting deeper than \(OldStylePlist.maxDepth) levels") }
            return try array(depth: depth + 1)
        case UInt8(ascii: "<"):
            return try data()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try quoted())
        default:
            guard Self.isBare(byte) else { throw failure("unexpected character '\(Self.printable(byte))'") }
            return .string(bare())
        }
    }

    private mutating func dictionary(depth: Int) throws(OldStylePlistError) -> OldStylePlist {
        advance()  // {
        var members: [String: OldStylePlist] = [:]
        while true {
            try skipTrivia()
            guard let byte = current else { throw failure("a dictionary is not closed") }
            if byte == UInt8(ascii: "}") {
                advance()
                return .dictionary(members)
            }
            guard case .string(let key) = try value(depth: depth) else { throw failure("a dictionary key must be a string") }
            try skipTrivia()
            guard current == UInt8(ascii: "=") else { throw failure("'=' expected after the key '\(Self.shortened(key))'") }
            advance()
            let member = try value(depth: depth)
            try skipTrivia()
            guard current == UInt8(ascii: ";") else { throw failure("';' expected after the value of '\(Self.shortened(key))'") }
            advance()
            members[key] = member
        }
    }

    private mutating func array(depth: Int) throws(OldStylePlistError) -> OldStylePlist {
        advance()  // (
        var elements: [OldStylePlist] = []
        while true {
            try skipTrivia()
            guard let byte = current else { throw failure("an array is not closed") }
            if byte == UInt8(ascii: ")") {
                advance()
                return .array(elements)
            }
            elements.append(try value(depth: depth))
            try skipTrivia()
            if current == UInt8(ascii: ",") {
                advance()
            } else if current != UInt8(ascii: ")") {
                throw failure("',' or ')' expected in an array")
            }
        }
    }

    private mutating func data() throws(OldStylePlistError) -> OldStylePlist {
        advance()  // <
        var result: [UInt8] = []
        var high: UInt8?
        while true {
            guard let byte = current else { throw failure("a <data> value is not closed") }
            advance()
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw failure("a <data> value has an odd number of hexadecimal digits") }
                return .data(result)
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                continue
            }
            guard let digit = Self.hexValue(byte) else { throw failure("'\(Self.printable(byte))' in a <data> value") }
            if let first = high {
                result.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
    }

    private mutating func bare() -> String {
        let start = position
        while let byte = current, Self.isBare(byte) { advance() }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func quoted() throws(OldStylePlistError) -> String {
        let quote = bytes[position]
        let opening = failure("a quoted string is not closed")
        advance()
        var text: [UInt8] = []
        var runStart = position
        while true {
            guard let byte = current else { throw opening }
            if byte == quote {
                text.append(contentsOf: bytes[runStart..<position])
                advance()
                return String(decoding: text, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else {
                advance()
                continue
            }
            text.append(contentsOf: bytes[runStart..<position])
            advance()
            guard let escaped = current else { throw opening }
            advance()
            switch escaped {
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "a"): text.append(0x07)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "v"): text.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var code: UInt32 = 0
                var digits = 0
                while digits < 4, let byte = current, let digit = Self.hexValue(byte) {
                    code = code << 4 | UInt32(digit)
                    digits += 1
                    advance()
                }
                guard digits > 0 else { throw failure("\\U without hexadecimal digits") }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                text.append(contentsOf: Array(String(Character(scalar)).utf8))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var code = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "7") {
                    code = code << 3 | UInt32(byte - UInt8(ascii: "0"))
                    digits += 1
                    advance()
                }
                // NeXTSTEP encoding above 127 is rare in projects; keep ASCII, replace the rest.
                text.append(code < 0x80 ? UInt8(code) : 0x3F)
            default:
                text.append(escaped)  // \" \\ \' and any other character stand for themselves
            }
            runStart = position
        }
    }

    static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
            UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// A byte for an error message: printable ASCII as is, anything else as a code.
    static func printable(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }

    /// A key for an error message: at most 40 characters, control characters replaced.
    static func shortened(_ key: String) -> String {
        let clean = String(key.unicodeScalars.prefix(40).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return key.unicodeScalars.count > 40 ? clean + "…" : clean
    }
}
