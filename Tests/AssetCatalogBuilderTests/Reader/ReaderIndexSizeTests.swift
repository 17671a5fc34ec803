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
