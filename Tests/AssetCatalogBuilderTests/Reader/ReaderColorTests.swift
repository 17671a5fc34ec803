import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

@Suite("Reader: colour sets")
struct ReaderColorTests {
    /// Reads one colour set whose single entry has `color` and returns its value.
    private func color(_ colorJSON: String, extra: String = "") throws -> (ColorValue?, CatalogIndex) {
        let fixture = try CatalogFixture()
        try fixture.contents("Tint.colorset", #"{"colors":[{"idiom":"universal",\#(extra)"color":\#(colorJSON)}],"info":{"author":"xcode","version":1}}"#)
        let index = fixture.read()
        return (index.asset(named: "Tint")?.colors.first?.value, index)
    }

    private func components(_ value: ColorValue?) -> ColorComponents? {
        if case .components(let components)? = value { return components }
        return nil
    }

    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test("decimal strings are 0–1")
    func decimals() throws {
        let (value, index) = try color(#"{"color-space":"srgb","components":{"red":"0.351","green":"0.620","blue":"1.000","alpha":"0.500"}}"#)
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        let c = try #require(components(value))
        #expect(c.colorSpace == "srgb")
        #expect(close(c.red, 0.351) && close(c.green, 0.62) && close(c.blue, 1) && close(c.alpha, 0.5))
    }

    @Test("hex strings are bytes")
    func hex() throws {
        let (value, _) = try color(#"{"color-space":"srgb","components":{"red":"0xF7","green":"0x00","blue":"0xff","alpha":"1.000"}}"#)
        let c = try #require(components(value))
        #expect(close(c.red, 247.0 / 255) && c.green == 0 && close(c.blue, 1))
    }

    @Test("whole numbers above 1 are 0–255, as strings or JSON numbers; 0 and 1 follow the other components")
    func eightBit() throws {
        let (value, _) = try color(#"{"color-space":"display-p3","components":{"red":"38","green":148,"blue":"255","alpha":"1.000"}}"#)
        let c = try #require(components(value))
        #expect(c.colorSpace == "display-p3")
        #expect(close(c.red, 38.0 / 255) && close(c.green, 148.0 / 255) && close(c.blue, 1) && c.alpha == 1)

        // Xcode's 8-bit mode writes "1" for 1/255 next to larger values.
        let (dark, _) = try color(#"{"color-space":"srgb","components":{"red":"1","green":"78","blue":"169","alpha":"1.000"}}"#)
        let d = try #require(components(dark))
        #expect(close(d.red, 1.0 / 255) && close(d.green, 78.0 / 255))

        // Alone, "1" and "0" mean 1.0 and 0.0.
        let (white, _) = try color(#"{"color-space":"srgb","components":{"red":"1","green":"1","blue":"0","alpha":"1"}}"#)
        let w = try #require(components(white))
        #expect(w.red == 1 && w.green == 1 && w.blue == 0 && w.alpha == 1)
    }

    @Test("grey spaces use white")
    func gray() throws {
        let (value, index) = try color(#"{"color-space":"gray-gamma-22","components":{"white":"0.500","alpha":"0.8"}}"#)
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        let c = try #require(components(value))
        #expect(c.isGray && c.red == 0.5 && c.green == 0.5 && c.blue == 0.5 && close(c.alpha, 0.8))

        let (extended, _) = try color(#"{"color-space":"extended-gray","components":{"white":"128","alpha":"1.000"}}"#)
        #expect(close(try #require(components(extended)).red, 128.0 / 255))
    }

    @Test("extended ranges keep values beyond 0–1")
    func extended() throws {
        let (value, index) = try color(#"{"color-space":"extended-srgb","components":{"red":"1.100","green":"-0.020","blue":"0.5","alpha":"1.000"}}"#)
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        let c = try #require(components(value))
        #expect(close(c.red, 1.1) && close(c.green, -0.02))
        let (linear, _) = try color(#"{"color-space":"extended-linear-srgb","components":{"red":"2.0","green":"0","blue":"0","alpha":"1"}}"#)
        #expect(try #require(components(linear)).red == 2)
    }

    @Test("system colour references")
    func references() throws {
        let (value, index) = try color(#"{"platform":"ios","reference":"systemBlueColor"}"#)
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        #expect(value == .systemReference(name: "systemBlueColor"))
    }

    @Test("traits of colour entries and unknown colour spaces")
    func traitsAndSpaces() throws {
        let (value, index) = try color(
            #"{"color-space":"cmyk","components":{"red":"0.1","green":"0.2","blue":"0.3","alpha":"1"}}"#,
            extra: #""display-gamut":"display-P3","appearances":[{"appearance":"luminosity","value":"dark"},{"appearance":"contrast","value":"high"}],"#)
        #expect(index.has("unknown-key", at: "Tint.colorset/Contents.json", "color-space 'cmyk'"), "\(index.diagnosticDump)")
        #expect(try #require(components(value)).colorSpace == "cmyk")
        let traits = try #require(index.asset(named: "Tint")?.colors.first?.traits)
        #expect(traits == VariantTraits(displayGamut: .displayP3, appearance: .dark, contrast: .high))
    }

    @Test("a component that is not a number is an error: a short literal quoted, a long or unprintable one only measured")
    func notANumber() throws {
        let fixture = try CatalogFixture()
        let huge = String(repeating: "9", count: 1_000_000)
        for (set, red) in [("Short", "\"nan\""), ("Huge", "\"\(huge)\""), ("Control", #""0.5\u0001""#), ("Number", "1" + huge)] {
            try fixture.contents(
                "\(set).colorset", #"{"colors":[{"idiom":"universal","color":{"components":{"red":"# + red + #","green":"0","blue":"0"}}}]}"#)
        }
        let index = fixture.read()
        let place = "colors[0].color.components.red should be a number like"
        #expect(index.has("invalid-contents", at: "Short.colorset/Contents.json", place, #"but is "nan""#), "\(index.diagnosticDump)")
        #expect(index.has("invalid-contents", at: "Huge.colorset/Contents.json", place, "but is a string of 1000000 bytes"))
        #expect(index.has("invalid-contents", at: "Control.colorset/Contents.json", place, "but is a string of 4 bytes"))
        #expect(index.has("invalid-contents", at: "Number.colorset/Contents.json", place, "but is a number of 1000001 characters"))
        // Nothing of the file's text beyond the short literal: every message stays short.
        #expect(index.diagnostics.allSatisfy { $0.message.utf8.count < 300 }, "\(index.diagnostics.map(\.message.utf8.count))")
        #expect(["Short", "Huge", "Control", "Number"].allSatisfy { index.asset(named: $0)?.colors.isEmpty ?? true })
    }

    @Test("several entries keep source order")
    func order() throws {
        let fixture = try CatalogFixture()
        try fixture.contents(
            "Brand.colorset",
            #"""
            {"colors":[
              {"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0.000","green":"0.000","red":"1.000"}},"idiom":"universal"},
              {"appearances":[{"appearance":"luminosity","value":"light"}],"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0.000","green":"1.000","red":"0.000"}},"idiom":"universal"},
              {"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"1.000","green":"0.000","red":"0.000"}},"idiom":"iphone"}
            ],"info":{"author":"xcode","version":1},"properties":{"localizable":true}}
            """#)
        let index = fixture.read()
        #expect(index.diagnostics.isEmpty, "\(index.diagnosticDump)")
        let brand = try #require(index.asset(named: "Brand"))
        #expect(brand.kind == .color)
        #expect(brand.properties.localizable == true)
        #expect(brand.colors.map(\.traits.appearance) == [nil, .light, .dark])
        #expect(brand.colors[2].traits.idiom == .phone)
        #expect(brand.variants.isEmpty)
    }
}
