/// A small XML reader for SF Symbols templates: the elements of a document with their attributes and text, in one
/// linear pass, within fixed limits, fetching nothing.
///
/// A symbol template comes from anyone's repository, so the reader is built for hostile input: the document's size,
/// the nesting depth and the number of elements are bounded; entity declarations (the way to "billion laughs" and
/// external entities) are refused, a `DOCTYPE`'s external identifier is skipped unread, and only XML's five named
/// entities and character references are expanded. Problems are worded with byte offsets, never the file's text.
struct SymbolXML: Sendable {
    /// One element: its local name (no namespace prefix), attributes in document order, children and text.
    struct Element: Sendable {
        var name: String
        var attributes: [(name: String, value: String)]
        /// Indices of the child elements in ``SymbolXML/elements``.
        var children: [Int] = []
        /// The character data directly inside the element, entities expanded.
        var text = ""

        /// The value of the attribute called `name`.
        func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    /// Why a document could not be read.
    struct Problem: Error, Sendable, Equatable {
        var message: String
    }

    /// The largest document read: 16 MiB (Apple's templates are 20–200 KB).
    static let maximumSize = 16 << 20
    /// The deepest nesting accepted.
    static let maximumDepth = 64
    /// The most elements accepted.
    static let maximumElements = 200_000

    /// Every element in document order; the root is element 0.
    var elements: [Element] = []

    /// Reads `bytes`.
    ///
    /// - Throws: ``Problem`` naming what is wrong and where (a byte offset).
    init(_ bytes: [UInt8]) throws(Problem) {
        guard bytes.count <= Self.maximumSize else {
            throw Problem(message: "is \(bytes.count) bytes; a symbol template may have at most \(Self.maximumSize)")
        }
        var parser = Parser(bytes: bytes)
        try parser.run()
        elements = parser.elements
        guard !elements.isEmpty else { throw Problem(message: "has no root element") }
    }

    /// The elements under `index` (itself included) in document order, depth first.
    func descendants(of index: Int) -> [Int] {
        var result: [Int] = []
        var stack = [index]
        while let next = stack.popLast() {
            result.append(next)
            stack += elements[next].children.reversed()
        }
        return result
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        var elements: [Element] = []
        var open: [Int] = []
        var rootSeen = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() throws(Problem) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
            while position < bytes.count {
                if bytes[position] != UInt8(ascii: "<") {
                    try text()
                    continue
                }
                let start = position
                if has("<?", at: start) {
                    try skip(past: Array("?>".utf8), what: "processing instruction", start: start)
                } else if has("<!--", at: start) {
                    try skip(past: Array("-->".utf8), what: "comment", start: start)
                } else if has("<![CDATA[", at: start) {
                    guard let current = open.last else { throw problem("character data outside the root", start) }
                    let from = start + 9
                    try skip(past: Array("]]>".utf8), what: "CDATA section", start: start)
                    elements[current].text += String(decoding: bytes[from..<(position - 3)], as: UTF8.self)
                } else if has("<!", at: start) {
                    try doctype(start: start)
                } else if has("</", at: start) {
                    try endTag(start: start)
                } else {
                    try startTag(start: start)
                }
            }
            if !open.isEmpty { throw Problem(message: "is not well-formed XML: an element is never closed (truncated?)") }
            if !rootSeen { throw Problem(message: "has no root element") }
        }

        mutating func text() throws(Problem) {
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "<") { position += 1 }
            guard let current = open.last else {
                for byte in bytes[start..<position] where !isSpace(byte) {
                    throw problem("text outside the root element", start)
                }
                return
            }
            elements[current].text += try decode(start..<position)
        }

