import Foundation

/// Small SF Symbols templates for tests, written here (never copied from a real catalog): a square ring whose
/// stroke grows with the weight, drawn as the SF Symbols app exports a template — `Notes`, `Guides` (baselines,
/// caplines at 70.459 units, margins) and a `Symbols` group of glyphs translated to their baselines.
enum SymbolTemplates {
    /// The ring of a glyph: an outer square from (10, −70) to (60, 0) and a hole inset by `stroke`, as two closed
    /// paths of lines, the same commands at every weight.
    static func ring(stroke: Double) -> String {
        let inner = (10 + stroke, -70 + stroke, 60 - stroke, -stroke)
        return "M10 0L10-70L60-70L60 0ZM\(f(inner.0)) \(f(inner.3))L\(f(inner.2)) \(f(inner.3))L\(f(inner.2)) \(f(inner.1))L\(f(inner.0)) \(f(inner.1))Z"
    }

    /// The stroke of each master: Ultralight 2, Regular 6, Black 12 units.
    static let masterStrokes: [String: Double] = ["Ultralight-S": 2, "Regular-S": 6, "Black-S": 12]

    static func f(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// A template document with `glyphs` (id → path data), template version `version`, the ring's style class on
    /// every path when `styleClass` is given, and `extra` markup before the `Symbols` group.
    static func template(
        glyphs: [(id: String, data: String)], version: String = "3.0", styleClass: String? = "multicolor-0:systemBlueColor",
        extra: String = "", doctype: Bool = true
    ) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        if doctype {
            text += "<!DOCTYPE svg\nPUBLIC \"-//W3C//DTD SVG 1.1//EN\"\n       \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
        }
        text += "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"3300\" height=\"2200\">\n"
        if let styleClass { text += " <defs><style>.\(styleClass){fill:#007AFF;opacity:1.0;}</style></defs>\n" }
        text += " <g id=\"Notes\"><text id=\"template-version\" transform=\"matrix(1 0 0 1 3036 1933)\">Template v.\(version)</text></g>\n"
        text += " <g id=\"Guides\">\n"
        for (letter, baseline) in [("S", 696.0), ("M", 1126.0), ("L", 1556.0)] {
            text += "  <line id=\"Baseline-\(letter)\" x1=\"263\" x2=\"3036\" y1=\"\(f(baseline))\" y2=\"\(f(baseline))\"/>\n"
            text += "  <line id=\"Capline-\(letter)\" x1=\"263\" x2=\"3036\" y1=\"\(baseline - 70.459)\" y2=\"\(baseline - 70.459)\"/>\n"
        }
        text += "  <line id=\"left-margin-Regular-S\" x1=\"1450\" x2=\"1450\" y1=\"600\" y2=\"720\"/>\n"
        text += "  <line id=\"right-margin-Regular-S\" x1=\"1520\" x2=\"1520\" y1=\"600\" y2=\"720\"/>\n"
        text += " </g>\n" + extra + " <g id=\"Symbols\">\n"
        for (id, data) in glyphs {
            let x = id.hasPrefix("Ultralight") ? 560 : id.hasPrefix("Regular") ? 1450 : 2933
            let y = id.hasSuffix("-S") ? 696 : id.hasSuffix("-M") ? 1126 : 1556
            let cls = styleClass.map { " class=\"\($0)\"" } ?? ""
            text += "  <g id=\"\(id)\" transform=\"matrix(1 0 0 1 \(x) \(y))\">\n   <path\(cls) d=\"\(data)\"/>\n  </g>\n"
        }
        text += " </g>\n</svg>\n"
        return Array(text.utf8)
    }

    /// A variable template: the three masters' rings.
    static func variable() -> [UInt8] {
        template(glyphs: ["Ultralight-S", "Regular-S", "Black-S"].map { ($0, ring(stroke: masterStrokes[$0]!)) })
    }

    /// The `Contents.json` of a symbol set with one universal template called `file`.
    static func contents(_ file: String) -> String {
        #"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"\#(file)","idiom":"universal"}]}"#
    }
}
