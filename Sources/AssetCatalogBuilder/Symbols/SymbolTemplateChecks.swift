import Foundation

/// What an audit says about a symbol template that compiles (`symbol-weights`, `symbol-margins`): the glyphs it draws
/// against the 27 a symbol can be asked for, and each glyph's outline against its margin guides.
enum SymbolTemplateChecks {
    /// One finding: the rule and the sentence, naming glyphs and guides, never quoting the file.
    struct Finding: Sendable, Equatable {
        var rule: ReaderRule
        var message: String
    }

    /// How far (in template units) an outline may reach past a margin before it counts: the SF Symbols app writes
    /// guides and outlines to two decimals, so a glyph drawn to its margin may sit a hundredth past it.
    static let marginTolerance = 0.5

    /// The three glyphs every other weight and size is interpolated from.
    static let masters = [(1, 1), (4, 1), (9, 1)]

    /// The findings for `template`, glyphs in weight then size order.
    static func findings(_ template: SymbolTemplate) -> [Finding] {
        weightFindings(template) + marginFindings(template)
    }

    /// `symbol-weights`: neither all 27 glyphs nor the three masters.
    static func weightFindings(_ template: SymbolTemplate) -> [Finding] {
        let drawn = template.glyphs.values.sorted { ($0.weight, $0.size) < ($1.weight, $1.size) }
        let hasMasters = masters.allSatisfy { template.glyph(weight: $0.0, size: $0.1) != nil }
        guard drawn.count < 27, !hasMasters else { return [] }
        let names = drawn.map { SymbolTemplate.glyphName(weight: $0.weight, size: $0.size) }
        let missing = masters.filter { template.glyph(weight: $0.0, size: $0.1) == nil }
            .map { SymbolTemplate.glyphName(weight: $0.0, size: $0.1) }
        return [
            Finding(
                rule: .symbolWeights,
                message:
                    "draws \(drawn.count) of the 27 weight and size glyphs (\(names.joined(separator: ", "))) and not the masters the others are interpolated from (\(missing.joined(separator: ", ")) missing): the compiled symbol holds only the glyphs drawn, so the other weights and sizes have no design of their own; export a variable template from the SF Symbols app to have all 27"
            )
        ]
    }

    /// `symbol-margins`: a glyph whose outline reaches past the left or right margin guide drawn for it
    /// (`left-margin-Regular-M`, template version 3 and later) or, in earlier templates, past the template-wide
    /// `left-margin`/`right-margin`, which stand beside Regular-M.
    static func marginFindings(_ template: SymbolTemplate) -> [Finding] {
        var findings: [Finding] = []
        for glyph in template.glyphs.values.sorted(by: { ($0.weight, $0.size) < ($1.weight, $1.size) }) {
            let name = SymbolTemplate.glyphName(weight: glyph.weight, size: glyph.size)
            let templateWide = glyph.weight == 4 && glyph.size == 2
            let left = template.leftMargins[name].map { ($0, "left-margin-\(name)") }
                ?? (templateWide ? template.leftMargins[""].map { ($0, "left-margin") } : nil)
            let right = template.rightMargins[name].map { ($0, "right-margin-\(name)") }
                ?? (templateWide ? template.rightMargins[""].map { ($0, "right-margin") } : nil)
            guard left != nil || right != nil else { continue }
            guard let bounds = horizontalBounds(glyph) else { continue }
            if let (x, guide) = left, x - bounds.minX > marginTolerance {
                findings.append(
                    Finding(
                        rule: .symbolMargins,
                        message: "glyph \(name) reaches \(units(x - bounds.minX)) units left of its margin (\(guide)): text beside the symbol is spaced from the margins, so the outline runs into it"))
            }
            if let (x, guide) = right, bounds.maxX - x > marginTolerance {
                findings.append(
                    Finding(
                        rule: .symbolMargins,
                        message: "glyph \(name) reaches \(units(bounds.maxX - x)) units right of its margin (\(guide)): text beside the symbol is spaced from the margins, so the outline runs into it"))
            }
        }
        return findings
    }

    /// The glyph's outlines' extent across, in the document's x (the margins' coordinates).
    private static func horizontalBounds(_ glyph: SymbolTemplate.Glyph) -> (minX: Double, maxX: Double)? {
        var extent: (minX: Double, maxX: Double)?
        for outline in glyph.outlines {
            guard let box = outline.path.bounds() else { continue }
            extent = (min(extent?.minX ?? box.minX, box.minX), max(extent?.maxX ?? box.maxX, box.maxX))
        }
        return extent.map { ($0.minX + glyph.origin.x, $0.maxX + glyph.origin.x) }
    }

    /// A distance to two decimals, without trailing zeros (`12.5`, `3`); a distance a template's numbers make absurd
    /// (beyond a million units, or not finite) is said to be so, never turned into an integer.
    static func units(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1_000_000 else { return "more than a million" }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
