import AssetCatalogBuilder
import Testing

private func info(_ profile: [UInt8], name: String = "ICC Profile") -> ICCProfileInfo {
    profile.withUnsafeBytes { ICCProfileInfo(name: name, profile: $0) }
}

@Suite("ICC profiles: descriptions")
struct ICCProfileDescriptionTests {
    @Test func v2TextDescription() {
        let sRGB = info(ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("sRGB IEC61966-2.1"))]))
        #expect(sRGB.description == "sRGB IEC61966-2.1")
        #expect(sRGB.colorSpace == .sRGB)

        let p3 = info(ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("Display P3"))]))
        #expect(p3.description == "Display P3")
        #expect(p3.colorSpace == .displayP3)
    }

    @Test func v2UnicodeOnlyDescription() {
        let profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("Display P3", unicodeOnly: true))])
        #expect(info(profile).description == "Display P3")
    }

    @Test func v4MultiLocalizedPrefersUSEnglish() {
        let records = [
            (language: "de", country: "DE", text: "Anzeige"), (language: "en", country: "GB", text: "Colour LCD"),
            (language: "en", country: "US", text: "Display P3"),
        ]
        let profile = ICCFixtures.profile(version: 0x0440_0000, tags: [("desc", ICCFixtures.mluc(records))])
        let result = info(profile)
        #expect(result.description == "Display P3")
        #expect(result.colorSpace == .displayP3)
    }

    @Test func v4MultiLocalizedFallsBackToAnyEnglishThenFirst() {
        let english = ICCFixtures.mluc([("fr", "FR", "Écran"), ("en", "GB", "sRGB built-in")])
        #expect(
            info(ICCFixtures.profile(version: 0x0440_0000, tags: [("desc", english)])).description == "sRGB built-in")

        let first = ICCFixtures.mluc([("ja", "JP", "ディスプレイ"), ("fr", "FR", "Écran")])
        #expect(info(ICCFixtures.profile(version: 0x0440_0000, tags: [("desc", first)])).description == "ディスプレイ")
    }

    @Test func descriptionIsTrimmed() {
        let profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("  sRGB \t"))])
        #expect(info(profile).description == "sRGB")
    }

    @Test func byteCountIsTheProfileSize() {
        let profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("x"))])
        #expect(info(profile).byteCount == profile.count)
    }
}

@Suite("ICC profiles: classification")
struct ICCProfileClassificationTests {
    @Test(arguments: [
        ("sRGB IEC61966-2.1", ProfileColorSpace.sRGB), ("sRGB", .sRGB), ("sRGB built-in", .sRGB),
        ("IEC 61966-2.1 Default RGB colour space", .sRGB), ("Display P3", .displayP3), ("Apple Display P3", .displayP3),
        ("P3-D65", .displayP3), ("DCI-P3", .other), ("Adobe RGB (1998)", .other),
        ("Generic Gray Gamma 2.2 Profile", .other),
        ("", .other),
    ])
    func byDescription(text: String, expected: ProfileColorSpace) {
        #expect(ICCProfileInfo.classify(description: text, name: nil) == expected)
    }

    @Test func nameIsUsedWhenTheDescriptionSaysNothing() {
        #expect(ICCProfileInfo.classify(description: nil, name: "sRGB IEC61966-2.1") == .sRGB)
        #expect(ICCProfileInfo.classify(description: "Color LCD", name: "Display P3") == .displayP3)
        #expect(ICCProfileInfo.classify(description: "Display P3", name: "sRGB") == .displayP3)
        #expect(ICCProfileInfo.classify(description: nil, name: "ICC Profile") == .other)
    }

    @Test func colorantsIdentifyProfilesWithUninformativeNames() {
        let sRGB = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("Color LCD"))] + ICCFixtures.sRGBColorants)
        #expect(info(sRGB).colorSpace == .sRGB)
        let p3 = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("Color LCD"))] + ICCFixtures.displayP3Colorants)
        #expect(info(p3).colorSpace == .displayP3)
        let wide = ICCFixtures.profile(tags: [
            ("desc", ICCFixtures.desc("Wide")), ("rXYZ", ICCFixtures.xyz(0.6, 0.3, 0)),
            ("gXYZ", ICCFixtures.xyz(0.2, 0.7, 0.1)), ("bXYZ", ICCFixtures.xyz(0.15, 0.05, 0.75)),
        ])
        #expect(info(wide).colorSpace == .other)
    }
}

