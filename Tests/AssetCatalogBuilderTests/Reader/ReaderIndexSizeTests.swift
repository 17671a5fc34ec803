import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

/// The index holds every set of a catalog at once, so what each set costs is multiplied by the catalog's
/// size (docs/PERFORMANCE.md, "Cost grows in a straight line"). These tests pin what keeps it small.
@Suite("Reader: the index's size per set")
struct ReaderIndexSizeTests {
    @Test("a set's variants and colours are held in arrays of exactly their size, not the next growth step")
    func exactCapacities() throws {
        let fixture = try CatalogFixture()
        try fixture.contents("", #"{"info":{"author":"xcode","version":1}}"#)
        try fixture.simpleImageset("Three")
        try fixture.imageset(
            "Five",
            (1...5).map { number in ("f\(number).png", #""idiom":"universal","scale":"\#(number % 3 + 1)x""#) })
        let colour = #"{"color":{"color-space":"srgb","components":{"red":"1.000","green":"0.500","blue":"0.000","alpha":"1.000"}},"idiom":"universal"}"#
        let dark = #"{"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"red":"0.000","green":"0.000","blue":"0.000","alpha":"1.000"}},"idiom":"universal"}"#
        try fixture.contents("Accent.colorset", #"{"colors":[\#(colour),\#(dark),\#(colour)],"info":{"author":"xcode","version":1}}"#)

        let index = fixture.read()
        let three = try #require(index.asset(named: "Three"))
        let five = try #require(index.asset(named: "Five"))
        let accent = try #require(index.asset(named: "Accent"))
        #expect(three.variants.count == 3)
        #expect(five.variants.count == 5)
        #expect(accent.colors.count == 3)
        // Grown by appending one at a time, three variants would sit in room for four, five in room for eight.
        // (The allocator may round a little up, so "less than the growth step", not "equal".)
        #expect(three.variants.capacity < 4)
        #expect(five.variants.capacity < 8)
        #expect(accent.colors.capacity < 4)
    }
}
