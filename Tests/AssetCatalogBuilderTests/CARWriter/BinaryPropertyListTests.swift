import AssetCatalogBuilder
import Foundation
import Testing

@Suite("Binary property lists (actool's binary1)")
struct BinaryPropertyListTests {
    /// Strings short and long (over 14 characters need a separate count), non-ASCII (UTF-16), a repeated
    /// string, an array of 20 elements (a separate count again) and nesting.
    static let value = PropertyListValue.dictionary([
        "com.apple.actool.compilation-results": .dictionary([
            "output-files": .array((0..<20).map { .string("/build/out/AppIcon\($0)@2x.png") })
        ]),
        "short": .string("abc"),
        "café ☕︎": .string("naïve – ünïcode"),
        "repeated": .array([.string("same"), .string("same"), .string("abc")]),
        "empty": .dictionary([:]),
    ])

    @Test func layoutIsAsTheFormatSays() {
        let bytes = Self.value.binaryDocument
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        // Trailer: sizes, object count, top object 0, offset table inside the file.
        let trailer = Array(bytes.suffix(32))
        let offsetSize = Int(trailer[6])
        let objectCount = trailer[8..<16].reduce(0) { $0 << 8 | Int($1) }
        let top = trailer[16..<24].reduce(0) { $0 << 8 | Int($1) }
        let tableStart = trailer[24..<32].reduce(0) { $0 << 8 | Int($1) }
        #expect(top == 0)
        #expect(tableStart + objectCount * offsetSize + 32 == bytes.count)
        // Every string once ("same" and "abc" occur twice): 5 dictionaries and arrays, 20 paths, 6 keys and
        // 3 other strings.
        #expect(objectCount == 5 + 20 + 6 + 3)
    }

    @Test("the XML form escapes a < followed by a combining mark, which Swift sees as one Character")
    func xmlEscapesByScalar() {
        let xml = PropertyListValue.dictionary(["<\u{301}key": .string("a&<\u{301}b")]).xmlDocument
        #expect(xml.contains("<key>&lt;\u{301}key</key>") && xml.contains("<string>a&amp;&lt;\u{301}b</string>"), "\(xml)")
    }

    @Test func sameValueSameBytes() {
        #expect(Self.value.binaryDocument == Self.value.binaryDocument)
    }

    @Test func pythonsPlistlibReadsItBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-bplist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("value.plist")
        let xml = folder.appendingPathComponent("value.xml")
        try Data(Self.value.binaryDocument).write(to: binary)
        try Data(Self.value.xmlDocument.utf8).write(to: xml)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import plistlib, sys\na = plistlib.load(open(sys.argv[1], 'rb'))\nb = plistlib.load(open(sys.argv[2], 'rb'))\nsys.exit(0 if a == b else 1)",
            binary.path, xml.path,
        ]
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            print("skipped: python3 is not available to read the binary property list")
            return
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "plistlib reads the binary document as the same value as the XML one")
    }
}