@Suite("ICC profiles: hostile input")
struct ICCProfileHostileTests {
    private func expectUnreadable(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let result = info(bytes, name: "x")
        #expect(result.description == nil, sourceLocation: sourceLocation)
        #expect(result.colorSpace == .other, sourceLocation: sourceLocation)
        #expect(result.byteCount == bytes.count, sourceLocation: sourceLocation)
    }

    @Test func emptyAndShortBuffers() {
        expectUnreadable([])
        expectUnreadable([UInt8](repeating: 0, count: 131))
        expectUnreadable([UInt8](repeating: 0xFF, count: 500))
    }

    @Test func truncatedProfileAtEveryLength() {
        let profile = ICCFixtures.profile(
            tags: [("desc", ICCFixtures.desc("Display P3"))] + ICCFixtures.displayP3Colorants)
        for length in 0..<profile.count {
            _ = info(Array(profile.prefix(length)))
        }
        // Cut inside the tag table: the entries point past the end, so nothing is read.
        expectUnreadable(Array(profile.prefix(150)))
    }

    @Test func tagPointingOutsideTheProfile() {
        var profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("sRGB"))])
        profile.replaceSubrange(136..<140, with: PNGFixtures.bigEndian(0xFFFF_FFF0))  // offset
        expectUnreadable(profile)
        profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("sRGB"))])
        profile.replaceSubrange(140..<144, with: PNGFixtures.bigEndian(0xFFFF_FFFF))  // size
        expectUnreadable(profile)
    }

    @Test func hugeCounts() {
        var tagCount = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("sRGB"))])
        tagCount.replaceSubrange(128..<132, with: PNGFixtures.bigEndian(0xFFFF_FFFF))
        #expect(info(tagCount).description == "sRGB")  // the one real entry is still found

        var asciiCount = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("sRGB"))])
        let descStart = 128 + 4 + 12
        asciiCount.replaceSubrange((descStart + 8)..<(descStart + 12), with: PNGFixtures.bigEndian(0x7FFF_FFFF))
        expectUnreadable(asciiCount)

        var records = ICCFixtures.profile(tags: [("desc", ICCFixtures.mluc([("en", "US", "sRGB")]))])
        records.replaceSubrange((descStart + 8)..<(descStart + 12), with: PNGFixtures.bigEndian(0xFFFF_FFFF))
        #expect(info(records).description == "sRGB")
        records.replaceSubrange((descStart + 12)..<(descStart + 16), with: PNGFixtures.bigEndian(0xFFFF_FFFF))
        expectUnreadable(records)
    }

    @Test func mlucStringOutsideTheTag() {
        var profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.mluc([("en", "US", "sRGB")]))])
        let record = 128 + 4 + 12 + 16
        profile.replaceSubrange((record + 8)..<(record + 12), with: PNGFixtures.bigEndian(0x7FFF_FFFF))
        expectUnreadable(profile)
    }

    @Test func unknownDescriptionType() {
        let profile = ICCFixtures.profile(tags: [("desc", Array("zzzz".utf8) + [UInt8](repeating: 65, count: 40))])
        expectUnreadable(profile)
    }

    @Test func missingSignature() {
        var profile = ICCFixtures.profile(tags: [("desc", ICCFixtures.desc("sRGB"))])
        profile[36] = UInt8(ascii: "x")
        expectUnreadable(profile)
    }

    @Test func everySingleByteCorruptionIsSurvivable() {
        let profile = ICCFixtures.profile(
            version: 0x0440_0000,
            tags: [("desc", ICCFixtures.mluc([("en", "US", "Display P3")]))] + ICCFixtures.sRGBColorants)
        for index in profile.indices {
            for value: UInt8 in [0x00, 0x7F, 0xFF] {
                var mutated = profile
                mutated[index] = value
                _ = info(mutated)
            }
        }
    }
}