        mutating func startTag(start: Int) throws(Problem) {
            position = start + 1
            let name = readName()
            guard !name.isEmpty else { throw problem("a '<' not starting a tag", start) }
            if open.isEmpty {
                if rootSeen { throw problem("a second root element", start) }
                rootSeen = true
            }
            guard elements.count < SymbolXML.maximumElements else {
                throw Problem(message: "has more than \(SymbolXML.maximumElements) elements")
            }
            var attributes: [(name: String, value: String)] = []
            var selfClosing = false
            while true {
                skipSpaces()
                guard position < bytes.count else { throw problem("a tag cut off (truncated?)", start) }
                if bytes[position] == UInt8(ascii: ">") {
                    position += 1
                    break
                }
                if bytes[position] == UInt8(ascii: "/") {
                    guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else { throw problem("a malformed tag", start) }
                    position += 2
                    selfClosing = true
                    break
                }
                let attribute = readName()
                skipSpaces()
                guard !attribute.isEmpty, position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                    throw problem("a malformed tag", start)
                }
                position += 1
                skipSpaces()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                    throw problem("a malformed tag", start)
                }
                let quote = bytes[position]
                let valueStart = position + 1
                position = valueStart
                while position < bytes.count, bytes[position] != quote {
                    if bytes[position] == UInt8(ascii: "<") { throw problem("a malformed tag", start) }
                    position += 1
                }
                guard position < bytes.count else { throw problem("a tag cut off (truncated?)", start) }
                attributes.append((localName(attribute), try decode(valueStart..<position)))
                position += 1
            }
            let index = elements.count
            elements.append(Element(name: localName(name), attributes: attributes))
            if let parent = open.last { elements[parent].children.append(index) }
            if !selfClosing {
                guard open.count < SymbolXML.maximumDepth else {
                    throw Problem(message: "nests elements more than \(SymbolXML.maximumDepth) deep")
                }
                open.append(index)
            }
        }

        mutating func endTag(start: Int) throws(Problem) {
            position = start + 2
            let name = readName()
            skipSpaces()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else { throw problem("a malformed closing tag", start) }
            position += 1
            guard let current = open.popLast() else { throw problem("a closing tag with no open element", start) }
            guard elements[current].name == localName(name) else {
                throw problem("a closing tag that does not match the open element", start)
            }
        }

        /// A `DOCTYPE`: its external identifier is skipped, never fetched; an internal subset declaring entities is
        /// refused.
        mutating func doctype(start: Int) throws(Problem) {
            guard open.isEmpty, !rootSeen else { throw problem("a declaration inside the document", start) }
            var quote: UInt8?
            position = start + 2
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if let current = quote {
                    if byte == current { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    throw problem("a document type with an internal subset (entity declarations are not accepted)", start)
                } else if byte == UInt8(ascii: ">") {
                    return
                }
            }
            throw problem("a declaration never closed (truncated?)", start)
        }

        mutating func skip(past terminator: [UInt8], what: String, start: Int) throws(Problem) {
            var at = position + 2
            while at + terminator.count <= bytes.count {
                if bytes[at] == terminator[0] && bytes[at..<(at + terminator.count)].elementsEqual(terminator) {
                    position = at + terminator.count
                    return
                }
                at += 1
            }
            throw problem("a \(what) never closed (truncated?)", start)
        }

        /// The text of `range` with entity and character references expanded.
        func decode(_ range: Range<Int>) throws(Problem) -> String {
            guard bytes[range].contains(UInt8(ascii: "&")) else { return String(decoding: bytes[range], as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(range.count)
            var at = range.lowerBound
            while at < range.upperBound {
                let byte = bytes[at]
                guard byte == UInt8(ascii: "&") else {
                    out.append(byte)
                    at += 1
                    continue
                }
                guard let end = bytes[at..<min(range.upperBound, at + 12)].firstIndex(of: UInt8(ascii: ";")) else {
                    throw problem("an unterminated entity reference", at)
                }
                let name = String(decoding: bytes[(at + 1)..<end], as: UTF8.self)
                switch name {
                case "amp": out.append(UInt8(ascii: "&"))
                case "lt": out.append(UInt8(ascii: "<"))
                case "gt": out.append(UInt8(ascii: ">"))
                case "quot": out.append(UInt8(ascii: "\""))
                case "apos": out.append(UInt8(ascii: "'"))
                default:
                    var value: UInt32?
                    if name.hasPrefix("#x") {
                        value = UInt32(name.dropFirst(2), radix: 16)
                    } else if name.hasPrefix("#") {
                        value = UInt32(name.dropFirst(), radix: 10)
                    }
                    guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
                        throw problem("an entity reference other than XML's own (external or declared entities are not accepted)", at)
                    }
                    out += Array(String(Character(scalar)).utf8)
                }
                at = end + 1
            }
            return String(decoding: out, as: UTF8.self)
        }

        mutating func readName() -> Range<Int> {
            let start = position
            position = XMLBytes.nameEnd(in: bytes, from: start)
            return start..<position
        }

        func localName(_ range: Range<Int>) -> String {
            var local = range.lowerBound
            for at in range where bytes[at] == UInt8(ascii: ":") { local = at + 1 }
            return String(decoding: bytes[local..<range.upperBound], as: UTF8.self)
        }

        mutating func skipSpaces() {
            while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        }

        func isSpace(_ byte: UInt8) -> Bool { XMLBytes.isSpace(byte) }

        func has(_ text: String, at start: Int) -> Bool {
            let pattern = Array(text.utf8)
            return start + pattern.count <= bytes.count && bytes[start..<(start + pattern.count)].elementsEqual(pattern)
        }

        func problem(_ what: String, _ offset: Int) -> Problem {
            Problem(message: "is not well-formed XML: \(what) at byte \(offset)")
        }
    }
}
