import AssetCatalog
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
    /// The transform's translation, in points, and each outline's data.
    var translation: (x: Double, y: Double)
    var pathData: [String]

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
        translation = (tx, ty)
        pathData = glyph.outlines.map(\.path.data)
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

    /// The glyph drawn in black (as a monochrome bitmap cache is), for librsvg: drawn at `factor` pixels to the point,
    /// it covers `pixelWidth` × `pixelHeight` pixels, the viewBox's size rounded up (MediaMate's caches: 6.52 × 14.12
    /// points at 13 points and 1x give 7 × 15 pixels), the glyph at the bottom left, unstretched (as CoreGraphics, whose
    /// origin is the bottom left, draws it: MediaMate's caches have their spare row at the top).
    func monochromeSVG(factor: Double) -> (bytes: [UInt8], pixelWidth: Int, pixelHeight: Int) {
        let pixelWidth = max(1, Int((width * factor - 1e-9).rounded(.up)))
        let pixelHeight = max(1, Int((height * factor - 1e-9).rounded(.up)))
        let w = Double(pixelWidth) / factor
        let h = Double(pixelHeight) / factor
        let scale = Double(Self.pointSize) / 100
        var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">"
        text += "<g transform=\"matrix(\(scale) 0 0 \(scale) \(translation.x) \(translation.y + h - height))\">"
        for data in pathData { text += "<path d=\"\(data)\" fill=\"#000000\"/>" }
        text += "</g></svg>"
        return (Array(text.utf8), pixelWidth, pixelHeight)
    }

    /// `text` safe inside an XML attribute or style element.
    static func escape(_ text: String) -> String {
        MarkupEscaping.escaped(text, quotes: .double)
    }
}
