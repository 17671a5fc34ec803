/// Checks that an SVG file is well-formed XML with an `<svg>` root, in one pass over its bytes, and
/// records what a symbol template needs: whether a group with `id="Symbols"` exists and which
/// weight/scale variant groups (`Regular-M`, `Ultralight-S`, …) it holds. Nothing is rendered.
///
/// The scan is linear: every byte is looked at a bounded number of times, and the open-element stack
/// keeps byte ranges, not copies. Problems are worded with byte offsets, never the file's text.
enum SVGStructure {
    /// What the scan found.
    struct Outline: Equatable {
        /// Why the document is not a usable SVG, or `nil`.
        var problem: String?
        /// Whether a `<g id="Symbols">` exists (the group a symbol template keeps its glyphs in).
        var hasSymbolsGroup = false
        /// The weight/scale variants found as group ids, `Regular-M` form, sorted.
        var symbolVariants: [String] = []
    }

    /// The weights and scales of an SF Symbols template.
    static let weights = ["Ultralight", "Thin", "Light", "Regular", "Medium", "Semibold", "Bold", "Heavy", "Black"]
    static let scales = ["S", "M", "L"]
    static let variantNames: Set<String> = Set(weights.flatMap { weight in scales.map { "\(weight)-\($0)" } })

    /// Scans `bytes`.
    static func scan(_ bytes: UnsafeRawBufferPointer) -> Outline {
        var scanner = Scanner(bytes: bytes)
        var outline = Outline()
        outline.problem = scanner.run()
        outline.hasSymbolsGroup = scanner.hasSymbolsGroup
        outline.symbolVariants = scanner.variants.sorted()
        return outline
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        /// Open elements: the byte range of each name.
        var stack: [Range<Int>] = []
        var rootSeen = false
        var hasSymbolsGroup = false
        var variants: Set<String> = []

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        mutating func run() -> String? {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
            while position < bytes.count {
                let byte = bytes[position]
                if byte != UInt8(ascii: "<") {
                    if stack.isEmpty && !isSpace(byte) {
                        return "is not well-formed XML: text outside the root element at byte \(position)"
                    }
                    position += 1
                    continue
                }
                let start = position
                if let problem = markup(start: start) { return problem }
            }
            if let open = stack.last {
                return "is not well-formed XML: the element opened at byte \(open.lowerBound - 1) is never closed (truncated?)"
            }
            return rootSeen ? nil : "has no <svg> root element"
        }

        /// One piece of markup starting with `<` at `start`.
        mutating func markup(start: Int) -> String? {
            if has("<?", at: start) {
                return skip(past: "?>", from: start + 2, what: "processing instruction", start: start)
            }
            if has("<!--", at: start) {
                return skip(past: "-->", from: start + 4, what: "comment", start: start)
            }
            if has("<![CDATA[", at: start) {
                guard !stack.isEmpty else { return "is not well-formed XML: character data outside the root at byte \(start)" }
                return skip(past: "]]>", from: start + 9, what: "CDATA section", start: start)
            }
            if has("<!", at: start) {
                guard stack.isEmpty, !rootSeen else { return "is not well-formed XML: a declaration inside the document at byte \(start)" }
                return skipDoctype(start: start)
            }
            if has("</", at: start) { return endTag(start: start) }
            return startTag(start: start)
        }

        mutating func startTag(start: Int) -> String? {
            position = start + 1
            let name = readName()
            guard !name.isEmpty else { return "is not well-formed XML: a '<' not starting a tag at byte \(start)" }
            if stack.isEmpty {
                if rootSeen { return "is not well-formed XML: a second root element at byte \(start)" }
                rootSeen = true
                guard localNameIs(name, "svg") else { return "has no <svg> root element (the root element at byte \(start) is another element)" }
            }
            var id: Range<Int>?
            while true {
                skipSpaces()
                guard position < bytes.count else { return truncatedTag(start) }
                let byte = bytes[position]
                if byte == UInt8(ascii: ">") {
                    position += 1
                    stack.append(name)
                    break
                }
                if byte == UInt8(ascii: "/") {
                    guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else { return badTag(start) }
                    position += 2
                    break
                }
                let attribute = readName()
                guard !attribute.isEmpty else { return badTag(start) }
                skipSpaces()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { return badTag(start) }
                position += 1
                skipSpaces()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                    return badTag(start)
                }
                let quote = bytes[position]
                let valueStart = position + 1
                position = valueStart
                while position < bytes.count, bytes[position] != quote {
                    if bytes[position] == UInt8(ascii: "<") { return badTag(start) }
                    position += 1
                }
                guard position < bytes.count else { return truncatedTag(start) }
                if equals(attribute, "id") { id = valueStart..<position }
                position += 1
            }
            if let id, localNameIs(name, "g") { record(id: id) }
            return nil
        }

