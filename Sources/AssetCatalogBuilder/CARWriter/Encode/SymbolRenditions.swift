import AssetCatalog
import Foundation

/// The renditions of a symbol set (custom SF Symbol), as Xcode 16 writes them (MediaMate's car, macOS 13; see
/// docs/CAR-FORMAT.md, "Symbol sets"): one per glyph weight × glyph size the template gives (all 27 for a template
/// with the three masters), each part 59, keyed at scale 1, deployment target 2019 (5), glyph weight (26) and glyph
/// size (27); named `<symbol>.svg`, flags 4, scale 100, pixel format `SVG `, layout 1017, info tags 1004 (normal,
/// opacity 1), 1006 (1), 1018 (metrics) and 1019 (rendering), the glyph's SVG document LZFSE-compressed in a `DWAR`
/// record whose version word is 1.
enum SymbolRenditions {
    /// The part of a symbol's vector glyphs.
    static let glyphPart: UInt16 = 59
    /// CoreUI's layout of a vector glyph.
    static let layoutGlyph: UInt16 = 1017
    /// The deployment-target attribute of a symbol's keys: 2019 (iOS 13, macOS 10.15), the first systems that draw
    /// custom symbols.
    static let deploymentTarget: UInt16 = 5
    /// Tag 1018's second and fourth insets as MediaMate's car has them (how Xcode derives them is not established).
    static let verticalInset: Float = 0.88867

    /// The point sizes of the bitmap caches, by dimension 2 (MediaMate's car: 0, 1, 2 for 11, 13 and 17 points).
    static let cachePointSizes = [11, 13, 17]
    /// The glyphs that get bitmap caches: regular (4) at medium and large (MediaMate's car).
    static let cachedWeight = 4
    static let cachedSizes = [2, 3]
    /// The scales of the bitmap caches (MediaMate's car, macOS: 1x and 2x).
    static let cacheScales = [1, 2]

    /// Every glyph rendition of the template in `bytes`, for the symbol called `name`, and the bitmap caches, each
    /// drawn in black at its point size and scale, its viewBox × points/13 × scale rounded up. The plan makes each
    /// cache a job (``CARCompiler/DrawnBitmap``), which the pack stage puts in an atlas as Xcode does, or the stream
    /// encodes on its own.
    ///
    /// - Throws: ``SymbolTemplate/Problem`` for a template that cannot be read or interpolated.
    static func compile(name: String, templateBytes bytes: [UInt8]) throws(SymbolTemplate.Problem) -> CompiledSymbol {
        let template = try SymbolTemplate(bytes: bytes)
        let glyphs = try SymbolInterpolation.glyphs(template)
        let interpolatable = SymbolInterpolation.hasMasters(template)
        let insets = self.insets(template, glyphs: glyphs)
        let multicolor = glyphs.contains { $0.outlines.contains { $0.styleClass?.hasPrefix("multicolor") == true } }
        let hierarchical = glyphs.contains { $0.outlines.contains { $0.styleClass?.hasPrefix("hierarchical") == true } }
        let scale = Double(SymbolGlyphDocument.pointSize) / 100
        var caches: [CompiledSymbol.Bitmap] = []
        let made = glyphs.map { glyph in
            let document = SymbolGlyphDocument(glyph, template: template)
            let cached = glyph.weight == cachedWeight && cachedSizes.contains(glyph.size)
            // The cap height of the glyph's size, as the template's guides give it (small's for a size without guides).
            let capHeight = (template.capHeights[glyph.size] ?? template.capHeights[1] ?? 0) * scale
            var metrics: [UInt8] = []
            BinaryWriter.appendLE32(&metrics, interpolatable ? 7 : 3)
            BinaryWriter.appendLE32(&metrics, UInt32(SymbolGlyphDocument.pointSize))
            for value in [Float(document.baseline), Float(capHeight), Float(template.version)] + insets {
                BinaryWriter.appendLE32(&metrics, value.bitPattern)
            }
            // The caches' sizes, as (dimension 2, point size) pairs, on the glyphs that have them.
            BinaryWriter.appendLE32(&metrics, cached ? UInt32(cachePointSizes.count) : 0)
            if cached {
                for (dimension, points) in cachePointSizes.enumerated() {
                    BinaryWriter.appendLE32(&metrics, UInt32(dimension))
                    BinaryWriter.appendLE32(&metrics, UInt32(points))
                }
            }
            if cached {
                for (dimension, points) in cachePointSizes.enumerated() {
                    for scale in cacheScales {
                        let factor = Double(points) / Double(SymbolGlyphDocument.pointSize) * Double(scale)
                        let drawing = document.monochromeSVG(factor: factor)
                        guard let image = try? VectorRasterizer.rasterize(drawing.bytes, format: .svg, scale: factor),
                            image.width == drawing.pixelWidth, image.height == drawing.pixelHeight
                        else { continue }
                        caches.append(CompiledSymbol.Bitmap(weight: glyph.weight, size: glyph.size, dimension2: dimension, scale: scale, image: image))
                    }
                }
            }
            var rendering: [UInt8] = []
            BinaryWriter.appendLE32(&rendering, 1)
            BinaryWriter.appendLE32(&rendering, 0)
            BinaryWriter.appendLE32(&rendering, (multicolor ? 1 : 0) | (hierarchical ? 2 : 0))
            let tags: [(tag: UInt32, bytes: [UInt8])] = [CSIBuilder.compositionTag(opacity: 1), CSIBuilder.orientationTag, (1018, metrics), (1019, rendering)]
            let value = CSIBuilder.value(
                name: "\(name).svg", flags: 4, width: 0, height: 0, scale: 1, pixelFormat: "SVG ", colorSpace: 0, layout: layoutGlyph,
                infoTags: tags, payload: CSIBuilder.raw(LZFSEEncoder.compress(document.svg, effort: .thorough), compressed: true))
            return CompiledSymbol.Glyph(weight: glyph.weight, size: glyph.size, value: value)
        }
        return CompiledSymbol(glyphs: made, bitmaps: caches)
    }

