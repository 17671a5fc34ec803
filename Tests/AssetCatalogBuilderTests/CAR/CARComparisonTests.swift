import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

@Suite("Comparing two cars: structure and CoreUI lookups")
struct CARComparisonTests {
    /// A PNG of one flat colour, so every image of a fixture has pixels of its own.
    static func flat(_ width: Int, _ height: Int, _ rgba: [UInt8]) throws -> [UInt8] {
        try PNGCodec.encodeRGBA8(
            DecodedImage(width: width, height: height, premultiplied: false, pixels: [UInt8]((0..<(width * height)).flatMap { _ in rgba })))
    }

    /// `Glyph` at 1x and 3x only; `Badge` at 1x and 2x with a dark 1x variant (so the car lists the dark appearance).
    static func fixture() throws -> CatalogFixture {
        let fixture = try CatalogFixture()
        try fixture.write("Glyph.imageset/g1.png", try flat(10, 8, [200, 10, 10, 255]))
        try fixture.write("Glyph.imageset/g3.png", try flat(30, 24, [10, 200, 10, 255]))
        try fixture.imageset("Glyph", [("g1.png", #""idiom":"universal","scale":"1x""#), ("g3.png", #""idiom":"universal","scale":"3x""#)])
        try fixture.write("Badge.imageset/b1.png", try flat(6, 6, [10, 10, 200, 255]))
        try fixture.write("Badge.imageset/b2.png", try flat(12, 12, [90, 90, 90, 128]))
        try fixture.write("Badge.imageset/d1.png", try flat(6, 6, [250, 250, 0, 255]))
        try fixture.imageset(
            "Badge",
            [
                ("b1.png", #""idiom":"universal","scale":"1x""#), ("b2.png", #""idiom":"universal","scale":"2x""#),
                ("d1.png", #""idiom":"universal","scale":"1x","appearances":[{"appearance":"luminosity","value":"dark"}]"#),
            ])
        return fixture
    }

    static func compile(_ index: CatalogIndex, platform: CompilePlatform = .iphoneos) throws -> CARFile {
        let options = CompileOptions(platform: platform, minimumDeploymentTarget: "17.0", toolVersion: "test")
        return try CARFile(bytes: try CARCompiler(options: options).compile(index).car)
    }

    @Test func aCarComparedWithItselfHasNoDifferenceAndEveryLookupAgrees() throws {
        let fixture = try Self.fixture()
        let car = try Self.compile(fixture.read())
        #expect(CARStructureComparison.differences(ours: CARStructure(file: car), xcode: CARStructure(file: car)).isEmpty)
        let lookups = CARLookupComparison.compare(ours: car, xcode: car)
        // Two names × phone and pad × three scales × default and dark.
        #expect(lookups.requestCount == 2 * 2 * 3 * 2)
        #expect(lookups.undecodable == 0)
        #expect(lookups.agreeing == lookups.requestCount)
        #expect(lookups.mismatches.isEmpty && lookups.agreementPercent == 100)
        #expect(lookups.exact == lookups.requestCount && lookups.nearMatches.isEmpty)
    }

    @Test("pixels one step apart agree, but are counted apart from exact answers with the channels that differ")
    func oneStepApartIsANearMatchNotAnExactOne() throws {
        func car(green: UInt8) throws -> CARFile {
            let fixture = try CatalogFixture()
            try fixture.write("Dot.imageset/d.png", try Self.flat(4, 3, [200, green, 10, 255]))
            try fixture.imageset("Dot", [("d.png", #""idiom":"universal","scale":"1x""#)])
            return try Self.compile(fixture.read())
        }
        let lookups = CARLookupComparison.compare(ours: try car(green: 100), xcode: try car(green: 101))
        // phone and pad × three scales × default and dark (a car that lists no dark appearance answers the dark
        // request with the default image): every answer is the one image, one step apart in green.
        #expect(lookups.requestCount == 12 && lookups.agreeing == 12 && lookups.mismatches.isEmpty)
        #expect(lookups.nearMatches.count == 12 && lookups.exact == 0)
        #expect(lookups.nearMatches.allSatisfy { $0.differingChannels == 4 * 3 && $0.channels == 4 * 3 * 4 })
        #expect(CARLookupComparison.compare(ours: try car(green: 100), xcode: try car(green: 100)).exact == 12)
        let apart = CARLookupComparison.compare(ours: try car(green: 100), xcode: try car(green: 102))
        #expect(apart.mismatches.count == 12 && apart.nearMatches.isEmpty && apart.exact == 0)
    }

    @Test func aMissingImageIsAStructuralDifferenceAndALookupMismatch() throws {
        let fixture = try Self.fixture()
        let full = fixture.read()
        var partial = full
        partial.assets.removeAll { $0.name == "Glyph" }
        let ours = try Self.compile(partial)
        let xcode = try Self.compile(full)
        let differences = CARStructureComparison.differences(ours: CARStructure(file: ours), xcode: CARStructure(file: xcode))
        #expect(differences.contains(CARStructureDifference(area: "facets", subject: "Glyph", ours: "-", xcode: "element=85 part=181")))
        let missing = differences.filter { $0.area == "renditions" && $0.subject.hasPrefix("Glyph ") }
        #expect(missing.map(\.subject) == ["Glyph part=181 scale=1", "Glyph part=181 scale=3"])
        #expect(missing.allSatisfy { $0.ours == "-" && $0.xcode.hasPrefix("g") })
        #expect(differences.contains { $0.area == "size" && $0.subject == "file bytes" })

        let lookups = CARLookupComparison.compare(ours: ours, xcode: xcode)
        // Every default-appearance Glyph request differs (nil against an image); dark ones are nil in both
        // (both cars list the dark appearance, Glyph has no dark variant), every Badge request agrees.
        #expect(lookups.mismatches.count == 2 * 3)
        #expect(lookups.mismatches.allSatisfy { $0.request.name == "Glyph" && $0.request.appearance == nil && $0.ours == "nil" })
        #expect(lookups.agreeing == lookups.requestCount - lookups.mismatches.count)
    }

    @Test("a colour whose components differ in the last bits is a difference of content, with both values exact")
    func colourContentIsCompared() throws {
        func car(red: String) throws -> CARFile {
            let fixture = try CatalogFixture()
            try fixture.contents(
                "Tint.colorset",
                #"{"colors":[{"idiom":"universal","color":{"color-space":"srgb","components":{"red":"\#(red)","green":"0.5","blue":"0.25","alpha":"1"}}}]}"#)
            return try Self.compile(fixture.read())
        }
        let same = CARStructureComparison.differences(ours: CARStructure(file: try car(red: "0.176")), xcode: CARStructure(file: try car(red: "0.176")))
        #expect(same.isEmpty, "\(same)")
        // 0.176 and 0.1760001 are the same size on disk; only the content tells them apart.
        let differences = CARStructureComparison.differences(
            ours: CARStructure(file: try car(red: "0.176")), xcode: CARStructure(file: try car(red: "0.1760001")))
        let content = try #require(differences.first { $0.subject.hasSuffix(": content") }, "\(differences)")
        #expect(content.subject.hasPrefix("Tint part=217"))
        #expect(content.ours == "srgb \(Double(Float(0.176))), 0.5, 0.25, 1.0" && content.xcode == "srgb \(Double(Float(0.1760001))), 0.5, 0.25, 1.0")
    }

    @Test func theLookupFollowsCoreUIsScaleOrderAndMatchesTheAppearanceExactly() throws {
        let fixture = try Self.fixture()
        let car = try Self.compile(fixture.read())
        let lookup = CoreUIKeyLookup(file: car)
        func answer(_ name: String, _ scale: Int, _ appearance: String? = nil) -> String? {
            lookup.image(named: name, scale: scale, idiom: 1, appearanceName: appearance).map { car.renditions[$0].name }
        }
        // The exact scale, else the largest below, else the smallest above.
        #expect(answer("Glyph", 1) == "g1.png")
        #expect(answer("Glyph", 2) == "g1.png")
        #expect(answer("Glyph", 3) == "g3.png")
        #expect(answer("Badge", 3) == "b2.png")
        // The dark appearance is listed (Badge has a dark variant): it must match exactly.
        #expect(car.appearances.contains { $0.name == "UIAppearanceDark" })
        #expect(answer("Badge", 1, "UIAppearanceDark") == "d1.png")
        #expect(answer("Badge", 2, "UIAppearanceDark") == "d1.png")
        #expect(answer("Glyph", 1, "UIAppearanceDark") == nil)
        // A name the car does not list means the default appearance.
        #expect(answer("Glyph", 1, "UIAppearanceNoSuchThing") == "g1.png")
        #expect(answer("Nothing", 1) == nil)
    }
}
