import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Colour sets in the compiled car: CoreUI's colour-space numbers and references to system colours, in the
/// layout CoreUI's `CSIGenerator` writes and `_CUIThemeColorRendition` reads (docs/CAR-FORMAT.md, `RLOC`).
@Suite("Compiling colours to Assets.car")
struct SystemColorCompileTests {
    /// A catalog with one colour set per entry of `sets` (name → the `colors` array's JSON).
    static func compile(_ sets: [String: String]) throws -> (index: CatalogIndex, compiled: CompiledCatalog, car: CARFile) {
        let fixture = try CatalogFixture()
        for (name, colors) in sets {
            try fixture.contents("\(name).colorset", #"{"colors":\#(colors),"info":{"author":"xcode","version":1}}"#)
        }
        let index = fixture.read()
        let options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
        let compiled = try CARCompiler(options: options).compile(index)
        return (index, compiled, try CARFile(bytes: compiled.car))
    }

    /// The payload bytes of the facet's only rendition: after the 184-byte CSI header and a colour's two info tags
    /// (1004 and 1006, as sudoku's colours have: 8 + 8 and 8 + 4 bytes), keyed at scale 1 as Xcode 26 keys them.
    static func payload(_ compiled: CompiledCatalog, _ car: CARFile, _ name: String) throws -> [UInt8] {
        let facet = try #require(car.facets.first { $0.name == name }, "no facet \(name)")
        let rendition = try #require(facet.renditions.first.map { car.renditions[$0] })
        #expect(rendition.layout == 1009 && rendition.infoTags.map(\.tag) == [1004, 1006] && rendition.key[.scale] == 1, "\(name)")
        return Array(compiled.car[(rendition.offset + 184 + 28)..<(rendition.offset + rendition.byteCount)])
    }

    static let blue = #"[{"idiom":"universal","color":{"platform":"ios","reference":"systemBlueColor"}}]"#

    @Test func aSystemColourReferenceIsWrittenAsCoreUIWritesIt() throws {
        let (_, compiled, car) = try Self.compile(["Accent": Self.blue])
        #expect(compiled.notices.isEmpty, "\(compiled.notices)")
        let bytes = try Self.payload(compiled, car, "Accent")
        let word = { (at: Int) in UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24 }
        let name = Array("systemBlueColor".utf8)
        // Tag, version 1, colour space 1 (sRGB) with the substitute field (bits 8–10) = 1, four zero components,
        // then the name record: tag, version 1, length, the name without a terminator.
        #expect(Array(bytes[0..<4]) == Array("RLOC".utf8))
        #expect(word(4) == 1 && word(8) == 0x101 && word(12) == 4)
        #expect(bytes[16..<48].allSatisfy { $0 == 0 })
        #expect(Array(bytes[48..<52]) == Array("RLOC".utf8))
        #expect(word(52) == 1 && word(56) == UInt32(name.count))
        #expect(Array(bytes[60...]) == name)
    }

    @Test func theCompiledReferenceReadsBackAndResolvesAsTheSource() throws {
        let sets = [
            "Accent": Self.blue,
            // A reference in light mode and a colour in dark mode, as Xcode's inspector lets one mix them.
            "Label": #"""
                [{"idiom":"universal","color":{"platform":"universal","reference":"labelColor"}},
                 {"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],
                  "color":{"color-space":"display-p3","components":{"red":"0.200","green":"0.400","blue":"0.600","alpha":"1.000"}}},
                 {"idiom":"universal","appearances":[{"appearance":"contrast","value":"high"}],
                  "color":{"platform":"ios","reference":"secondaryLabelColor"}}]
                """#,
        ]
        let (index, compiled, car) = try Self.compile(sets)
        #expect(compiled.notices.isEmpty, "\(compiled.notices)")
        let readBack = CatalogIndex(car: car, path: "Assets.car")
        let resolver = Resolver()
        var compared = 0
        for name in sets.keys {
            let source = try #require(index.asset(named: name)).colors
            let compiledColors = try #require(readBack.asset(named: name), "\(name) is missing").colors
            #expect(compiledColors.count == source.count)
            for color in source {
                #expect(compiledColors.contains { $0.traits == color.traits && $0.value == color.value.asStoredInCAR }, "\(name) \(color.traits)")
            }
            for preset in DevicePreset.all {
                let fromSource = resolver.bestVariant(among: source.map(\.traits), for: preset.traits).map { source[$0].value.asStoredInCAR }
                let fromCar = resolver.bestVariant(among: compiledColors.map(\.traits), for: preset.traits).map { compiledColors[$0].value }
                #expect(fromSource == fromCar, "\(name) on \(preset.name)")
                compared += 1
            }
        }
        #expect(compared > 0)
        #expect(readBack.asset(named: "Accent")?.colors.first?.value == .systemReference(name: "systemBlueColor"))
    }

    @Test func colourSpacesUseCoreUIsNumbers() throws {
        func set(_ space: String, _ components: String) -> String {
            #"[{"idiom":"universal","color":{"color-space":"\#(space)","components":{\#(components)}}}]"#
        }
        let rgb = #""red":"0.100","green":"0.200","blue":"0.300","alpha":"1.000""#
        let grey = #""white":"0.500","alpha":"1.000""#
        let expected: [(String, String, UInt8)] = [
            ("srgb", rgb, 1), ("gray-gamma-22", grey, 2), ("display-p3", rgb, 3), ("extended-srgb", rgb, 4),
            ("extended-linear-srgb", rgb, 5), ("extended-gray", grey, 6),
        ]
        var sets: [String: String] = [:]
        for (space, components, _) in expected { sets["C-\(space)"] = set(space, components) }
        let (index, compiled, car) = try Self.compile(sets)
        let readBack = CatalogIndex(car: car, path: "Assets.car")
        for (space, _, id) in expected {
            let bytes = try Self.payload(compiled, car, "C-\(space)")
            #expect(bytes[8] == id && bytes[9] == 0, "\(space)")
            #expect(readBack.asset(named: "C-\(space)")?.colors.first?.value == index.asset(named: "C-\(space)")?.colors.first?.value.asStoredInCAR, "\(space)")
        }
        // Stored as Xcode stores them: 32-bit floats widened to doubles (0.1 as 0.10000000149011612).
        guard case .components(let srgb)? = readBack.asset(named: "C-srgb")?.colors.first?.value else {
            Issue.record("C-srgb is not read back as components")
            return
        }
        #expect(srgb.red == 0.10000000149011612 && srgb.green == Double(Float(0.2)) && srgb.alpha == 1)
    }

    /// Xcode 15 (SwiftUITestProject1's cars) stores 8-bit components exactly and narrows decimal ones: its accent
    /// `0x5E` is 94/255 exactly where Xcode 26 stores `Double(Float(94/255))`, and its dark `background2`'s `0.067` is
    /// `Double(Float(0.067))`, as in Xcode 26. A grey colour's decimal level is narrowed in all three components.
    @Test func xcode15StoresEightBitComponentsExactlyAndNarrowsDecimals() throws {
        let fixture = try CatalogFixture()
        try fixture.contents(
            "Accent.colorset",
            #"{"colors":[{"idiom":"universal","color":{"color-space":"display-p3","components":{"red":"0x5E","green":"205","blue":"0.067","alpha":"0.300"}}}],"info":{"author":"xcode","version":1}}"#)
        try fixture.contents(
            "Grey.colorset",
            #"{"colors":[{"idiom":"universal","color":{"color-space":"gray-gamma-22","components":{"white":"0.067","alpha":"1.000"}}}],"info":{"author":"xcode","version":1}}"#)
        func stored(_ name: String, narrowing: Bool) throws -> ColorComponents? {
            var options = CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", toolVersion: "test")
            options.narrowsColorComponents = narrowing
            let car = try CARFile(bytes: try CARCompiler(options: options).compile(fixture.read()).car)
            guard case .components(let components)? = CatalogIndex(car: car, path: "Assets.car").asset(named: name)?.colors.first?.value
            else { return nil }
            return components
        }
        let narrowed = Double(Float(0.067))
        #expect(narrowed != 0.067)
        let xcode15 = try #require(try stored("Accent", narrowing: false))
        #expect(xcode15.red == 94.0 / 255 && xcode15.green == 205.0 / 255)
        #expect(xcode15.blue == narrowed && xcode15.alpha == Double(Float(0.3)))
        let xcode26 = try #require(try stored("Accent", narrowing: true))
        #expect(xcode26.red == Double(Float(94.0 / 255)) && xcode26.red != 94.0 / 255)
        #expect(xcode26.green == Double(Float(205.0 / 255)) && xcode26.blue == narrowed)
        let grey = try #require(try stored("Grey", narrowing: false))
        #expect(grey.red == narrowed && grey.green == narrowed && grey.blue == narrowed)
    }

    /// The reader records which components `Contents.json` writes as decimals, whatever their notation's details.
    @Test func theReaderRecordsDecimalComponents() throws {
        let fixture = try CatalogFixture()
        try fixture.contents(
            "Mixed.colorset",
            #"{"colors":[{"idiom":"universal","color":{"components":{"red":"0x10","green":"0.5","blue":"128","alpha":"1.000"}}},{"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"components":{"red":"1","green":"0","blue":"1e-1"}}}]}"#)
        let colors = try #require(fixture.read().asset(named: "Mixed")?.colors)
        #expect(colors.map(\.decimalChannels) == [[.green, .alpha], [.blue]])
    }

    @Test func aSetWithoutAColourIsLeftOutAsXcodeLeavesItOut() throws {
        // Xcode's AccentColor template: no facet, no rendition (the NikitaKosolapov+SwiftUITestProject1 cars).
        let (_, compiled, car) = try Self.compile(["AccentColor": #"[{"idiom":"universal"}]"#, "Brand": Self.blue])
        #expect(compiled.notices == ["AccentColor: a colour set with no colour (the platform's default) is left out, as Xcode leaves it out"])
        #expect(!car.facets.contains { $0.name == "AccentColor" })
        #expect(car.facets.contains { $0.name == "Brand" })
    }

    @Test func oneEntryWithoutAColourBesideOthersIsLeftOutWithANotice() throws {
        let entries = #"[{"idiom":"universal"},{"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"reference":"systemBlueColor"}}]"#
        let (_, compiled, car) = try Self.compile(["Accent": entries])
        #expect(compiled.notices.first?.contains("Accent: an entry without a colour") == true)
        #expect(car.facets.first { $0.name == "Accent" }?.renditions.count == 1)
    }

    @Test func theAccentColourIsNotNamedWhenItsSetHasNoColour() throws {
        let (index, _, _) = try Self.compile(["AccentColor": #"[{"idiom":"universal"}]"#])
        let named = AppIconOutputs(index: index, options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", accentColor: "AccentColor"))
        #expect(named.infoPlist["NSAccentColorName"] == nil)
        let (withColour, _, _) = try Self.compile(["AccentColor": Self.blue])
        let kept = AppIconOutputs(index: withColour, options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "17.0", accentColor: "AccentColor"))
        #expect(kept.infoPlist["NSAccentColorName"] == PropertyListValue.string("AccentColor"))
    }
}
