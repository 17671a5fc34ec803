import Foundation
import Testing

@testable import AssetCatalog

@Suite("Trait collections")
struct TraitCollectionTests {
    @Test("A later collection's specified traits override; unspecified ones are inherited")
    func mergingOverridesSpecifiedTraitsOnly() {
        let base = TraitCollection(idiom: .phone, displayScale: 3, displayGamut: .displayP3, appearance: .light)
        let override = TraitCollection(displayScale: 2, appearance: .dark)
        let third = TraitCollection(horizontalSizeClass: .compact)
        let merged = TraitCollection(merging: [base, override, third])
        #expect(merged.idiom == .phone)
        #expect(merged.displayScale == 2)
        #expect(merged.displayGamut == .displayP3)
        #expect(merged.appearance == .dark)
        #expect(merged.horizontalSizeClass == .compact)
        #expect(merged.verticalSizeClass == nil)
        #expect(merged.contrast == nil)
    }

    @Test("Merging nothing gives an unspecified collection; merging one gives it back")
    func mergingEdgeCases() {
        #expect(TraitCollection(merging: []) == TraitCollection())
        let one = TraitCollection(idiom: .pad, layoutDirection: .rightToLeft)
        #expect(TraitCollection(merging: [one]) == one)
        #expect(one.overridden(by: TraitCollection()) == one)
    }

    @Test("Only a collection with all eight traits is fully specified")
    func fullySpecified() {
        var traits = DevicePreset.named("ipad")!.traits
        #expect(traits.isFullySpecified)
        traits.contrast = nil
        #expect(!traits.isFullySpecified)
    }

    @Test("JSON uses the short keys the CLI documents")
    func codableKeys() throws {
        let traits = TraitCollection(
            idiom: .phone, displayScale: 3, displayGamut: .displayP3, horizontalSizeClass: .compact,
            verticalSizeClass: .regular, appearance: .dark, contrast: .high, layoutDirection: .rightToLeft)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(traits), as: UTF8.self)
        #expect(
            json
                == #"{"appearance":"dark","contrast":"high","direction":"rtl","gamut":"p3","height":"regular","idiom":"phone","scale":3,"width":"compact"}"#
        )
        #expect(try JSONDecoder().decode(TraitCollection.self, from: Data(json.utf8)) == traits)
    }

    @Test("Decoding accepts catalog spellings and rejects unknown values and bad scales")
    func decodingSpellings() throws {
        let decoded = try JSONDecoder().decode(
            TraitCollection.self, from: Data(#"{"idiom":"iphone","gamut":"display-P3","direction":"right-to-left"}"#.utf8))
        #expect(decoded.idiom == .phone)
        #expect(decoded.displayGamut == .displayP3)
        #expect(decoded.layoutDirection == .rightToLeft)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TraitCollection.self, from: Data(#"{"idiom":"toaster"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TraitCollection.self, from: Data(#"{"scale":0}"#.utf8))
        }
    }
}

@Suite("Trait values")
struct TraitValueTests {
    @Test("Idioms accept the catalog spellings iphone and ipad")
    func idiomSpellings() {
        #expect(Idiom(parsing: "iphone") == .phone)
        #expect(Idiom(parsing: "IPad") == .pad)
        #expect(Idiom(parsing: "phone") == .phone)
        #expect(Idiom(parsing: "universal") == nil)
        #expect(Idiom.phone.catalogSpelling == "iphone")
        #expect(Idiom.acceptedTokens == ["phone", "pad", "tv", "watch", "mac", "car", "vision"])
    }

    @Test("Every value parses back from its token and each of its spellings")
    func roundTrips() {
        func check<Value: TraitValue>(_: Value.Type) {
            for value in Value.allCases {
                #expect(Value(parsing: value.token) == value)
                for spelling in value.acceptedSpellings { #expect(Value(parsing: spelling.uppercased()) == value) }
            }
        }
        check(Idiom.self)
        check(DisplayGamut.self)
        check(SizeClass.self)
        check(Appearance.self)
        check(Contrast.self)
        check(LayoutDirection.self)
    }

    @Test("Scales are positive integers, written 2, 2x or @2x")
    func scales() {
        #expect(DisplayScale(parsing: "2")?.value == 2)
        #expect(DisplayScale(parsing: "3x")?.value == 3)
        #expect(DisplayScale(parsing: "@1x")?.value == 1)
        #expect(DisplayScale(parsing: "0") == nil)
        #expect(DisplayScale(parsing: "-2") == nil)
        #expect(DisplayScale(parsing: "two") == nil)
        #expect(DisplayScale(parsing: "1.5x") == nil)
        #expect(DisplayScale(2 as Int)?.description == "2x")
    }
}
