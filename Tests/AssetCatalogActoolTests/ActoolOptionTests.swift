import Foundation
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

@Suite("docs/ACTOOL.md")
struct ActoolDocumentationTests {
    @Test("every option is in the table")
    func everyOptionDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/ACTOOL.md"), encoding: .utf8)
        let table = text.split(separator: "\n").filter { $0.hasPrefix("| `--") }.joined(separator: "\n")
        for option in ActoolOption.allCases {
            #expect(table.contains("`\(option.rawValue)"), "\(option.rawValue) is missing from docs/ACTOOL.md's table")
        }
    }
}
