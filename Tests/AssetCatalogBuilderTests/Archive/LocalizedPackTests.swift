import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// `locale` in Contents.json, read, packed and resolved: the archive answers as the source catalog does.
@Suite("Localized image sets")
struct LocalizedPackTests {
    static let entries: [(file: String, json: String)] = [
        ("base@2x.png", #""idiom":"universal","scale":"2x""#),
        ("fr@2x.png", #""idiom":"universal","scale":"2x","locale":"fr""#),
        ("frCA@2x.png", #""idiom":"universal","scale":"2x","locale":"fr_CA""#),
        ("de@3x.png", #""idiom":"universal","scale":"3x","locale":"de""#),
        ("zh@2x.png", #""idiom":"universal","scale":"2x","locale":"zh-Hans""#),
        ("ar@2x.png", #""idiom":"universal","scale":"2x","locale":"ar","language-direction":"right-to-left""#),
        ("padfr@2x.png", #""idiom":"ipad","scale":"2x","locale":"fr""#),
        ("base@3x.png", #""idiom":"universal","scale":"3x""#),
    ]

    static func fixture() throws -> CatalogFixture {
        let fixture = try CatalogFixture()
        for (index, entry) in entries.enumerated() {
            try fixture.png("Welcome.imageset/" + entry.file, width: 2 + index, height: 2)
        }
        try fixture.imageset("Welcome", entries.map { ($0.file, $0.json) })
        try fixture.simpleImageset("Plain")
        return fixture
    }

    @Test("The reader turns `locale` into the trait (keeping the attribute) and rejects what is not a tag")
    func reading() throws {
        let fixture = try Self.fixture()
        try fixture.imageset("Broken", [("x.png", #""idiom":"universal","locale":"fr CA""#)])
        let index = fixture.read()
        let welcome = try #require(index.asset(named: "Welcome"))
        #expect(welcome.variants.map { $0.traits.locale?.identifier } == [nil, "fr", "fr-CA", "de", "zh-Hans", "ar", "fr", nil])
        #expect(welcome.variants[2].attributes["locale"] == "fr_CA")
        let broken = try #require(index.asset(named: "Broken"))
        #expect(broken.variants[0].traits.locale == nil)
        #expect(index.diagnostics.contains { $0.message.contains("unknown locale 'fr CA'") })
    }

    @Test("Resolve on the archive equals resolve on the source for every locale, device and rule set")
    func archiveEqualsSource() throws {
        let fixture = try Self.fixture()
        let index = fixture.read()
        let archive = try AssetArchive(bytes: try Packer.testing().packToBytes(index).archive)
        try archive.verify()
        #expect(archive.formatVersion.minor == 1)
        let welcome = try #require(index.asset(named: "Welcome"))
        let sourceTraits = welcome.selectableVariants.map(\.traits)
        let locales: [LocaleTag?] = [nil] + ["fr", "fr-CA", "FR_ca", "fr-BE", "de-AT", "zh-Hans-CN", "zh-Hant", "ar-EG", "en"].map(LocaleTag.init)
        var localizedAnswers = 0
        for rules in ResolutionRules.all {
            let resolver = Resolver(rules: rules)
            for preset in DevicePreset.all {
                for locale in locales {
                    var request = preset.traits
                    request.locale = locale
                    let expected = resolver.bestVariant(among: sourceTraits, for: request)
                    let image = try archive.image(named: "Welcome", compatibleWith: request, resolver: resolver)
                    let context = "\(rules) \(request)"
                    #expect(try image?.sourcePath == expected.map { welcome.selectableVariants[$0].source! }, "\(context)")
                    if let expected, sourceTraits[expected].locale != nil { localizedAnswers += 1 }
                }
            }
        }
        #expect(localizedAnswers > 50, "the test must exercise localized answers")
        // The plain asset beside it is unaffected by a locale.
        let plain = try archive.image(named: "Plain", compatibleWith: TraitCollection(displayScale: 2, locale: LocaleTag("fr")))
        #expect(try plain?.sourcePath == "Plain.imageset/Plain@2x.png")
    }

    @Test("The same catalog packs to the same bytes every time (the VLOC section included)")
    func deterministic() throws {
        let fixture = try Self.fixture()
        let first = try Packer.testing(jobs: 1).packToBytes(fixture.read()).archive
        let second = try Packer.testing(jobs: 3).packToBytes(fixture.read(jobs: 1)).archive
        #expect(first == second)
    }
}
