import Testing

@testable import AssetCatalogBuilder

@Suite("Symbol templates: the audit's weight and margin checks")
struct SymbolTemplateChecksTests {
    static func template(_ body: String) throws -> SymbolTemplate {
        try SymbolTemplate(bytes: Array((#"<svg xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">"# + body + "</svg>").utf8))
    }

    @Test("Regular-S, -M and -L alone: a note naming what is drawn and which masters are missing")
    func regularOnlyTemplate() throws {
        let template = try Self.template(
            #"<g id="Symbols"><g id="Regular-S"><path d="M0 0L9 9Z"/></g><g id="Regular-M"><path d="M0 0L9 9Z"/></g><g id="Regular-L"><path d="M0 0L9 9Z"/></g></g>"#)
        let findings = SymbolTemplateChecks.findings(template)
        #expect(findings.count == 1)
        #expect(findings.first?.rule == .symbolWeights)
        #expect(findings.first?.message.hasPrefix("draws 3 of the 27 weight and size glyphs (Regular-S, Regular-M, Regular-L)") == true)
        #expect(findings.first?.message.contains("(Ultralight-S, Black-S missing)") == true)
    }

    @Test("the three masters, or all 27 glyphs, need no note")
    func mastersOrEveryGlyph() throws {
        let masters = try Self.template(
            #"<g id="Symbols"><g id="Ultralight-S"><path d="M0 0L8 8Z"/></g><g id="Regular-S"><path d="M0 0L9 9Z"/></g><g id="Black-S"><path d="M0 0L10 10Z"/></g></g>"#)
        #expect(SymbolTemplateChecks.findings(masters).isEmpty)
        var every = ""
        for weight in SymbolTemplate.weightNames { for size in SymbolTemplate.sizeLetters { every += #"<g id="\#(weight)-\#(size)"><path d="M0 0L9 9Z"/></g>"# } }
        #expect(SymbolTemplateChecks.findings(try Self.template(#"<g id="Symbols">"# + every + "</g>")).isEmpty)
    }

    @Test("a glyph past its own margin guide (version 3) is named with the guide and the distance, left and right")
    func perGlyphMargins() throws {
        let template = try Self.template(
            #"<line id="left-margin-Regular-M" x1="110" y1="0" x2="110" y2="9"/><line id="right-margin-Regular-M" x1="190.25" y1="0" x2="190.25" y2="9"/>"#
                + #"<g id="Symbols"><g id="Regular-M" transform="translate(100 50)"><path d="M0 0L100 0L100 -40Z"/></g></g>"#)
        let margins = SymbolTemplateChecks.findings(template).filter { $0.rule == .symbolMargins }
        #expect(
            margins.map(\.message) == [
                "glyph Regular-M reaches 10 units left of its margin (left-margin-Regular-M): text beside the symbol is spaced from the margins, so the outline runs into it",
                "glyph Regular-M reaches 9.75 units right of its margin (right-margin-Regular-M): text beside the symbol is spaced from the margins, so the outline runs into it",
            ])
    }

    @Test("before version 3 the one margin pair stands beside Regular-M only; a curve is measured by its extremes, not its control points")
    func templateWideMargins() throws {
        // The curve's control points reach x = 130 (past the right margin at 120), the curve itself only 100.
        let template = try Self.template(
            #"<line id="left-margin" x1="0" y1="0" x2="0" y2="9"/><line id="right-margin" x1="120" y1="0" x2="120" y2="9"/>"#
                + #"<g id="Symbols"><g id="Regular-M" transform="translate(10 50)"><path d="M0 0C120 0 120 -20 0 -20Z"/></g>"#
                + #"<g id="Regular-L" transform="translate(10 50)"><path d="M0 0L300 0Z"/></g></g>"#)
        #expect(SymbolTemplateChecks.marginFindings(template).isEmpty)
        // Half a unit past the margin is the SF Symbols app's rounding, not a fault; more is.
        let near = try Self.template(
            #"<line id="right-margin" x1="99.6" y1="0" x2="99.6" y2="9"/><g id="Symbols"><g id="Regular-M"><path d="M0 0L100 0Z"/></g></g>"#)
        #expect(SymbolTemplateChecks.marginFindings(near).isEmpty)
        let past = try Self.template(
            #"<line id="right-margin" x1="99.4" y1="0" x2="99.4" y2="9"/><g id="Symbols"><g id="Regular-M"><path d="M0 0L100 0Z"/></g></g>"#)
        #expect(SymbolTemplateChecks.marginFindings(past).map(\.rule) == [.symbolMargins])
    }

    @Test("distances print to two decimals, and absurd ones without becoming integers")
    func distances() {
        #expect(SymbolTemplateChecks.units(12.5) == "12.5" && SymbolTemplateChecks.units(3) == "3" && SymbolTemplateChecks.units(9.754) == "9.75")
        #expect(SymbolTemplateChecks.units(1e300) == "more than a million" && SymbolTemplateChecks.units(.infinity) == "more than a million")
        #expect(SymbolTemplateChecks.units(.nan) == "more than a million")
    }

    @Test("a glyph drawn a huge distance past its margin is reported, not a crash")
    func hugeCoordinates() throws {
        let template = try Self.template(
            #"<line id="right-margin" x1="-9999999" y1="0" x2="0" y2="9"/><g id="Symbols"><g id="Regular-M"><path d="M0 0L9999999 0Z"/></g></g>"#)
        #expect(SymbolTemplateChecks.marginFindings(template).first?.message.contains("more than a million units") == true)
    }
}
