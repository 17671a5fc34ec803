import Testing

@testable import AssetCatalog

@Suite("Locale tags")
struct LocaleTagTests {
    @Test("Case and the separator do not matter; the identifier is spelled conventionally")
    func spellings() throws {
        let canonical = try LocaleTag(parsing: "fr-CA")
        for spelling in ["fr_CA", "FR-ca", "fr-ca", "Fr_Ca"] {
            #expect(try LocaleTag(parsing: spelling) == canonical, "\(spelling)")
        }
        #expect(canonical.identifier == "fr-CA")
        #expect(canonical.normalized == "fr-ca")
        #expect(try LocaleTag(parsing: "ZH_hans").identifier == "zh-Hans")
        #expect(try LocaleTag(parsing: "zh-hans-cn").identifier == "zh-Hans-CN")
        #expect(try LocaleTag(parsing: "es-419").identifier == "es-419")
        #expect(try LocaleTag(parsing: "fr-CA").language == LocaleTag(parsing: "fr"))
        #expect(try LocaleTag(parsing: "fr").isLanguageOnly)
        #expect(try !LocaleTag(parsing: "fr-CA").isLanguageOnly)
    }

    @Test("Parents are the tag with trailing subtags dropped", arguments: [
        ("zh", "zh-Hans-CN", true), ("zh-Hans", "zh-Hans-CN", true), ("zh-Hans-CN", "zh-Hans-CN", false),
        ("zh-Hant", "zh-Hans-CN", false), ("fr", "fr-CA", true), ("f", "fr-CA", false), ("fr-CA", "fr", false),
    ])
    func parents(parent: String, child: String, expected: Bool) throws {
        #expect(try LocaleTag(parsing: parent).isParent(of: LocaleTag(parsing: child)) == expected)
    }

    @Test("Text that is not a language tag is rejected with the reason", arguments: [
        ("", "empty"), ("fr CA", "only ASCII"), ("-fr", "empty subtag"), ("fr-", "empty subtag"), ("fr--CA", "empty subtag"),
        ("12-CA", "language subtag"), ("français", "only ASCII"), (String(repeating: "a", count: 33), "longer than 32"),
        ("abcdefghi-CA", "language subtag"),
    ])
    func rejected(text: String, reason: String) {
        #expect {
            try LocaleTag(parsing: text)
        } throws: { error in
            guard let error = error as? LocaleTag.ParseError else { return false }
            return error.description.contains(reason) && error.description.contains("'\(text)'")
        }
        #expect(LocaleTag(text) == nil)
    }

    @Test("JSON: any spelling in, the identifier out; a request's locale is decoded from batch traits")
    func codable() throws {
        let decoded = try JSONDecoder().decode(TraitCollection.self, from: Data(#"{"scale": 2, "locale": "pt_br"}"#.utf8))
        #expect(decoded.locale == LocaleTag("pt-BR"))
        let encoded = String(decoding: try JSONEncoder().encode(VariantTraits(locale: LocaleTag("pt_br"))), as: UTF8.self)
        #expect(encoded == #"{"locale":"pt-BR"}"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TraitCollection.self, from: Data(#"{"locale": "not a tag"}"#.utf8))
        }
    }
}

import Foundation
