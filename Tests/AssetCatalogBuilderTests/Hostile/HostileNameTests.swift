import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// Names a hostile `Contents.json` or audit configuration puts in messages: each is quoted with its control
/// characters escaped and cut to ``MessageQuote/limit`` scalars, so a 1 MB name makes a short message.
@Suite("Hostile input: names in messages")
struct HostileNameTests {
    static let huge = String(repeating: "n", count: 1_000_000)

    @Test("a short name is quoted as it is; control characters are escaped")
    func shortNames() {
        #expect(MessageQuote.quoted("icon@2x.png") == "'icon@2x.png'")
        #expect(MessageQuote.quoted("a\u{1B}[2Jb\n") == #"'a\x1B[2Jb\x0A'"#)
        #expect(MessageQuote.clipped("") == "")
    }

    @Test("a long name is cut at the limit with an ellipsis, counted in Unicode scalars, escapes included")
    func longNames() {
        let exact = String(repeating: "é", count: MessageQuote.limit)
        #expect(MessageQuote.clipped(exact) == exact)
        #expect(MessageQuote.clipped(exact + "x") == exact + "…")
        #expect(MessageQuote.clipped(Self.huge).unicodeScalars.count == MessageQuote.limit + 1)
        // Escapes grow the text: 199 letters and one ESC are 203 scalars once escaped, cut back to 200.
        let escaped = MessageQuote.clipped(String(repeating: "a", count: 199) + "\u{1B}")
        #expect(escaped == String(repeating: "a", count: 199) + "\\" + "…")
        #expect(MessageQuote.quoted("abcdef", limit: 3) == "'abc…'")
    }

    @Test("every reader message that quotes a name from Contents.json stays short when the name is 1 MB")
    func readerMessages() throws {
        let fixture = try CatalogFixture()
        let name = Self.huge
        let sets: [(String, String)] = [
            ("Missing.imageset", #"{"images":[{"filename":"\#(name).png","idiom":"universal"}]}"#),
            ("Escaping.imageset", #"{"images":[{"filename":"../\#(name).png","idiom":"universal"}]}"#),
            ("Key.imageset", #"{"images":[{"idiom":"universal","\#(name)":1}]}"#),
            ("Idiom.imageset", #"{"images":[{"idiom":"\#(name)"}]}"#),
            ("Luminosity.imageset", #"{"images":[{"idiom":"universal","appearances":[{"appearance":"luminosity","value":"\#(name)"}]}]}"#),
            ("Contrast.imageset", #"{"images":[{"idiom":"universal","appearances":[{"appearance":"contrast","value":"\#(name)"}]}]}"#),
            ("Appearance.imageset", #"{"images":[{"idiom":"universal","appearances":[{"appearance":"\#(name)","value":"dark"}]}]}"#),
            ("Intent.imageset", #"{"images":[],"properties":{"template-rendering-intent":"\#(name)"}}"#),
            ("Compression.imageset", #"{"images":[],"properties":{"compression-type":"\#(name)"}}"#),
            ("Space.colorset", #"{"colors":[{"idiom":"universal","color":{"color-space":"\#(name)","components":{"red":"0","green":"0","blue":"0"}}}]}"#),
            ("Top.imageset", #"{"images":[],"\#(name)":true}"#),
            ("Layers.imagestack", #"{"layers":[{"filename":"\#(name).imagestacklayer"}]}"#),
        ]
        for (folder, json) in sets { try fixture.contents(folder, json) }
        let index = fixture.read()
        let quoted = String(repeating: "n", count: 10)
        for (folder, _) in sets {
            let messages = index.diagnostics.filter { $0.path.hasPrefix(folder) }.map(\.message)
            #expect(messages.contains { $0.contains(quoted) && $0.contains("…'") }, "\(folder): \(messages.map { $0.prefix(300) })")
        }
        // The file's text is not copied: every message is the name's first 200 characters and some words.
        let lengths = index.diagnostics.map(\.message.utf8.count)
        #expect(lengths.allSatisfy { $0 < 600 }, "\(lengths)")
    }

    @Test("an asset name from a compiled catalog is quoted short in the car's audit findings")
    func carNames() throws {
        let fixture = try CatalogFixture()
        try fixture.png("Badge.imageset/badge@2x.png", width: 40, height: 40)
        try fixture.contents("Badge.imageset", #"{"images":[{"filename":"badge@2x.png","idiom":"universal","scale":"2x"}]}"#)
        var index = fixture.read()
        // A car's names are whatever its maker wrote; folder names could not be this long.
        let name = String(repeating: "b", count: 5000)
        index.assets[0].name = name
        let compiled = try CARCompiler(options: CompileOptions(platform: .iphoneos, minimumDeploymentTarget: "15.0", jobs: 1)).compile(index)
        let path = fixture.base + "/Assets.car"
        try Data(compiled.car).write(to: URL(fileURLWithPath: path))
        let car = try CARFile(path: path)
        let report = Auditor(rules: AuditRules.all, jobs: 2).audit(CatalogIndex(car: car, path: path), compiledCatalogs: [path: car])
        // car-missing-scale: a 2x-only bitmap for a target whose devices draw 3x.
        let quoting = report.findings.filter { $0.message.contains("'" + String(repeating: "b", count: 200) + "…'") }
        #expect(!quoting.isEmpty, "\(report.findings.map { $0.message.prefix(120) })")
        #expect(report.findings.allSatisfy { $0.message.utf8.count < 1000 }, "\(report.findings.map(\.message.utf8.count))")
    }

    @Test("an audit configuration's unknown key, rule and setting are quoted short, in YAML and in JSON")
    func auditConfiguration() throws {
        // YAML's simple keys are at most 1024 characters; JSON's are not bounded.
        let long = String(repeating: "k", count: 1000)
        let documents: [(isJSON: Bool, text: String)] = [
            (false, "\(long): 1\n"),
            (false, "rules:\n  \(long): error\n"),
            (false, "rules:\n  missing-scale: \(long)\n"),
            (true, #"{"\#(Self.huge)":1}"#),
            (true, #"{"rules":{"\#(Self.huge)":"error"}}"#),
        ]
        for (number, document) in documents.enumerated() {
            do {
                _ = try document.isJSON ? AuditConfiguration.parse(json: document.text) : AuditConfiguration.parse(yaml: document.text)
                Issue.record("document \(number) was accepted")
            } catch {
                let message = error.description
                #expect(message.utf8.count < 600 && message.contains("…'"), "document \(number): \(message.prefix(300))")
            }
        }
    }
}
