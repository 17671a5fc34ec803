import AssetCatalog
import Foundation
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

@Suite("PNG inspection: compact, same meaning")
struct PNGInspectionCompactTests {
    private static let full = PNGInspection(
        width: 4096, height: 2_147_483_647, bitDepth: 16, colorType: .rgba, isInterlaced: true, hasAlphaChannel: true,
        isFullyOpaque: false, hasSRGBChunk: true, sRGBRenderingIntent: 3, hasGammaChunk: true,
        hasChromaticitiesChunk: true, hasICCPChunk: true,
        iccProfile: ICCProfileInfo(name: "Display P3", description: "Display P3", colorSpace: .displayP3, byteCount: 536),
        dataProfile: PNGDataProfile(imageDataBytes: 1000, droppableBytes: 12, isStored: false, refilteredEstimate: 900))

    @Test("every field reads back as given, and an ICC profile implies the iCCP chunk")
    func fieldsReadBack() {
        let full = Self.full
        #expect(full.width == 4096 && full.height == 2_147_483_647 && full.bitDepth == 16 && full.colorType == .rgba)
        #expect(full.isInterlaced && full.hasAlphaChannel && full.isFullyOpaque == false && full.hasSRGBChunk)
        #expect(full.sRGBRenderingIntent == 3 && full.hasGammaChunk && full.hasChromaticitiesChunk && full.hasICCPChunk)
        #expect(full.iccProfile?.name == "Display P3" && full.dataProfile?.refilteredEstimate == 900)
        let bare = PNGInspection(
            width: 1, height: 1, bitDepth: 8, colorType: .gray, isInterlaced: false, hasAlphaChannel: false,
            isFullyOpaque: nil, hasSRGBChunk: false, iccProfile: nil)
        #expect(!bare.isInterlaced && !bare.hasAlphaChannel && bare.isFullyOpaque == nil && !bare.hasSRGBChunk)
        #expect(bare.sRGBRenderingIntent == nil && !bare.hasGammaChunk && !bare.hasChromaticitiesChunk && !bare.hasICCPChunk)
        #expect(bare.iccProfile == nil && bare.dataProfile == nil)
        let profileOnly = PNGInspection(
            width: 1, height: 1, bitDepth: 8, colorType: .rgb, isInterlaced: false, hasAlphaChannel: false,
            isFullyOpaque: nil, hasSRGBChunk: false, hasICCPChunk: false, iccProfile: Self.full.iccProfile)
        #expect(profileOnly.hasICCPChunk)
        #expect(bare != profileOnly && bare == bare)
    }

    @Test("encoded under the plain struct's keys, and decoded back equal")
    func codableRoundTrip() throws {
        let data = try JSONEncoder().encode(Self.full)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "width", "height", "bitDepth", "colorType", "isInterlaced", "hasAlphaChannel", "isFullyOpaque",
                "hasSRGBChunk", "sRGBRenderingIntent", "hasGammaChunk", "hasChromaticitiesChunk", "hasICCPChunk",
                "iccProfile", "dataProfile",
            ])
        #expect(object["height"] as? Int == 2_147_483_647)
        #expect(try JSONDecoder().decode(PNGInspection.self, from: data) == Self.full)
    }

    @Test("small enough for an index that holds one per PNG: at most 64 bytes inline, the profile out of line")
    func inlineSize() {
        // 136 bytes as a plain struct of Ints and optionals (with the profile inline).
        #expect(MemoryLayout<PNGInspection>.stride <= 64)
    }
}

/// The index's per-variant and per-set records, compact with the same meaning (docs/PERFORMANCE.md, "Cost
/// grows in a straight line", issue 16): sizes pinned, and every field reading back and encoding as before.
@Suite("Index records: compact, same meaning")
struct IndexRecordCompactTests {
    private static let french = LocaleTag("fr-CA")!
    private static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    @Test("inline sizes: traits 24 bytes (80 with the locale inline), inspection 96 (144), variant 152 (256), asset 80 (128)")
    func inlineSizes() {
        #expect(MemoryLayout<VariantTraits>.stride <= 24)
        #expect(MemoryLayout<FileInspection>.stride <= 96)
        #expect(MemoryLayout<Variant>.stride <= 152)
        #expect(MemoryLayout<AssetProperties>.stride <= 8)
        #expect(MemoryLayout<Asset>.stride <= 80)
        #expect(MemoryLayout<ArchiveBlueprint.Variant>.stride <= 48)
        #expect(MemoryLayout<PackPlan.File>.stride <= 56)
    }

    @Test("traits: the locale reads back, compares by value, and encodes under the same keys")
    func traits() throws {
        var traits = VariantTraits(idiom: .pad, displayScale: 2, appearance: .dark, locale: Self.french)
        #expect(traits.locale == Self.french && traits.idiom == .pad && traits.displayScale == 2)
        let same = VariantTraits(idiom: .pad, displayScale: 2, appearance: .dark, locale: LocaleTag("FR_ca")!)
        #expect(traits == same && traits.hashValue == same.hashValue)
        let data = try Self.sorted.encode(traits)
        #expect(String(decoding: data, as: UTF8.self) == #"{"appearance":"dark","idiom":"pad","locale":"fr-CA","scale":2}"#)
        #expect(try JSONDecoder().decode(VariantTraits.self, from: data) == traits)
        traits.locale = nil
        #expect(traits == VariantTraits(idiom: .pad, displayScale: 2, appearance: .dark))
        #expect(String(decoding: try JSONEncoder().encode(VariantTraits()), as: UTF8.self) == "{}")
    }

