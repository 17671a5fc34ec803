import Foundation
import Testing

/// A symbol set through the command line: compiled into a car, then resolved and extracted glyph by glyph.
@Suite("Symbols: compile, resolve --glyph-weight/--glyph-size, extract")
struct SymbolCommandTests {
    /// A three-master template of a square ring whose hole shrinks as the weight grows.
    static func template() -> String {
        func glyph(_ id: String, x: Int, stroke: Int) -> String {
            let (l, t, r, b) = (10 + stroke, -70 + stroke, 60 - stroke, -stroke)
            return #"<g id="\#(id)" transform="matrix(1 0 0 1 \#(x) 696)"><path d="M10 0L10-70L60-70L60 0ZM\#(l) \#(b)L\#(r) \#(b)L\#(r) \#(t)L\#(l) \#(t)Z"/></g>"#
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
             <g id="Notes"><text id="template-version">Template v.3.0</text></g>
             <g id="Guides"><line id="Baseline-S" x1="263" x2="3036" y1="696" y2="696"/><line id="Capline-S" x1="263" x2="3036" y1="625.541" y2="625.541"/></g>
             <g id="Symbols">\(glyph("Ultralight-S", x: 560, stroke: 2))\(glyph("Regular-S", x: 1450, stroke: 6))\(glyph("Black-S", x: 2933, stroke: 12))</g>
            </svg>
            """
    }

    @Test func aCompiledSymbolResolvesToTheGlyphAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("A.xcassets/Ring.symbolset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try #"{"info":{"author":"xcode","version":1}}"#.write(
            to: folder.appendingPathComponent("A.xcassets/Contents.json"), atomically: true, encoding: .utf8)
        try #"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"Ring.svg","idiom":"universal"}]}"#.write(
            to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try Self.template().write(to: set.appendingPathComponent("Ring.svg"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let compile = try Assetc.run([
            "compile", "--platform", "macosx", "--minimum-deployment-target", "13.0", "--compile", out.path,
            folder.appendingPathComponent("A.xcassets").path,
        ])
        #expect(compile.status == 0, "\(compile.output)")
        let car = out.appendingPathComponent("Assets.car").path
        // Asked for by weight or size, the vector glyph; the weight alone gives its medium glyph.
        let plain = try Assetc.run(["resolve", car, "Ring", "--glyph-weight", "regular"])
        #expect(plain.status == 0 && plain.stdout.contains("weight-4_glyph-size-2.svg"), "\(plain.output)")
        let bold = try Assetc.run(["resolve", car, "Ring", "--glyph-weight", "bold", "--glyph-size", "large"])
        #expect(bold.status == 0 && bold.stdout.contains("weight-7_glyph-size-3.svg"), "\(bold.output)")
        let extracted = folder.appendingPathComponent("thin.svg").path
        let extract = try Assetc.run(["extract", car, "Ring", "--glyph-weight", "2", "--glyph-size", "small", "-o", extracted])
        #expect(extract.status == 0, "\(extract.output)")
        let svg = try String(contentsOfFile: extracted, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg version=\"1.1\" viewBox=\"0 0 6.5 9.1\">"))
        // Out of range, and on something that is not a car: errors naming the option.
        let wrong = try Assetc.run(["resolve", car, "Ring", "--glyph-weight", "10"])
        #expect(wrong.status != 0 && wrong.stderr.contains("--glyph-weight must be 1-9"), "\(wrong.output)")
        let source = try Assetc.run(["resolve", folder.appendingPathComponent("A.xcassets").path, "Ring", "--glyph-size", "large"])
        #expect(source.status != 0 && source.stderr.contains("is not one"), "\(source.output)")
    }
}
