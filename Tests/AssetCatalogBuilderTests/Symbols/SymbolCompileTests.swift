import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Symbol sets (custom SF Symbols) compiled as Xcode 16 compiles them (MediaMate's car, docs/CAR-FORMAT.md): a template
/// read safely, the 27 glyphs interpolated from its three masters, each stored as one SVG rendition.
@Suite("Compiling symbol sets")
struct SymbolCompileTests {
    static func compile(
        _ template: [UInt8], name: String = "Ring", readerError: String? = nil, symbolStore: (any CompiledSymbolStore)? = nil
    ) throws -> (compiled: CompiledCatalog, car: CARFile) {
        let fixture = try CatalogFixture()
        try fixture.contents("\(name).symbolset", SymbolTemplates.contents("\(name).svg"))
        try fixture.write("\(name).symbolset/\(name).svg", template)
        let index = fixture.read()
        if let readerError {
            // The reader (info, audit) finds what the compile refuses, in the same words.
            #expect(index.diagnostics.contains { $0.rule == "corrupt-image" && $0.message.contains(readerError) }, "\(index.diagnostics.map(\.message))")
        } else {
            #expect(!index.diagnostics.contains { $0.severity == .error }, "\(index.diagnostics.map(\.message))")
        }
        let options = CompileOptions(platform: .macosx, minimumDeploymentTarget: "13.0", toolVersion: "test")
        let compiled = try CARCompiler(options: options, symbolStore: symbolStore).compile(index)
        return (compiled, try CARFile(bytes: compiled.car))
    }

    /// Every glyph rendition of the facet, by (weight, size).
    static func glyphs(_ car: CARFile, _ name: String) throws -> [Int: (rendition: CARRendition, svg: String)] {
        let facet = try #require(car.facets.first { $0.name == name }, "no facet \(name)")
        let decoder = CARDecoder(file: car)
        var result: [Int: (CARRendition, String)] = [:]
        for number in facet.renditions {
            let rendition = car.renditions[number]
            guard rendition.layout == 1017 else { continue }
            guard case .file(let bytes, _) = try decoder.decode(number) else {
                Issue.record("a glyph is not a file")
                continue
            }
            result[Int(rendition.key[.glyphWeight]) * 4 + Int(rendition.key[.glyphSize])] = (rendition, String(decoding: bytes, as: UTF8.self))
        }
        return result
    }

    /// The numbers of the first path's data in `svg`, and the document's transform.
    static func geometry(_ svg: String) throws -> (numbers: [Double], matrix: [Double], viewBox: [Double]) {
        func capture(_ pattern: String) throws -> String {
            let range = try #require(svg.range(of: pattern, options: .regularExpression))
            return String(svg[range])
        }
        let data = try capture(#" d="[^"]*""#)
        let numbers = data.split(whereSeparator: { !"0123456789.-".contains($0) }).flatMap { token -> [Double] in
            // "27.68-29.15" holds two numbers.
            var parts: [String] = []
            var current = ""
            for character in token {
                if character == "-" && !current.isEmpty {
                    parts.append(current)
                    current = ""
                }
                current.append(character)
            }
            parts.append(current)
            return parts.compactMap(Double.init)
        }
        let matrix = try capture(#"matrix\([^)]*\)"#).dropFirst(7).dropLast().split(separator: " ").compactMap { Double($0) }
        let viewBox = try capture(#"viewBox="[^"]*""#).dropFirst(9).dropLast().split(separator: " ").compactMap { Double($0) }
        return (numbers, matrix, viewBox)
    }

    /// Tag 1018's 32-bit words.
    static func metrics(_ rendition: CARRendition) throws -> [UInt32] {
        let tag = try #require(rendition.infoTags.first { $0.tag == 1018 })
        return try (0..<(tag.value.count / 4)).map { try tag.value.u32($0 * 4) }
    }

    /// A store in memory that counts what the compile asks of it.
    final class CountingStore: CompiledSymbolStore, @unchecked Sendable {
        private let lock = NSLock()
        private var symbols: [UInt64: CompiledSymbol] = [:]
        private(set) var hits = 0
        private(set) var stores = 0

        func compiledSymbol(key: UInt64) -> CompiledSymbol? {
            lock.withLock {
                let symbol = symbols[key]
                if symbol != nil { hits += 1 }
                return symbol
            }
        }

        func store(_ symbol: CompiledSymbol, key: UInt64) {
            lock.withLock {
                stores += 1
                symbols[key] = symbol
            }
        }

        var kept: [UInt64: CompiledSymbol] { lock.withLock { symbols } }
    }

    @Test func aStoredSymbolIsTakenInsteadOfCompilingTheTemplateAgain() throws {
        let store = CountingStore()
        let plain = try Self.compile(SymbolTemplates.variable()).compiled.car
        // The first compile keeps the symbol (27 glyphs, 12 bitmap caches) under the key of its name and bytes.
        let first = try Self.compile(SymbolTemplates.variable(), symbolStore: store).compiled.car
        #expect(first == plain)
        #expect(store.stores == 1 && store.hits == 0)
        let key = CompiledSymbol.key(name: "Ring", templateBytes: SymbolTemplates.variable())
        let kept = try #require(store.kept[key])
        #expect(kept.glyphs.count == 27 && kept.bitmaps.count == 12)
        // The second takes it from the store, compiles nothing, and writes the same bytes.
        let second = try Self.compile(SymbolTemplates.variable(), symbolStore: store).compiled.car
        #expect(second == plain)
        #expect(store.stores == 1 && store.hits == 1)
        // The key is of the name and the bytes: another name or a changed template is compiled, not taken.
        #expect(CompiledSymbol.key(name: "Ring2", templateBytes: SymbolTemplates.variable()) != key)
        let thicker = SymbolTemplates.template(glyphs: [("Ultralight-S", SymbolTemplates.ring(stroke: 3)),
            ("Regular-S", SymbolTemplates.ring(stroke: 7)), ("Black-S", SymbolTemplates.ring(stroke: 12))])
        let changed = try Self.compile(thicker, symbolStore: store).compiled.car
        #expect(store.stores == 2 && store.hits == 1)
        #expect(changed == (try Self.compile(thicker).compiled.car) && changed != plain)
        // What the store gives is what the car holds: the template's own glyphs are not made when the store has them
        // (the thicker template's key given the first symbol compiles to the first car).
        let swapped = CountingStore()
        swapped.store(kept, key: CompiledSymbol.key(name: "Ring", templateBytes: thicker))
        #expect(try Self.compile(thicker, symbolStore: swapped).compiled.car == plain)
    }

    @Test func pathNumbersAreSpelledAsPercentGInTheCLocale() {
        // The old spelling, Foundation's `String(format: "%g")`, is the oracle: every number a path can hold, its sign,
        // rounding at the sixth digit, the switch to an exponent, and -0 written as 0.
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 27.68, -29.15, 4.35, 123456, 1234567, 0.0001, 0.00001, 99999.95, 999999.5,
            -0.000012345, 1e21, -1e-7, 3.14159265, 2.0 / 3.0, 100, 1e6, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            values.append((unit - 0.5) * pow(10, Double(Int(state % 9)) - 3))
        }
        for value in values {
            let expected = String(format: "%g", value)
            #expect(SymbolPath.format(value) == (expected == "-0" ? "0" : expected), "\(value)")
        }
        #expect(SymbolPath.format(.nan) == "0" && SymbolPath.format(.infinity) == "0")
    }

    @Test func theReaderFindsTheGlyphsGuidesStylesAndVersion() throws {
        let template = try SymbolTemplate(bytes: SymbolTemplates.variable())
        #expect(template.glyphs.count == 3)
        #expect(template.version == 3)
        #expect(abs((template.capHeights[1] ?? 0) - 70.459) < 1e-9 && template.capHeights.count == 3)
        #expect(template.leftMargins["Regular-S"] == 1450 && template.rightMargins["Regular-S"] == 1520)
        #expect(template.styles["multicolor-0:systemBlueColor"]?.map(\.value) == ["#007AFF", "1.0"])
        let regular = try #require(template.glyph(weight: 4, size: 1))
        #expect(regular.origin == SymbolPoint(x: 1450, y: 696))
        #expect(regular.outlines.count == 1 && regular.outlines[0].path.commands.count == 10)
    }

    @Test func aVariableTemplateGives27GlyphsKeyedAsXcodeKeysThem() throws {
        let (compiled, car) = try Self.compile(SymbolTemplates.variable())
        #expect(compiled.notices.isEmpty, "\(compiled.notices)")
        let glyphs = try Self.glyphs(car, "Ring")
        #expect(glyphs.count == 27)
        for weight in 1...9 {
            for size in 1...3 {
                let glyph = try #require(glyphs[weight * 4 + size], "weight \(weight) size \(size)")
                let rendition = glyph.rendition
                #expect(rendition.name == "Ring.svg" && rendition.pixelFormat.trimmingCharacters(in: .whitespaces) == "SVG" && rendition.flags == 4)
                #expect(rendition.key[.part] == 59 && rendition.key[.scale] == 1 && rendition.key[.deploymentTarget] == 5)
                #expect(rendition.key[.idiom] == 0 && rendition.scaleTimes100 == 100 && rendition.rawDataIsLZFSE)
                #expect(rendition.infoTags.map(\.tag) == [1004, 1006, 1018, 1019])
                let words = try Self.metrics(rendition)
                #expect(words.count == (weight == 4 && size > 1 ? 16 : 10) && words[0] == 7 && words[1] == 13 && Float(bitPattern: words[4]) == 3)
                // The cap height: 70.459 units at 13/100 of a point each.
                #expect(abs(Float(bitPattern: words[3]) - 9.15967) < 1e-4)
                #expect(glyph.svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg version=\"1.1\" viewBox=\"0 0 "))
                #expect(glyph.svg.contains(".multicolor-0:systemBlueColor{fill:#007AFF;opacity:1.0;}"))
                #expect(glyph.svg.contains(##"fill="#007AFF" opacity="1.0"/></g></svg>"##))
            }
        }
        // The multicolour class is kept: tag 1019 says the glyph has multicolour layers.
        let rendering = try #require(glyphs[4 * 4 + 2]?.rendition.infoTags.first { $0.tag == 1019 })
        #expect(try rendering.value.u32(0) == 1 && rendering.value.u32(8) == 1)
    }

    @Test func mastersAreKeptAndTheOtherWeightsAndSizesInterpolated() throws {
        let (_, car) = try Self.compile(SymbolTemplates.variable())
        let glyphs = try Self.glyphs(car, "Ring")
        // Regular-S is the master as drawn, placed by a 0.13 matrix in a viewBox of its bounds (50 × 70 units).
        let regular = try Self.geometry(try #require(glyphs[4 * 4 + 1]).svg)
        #expect(regular.numbers.prefix(8) == [10, 0, 10, -70, 60, -70, 60, 0])
        #expect(Array(regular.numbers[8...9]) == [16, -6])
        #expect(regular.matrix == [0.13, 0, 0, 0.13, -1.3, 9.1])
        #expect(regular.viewBox == [0, 0, 6.5, 9.1])
        // Bold-S is halfway from Regular to Black: the hole inset by 9.
        let bold = try Self.geometry(try #require(glyphs[7 * 4 + 1]).svg)
        #expect(abs(bold.numbers[8] - 19) < 1e-4 && abs(bold.numbers[9] + 9) < 1e-4)
        // Regular-M: the weight 0.8179 of the way from Ultralight to Regular (inset 5.2716), scaled by 1.276 about
        // the point 35.25 units above the baseline.
        let medium = try Self.geometry(try #require(glyphs[4 * 4 + 2]).svg)
        let inset = 2 + 0.81790 * 4
        #expect(abs(medium.numbers[8] - 1.276 * (10 + inset)) < 1e-3)
        #expect(abs(medium.numbers[9] - (1.276 * -inset + 0.276 * 35.25)) < 1e-3)
        #expect(abs(medium.numbers[0] - 12.76) < 1e-3 && abs(medium.numbers[1] - 0.276 * 35.25) < 1e-3)
        // Tag 1018's baseline float: how far the glyph reaches below the baseline, in points.
        let words = try Self.metrics(try #require(glyphs[4 * 4 + 2]).rendition)
        #expect(abs(Double(Float(bitPattern: words[2])) - 0.13 * 0.276 * 35.25) < 1e-4)
        // The insets: Regular-M's distance to its margins (Regular-S's guides, 0 and 70 units, scaled as medium).
        #expect(abs(Double(Float(bitPattern: words[5])) - 0.13 * 12.76) < 1e-4)
        #expect(abs(Double(Float(bitPattern: words[7])) - 0.13 * (70 - 60) * 1.276) < 1e-4)
    }

    @Test func regularMediumAndLargeGetBlackBitmapCachesAt11And13And17Points() throws {
        let (_, car) = try Self.compile(SymbolTemplates.variable())
        let facet = try #require(car.facets.first { $0.name == "Ring" })
        let decoder = CARDecoder(file: car)
        let glyphs = try Self.glyphs(car, "Ring")
        var seen: [String] = []
        for number in facet.renditions where car.renditions[number].key[.part] == 181 {
            let rendition = car.renditions[number]
            let key = rendition.key
            #expect(key[.glyphWeight] == 4 && key[.deploymentTarget] == 5 && rendition.name == "Ring.svg" && rendition.flags == 4)
            // Packed into the grey atlas of its scale, as Xcode packs MediaMate's (layout 1003, a reference).
            let reference = try #require(rendition.internalReference, "a cache is not packed")
            #expect(rendition.layout == 1003 && rendition.pixelFormat.hasPrefix("GA8"))
            #expect(reference.atlasKey.contains { $0.attribute == 25 && $0.value == 5 } && !reference.atlasKey.contains { $0.attribute == 26 || $0.attribute == 27 })
            seen.append("s\(key[.glyphSize]) d\(key[.dimension2]) \(key[.scale])x")
            guard case .image(let image) = try decoder.decode(number) else {
                Issue.record("a cache is not a bitmap")
                continue
            }
            // The glyph's viewBox at 11, 13 or 17 points and the scale, rounded up; black, only its alpha varies.
            let viewBox = try Self.geometry(try #require(glyphs[4 * 4 + Int(key[.glyphSize])]).svg).viewBox
            let factor = Double([11, 13, 17][Int(key[.dimension2])]) / 13 * Double(key[.scale])
            #expect(image.width == Int((viewBox[2] * factor).rounded(.up)) && image.height == Int((viewBox[3] * factor).rounded(.up)))
            #expect(stride(from: 0, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 0 && image.pixels[$0 + 1] == 0 })
            #expect(image.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 150 })
        }
        #expect(seen.sorted() == [2, 3].flatMap { size in (0...2).flatMap { d in [1, 2].map { "s\(size) d\(d) \($0)x" } } }.sorted())
        // One grey atlas per scale, named and keyed as MediaMate's (`ZZZZPackedAsset-1.0.1-gamut0`: the deployment target
        // and scale, no glyph weight or size), in deepmap2 as Xcode stores it there, with even sides.
        let atlases = car.renditions.filter { $0.name.hasPrefix("ZZZZPackedAsset") }
        #expect(atlases.map(\.name).sorted() == ["ZZZZPackedAsset-1.0.1-gamut0", "ZZZZPackedAsset-2.0.1-gamut0"])
        for atlas in atlases {
            #expect(atlas.key[.deploymentTarget] == 5 && atlas.key[.glyphWeight] == 0 && atlas.key[.glyphSize] == 0 && atlas.pixelFormat.hasPrefix("GA8"))
            #expect(atlas.width % 2 == 0 && atlas.height % 2 == 0)
            guard case .bitmap(let bitmap) = atlas.payload else {
                Issue.record("an atlas is not a bitmap")
                continue
            }
            #expect(bitmap.compression == .deepmap2)
        }
        // The glyphs that have caches list them in tag 1018: three (dimension 2, point size) pairs.
        #expect(try Self.metrics(try #require(glyphs[4 * 4 + 2]).rendition).suffix(7) == [3, 0, 11, 1, 13, 2, 17])
        #expect(try Self.metrics(try #require(glyphs[4 * 4 + 1]).rendition).last == 0)
    }

    @Test func entriesForADirectionAnAppearanceOrALocaleAreKeyedAsImageEntriesAre() throws {
        // One symbol drawn for left-to-right and right-to-left, a dark appearance and Arabic: each entry's 27 glyphs and
        // its caches keyed by its own traits (direction 5 or 4, appearance, localization), none dropped.
        let fixture = try CatalogFixture()
        try fixture.contents(
            "Arrow.symbolset",
            #"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"ltr.svg","idiom":"universal","language-direction":"left-to-right"},"#
                + #"{"filename":"rtl.svg","idiom":"universal","language-direction":"right-to-left"},"#
                + #"{"appearances":[{"appearance":"luminosity","value":"dark"}],"filename":"dark.svg","idiom":"universal"},"#
                + #"{"filename":"ar.svg","idiom":"universal","locale":"ar"}]}"#)
        for file in ["ltr", "rtl", "dark", "ar"] { try fixture.write("Arrow.symbolset/\(file).svg", SymbolTemplates.variable()) }
        let index = fixture.read()
        #expect(!index.diagnostics.contains { $0.severity == .error }, "\(index.diagnostics.map(\.message))")
        let compiled = try CARCompiler(options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")).compile(index)
        let car = try CARFile(bytes: compiled.car)
        let facet = try #require(car.facets.first { $0.name == "Arrow" })
        let glyphs = facet.renditions.map { car.renditions[$0] }.filter { $0.layout == 1017 }
        #expect(glyphs.count == 4 * 27)
        #expect(glyphs.filter { $0.key[.direction] == 5 }.count == 27 && glyphs.filter { $0.key[.direction] == 4 }.count == 27)
        #expect(glyphs.filter { $0.key[.appearance] != 0 }.count == 27)
        #expect(glyphs.filter { $0.key[.localization] != 0 }.count == 27)
        let caches = facet.renditions.map { car.renditions[$0] }.filter { $0.key[.part] == 181 }
        #expect(caches.count == 4 * 12)
        #expect(caches.filter { $0.key[.direction] == 4 }.count == 12 && caches.filter { $0.key[.localization] != 0 }.count == 12)
    }

    @Test func nestedTransformsOfDrawingAppsArePlacedAgainstTheBaseline() throws {
        // As Sketch exports a template: the glyph in a translated group (not at its baseline), a nested group and a
        // path with transforms of their own.
        var text = String(decoding: SymbolTemplates.template(glyphs: []), as: UTF8.self)
        text = text.replacingOccurrences(
            of: " <g id=\"Symbols\">\n",
            with: #" <g id="Symbols"><g id="Regular-M" transform="translate(1450, 1000)"><g transform="translate(10, 20)"><path transform="scale(2)" d="M0 0L5 0L5 5Z"/></g></g>"# + "\n")
        let template = try SymbolTemplate(bytes: Array(text.utf8))
        let glyph = try #require(template.glyph(weight: 4, size: 2))
        // Baseline-M is at y = 1126: the point (0, 0) is drawn at (1460, 1020), 106 units above it.
        #expect(glyph.origin == SymbolPoint(x: 1450, y: 1126))
        #expect(glyph.outlines.first?.path.commands.first == .move(SymbolPoint(x: 10, y: -106)))
        #expect(glyph.outlines.first?.path.commands.dropFirst().first == .line(SymbolPoint(x: 20, y: -106)))
        #expect(throws: SymbolTemplate.Problem.self) {
            try SymbolTemplate(bytes: Array(text.replacingOccurrences(of: "scale(2)", with: "skewX(2)").utf8))
        }
    }

    @Test func aTemplateWithoutMastersGivesTheGlyphsItDraws() throws {
        let template = SymbolTemplates.template(
            glyphs: ["Regular-S", "Regular-M", "Regular-L"].map { ($0, SymbolTemplates.ring(stroke: 6)) }, version: "2.0", styleClass: nil)
        let (_, car) = try Self.compile(template)
        let glyphs = try Self.glyphs(car, "Ring")
        #expect(glyphs.keys.sorted() == [4 * 4 + 1, 4 * 4 + 2, 4 * 4 + 3])
        let medium = try #require(glyphs[4 * 4 + 2])
        #expect(!medium.svg.contains("<style>") && !medium.svg.contains("class="))
        #expect(try Self.metrics(medium.rendition)[0] == 3)
    }

    /// A compile that must fail on the symbol template, and the error's message.
    static func failure(_ template: [UInt8], _ expected: String) throws -> String {
        do {
            _ = try compile(template, readerError: expected)
        } catch let error as CARCompileError {
            guard case .inputErrors(let errors) = error else { throw error }
            #expect(errors.count == 1 && errors[0].path == "Ring.symbolset/Ring.svg")
            return errors[0].message
        }
        Issue.record("the compile did not fail")
        return ""
    }

    @Test func mastersThatCannotBeInterpolatedAreRefusedNamingTheGlyphAndPath() throws {
        let template = SymbolTemplates.template(glyphs: [
            ("Ultralight-S", SymbolTemplates.ring(stroke: 2)), ("Regular-S", "M10 0L10-70L60-70Z"), ("Black-S", SymbolTemplates.ring(stroke: 12)),
        ])
        let message = try Self.failure(template, "cannot be interpolated")
        #expect(message.contains("path 1 of Regular-S") && message.contains("cannot be interpolated"), "\(message)")
    }

    @Test func hostileTemplatesAreRefusedWithoutQuotingThem() throws {
        let secret = "SECRET-CONTENT"
        let cases: [(bytes: [UInt8], expected: String)] = [
            // Entity declarations (billion laughs, external entities) are never expanded.
            (Array("<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY \(secret) SYSTEM \"file:///etc/passwd\">]><svg><g id=\"Symbols\"/></svg>".utf8),
             "internal subset"),
            (Array("<svg><g id=\"Symbols\"><text>&\(secret);</text></g></svg>".utf8), "entity reference"),
            (Array(("<svg>" + String(repeating: "<g>", count: 100) + String(repeating: "</g>", count: 100) + "</svg>").utf8), "nests elements"),
            (Array("<svg><g id=\"Symbols\"><g id=\"Regular-S\"><path d=\"M0 0\"/></g>".utf8), "never closed"),
            (SymbolTemplates.template(glyphs: [("Regular-S", "M0 0A5 5 0 0 1 10 10Z")]), "elliptical arc"),
            (SymbolTemplates.template(glyphs: [("Regular-S", "M0 0L1e999 5Z")]), "malformed number"),
            (Array("<svg><g id=\"Nothing\"/></svg>".utf8), "no group with id"),
        ]
        for (bytes, expected) in cases {
            #expect(throws: SymbolTemplate.Problem.self) { try SymbolTemplate(bytes: bytes) }
            do {
                _ = try SymbolTemplate(bytes: bytes)
            } catch {
                #expect(error.message.contains(expected), "\(error.message)")
                #expect(!error.message.contains(secret))
            }
        }
        // Through the compile: an error naming the file, the template's problem in the message.
        #expect(try Self.failure(cases[4].bytes, "elliptical arc").contains("elliptical arc"))
    }

    @Test func readingIsLinearInTheTemplatesSize() throws {
        // 20,000 glyph-sized paths in a non-glyph group, about 1.5 MB: read well within a second.
        let extra = " <g id=\"Filler\">" + String(repeating: "<path d=\"\(SymbolTemplates.ring(stroke: 3))\"/>", count: 20_000) + "</g>\n"
        let bytes = SymbolTemplates.template(glyphs: [("Regular-M", SymbolTemplates.ring(stroke: 6))], extra: extra)
        let clock = ContinuousClock()
        let elapsed = try clock.measure { _ = try SymbolTemplate(bytes: bytes) }
        #expect(elapsed < .seconds(5))
    }
}
