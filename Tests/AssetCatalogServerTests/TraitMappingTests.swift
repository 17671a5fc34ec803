import AssetCatalog
import HTTPTypes
import Hummingbird
import Testing

@testable import AssetCatalogServer

/// Client hints and query parameters → the trait collection the resolver gets.
struct TraitMappingTests {
    private func headers(_ pairs: [String: String]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields[HTTPField.Name(name)!] = value }
        return fields
    }

    @Test("Sec-CH-DPR: the smallest integer scale at least the ratio, at most 3; junk ignored")
    func devicePixelRatio() {
        let cases: [(String, Int?)] = [
            ("1", 1), ("1.0", 1), ("0.75", 1), ("1.5", 2), ("2", 2), ("2.0", 2), ("2.625", 3), ("3", 3), ("3.5", 3),
            ("4", 3), (" 2 ", 2), ("0", nil), ("-2", nil), ("nan", nil), ("inf", nil), ("two", nil), ("", nil),
            (String(repeating: "9", count: 400), nil),
        ]
        for (text, expected) in cases {
            #expect(TraitRequest.scale(devicePixelRatio: text)?.value == expected, "DPR '\(text)'")
        }
    }

    @Test("Sec-CH-Prefers-Color-Scheme: quoted or bare light/dark")
    func colorScheme() {
        #expect(TraitRequest.appearance(colorScheme: "\"dark\"") == .dark)
        #expect(TraitRequest.appearance(colorScheme: "\"light\"") == .light)
        #expect(TraitRequest.appearance(colorScheme: "dark") == .dark)
        #expect(TraitRequest.appearance(colorScheme: " \"DARK\" ") == .dark)
        #expect(TraitRequest.appearance(colorScheme: "\"sepia\"") == nil)
        #expect(TraitRequest.appearance(colorScheme: "\"") == nil)
    }

    @Test("Sec-CH-Viewport-Width: compact up to 767 CSS pixels, regular from 768")
    func viewportWidth() {
        #expect(TraitRequest.sizeClass(viewportWidth: "320") == .compact)
        #expect(TraitRequest.sizeClass(viewportWidth: "767") == .compact)
        #expect(TraitRequest.sizeClass(viewportWidth: "768") == .regular)
        #expect(TraitRequest.sizeClass(viewportWidth: "1920") == .regular)
        #expect(TraitRequest.sizeClass(viewportWidth: "-1") == nil)
        #expect(TraitRequest.sizeClass(viewportWidth: "wide") == nil)
        #expect(TraitRequest.sizeClass(viewportWidth: "99999999999999999999") == nil)
    }

    @Test("Accept-Language: highest weight first, ties to the first listed, * and q=0 skipped")
    func acceptLanguage() {
        #expect(AcceptLanguage.preferredLocale("fr-CH, fr;q=0.9, en;q=0.8")?.identifier == "fr-CH")
        #expect(AcceptLanguage.preferredLocale("en;q=0.5, de;q=0.9")?.identifier == "de")
        #expect(AcceptLanguage.preferredLocale("*, ja;q=0.1")?.identifier == "ja")
        #expect(AcceptLanguage.preferredLocale("de;q=0, it")?.identifier == "it")
        #expect(AcceptLanguage.preferredLocale("es;q=0.7, pt;q=0.7")?.identifier == "es")
        #expect(AcceptLanguage.preferredLocale("*") == nil)
        #expect(AcceptLanguage.preferredLocale("not a tag!!, ;;;") == nil)
        #expect(AcceptLanguage.preferredLocale(String(repeating: "@@,", count: 10_000)) == nil)
    }

    @Test("A device preset, then the hints, then explicit query parameters, each overriding the one before")
    func precedence() throws {
        let preset = DevicePreset.named("iphone-portrait")!.traits
        let hinted = headers(["Sec-CH-DPR": "2", "Sec-CH-Prefers-Color-Scheme": "\"dark\"", "Accept-Language": "fr-CA"])
        let request = try TraitRequest(query: [("device", "iphone-portrait")], headers: hinted)
        #expect(request.traits.idiom == preset.idiom, "the preset's idiom stays")
        #expect(request.traits.displayScale?.value == 2, "the hint overrides the preset's 3x")
        #expect(request.traits.appearance == .dark)
        #expect(request.traits.locale?.identifier == "fr-CA")
        #expect(request.overridden.isEmpty)

        let explicit = try TraitRequest(
            query: [("device", "iphone-portrait"), ("scale", "1"), ("appearance", "light"), ("locale", "de")], headers: hinted)
        #expect(explicit.traits.displayScale?.value == 1, "an explicit scale overrides the hint")
        #expect(explicit.traits.appearance == .light)
        #expect(explicit.traits.locale?.identifier == "de")
        #expect(explicit.overridden == [.scale, .appearance, .locale])
    }

    @Test("The issue's example: device=iphone-portrait with DPR 2 and dark = --device iphone-portrait --scale 2 --appearance dark")
    func issueExample() throws {
        let request = try TraitRequest(
            query: [("device", "iphone-portrait")],
            headers: headers(["Sec-CH-DPR": "2", "Sec-CH-Prefers-Color-Scheme": "\"dark\""]))
        var expected = DevicePreset.named("iphone-portrait")!.traits
        expected.displayScale = DisplayScale(2)
        expected.appearance = .dark
        #expect(request.traits == expected)
    }

    @Test("Every explicit query parameter, and the variant pin")
    func everyParameter() throws {
        let request = try TraitRequest(
            query: [
                ("idiom", "pad"), ("gamut", "p3"), ("width", "regular"), ("height", "compact"), ("contrast", "high"),
                ("direction", "rtl"), ("scale", "2x"), ("variant", "4"), ("v", "cache-buster"),
            ], headers: HTTPFields())
        #expect(request.traits.idiom == .pad)
        #expect(request.traits.displayGamut == .displayP3)
        #expect(request.traits.horizontalSizeClass == .regular)
        #expect(request.traits.verticalSizeClass == .compact)
        #expect(request.traits.contrast == .high)
        #expect(request.traits.layoutDirection == .rightToLeft)
        #expect(request.traits.displayScale?.value == 2)
        #expect(request.pinnedVariant == 4)
    }

    @Test("A bad query value is an error naming the parameter and what it accepts; junk is cut")
    func badQueryValues() {
        for (name, value) in [
            ("device", "toaster"), ("scale", "0"), ("appearance", "sepia"), ("idiom", "fridge"), ("gamut", "cmyk"),
            ("width", "huge"), ("locale", "!!"), ("variant", "-1"), ("variant", "x"),
        ] {
            do {
                _ = try TraitRequest(query: [(name, value)], headers: HTTPFields())
                Issue.record("\(name)=\(value) was accepted")
            } catch {
                #expect(error.description.contains("'\(name)'"))
                #expect(error.description.contains("use one of"))
            }
        }
        do {
            _ = try TraitRequest(query: [("appearance", String(repeating: "a", count: 5000) + "\u{1}")], headers: HTTPFields())
            Issue.record("accepted")
        } catch {
            #expect(error.description.utf8.count < 300, "a long value is cut in the message")
        }
    }

    @Test("Percent-decoding happens once: %252e stays %2e; bad escapes and invalid UTF-8 are refused")
    func percentDecoding() {
        #expect(PercentDecoding.decode("Icons%2FStar") == "Icons/Star")
        #expect(PercentDecoding.decode("%252e%252e") == "%2e%2e")
        #expect(PercentDecoding.decode("caf%C3%A9") == "café")
        #expect(PercentDecoding.decode("a+b") == "a+b")
        #expect(PercentDecoding.decode("a+b", plusIsSpace: true) == "a b")
        #expect(PercentDecoding.decode("%") == nil)
        #expect(PercentDecoding.decode("%4") == nil)
        #expect(PercentDecoding.decode("%zz") == nil)
        #expect(PercentDecoding.decode("%FF%FE") == nil)
        #expect(PercentDecoding.encodePath("Icons/Star é") == "Icons/Star%20%C3%A9")
    }

    @Test("Which hints can change an asset's answer")
    func varyingHints() {
        func traits(_ scale: Int?, _ appearance: Appearance? = nil, locale: String? = nil) -> VariantTraits {
            var traits = VariantTraits()
            traits.displayScale = scale.flatMap(DisplayScale.init)
            traits.appearance = appearance
            traits.locale = locale.flatMap { LocaleTag($0) }
            return traits
        }
        func hints(_ variants: [VariantTraits]) -> [ClientHint] {
            ServedAsset(
                name: "A", kind: .image, variants: variants.map { ServedVariant(traits: $0, label: "", pixelSize: nil) }
            ).varyingHints
        }
        #expect(hints([traits(1), traits(2), traits(3)]) == [.devicePixelRatio])
        #expect(hints([traits(2)]) == [], "one scale: the DPR cannot change the answer")
        #expect(hints([traits(1), traits(2), traits(1, .dark), traits(2, .dark)]) == [.devicePixelRatio, .prefersColorScheme])
        #expect(hints([traits(nil, .dark)]) == [.prefersColorScheme], "dark-only artwork: a light request gets nothing")
        #expect(hints([traits(1), traits(1, locale: "fr")]) == [.acceptLanguage])
    }
}
