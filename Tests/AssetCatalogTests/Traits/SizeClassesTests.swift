import Testing

@testable import AssetCatalog

@Suite("Size-class notation")
struct SizeClassesTests {
    @Test(
        "Parses Apple's notation, case-insensitively",
        arguments: [
            ("wC hR", SizeClasses(horizontal: .compact, vertical: .regular)),
            ("wR hAny", SizeClasses(horizontal: .regular, vertical: nil)),
            ("WC HC", SizeClasses(horizontal: .compact, vertical: .compact)),
            ("wany hr", SizeClasses(horizontal: nil, vertical: .regular)),
            ("hR wC", SizeClasses(horizontal: .compact, vertical: .regular)),
            ("wR", SizeClasses(horizontal: .regular, vertical: nil)),
            ("wCompact,hRegular", SizeClasses(horizontal: .compact, vertical: .regular)),
        ])
    func parses(text: String, expected: SizeClasses) throws {
        #expect(try SizeClasses(parsing: text) == expected)
    }

    @Test("Prints both dimensions, Any for unspecified")
    func prints() {
        #expect(SizeClasses(horizontal: .compact, vertical: .regular).description == "wC hR")
        #expect(SizeClasses(horizontal: .regular, vertical: nil).description == "wR hAny")
        #expect(SizeClasses(horizontal: nil, vertical: nil).description == "wAny hAny")
    }

    @Test("Malformed notation is rejected with the offending token named", arguments: ["", "wX hR", "xC", "wC wR", "hR hC", "w"])
    func rejects(text: String) {
        #expect(throws: SizeClasses.ParseError.self) { try SizeClasses(parsing: text) }
        do {
            _ = try SizeClasses(parsing: text)
        } catch {
            #expect(error.description.contains("'\(text)'"))
            #expect(error.description.contains("wC hR"))
        }
    }

    @Test("Printing then parsing gives the same pair for every combination")
    func roundTrip() throws {
        let values: [SizeClass?] = [nil, .compact, .regular]
        for horizontal in values {
            for vertical in values {
                let pair = SizeClasses(horizontal: horizontal, vertical: vertical)
                #expect(try SizeClasses(parsing: pair.description) == pair)
            }
        }
    }
}
