import Testing

@testable import AssetCatalogBuilder

@Suite("Reader: JSON parser")
struct ReaderJSONParserTests {
    private func parse(_ text: String) -> Result<JSONValue, JSONParser.SyntaxError> {
        JSONParser.parse(Array(text.utf8))
    }

    @Test("values, member order and number literals are kept")
    func values() throws {
        let value = try parse(#" {"b": [1, -2.50, 3e2, true, false, null], "a": "x\"\\\/\n\u00e9\ud83d\ude00", "c": {}} "#).get()
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.members.map(\.key) == ["b", "a", "c"])
        #expect(object["b"] == .array([.number("1"), .number("-2.50"), .number("3e2"), .bool(true), .bool(false), .null]))
        #expect(object["a"] == .string("x\"\\/\né😀"))
        #expect(object["c"] == .object(JSONObject(members: [])))
        #expect(value.compactJSON == #"{"a":"x\"\\/\né😀","b":[1,-2.50,3e2,true,false,null],"c":{}}"#)
    }

    @Test("a byte-order mark is tolerated")
    func bom() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
        #expect(try JSONParser.parse(bytes).get() == .object(JSONObject(members: [])))
    }

    @Test(
        "errors carry line and column",
        arguments: [
            ("{\n  \"a\": 1,\n}", 3, 1),
            ("{\"a\" 1}", 1, 6),
            ("[1, 2", 1, 6),
            ("{\"a\": tru}", 1, 7),
            ("", 1, 1),
            ("{} x", 1, 4),
            ("\"abc", 1, 1),
            ("[01]", 1, 3),
            ("{\"a\": \"\\q\"}", 1, 8),
        ])
    func errors(text: String, line: Int, column: Int) {
        switch parse(text) {
        case .success(let value): Issue.record("parsed \(value)")
        case .failure(let error):
            #expect(error.line == line && error.column == column, "\(error)")
        }
    }

    @Test("deep nesting is refused rather than overflowing the stack")
    func depth() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let error) = parse(text) else {
            Issue.record("deep nesting accepted")
            return
        }
        #expect(error.reason.contains("nesting"))
    }

    @Test("invalid UTF-8 in a string is an error")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("{\"a\":\"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8)
        guard case .failure = JSONParser.parse(bytes) else {
            Issue.record("invalid UTF-8 accepted")
            return
        }
    }
}
