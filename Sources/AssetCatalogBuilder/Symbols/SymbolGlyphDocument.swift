import Foundation

/// One compiled glyph as Xcode stores it in a symbol rendition: an SVG document of the glyph alone, its outlines
/// placed by a `matrix(s 0 0 s tx ty)` transform (s = the reference point size / 100) in a viewBox of the glyph's own
/// bounds, and the metrics info tag 1018 carries.
///
/// The shape is MediaMate's car's (Xcode 16): `<?xml …?>`, a newline, `<svg version="1.1" viewBox="0 0 w h">`,
/// the style rules of the classes used in `<defs><style>`, `<g id="s" transform="…">`, one `<path>` per outline
/// (its class, its data, and the fill and opacity its class's rule gives), a newline at the end.
struct SymbolGlyphDocument: Sendable {
    /// The reference point size the glyph is drawn at (13 in MediaMate's car, macOS).
    static let pointSize = 13

    /// The SVG document's bytes.
    var svg: [UInt8]
    /// The viewBox's width and height in points.
    var width: Double
    var height: Double
    /// How far below the viewBox's top the baseline sits is `height - baseline`: `baseline` is the glyph's depth
    /// below the baseline, in points (tag 1018's first float).
    var baseline: Double

    /// The document of `glyph` from `template`'s style rules.
    init(_ glyph: SymbolTemplate.Glyph, template: SymbolTemplate) {
        let scale = Double(Self.pointSize) / 100
        var box = (minX: 0.0, minY: 0.0, maxX: 0.0, maxY: 0.0)
        var first = true
        for outline in glyph.outlines {
            guard let bounds = outline.path.bounds() else { continue }
            if first {
                box = bounds
                first = false
            } else {
                box = (min(box.minX, bounds.minX), min(box.minY, bounds.minY), max(box.maxX, bounds.maxX), max(box.maxY, bounds.maxY))
            }
        }
        width = (box.maxX - box.minX) * scale
        height = (box.maxY - box.minY) * scale
        let tx = -box.minX * scale
        let ty = -box.minY * scale
        baseline = height - ty
        let f = SymbolPath.format
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<svg version=\"1.1\" viewBox=\"0 0 \(f(width)) \(f(height))\">"
        var classes: [String] = []
        for outline in glyph.outlines {
            if let name = outline.styleClass, template.styles[name] != nil, !classes.contains(name) { classes.append(name) }
        }
        if !classes.isEmpty {
            text += "<defs><style>"
            for name in classes {
                text += ".\(Self.escape(name)){"
                for (property, value) in template.styles[name] ?? [] { text += "\(property):\(Self.escape(value));" }
                text += "}"
            }
            text += "</style></defs>"
        }
        text += "<g id=\"s\" transform=\"matrix(\(f(scale)) 0 0 \(f(scale)) \(f(tx)) \(f(ty)))\">"
        for outline in glyph.outlines {
            text += "<path"
            if let name = outline.styleClass { text += " class=\"\(Self.escape(name))\"" }
            text += " d=\"\(outline.path.data)\""
            if let name = outline.styleClass, let rule = template.styles[name] {
                for (property, value) in rule { text += " \(property)=\"\(Self.escape(value))\"" }
            }
            text += "/>"
        }
        text += "</g></svg>\n"
        svg = Array(text.utf8)
    }

    /// `text` safe inside an XML attribute or style element.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
