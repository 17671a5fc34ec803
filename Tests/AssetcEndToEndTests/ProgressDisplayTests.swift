import Foundation
import Testing

/// The progress bar as a user sees it: drawn on a terminal (a pseudo-terminal from `script`), absent on a pipe.
@Suite("Progress on long work")
struct ProgressDisplayTests {
    /// A catalog of `count` image sets sharing one tiny PNG: more sets than the bar's threshold.
    static func manySets(_ count: Int, in folder: URL) throws -> URL {
        let catalog = folder.appendingPathComponent("Many.xcassets")
        let png = try Data(contentsOf: Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets/AppLogo.imageset/AppLogo.png"))
        for number in 0..<count {
            let set = catalog.appendingPathComponent("image\(number).imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try png.write(to: set.appendingPathComponent("a.png"))
            try Data(#"{"images":[{"idiom":"universal","filename":"a.png","scale":"1x"}],"info":{"version":1,"author":"xcode"}}"#.utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
        }
        return catalog
    }

    /// Runs `arguments` under `script`, which gives the command a pseudo-terminal; returns what it wrote.
    static func onTerminal(_ arguments: [String]) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return nil }
        let command = ([Assetc.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func compileAndAuditDrawABarOnATerminalAndNothingOnAPipe() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = try Self.manySets(400, in: folder)
        let compile = ["compile", catalog.path, "--compile", folder.appendingPathComponent("out").path, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"]

        let piped = try Assetc.run(compile)
        #expect(piped.status == 0, "\(piped.output)")
        #expect(!piped.stderr.contains("%"), "no progress on a pipe")

        // Without the compile cache: with it, this second compile of unchanged inputs has nothing to do and shows no bar.
        guard let terminal = try Self.onTerminal(compile + ["--no-cache"]) else {
            print("skipped the terminal half: /usr/bin/script is not installed")
            return
        }
        #expect(terminal.contains("400/400 sets read"))
        #expect(terminal.contains("400/400 renditions"))
        #expect(terminal.contains("\r\u{1B}[K"), "the bar is redrawn in place and cleared")
        let audit = try Self.onTerminal(["audit", catalog.path]) ?? ""
        #expect(audit.contains("400/400 sets read"))
        let quiet = try Self.onTerminal(["pack", catalog.path, "-o", folder.appendingPathComponent("Many.assetc").path, "--quiet"]) ?? ""
        #expect(!quiet.contains("sets read"), "--quiet shows no bar")
    }

    @Test func smallCatalogsShowNoBarEvenOnATerminal() throws {
        guard let terminal = try Self.onTerminal(["audit", Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets").path]) else { return }
        #expect(!terminal.contains("sets read"))
    }
}