        mutating func endTag(start: Int) -> String? {
            position = start + 2
            let name = readName()
            skipSpaces()
            guard !name.isEmpty, position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                return position >= bytes.count ? truncatedTag(start) : badTag(start)
            }
            position += 1
            guard let open = stack.popLast() else {
                return "is not well-formed XML: a closing tag with no open element at byte \(start)"
            }
            guard sameBytes(open, name) else {
                return "is not well-formed XML: the closing tag at byte \(start) does not match the element opened at byte \(open.lowerBound - 1)"
            }
            return nil
        }

        mutating func skipDoctype(start: Int) -> String? {
            var quote: UInt8?
            var inSubset = false
            position = start + 2
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    inSubset = true
                } else if byte == UInt8(ascii: "]") {
                    inSubset = false
                } else if byte == UInt8(ascii: ">") && !inSubset {
                    return nil
                }
            }
            return "is not well-formed XML: the declaration at byte \(start) is never closed (truncated?)"
        }

        mutating func skip(past terminator: StaticString, from: Int, what: String, start: Int) -> String? {
            let pattern = UnsafeRawBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
            var at = from
            while at + pattern.count <= bytes.count {
                if bytes[at] == pattern[0] && hasBytes(pattern, at: at) {
                    position = at + pattern.count
                    return nil
                }
                at += 1
            }
            return "is not well-formed XML: the \(what) at byte \(start) is never closed (truncated?)"
        }

        mutating func record(id: Range<Int>) {
            if equals(id, "Symbols") {
                hasSymbolsGroup = true
                return
            }
            // Only names from the fixed vocabulary are kept, so nothing of the file is ever quoted.
            guard id.count <= 12 else { return }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[id]), as: UTF8.self)
            if SVGStructure.variantNames.contains(text) { variants.insert(text) }
        }

        // MARK: Lexing helpers

        mutating func readName() -> Range<Int> {
            let start = position
            position = XMLBytes.nameEnd(in: bytes, from: start)
            return start..<position
        }

        mutating func skipSpaces() {
            while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        }

        func isSpace(_ byte: UInt8) -> Bool { XMLBytes.isSpace(byte) }

        func has(_ text: StaticString, at start: Int) -> Bool {
            hasBytes(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), at: start)
        }

        func hasBytes(_ pattern: UnsafeRawBufferPointer, at start: Int) -> Bool {
            guard start + pattern.count <= bytes.count else { return false }
            for offset in 0..<pattern.count where bytes[start + offset] != pattern[offset] { return false }
            return true
        }

        func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
            range.count == text.utf8CodeUnitCount && hasBytes(UnsafeRawBufferPointer(start: text.utf8Start, count: range.count), at: range.lowerBound)
        }

        /// `name` or `prefix:name`.
        func localNameIs(_ range: Range<Int>, _ text: StaticString) -> Bool {
            var local = range.lowerBound
            for at in range where bytes[at] == UInt8(ascii: ":") { local = at + 1 }
            return equals(local..<range.upperBound, text)
        }

        func sameBytes(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Bool {
            guard lhs.count == rhs.count else { return false }
            for offset in 0..<lhs.count where bytes[lhs.lowerBound + offset] != bytes[rhs.lowerBound + offset] { return false }
            return true
        }

        func badTag(_ start: Int) -> String { "is not well-formed XML: a malformed tag at byte \(start)" }
        func truncatedTag(_ start: Int) -> String { "is not well-formed XML: the tag at byte \(start) is cut off (truncated?)" }
    }
}
