import Foundation
import Testing

/// Names with terminal control characters: no text renderer sends them raw.
@Suite("Hostile repository: terminal control characters")
struct HostileTextTests {
    static let name = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J"

    @Test("info, audit, matrix and pack print ESC and BEL as escapes")
    func controlCharactersEscaped() throws {
        let repository = try HostileRepository()
        try repository.write("\(Self.name).imageset/a\u{1B}[31m.png", TestPNG.make(width: 4, height: 4))
        try repository.write(
            "\(Self.name).imageset/Contents.json",
            #"{"images":[{"idiom":"universal","filename":"a\u001B[31m.png"}],"info":{"author":"xcode","version":1}}"#)
        try repository.write("\(Self.name).imageset/stray\u{07}.txt", "x")
        let archive = repository.folder.appendingPathComponent("out.assetc").path
        let runs = [
            try Assetc.run(["info", repository.catalog.path]),
            try Assetc.run(["audit", repository.catalog.path]),
            try Assetc.run(["matrix", repository.catalog.path, Self.name]),
            try Assetc.run(["pack", repository.catalog.path, "-o", archive]),
        ]
        for run in runs {
            #expect(!run.output.contains("\u{1B}") && !run.output.contains("\u{07}"), "\(run.output.debugDescription)")
        }
        #expect(runs[0].output.contains("Evil\\x1B]0;pwned\\x07\\x1B[2J"), "\(runs[0].output)")
        #expect(runs[1].output.contains("stray\\x07.txt"), "\(runs[1].output)")
    }
}
