/// A small, strict JSON parser (RFC 8259) for `Contents.json` files.
///
/// It keeps member order and number literals (see ``JSONValue``), reports errors with a line and
/// column, tolerates a leading UTF-8 byte-order mark, and bounds nesting so hostile input cannot
/// exhaust the stack.
struct JSONParser {
    /// Why a document is not JSON, with where (1-based line and column).
    struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        var line: Int
        var column: Int
        var reason: String

        var description: String { "not valid JSON: \(reason) at line \(line), column \(column)" }
    }

    /// Nesting deeper than this is refused.
    static let maximumDepth = 256

    /// Parses a whole document.
    static func parse(_ bytes: [UInt8]) -> Result<JSONValue, SyntaxError> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Cursor(bytes: buffer)
            do {
                return .success(try parser.document())
            } catch {
                return .failure(parser.syntaxError(error))
            }
        }
    }

    private struct Failure: Error {
        var offset: Int
        var reason: String
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func syntaxError(_ error: any Error) -> SyntaxError {
            let failure = error as? Failure ?? Failure(offset: offset, reason: "unexpected error")
            var line = 1
            var column = 1
            var index = 0
            while index < min(failure.offset, bytes.count) {
                if bytes[index] == 0x0A {
                    line += 1
                    column = 1
                } else if bytes[index] & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            return SyntaxError(line: line, column: column, reason: failure.reason)
        }

        mutating func document() throws -> JSONValue {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
            skipWhitespace()
            if offset >= bytes.count { throw Failure(offset: offset, reason: "the file is empty") }
            let value = try self.value()
            skipWhitespace()
            if offset < bytes.count {
                throw Failure(offset: offset, reason: "unexpected \(describeByte(at: offset)) after the end of the document")
            }
            return value
        }

        mutating func skipWhitespace() {
            while offset < bytes.count {
                switch bytes[offset] {
                case 0x20, 0x09, 0x0A, 0x0D: offset += 1
                default: return
                }
            }
        }

        func describeByte(at index: Int) -> String {
            guard index < bytes.count else { return "end of file" }
            let byte = bytes[index]
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        mutating func value() throws -> JSONValue {
            guard offset < bytes.count else { throw Failure(offset: offset, reason: "unexpected end of file, expected a value") }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw Failure(offset: offset, reason: "unexpected \(describeByte(at: offset)), expected a value")
            }
        }

        mutating func literal(_ word: StaticString) throws {
            let start = offset
            let count = word.utf8CodeUnitCount
            let matches = offset + count <= bytes.count
                && (0..<count).allSatisfy { bytes[offset + $0] == word.utf8Start[$0] }
            guard matches else { throw Failure(offset: start, reason: "unexpected \(describeByte(at: start)), expected a value") }
            offset += count
        }

        mutating func enter() throws {
            depth += 1
            if depth > JSONParser.maximumDepth {
                throw Failure(offset: offset, reason: "nesting deeper than \(JSONParser.maximumDepth) levels")
            }
        }

        mutating func object() throws -> JSONValue {
            try enter()
            defer { depth -= 1 }
            offset += 1
            var members: [(key: String, value: JSONValue)] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(JSONObject(members: members))
            }
            while true {
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                    throw Failure(offset: offset, reason: "unexpected \(describeByte(at: offset)), expected a quoted key")
                }
                let key = try string()
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                    throw Failure(offset: offset, reason: "unexpected \(describeByte(at: offset)), expected ':' after key \"\(key)\"")
                }
                offset += 1
                skipWhitespace()
                let value = try self.value()
                members.append((key, value))
                skipWhitespace()
                guard offset < bytes.count else { throw Failure(offset: offset, reason: "unexpected end of file, expected ',' or '}'") }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                if bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return .object(JSONObject(members: members))
                }
                throw Failure(offset: offset, reason: "unexpected \(describeByte(at: offset)), expected ',' or '}'")
            }
        }

        mutating func array() throws -> JSONValue {
            try enter()
            defer { depth -= 1 }
            offset += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value())
                skipWhitespace()
                guard offset < bytes.count else { throw Failure(offset: offset, reason: "unexpected end of file, expected ',' or ']'") }
                if bytes[offset] == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                if bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return .array(elements)
                }
                throw Failure(offset: offset, reason: "unexpected \(describeByte(at: offset)), expected ',' or ']'")
            }
        }

        mutating func number() throws -> String {
            let start = offset
            if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            func digits() -> Int {
                let first = offset
                while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") { offset += 1 }
                return offset - first
            }
            guard offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") else {
                throw Failure(offset: offset, reason: "a number needs a digit after '-'")
            }
            if bytes[offset] == UInt8(ascii: "0") {
                offset += 1
            } else {
                _ = digits()
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                guard digits() > 0 else { throw Failure(offset: offset, reason: "a number needs a digit after '.'") }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
                guard digits() > 0 else { throw Failure(offset: offset, reason: "a number needs a digit in its exponent") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }

        mutating func string() throws -> String {
            let start = offset
            offset += 1
            let contentStart = offset
            // Fast path: no escapes.
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<offset])
                    offset += 1
                    guard let text = StrictUTF8.decode(slice) else {
                        throw Failure(offset: contentStart, reason: "a string is not valid UTF-8")
                    }
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw Failure(offset: offset, reason: "a control character (\(describeByte(at: offset))) inside a string") }
                offset += 1
            }
            guard offset < bytes.count else { throw Failure(offset: start, reason: "a string is not closed") }
            // Slow path with escapes.
            var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<offset]))
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    offset += 1
                    guard let text = StrictUTF8.decode(scalars) else {
                        throw Failure(offset: contentStart, reason: "a string is not valid UTF-8")
                    }
                    return text
                }
                if byte < 0x20 { throw Failure(offset: offset, reason: "a control character (\(describeByte(at: offset))) inside a string") }
                if byte != UInt8(ascii: "\\") {
                    scalars.append(byte)
                    offset += 1
                    continue
                }
                offset += 1
                guard offset < bytes.count else { break }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                            throw Failure(offset: offset, reason: "an unpaired UTF-16 surrogate in a \\u escape")
                        }
                        offset += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw Failure(offset: offset, reason: "an unpaired UTF-16 surrogate in a \\u escape")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw Failure(offset: offset, reason: "an unpaired UTF-16 surrogate in a \\u escape")
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        throw Failure(offset: offset, reason: "an invalid \\u escape")
                    }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw Failure(offset: offset - 2, reason: "an invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
                }
            }
            throw Failure(offset: start, reason: "a string is not closed")
        }

        mutating func hex4() throws -> UInt32 {
            guard offset + 4 <= bytes.count else { throw Failure(offset: offset, reason: "a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[offset]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw Failure(offset: offset, reason: "a \\u escape needs four hex digits")
                }
                value = value << 4 | digit
                offset += 1
            }
            return value
        }
    }
}
