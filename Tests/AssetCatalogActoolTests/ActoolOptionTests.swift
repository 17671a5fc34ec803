import Testing

@testable import AssetCatalogActool

@Suite("actool's option table")
struct ActoolOptionTests {
    @Test("every option is spelled --name, once")
    func spellings() {
        let names = ActoolOption.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.hasPrefix("--") && !name.contains("=") && !name.contains(" "), "\(name)")
        }
    }

    @Test("options with a fixed list of values take a value")
    func allowedValuesTakeAValue() {
        for option in ActoolOption.allCases where option.allowedValues != nil {
            #expect(option.arity == .value, "\(option.rawValue)")
        }
    }
}
