import Foundation

/// An SF Symbols template (the SVG a `.symbolset` holds), read: the glyphs of its `Symbols` group by weight and
/// size, their outlines in each glyph's own coordinates (the baseline at y = 0), the guides (`Baseline-S`,
/// `Capline-S`, … and the `left-margin`/`right-margin` lines), its template version and its style rules.
struct SymbolTemplate: Sendable {
    /// A glyph's weight, CoreUI's numbering (1 ultralight … 4 regular … 9 black).
    typealias Weight = Int
    /// A glyph's size: 1 small, 2 medium, 3 large (CoreUI's glyph size attribute).
    typealias Size = Int

    /// The weights' names in a template, from weight 1.
    static let weightNames = ["Ultralight", "Thin", "Light", "Regular", "Medium", "Semibold", "Bold", "Heavy", "Black"]
    /// The sizes' letters in a template, from size 1.
    static let sizeLetters = ["S", "M", "L"]

    /// A glyph's identifier in a template: `Ultralight-S`, `Regular-M`, `Black-L`.
    static func glyphName(weight: Weight, size: Size) -> String {
        "\(weightNames[weight - 1])-\(sizeLetters[size - 1])"
    }

    /// One outline of a glyph and its style class (`multicolor-0:systemBlueColor`, `hierarchical-1:secondary`).
    struct Outline: Sendable {
        var path: SymbolPath
        var styleClass: String?
    }

    /// One drawn glyph.
    struct Glyph: Sendable {
        var weight: Weight
        var size: Size
        /// The outlines, in the glyph's coordinates.
        var outlines: [Outline]
        /// Where the glyph's origin sits in the document (its group's translation).
        var origin: SymbolPoint
    }

    /// Why a template cannot be compiled; the message names the problem, never the file's contents.
    struct Problem: Error, Sendable, Equatable {
        var message: String
    }

    /// The drawn glyphs, by (weight, size).
    var glyphs: [Int: Glyph] = [:]
    /// Each size's cap height above its baseline (from `Baseline-X` and `Capline-X`), in template units.
    var capHeights: [Size: Double] = [:]
    /// Left and right margin guides in the document's x, by glyph name (`Regular-M`), or under `""` for the
    /// template-wide `left-margin`/`right-margin` of templates before version 3.
    var leftMargins: [String: Double] = [:]
    var rightMargins: [String: Double] = [:]
    /// The template version (`Template v.3.0` gives 3), 1 when the template does not say.
    var version: Double = 1
    /// The style rules by class name: the declarations (`fill`, `opacity`) of `.name{…}` rules.
    var styles: [String: [(property: String, value: String)]] = [:]

    static func slot(_ weight: Weight, _ size: Size) -> Int { weight * 4 + size }

    func glyph(weight: Weight, size: Size) -> Glyph? { glyphs[Self.slot(weight, size)] }

