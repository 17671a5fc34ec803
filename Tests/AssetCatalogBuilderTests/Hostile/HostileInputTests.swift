import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Hostile catalog content at the library level: each case builds its input in a temporary folder.
@Suite("Hostile input: reader and audit")
struct HostileInputTests {
    /// A PNG with an `iCCP` chunk inserted after IHDR.
    static func pngWithICCP(name: String, method: UInt8, compressed: [UInt8]) -> [UInt8] {
        let png = TinyPNG.make(width: 4, height: 4)
        let chunk = TinyPNG.chunk("iCCP", Array(name.utf8) + [0, method] + compressed)
        return Array(png[0..<33]) + chunk + Array(png[33...])
    }

    @Test(
        "an iCCP chunk with compression method 7, or a profile that does not inflate, is a warning and not P3",
        arguments: [(UInt8(7), TinyPNG.zlibStored([1, 2, 3])), (UInt8(0), [0x78, 0x9C, 0xFF, 0xFF, 0x00])])
    func unreadableICCP(method: UInt8, compressed: [UInt8]) throws {
        let fixture = try CatalogFixture()
        try fixture.write("P3.imageset/a.png", Self.pngWithICCP(name: "Display P3", method: method, compressed: compressed))
        try fixture.contents("P3.imageset", #"{"images":[{"filename":"a.png","idiom":"universal"}]}"#)
        let index = fixture.read()
        #expect(index.has("corrupt-image", at: "P3.imageset/a.png", "iCCP chunk"), "\(index.diagnosticDump)")
        let png = try #require(index.asset(named: "P3")?.variants.first?.inspection?.png)
        #expect(png.iccProfile == nil)
    }

    @Test("a profile that inflates to garbage is not Display P3 because of its name")
    func garbageProfileNamedP3() {
        let garbage = [UInt8](repeating: 0x41, count: 200)
        let info = garbage.withUnsafeBytes { ICCProfileInfo(name: "Display P3", profile: $0) }
        #expect(info.colorSpace == .other)
    }

    @Test("a key given twice in Contents.json is a warning naming the key and the place")
    func duplicateKeys() throws {
        let fixture = try CatalogFixture()
        try fixture.png("Icon.imageset/a.png")
        try fixture.contents(
            "Icon.imageset", #"{"images":[{"filename":"a.png","idiom":"universal","scale":"1x","scale":"3x"}],"info":{"version":1},"info":{"version":1}}"#)
        let index = fixture.read()
        let duplicates = index.diagnostics.filter { $0.message.contains("appears more than once") }
        #expect(duplicates.count == 2, "\(index.diagnosticDump)")
        #expect(duplicates.allSatisfy { $0.severity == .warning })
        #expect(duplicates.contains { $0.message.contains("'scale'") && $0.message.contains("images[0]") })
        #expect(duplicates.contains { $0.message.contains("'info'") && $0.message.contains("the top level") })
    }

    @Test("duplicate keys are found alike in small objects (compared pairwise) and large ones (through a set)")
    func duplicateKeysInSmallAndLargeObjects() {
        func members(_ keys: [String]) -> [(key: String, value: JSONValue)] { keys.map { ($0, JSONValue.null) } }
        let small = ["a", "b", "a", "c", "b", "a"]
        #expect(ContentsDocument.duplicateKeys(members(small)) == ["a", "b"])
        #expect(ContentsDocument.duplicateKeys(members(["x", "y", "z"])).isEmpty)
        let large = (0..<20).map { "key\($0)" } + small
        #expect(ContentsDocument.duplicateKeys(members(large)) == ["a", "b"])
        let largeWithEarlyRepeat = ["k", "k"] + (0..<20).map { "key\($0)" } + ["k"]
        #expect(ContentsDocument.duplicateKeys(members(largeWithEarlyRepeat)) == ["k"])
    }

    @Test("diagnostics of one file are ordered by index: images[2] before images[10]")
    func diagnosticsOrderedByIndex() throws {
        let fixture = try CatalogFixture()
        let entries = (0..<12).map { #"{"filename":"missing\#($0).png","idiom":"universal"}"# }.joined(separator: ",")
        try fixture.contents("Many.imageset", #"{"images":[\#(entries)]}"#)
        let index = fixture.read()
        let messages = index.diagnostics.filter { $0.rule == "missing-file" }.map(\.message)
        let second = try #require(messages.firstIndex { $0.contains("images[2]") })
        let tenth = try #require(messages.firstIndex { $0.contains("images[10]") })
        #expect(second < tenth, "\(messages)")
    }

    @Test("natural order compares digit runs by value and stays total")
    func naturalOrder() {
        #expect(NaturalOrder.less("images[2]", "images[10]"))
        #expect(!NaturalOrder.less("images[10]", "images[2]"))
        #expect(NaturalOrder.less("a1", "a01") != NaturalOrder.less("a01", "a1"))
        #expect(NaturalOrder.compare("x", "x") == 0)
        #expect(NaturalOrder.less("a", "a1") && NaturalOrder.less("a9b", "a10"))
    }

    @Test("terminal text escapes C0, DEL and C1 controls, and keeps layout only when asked")
    func terminalText() {
        #expect(TerminalText.escaped("a\u{1B}[2Jb\u{07}") == "a\\x1B[2Jb\\x07")
        #expect(TerminalText.escaped("a\nb\t\u{7F}\u{9B}") == "a\\x0Ab\\x09\\x7F\\x9B")
        #expect(TerminalText.escaped("a\nb\t", keepingLineBreaks: true) == "a\nb\t")
        #expect(TerminalText.escaped("Café ✓") == "Café ✓")
    }

    @Test(
        "glob matching is linear and agrees with the documented rules",
        arguments: [
            ("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*ab", String(repeating: "a", count: 60), false),
            ("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a", String(repeating: "a", count: 60), true),
            ("**/**/**/**/**/**/**/**/x", String(repeating: "a/", count: 40) + "y", false),
            ("a/**/b", "a/b", true), ("a/**/b", "a/x/y/b", true), ("a/*/b", "a/x/y/b", false),
            ("*.png", "dir/x.png", false), ("**.png", "dir/x.png", true), ("?", "/", false),
        ] as [(String, String, Bool)])
    func linearGlob(pattern: String, path: String, matches: Bool) {
        #expect(Glob.matches(pattern, path) == matches)
    }
}
