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
    /// - Throws: ``Problem`` for a document that is not well-formed or passes ``SymbolXML``'s limits, has no `Symbols`
    ///   group or no glyph, draws a glyph with something other than paths, gives a glyph or path a transform other than
    ///   `matrix`, `translate`, `scale` or `rotate`, or has path data that cannot be read.
    init(bytes: [UInt8]) throws(Problem) {
        let xml: SymbolXML
        do {
            xml = try SymbolXML(bytes)
        } catch {
            throw Problem(message: error.message)
        }
        guard xml.elements[0].name == "svg" else { throw Problem(message: "has no <svg> root element") }
        var symbolsGroup: Int?
        // Where each element is drawn in the document: its groups' transforms and its own (drawing apps nest glyphs and
        // guides in translated groups; the SF Symbols app does not). Elements come after their parents.
        var placements = [Affine](repeating: .identity, count: xml.elements.count)
        for (index, element) in xml.elements.enumerated() {
            for child in element.children {
                placements[child] = placements[index].then((try? Self.transform(xml.elements[child].attribute("transform"))) ?? .identity)
            }
        }
        func guide(_ index: Int) -> SymbolPoint? {
            let element = xml.elements[index]
            guard let x = Self.number(element.attribute("x1") ?? "0"), let y = Self.number(element.attribute("y1") ?? "0") else { return nil }
            return placements[index].apply(SymbolPoint(x: x, y: y))
        }
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
                if let point = guide(index) { baselines[size] = point.y }
            }
            if element.name == "line", let size = ["Capline-S": 1, "Capline-M": 2, "Capline-L": 3][id] {
                if let point = guide(index) { caplines[size] = point.y }
            }
            if element.name == "line", id.hasPrefix("left-margin") || id.hasPrefix("right-margin") {
                let left = id.hasPrefix("left-margin")
                var glyph = String(id.dropFirst(left ? 11 : 12))
                if glyph.hasPrefix("-") { glyph.removeFirst() }
                if let x = guide(index)?.x {
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
            // The glyph's origin: its group's position across, its size's baseline down (the group's own position
            // when the template has no baseline guide); its outlines are kept relative to it.
            let placement = placements[child]
            let origin = SymbolPoint(x: placement.e, y: baselines[size] ?? placement.f)
            let toGlyph = Affine(e: -origin.x, f: -origin.y)
            var outlines: [Outline] = []
            for index in xml.descendants(of: child) {
                let shape = xml.elements[index]
                do {
                    _ = try Self.transform(shape.attribute("transform"))
                } catch {
                    throw Problem(message: "glyph \(id), path \(outlines.count + 1): \(error.message)")
                }
                if shape.name == "g" || shape.name == "title" || shape.name == "desc" { continue }
                guard shape.name == "path" else {
                    throw Problem(message: "glyph \(id) holds a <\(Self.safeName(shape.name))> element; a symbol glyph is drawn with paths only")
                }
                guard let data = shape.attribute("d") else { continue }
                do {
                    let path = try SymbolPath(data: data)
                    let transform = toGlyph.then(placements[index])
                    outlines.append(Outline(path: transform.isIdentity ? path : path.mapped(transform.apply), styleClass: shape.attribute("class")))
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

    /// An affine transform `(a b c d e f)` as SVG writes it: x' = a x + c y + e, y' = b x + d y + f.
    struct Affine: Sendable, Equatable {
        var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

        static let identity = Affine()
        var isIdentity: Bool { self == .identity }

        /// This transform applied after `inner` (an element's own transform inside its parent's).
        func then(_ inner: Affine) -> Affine {
            Affine(
                a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b, c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
                e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
        }

        @Sendable func apply(_ point: SymbolPoint) -> SymbolPoint {
            SymbolPoint(x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f)
        }
    }

    /// A `transform` attribute: a list of `matrix`, `translate`, `scale` and `rotate` functions; none is the identity.
    static func transform(_ text: String?) throws(Problem) -> Affine {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return .identity }
        guard text.count < 1000 else { throw Problem(message: "a transform is too long") }
        var result = Affine.identity
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let function = rest[..<open].trimmingCharacters(in: CharacterSet(charactersIn: " ,\t\n\r"))
            let values = rest[rest.index(after: open)..<close].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" })
                .map { Double($0) }
            guard values.allSatisfy({ $0 != nil }), let numbers = Optional(values.compactMap { $0 }),
                numbers.allSatisfy({ $0.isFinite && abs($0) < 1e7 })
            else { throw Problem(message: "a transform has a malformed or out-of-range number") }
            let next: Affine
            switch (function, numbers.count) {
            case ("matrix", 6): next = Affine(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
            case ("translate", 1), ("translate", 2): next = Affine(e: numbers[0], f: numbers.count == 2 ? numbers[1] : 0)
            case ("scale", 1), ("scale", 2): next = Affine(a: numbers[0], d: numbers.count == 2 ? numbers[1] : numbers[0])
            case ("rotate", 1), ("rotate", 3):
                let angle = numbers[0] * .pi / 180
                let rotation = Affine(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle))
                if numbers.count == 3 {
                    next = Affine(e: numbers[1], f: numbers[2]).then(rotation).then(Affine(e: -numbers[1], f: -numbers[2]))
                } else {
                    next = rotation
                }
            default: throw Problem(message: "a transform uses a function other than matrix, translate, scale or rotate")
            }
            result = result.then(next)
            rest = rest[rest.index(after: close)...]
        }
        guard rest.allSatisfy({ $0 == " " || $0 == "," }) else { throw Problem(message: "a transform is malformed") }
        return result
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