    @Test("inspection: sizes, SVG details and the problem read back; out-of-range sizes kept; same keys")
    func inspection() throws {
        var inspection = FileInspection(byteCount: 10, contentType: .png, pixelWidth: 4, pixelHeight: 5, problem: "bad")
        #expect(inspection.pixelWidth == 4 && inspection.pixelHeight == 5 && inspection.problem == "bad" && inspection.svg == nil)
        inspection.problem = nil
        #expect(inspection == FileInspection(byteCount: 10, contentType: .png, pixelWidth: 4, pixelHeight: 5))
        inspection.pixelWidth = 1 << 40
        inspection.pixelHeight = -1
        #expect(inspection.pixelWidth == 1 << 40 && inspection.pixelHeight == -1)
        inspection.pixelWidth = nil
        #expect(inspection.pixelWidth == nil)
        var svg = FileInspection(byteCount: 3, contentType: .svg)
        svg.svg = SVGInspection(hasSymbolsGroup: true, symbolVariants: ["Regular-M"])
        let data = try Self.sorted.encode(svg)
        #expect(String(decoding: data, as: UTF8.self) == #"{"byteCount":3,"contentType":"svg","svg":{"hasSymbolsGroup":true,"symbolVariants":["Regular-M"]}}"#)
        #expect(try JSONDecoder().decode(FileInspection.self, from: data) == svg)
        let round = try JSONDecoder().decode(FileInspection.self, from: JSONEncoder().encode(inspection))
        #expect(round == inspection)
    }

    @Test("properties: absent ones take no storage; values read back; same keys")
    func properties() throws {
        var properties = AssetProperties()
        #expect(properties == AssetProperties() && properties.onDemandResourceTags.isEmpty)
        properties.templateRenderingIntent = "template"
        properties.onDemandResourceTags = ["a", "b"]
        #expect(properties.templateRenderingIntent == "template" && properties.onDemandResourceTags == ["a", "b"])
        let data = try Self.sorted.encode(properties)
        #expect(String(decoding: data, as: UTF8.self) == #"{"onDemandResourceTags":["a","b"],"templateRenderingIntent":"template"}"#)
        #expect(try JSONDecoder().decode(AssetProperties.self, from: data) == properties)
        properties.templateRenderingIntent = nil
        properties.onDemandResourceTags = []
        #expect(properties == AssetProperties())
    }

    @Test("a set's sources share one buffer and read back as full paths; equal to plain ones; same keys")
    func sharedSources() throws {
        let fixture = try CatalogFixture()
        try fixture.contents("", #"{"info":{"author":"xcode","version":1}}"#)
        try fixture.simpleImageset("Group/Three")
        let index = fixture.read()
        let three = try #require(index.asset(named: "Three") ?? index.asset(named: "Group/Three"))
        let sources = three.variants.compactMap(\.source)
        #expect(sources.count == 3)
        #expect(sources.allSatisfy { $0.hasPrefix(three.path + "/") })
        for variant in three.variants {
            var plain = variant
            plain.source = variant.source.map { String(decoding: Array($0.utf8), as: UTF8.self) }
            #expect(plain == variant && plain.hashValue == variant.hashValue)
            let data = try JSONEncoder().encode(variant)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(Set(object.keys) == ["traits", "source", "contentType", "inspection", "attributes"])
            #expect(object["source"] as? String == variant.source)
            #expect(try JSONDecoder().decode(Variant.self, from: data) == variant)
        }
        var empty = Variant(traits: VariantTraits(), source: nil)
        #expect(empty.source == nil)
        empty.source = "a/b.png"
        #expect(empty.source == "a/b.png")
        var many = [Variant(traits: VariantTraits(), source: "x/y/a.png"), Variant(traits: VariantTraits(), source: "elsewhere.png")]
        let before = many
        Variant.shareSources(&many, folder: "x/y")
        #expect(many == before && many.map(\.source) == ["x/y/a.png", "elsewhere.png"])
        // A path lies in the folder by its bytes: not a sibling folder that starts alike, nor the same name in another
        // Unicode form (cutting a decomposed "é" by the composed one's length gave "Café//a.png"); an empty name is kept.
        let odd = ["x/yz/a.png", "Cafe\u{301}/a.png", "Caf\u{E9}/", "Caf\u{E9}/b.png"]
        for folder in ["x/y", "Caf\u{E9}"] {
            var variants = odd.map { Variant(traits: VariantTraits(), source: $0) }
            Variant.shareSources(&variants, folder: folder)
            #expect(variants.map { $0.source.map { Array($0.utf8) } } == odd.map { Array($0.utf8) }, "folder \(folder)")
        }
    }
}