    /// Tag 1018's four insets: Regular-M's distance from its left margin to its outline, 0.88867, its distance from its
    /// outline to its right margin, 0.88867 (in points), the same for every glyph (MediaMate's car). Margins are the
    /// template's `left-margin-Regular-M` and `right-margin-Regular-M` guides (version 3), or its `left-margin` and
    /// `right-margin` (earlier versions), else Regular-S's scaled as medium glyphs are; without any, 0.
    static func insets(_ template: SymbolTemplate, glyphs: [SymbolTemplate.Glyph]) -> [Float] {
        let scale = Double(SymbolGlyphDocument.pointSize) / 100
        guard let regular = glyphs.first(where: { $0.weight == 4 && $0.size == 2 }),
            let bounds = regular.outlines.compactMap({ $0.path.bounds() }).reduce(nil, { (box: (Double, Double)?, next) in
                (min(box?.0 ?? next.minX, next.minX), max(box?.1 ?? next.maxX, next.maxX))
            })
        else { return [0, verticalInset, 0, verticalInset] }
        var left: Double?
        var right: Double?
        if template.glyph(weight: 4, size: 2) != nil {
            if let x = template.leftMargins["Regular-M"] ?? template.leftMargins[""] { left = x - regular.origin.x }
            if let x = template.rightMargins["Regular-M"] ?? template.rightMargins[""] { right = x - regular.origin.x }
        } else if let small = template.glyph(weight: 4, size: 1) {
            let medium = SymbolInterpolation.sizeScales[1]
            if let x = template.leftMargins["Regular-S"] { left = (x - small.origin.x) * medium }
            if let x = template.rightMargins["Regular-S"] { right = (x - small.origin.x) * medium }
        }
        let leftInset = left.map { Float((bounds.0 - $0) * scale) } ?? 0
        let rightInset = right.map { Float(($0 - bounds.1) * scale) } ?? 0
        return [leftInset, verticalInset, rightInset, verticalInset]
    }
}