    /// Reads a template from its bytes.
    ///
    /// - Throws: ``Problem`` for a document that is not well-formed, has no `Symbols` group or no glyph, uses a
    ///   transform other than a translation on a glyph, or has path data that cannot be read.
    init(bytes: [UInt8]) throws(Problem) {
        let xml: SymbolXML
        do {
            xml = try SymbolXML(bytes)
        } catch {
            throw Problem(message: error.message)
        }
        guard xml.elements[0].name == "svg" else { throw Problem(message: "has no <svg> root element") }
        var symbolsGroup: Int?
        for (index, element) in xml.elements.enumerated() {
            if element.name == "style" { parseStyles(element.text) }
            guard let id = element.attribute("id") else { continue }
            if id == "Symbols" && element.name == "g" && symbolsGroup == nil { symbolsGroup = index }
            if id == "template-version" {
                let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
                if let range = text.range(of: "v.") ?? text.range(of: "v"), let value = Double(text[range.upperBound...].prefix(8)),
                    value >= 1, value < 100
                {
                    version = value
                }
            }
            if element.name == "line", let size = ["Baseline-S": 1, "Baseline-M": 2, "Baseline-L": 3][id] {
                if let y = Self.number(element.attribute("y1")) { baselines[size] = y }
            }
            if element.name == "line", let size = ["Capline-S": 1, "Capline-M": 2, "Capline-L": 3][id] {
                if let y = Self.number(element.attribute("y1")) { caplines[size] = y }
            }
            if element.name == "line", id.hasPrefix("left-margin") || id.hasPrefix("right-margin") {
                let left = id.hasPrefix("left-margin")
                var glyph = String(id.dropFirst(left ? 11 : 12))
                if glyph.hasPrefix("-") { glyph.removeFirst() }
                if let x = Self.number(element.attribute("x1")) {
                    if left { leftMargins[glyph] = x } else { rightMargins[glyph] = x }
                }
            }
        }
        for size in 1...3 {
            if let baseline = baselines[size], let capline = caplines[size] { capHeights[size] = baseline - capline }
        }
        guard let symbolsGroup else { throw Problem(message: "has no group with id \"Symbols\" (not an SF Symbols template)") }
        for child in xml.elements[symbolsGroup].children {
            let element = xml.elements[child]
            guard element.name == "g", let id = element.attribute("id"), let (weight, size) = Self.parseGlyphName(id) else { continue }
            let origin: SymbolPoint
            do {
                origin = try Self.translation(element.attribute("transform"))
            } catch {
                throw Problem(message: "glyph \(id): \(error.message)")
            }
            var outlines: [Outline] = []
            for index in xml.descendants(of: child).dropFirst() {
                let shape = xml.elements[index]
                if shape.name == "g" || shape.name == "title" || shape.name == "desc" { continue }
                guard shape.name == "path" else {
                    throw Problem(message: "glyph \(id) holds a <\(Self.safeName(shape.name))> element; a symbol glyph is drawn with paths only")
                }
                if shape.attribute("transform") != nil {
                    throw Problem(message: "glyph \(id): path \(outlines.count + 1) has a transform of its own; apply it to the path's points")
                }
                guard let data = shape.attribute("d") else { continue }
                do {
                    outlines.append(Outline(path: try SymbolPath(data: data), styleClass: shape.attribute("class")))
                } catch {
                    throw Problem(message: "glyph \(id), path \(outlines.count + 1): \(error.message)")
                }
            }
            glyphs[Self.slot(weight, size)] = Glyph(weight: weight, size: size, outlines: outlines, origin: origin)
        }
        guard !glyphs.isEmpty else {
            throw Problem(message: "has no glyph in its Symbols group (groups named Ultralight-S … Black-L)")
        }
    }

    private var baselines: [Size: Double] = [:]
    private var caplines: [Size: Double] = [:]

    /// `Regular-M` as (4, 2).
    static func parseGlyphName(_ id: String) -> (Weight, Size)? {
        let parts = id.split(separator: "-")
        guard parts.count == 2, let weight = weightNames.firstIndex(of: String(parts[0])),
            let size = sizeLetters.firstIndex(of: String(parts[1]))
        else { return nil }
        return (weight + 1, size + 1)
    }

    /// A glyph group's translation: `matrix(1 0 0 1 x y)` or `translate(x[, y])`; no transform is the origin.
    static func translation(_ text: String?) throws(Problem) -> SymbolPoint {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return SymbolPoint(x: 0, y: 0) }
        guard text.count < 200, let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            throw Problem(message: "its transform is not a matrix or a translation")
        }
        let function = text[..<open].trimmingCharacters(in: .whitespaces)
        let values = text[text.index(after: open)..<text.index(before: text.endIndex)]
            .split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        guard values.allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else { throw Problem(message: "its transform has an out-of-range number") }
        if function == "translate", values.count == 1 || values.count == 2 {
            return SymbolPoint(x: values[0], y: values.count == 2 ? values[1] : 0)
        }
        if function == "matrix", values.count == 6 {
            guard values[0] == 1, values[1] == 0, values[2] == 0, values[3] == 1 else {
                throw Problem(message: "its transform scales, rotates or skews; only a translation is accepted")
            }
            return SymbolPoint(x: values[4], y: values[5])
        }
        throw Problem(message: "its transform is not a matrix or a translation")
    }

    /// A coordinate attribute's number, range-checked.
    static func number(_ text: String?) -> Double? {
        guard let text, text.count < 40, let value = Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "px", with: "")),
            value.isFinite, abs(value) < 1e7
        else { return nil }
        return value
    }

    /// An element name safe to print: letters and digits, at most 20 of them.
    static func safeName(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.prefix(20).map(Character.init))
    }

    /// `.name{fill:#007AFF;opacity:1.0}` rules, each kept with its fill and opacity declarations.
    mutating func parseStyles(_ css: String) {
        var rest = Substring(css)
        var rules = 0
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}"), rules < 10_000 {
            rules += 1
            let selectors = rest[..<open].split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            var declarations: [(property: String, value: String)] = []
            for declaration in rest[rest.index(after: open)..<close].split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                guard parts.count == 2, parts[0] == "fill" || parts[0] == "opacity" else { continue }
                declarations.append((parts[0], parts[1]))
            }
            for selector in selectors where selector.hasPrefix(".") {
                styles[String(selector.dropFirst())] = declarations
            }
            rest = rest[rest.index(after: close)...]
        }
    }
}
