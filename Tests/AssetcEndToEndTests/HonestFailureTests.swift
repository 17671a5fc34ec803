import Foundation
import Testing

/// Issue 13: every command honest under failure — output errors, wrong paths, one consistent CLI.
/// Each test runs the built binary as a user would, through a shell where redirection matters.
@Suite("Honest failure")
struct HonestFailureTests {
    static let showcase = Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Showcase.xcassets").path
    static let broken = Assetc.repositoryRoot.appendingPathComponent("SampleCatalogs/Broken.xcassets").path

    /// A scratch folder, removed at the end of the test.
    final class Scratch {
        let url: URL
        var path: String { url.path }
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-honest-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        func file(_ name: String) -> String { url.appendingPathComponent(name).path }
        /// Every entry of the folder (hidden ones too), to prove no temporary or partial file is left.
        var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    }

    /// Runs `script` with `/bin/sh -c`, `$ASSETC` naming the built binary.
    static func shell(_ script: String, in directory: String? = nil) throws -> Assetc.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["ASSETC"] = Assetc.binary.path
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let errorData = stderr.fileHandleForReading.readDataToEndOfFile()
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Assetc.Run(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self))
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A packed Showcase archive in `scratch`.
    static func packShowcase(into scratch: Scratch) throws -> String {
        let archive = scratch.file("Showcase.assetc")
        let run = try Assetc.run(["pack", showcase, "-o", archive, "--no-cache", "--quiet"])
        #expect(run.status == 0, "pack: \(run.stderr)")
        return archive
    }

    // MARK: Writing output can fail

    @Test("Standard output full (> /dev/full): every command says so and exits 2")
    func standardOutputFull() throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else {
            print("skipped: this machine has no /dev/full")
            return
        }
        let scratch = try Scratch()
        let archive = try Self.packShowcase(into: scratch)
        let catalog = Self.quoted(Self.showcase)
        let commands = [
            "audit \(catalog)", "audit \(catalog) --format json", "audit \(catalog) --format sarif",
            "audit \(catalog) --format github", "audit --list-rules", "audit --list-rules --format json",
            "audit --list-rules --format markdown", "extract \(Self.quoted(archive)) Hero -o -", "info \(catalog)",
            "info \(catalog) --json", "info \(Self.quoted(archive))", "presets", "presets --json", "matrix \(catalog)",
            "matrix \(catalog) --json", "resolve \(catalog) Hero", "resolve \(catalog) Hero --json",
            "report \(catalog) -o -", "verify \(Self.quoted(archive))",
        ]
        for command in commands {
            let run = try Self.shell("\"$ASSETC\" \(command) > /dev/full")
            #expect(run.status == 2, "\(command): exit \(run.status), \(run.stderr)")
            #expect(
                run.stderr.contains("error: cannot write to standard output: No space left on device"),
                "\(command): \(run.stderr)")
            #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("try!"), "\(command): \(run.stderr)")
        }
    }

    @Test(
        "Output files that cannot be written are errors in words, exit 2, with nothing left behind",
        arguments: [
            (["report", "SHOWCASE", "-o", "DIR"], "DIR is a folder; -o needs a file path"),
            (["report", "SHOWCASE", "-o", "DIR/missing/x.html"], "the folder 'DIR/missing' does not exist"),
            (["audit", "SHOWCASE", "--output", "DIR/missing/x.txt"], "the folder 'DIR/missing' does not exist"),
            (["audit", "SHOWCASE", "--output", "DIR"], "DIR is a folder; --output needs a file path"),
            (["audit", "SHOWCASE", "--write-baseline", "DIR/missing/b.json"], "the folder 'DIR/missing' does not exist"),
            (["extract", "ARCHIVE", "Hero", "-o", "DIR"], "DIR is a folder; -o needs a file path"),
            (["extract", "ARCHIVE", "Hero", "-o", "DIR/missing/hero.png"], "the folder 'DIR/missing' does not exist"),
            (["pack", "SHOWCASE", "-o", "DIR/"], "DIR/ is a folder; -o needs a file path"),
            (["pack", "SHOWCASE", "-o", "DIR/missing/x.assetc"], "the folder 'DIR/missing' does not exist"),
        ])
    func unwritableOutputFile(arguments: [String], expected: String) throws {
        let scratch = try Scratch()
        let archive = try Self.packShowcase(into: scratch)
        let target = try Scratch()
        let resolved = arguments.map {
            $0.replacingOccurrences(of: "SHOWCASE", with: Self.showcase).replacingOccurrences(of: "ARCHIVE", with: archive)
                .replacingOccurrences(of: "DIR", with: target.path)
        }
        let run = try Assetc.run(resolved)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(expected.replacingOccurrences(of: "DIR", with: target.path)), "\(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("Error Domain"), "\(run.stderr)")
        #expect(target.entries.isEmpty, "left behind: \(target.entries)")
    }

    @Test("A read-only folder, as a user who is not root: 'not writable', exit 2, no file")
    func readOnlyFolder() throws {
        let scratch = try Scratch()
        let folder = scratch.file("readonly")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path)
        // As root every folder is writable: drop to `nobody` when the machine lets us.
        var prefix = ""
        if geteuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                try Self.shell("/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups \"$ASSETC\" --version").status == 0
            else {
                print("skipped: running as root and cannot run assetc as 'nobody' (setpriv missing or the build is not readable)")
                return
            }
            prefix = "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups "
        }
        let commands = [
            "audit \(Self.quoted(Self.showcase)) --output \(Self.quoted(folder + "/audit.txt"))",
            "audit \(Self.quoted(Self.showcase)) --write-baseline \(Self.quoted(folder + "/baseline.json"))",
            "report \(Self.quoted(Self.showcase)) -o \(Self.quoted(folder + "/page.html"))",
            "pack \(Self.quoted(Self.showcase)) --no-cache -o \(Self.quoted(folder + "/x.assetc"))",
        ]
        for command in commands {
            let run = try Self.shell(prefix + "\"$ASSETC\" " + command)
            #expect(run.status == 2, "\(command): exit \(run.status) \(run.stderr)")
            #expect(run.stderr.contains("Permission denied"), "\(command): \(run.stderr)")
            #expect(!run.stderr.contains("NSCocoaErrorDomain"), "\(command): \(run.stderr)")
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? ["?"]).isEmpty)
    }

    // MARK: Wrong words

    @Test("A file where a catalog is needed, a folder where an archive is needed: said plainly")
    func wrongWords() throws {
        let scratch = try Scratch()
        let file = scratch.file("hero.png")
        try Data("not a catalog".utf8).write(to: URL(fileURLWithPath: file))
        let pack = try Assetc.run(["pack", file, "-o", scratch.file("x.assetc")])
        #expect(pack.status == 2)
        #expect(pack.stderr.contains("is a file, not an asset catalog"), "\(pack.stderr)")
        #expect(!pack.stderr.contains("no such folder"))

        let audit = try Assetc.run(["audit", file])
        #expect(audit.status == 2)
        #expect(audit.stderr.contains("is a file, not an asset catalog"), "\(audit.stderr)")
        #expect(!audit.stderr.contains("report"), "audit must not suggest report for a text file: \(audit.stderr)")

        let extract = try Assetc.run(["extract", Self.showcase, "Hero", "-o", scratch.file("hero.png")])
        #expect(extract.status == 2)
        #expect(extract.stderr.contains("needs an archive written by 'assetc pack'"), "\(extract.stderr)")
        #expect(!extract.stderr.contains("errno"))
    }

    // MARK: A mistyped or empty path must not pass

    @Test("An empty root is an error (exit 2) for audit and pack unless --allow-empty")
    func emptyRoot() throws {
        let scratch = try Scratch()
        let empty = scratch.file("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let audit = try Assetc.run(["audit", empty])
        #expect(audit.status == 2)
        #expect(audit.stderr.contains("no asset catalog and no image"), "\(audit.stderr)")
        #expect(try Assetc.run(["audit", empty, "--allow-empty"]).status == 0)

        let archive = scratch.file("empty.assetc")
        let pack = try Assetc.run(["pack", empty, "-o", archive])
        #expect(pack.status == 2)
        #expect(pack.stderr.contains("--allow-empty"), "\(pack.stderr)")
        #expect(!FileManager.default.fileExists(atPath: archive))
        #expect(try Assetc.run(["pack", empty, "-o", archive, "--allow-empty", "--no-cache"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: archive))
    }

    @Test("An empty asset catalog (only its Contents.json) is a catalog: audit, pack and report accept it with a note")
    func emptyCatalog() throws {
        let scratch = try Scratch()
        // What Xcode writes for a new SwiftUI project's "Preview Assets".
        let catalog = scratch.file("Preview Content/Preview Assets.xcassets")
        try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        try Data(#"{"info":{"author":"xcode","version":1}}"#.utf8).write(to: URL(fileURLWithPath: catalog + "/Contents.json"))
        let audit = try Assetc.run(["audit", catalog])
        #expect(audit.status == 0, "\(audit.stderr)")
        #expect(audit.stderr.contains("an empty asset catalog"), "\(audit.stderr)")
        #expect(audit.stdout.contains("in 1 catalog (0 assets)"), "\(audit.stdout)")

        let archive = scratch.file("preview.assetc")
        let pack = try Assetc.run(["pack", catalog, "-o", archive, "--no-cache"])
        #expect(pack.status == 0, "\(pack.stderr)")
        #expect(FileManager.default.fileExists(atPath: archive))
        let report = try Assetc.run(["report", catalog, "-o", scratch.file("report.html")])
        #expect(report.status == 0, "\(report.stderr)")

        // A catalog beside an empty plain folder: the folder is still the mistake it was.
        let folder = scratch.file("typo")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let both = try Assetc.run(["audit", catalog, folder])
        #expect(both.status == 2)
        #expect(both.stderr.contains("typo: no asset catalog and no image"), "\(both.stderr)")
        #expect(!both.stderr.contains("Preview Assets.xcassets: no asset catalog"), "\(both.stderr)")
    }

    // MARK: pack reports every error at once

    @Test("pack reports duplicates, input errors and damaged PNGs in one run; --allow-errors packs around all")
    func packEveryErrorAtOnce() throws {
        let scratch = try Scratch()
        let archive = scratch.file("Broken.assetc")
        let failing = try Assetc.run(["pack", Self.broken, "-o", archive, "--no-cache"])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("appear in more than one place"), "\(failing.stderr)")
        #expect(failing.stderr.contains("the inputs have"), "\(failing.stderr)")
        #expect(failing.stderr.contains("Corrupt@2x.png"), "the damaged PNG in the same run: \(failing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: archive))

        let allowed = try Assetc.run(["pack", Self.broken, "-o", archive, "--no-cache", "--allow-errors"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.contains("only the first"), "the duplicate is said to be dropped: \(allowed.stderr)")
        #expect(allowed.stderr.contains("Corrupt@2x.png"))
        let listing = try Assetc.run(["info", archive])
        #expect(listing.stdout.split(separator: "\n").filter { $0.hasPrefix("  Dup  [") }.count == 1, "\(listing.stdout)")
    }

    // MARK: One CLI, consistent

    @Test("Every subcommand with a nonexistent path: exit 2 and one message form")
    func nonexistentPathEverywhere() throws {
        let scratch = try Scratch()
        let missing = scratch.file("no-such-catalog")
        let runs: [[String]] = [
            ["info", missing], ["audit", missing], ["report", missing, "-o", scratch.file("r.html")],
            ["pack", missing, "-o", scratch.file("x.assetc")], ["resolve", missing, "Hero"], ["matrix", missing],
            ["extract", missing, "Hero", "-o", scratch.file("x.png")], ["verify", missing],
        ]
        for arguments in runs {
            let run = try Assetc.run(arguments)
            #expect(run.status == 2, "\(arguments[0]): exit \(run.status)")
            #expect(run.stderr == "error: \(missing): no such file or folder\n", "\(arguments[0]): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("-o - writes to standard output (report, audit, extract), never a file named '-'")
    func dashIsStandardOutput() throws {
        let scratch = try Scratch()
        let archive = try Self.packShowcase(into: scratch)
        let report = try Assetc.run(["report", Self.showcase, "-o", "-"], in: scratch.url)
        #expect(report.status == 0)
        #expect(report.stdout.hasPrefix("<!DOCTYPE html>"))
        let audit = try Assetc.run(["audit", Self.showcase, "-o", "-", "--format", "json"], in: scratch.url)
        #expect(audit.stdout.contains("\"summary\""))
        let extract = try Assetc.run(["extract", archive, "Hero", "-o", "-"], in: scratch.url)
        #expect(extract.status == 0)
        #expect(extract.stdout.utf8.starts(with: [0x89] as [UInt8]) || extract.stdout.contains("PNG"))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("-")))
    }

    @Test("info, audit and report count the same assets of Broken.xcassets")
    func sameAssetCount() throws {
        let info = try Assetc.run(["info", Self.broken])
        let audit = try Assetc.run(["audit", Self.broken])
        let scratch = try Scratch()
        let report = try Assetc.run(["report", Self.broken, "-o", scratch.file("r.html")])
        let pattern = try Regex("  assets: ([0-9]+)")
        let match = try #require(info.stdout.firstMatch(of: pattern))
        let infoCount = try #require(match.output[1].substring)
        #expect(audit.stdout.contains("(\(infoCount) assets, 1 unsupported set)"), "\(audit.stdout.suffix(200))")
        #expect(report.stderr.contains(": \(infoCount) assets"), "\(report.stderr)")
        #expect(info.stdout.contains("colors: "))
        #expect(!info.stdout.contains("colour"))
    }

    @Test("pack's summary: one unit for sizes, and skipped variants said to be empty slots")
    func packSummaryWords() throws {
        let scratch = try Scratch()
        let run = try Assetc.run(["pack", Self.broken, "-o", scratch.file("b.assetc"), "--no-cache", "--allow-errors"])
        let summary = try #require(run.stdout.split(separator: "\n").last.map(String.init))
        let units = summary.matches(of: /[\d.]+ (B|kB|MB) (in|out)/).map { String($0.1) }
        #expect(units.count == 2 && units[0] == units[1], "\(summary)")
        #expect(summary.contains("empty slots left out"), "\(summary)")
    }

    // MARK: Quiet when it should be

    @Test("--baseline prints known findings as one line of counts per rule; --show-baseline lists them")
    func quietBaseline() throws {
        let scratch = try Scratch()
        let baseline = scratch.file("baseline.json")
        #expect(try Assetc.run(["audit", Self.broken, "--write-baseline", baseline]).status == 0)
        let quiet = try Assetc.run(["audit", Self.broken, "--baseline", baseline])
        #expect(quiet.status == 0)
        #expect(!quiet.stdout.contains("(baseline)"), "\(quiet.stdout)")
        let known = quiet.stdout.split(separator: "\n").filter { $0.hasPrefix("known from the baseline:") }
        #expect(known.count == 1, "\(quiet.stdout)")
        #expect(known.first?.contains("corrupt-image") == true)
        let full = try Assetc.run(["audit", Self.broken, "--baseline", baseline, "--show-baseline"])
        #expect(full.stdout.contains("(baseline)"))
    }

    @Test("Scripts/demo.sh writes no ANSI escapes when its output is not a terminal")
    func demoPlainWhenPiped() throws {
        let script = try String(contentsOf: Assetc.repositoryRoot.appendingPathComponent("Scripts/demo.sh"), encoding: .utf8)
        // Run its two printing helpers exactly as the script defines them, with output to a pipe.
        let start = try #require(script.range(of: "if [[ -t 1"))
        let end = try #require(script.range(of: "\"$@\"; }", range: start.upperBound..<script.endIndex))
        let helpers = String(script[start.lowerBound..<end.upperBound])
        let run = try Self.shell("bash -c \(Self.quoted(helpers + "\nsection Title; show echo hi"))")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "\n== Title\n$ echo hi\nhi\n", "\(run.stdout.debugDescription)")
        // `pack` writes assetc's own archive, named .assetc; only `compile` writes Apple's Assets.car.
        let packLines = script.split(separator: "\n").filter { $0.contains("\"$assetc\" pack ") }
        #expect(!packLines.isEmpty)
        #expect(packLines.allSatisfy { $0.contains(".assetc\"") && !$0.contains(".car") }, "the demo's archive is a .assetc file")
        #expect(script.contains("compile SampleCatalogs/Showcase.xcassets --compile"))
    }

    @Test("info on an archive heads its output with the archive's path")
    func infoArchiveHeading() throws {
        let scratch = try Scratch()
        let archive = try Self.packShowcase(into: scratch)
        let run = try Assetc.run(["info", archive])
        #expect(run.stdout.hasPrefix("archive: \(archive)\n"), "\(run.stdout.prefix(200))")
    }

    // MARK: matrix options and names

    @Test("matrix --appearance dark shows dark variants; --device picks columns; --json")
    func matrixOptions() throws {
        let dark = try Assetc.run(["matrix", Self.showcase, "Hero", "--appearance", "dark"])
        #expect(dark.status == 0, "\(dark.stderr)")
        #expect(dark.stdout.contains("dark"), "\(dark.stdout)")
        let light = try Assetc.run(["matrix", Self.showcase, "Hero"])
        #expect(!light.stdout.contains("dark"))
        let devices = try Assetc.run(["matrix", Self.showcase, "Hero", "--device", "ipad", "iphone-portrait"])
        let header = try #require(devices.stdout.split(separator: "\n").first)
        #expect(header.split(separator: " ", omittingEmptySubsequences: true) == ["asset", "ipad", "iphone-portrait"])
        let json = try Assetc.run(["matrix", Self.showcase, "Hero", "--device", "ipad", "--json", "--appearance", "dark"])
        #expect(json.stdout.contains("\"ipad\""))
        #expect(json.stdout.contains("\"appearance\" : \"dark\""), "\(json.stdout)")
    }

    @Test(
        "Unknown asset names get 'did you mean' (case and namespace)",
        arguments: [("hero", "Hero"), ("Star", "Icons/Star"), ("Baner", "Banner")])
    func didYouMean(typed: String, meant: String) throws {
        for arguments in [["resolve", Self.showcase, typed], ["matrix", Self.showcase, typed]] {
            let run = try Assetc.run(arguments)
            #expect(run.status == 1)
            #expect(run.stderr.contains("did you mean '\(meant)'"), "\(arguments): \(run.stderr)")
        }
    }

    @Test("resolve --batch: an unknown name gets 'did you mean' and fails the run")
    func batchDidYouMean() throws {
        let run = try Assetc.run(["resolve", Self.showcase, "--batch", "-"], input: #"{"name": "hero"}"# + "\n")
        #expect(run.status == 1)
        #expect(run.stdout.contains("did you mean 'Hero'?"), "\(run.stdout)")
    }

    // MARK: Issue 15: a huge name in an error message

    @Test("A 100 kB path in an error message is cut to a few hundred bytes")
    func longPathInError() throws {
        // One argument may be at most 128 kB on Linux.
        let long = "/" + String(repeating: "x", count: 100_000)
        let run = try Assetc.run(["info", long])
        #expect(run.status == 2)
        #expect(run.stderr.utf8.count < 1000, "\(run.stderr.utf8.count) bytes")
        #expect(run.stderr.hasPrefix("error: /xxx"))
        #expect(run.stderr.contains("bytes cut]"))
        #expect(run.stderr.hasSuffix("xxx: no such file or folder\n"))
    }

    @Test("A 3 MB file name from Contents.json in pack's errors is cut, and the run is quick")
    func hugeNameFromInput() throws {
        let scratch = try Scratch()
        let set = scratch.file("Big.xcassets/A.imageset")
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        let name = String(repeating: "y", count: 3_000_000) + ".png"
        let contents = #"{"images":[{"idiom":"universal","scale":"1x","filename":"\#(name)"}],"info":{"version":1,"author":"xcode"}}"#
        try Data(contents.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let run = try Assetc.run(["pack", scratch.file("Big.xcassets"), "-o", scratch.file("big.assetc"), "--no-cache"], timeout: 60)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: "))
        #expect(run.stderr.utf8.count < 4000, "\(run.stderr.utf8.count) bytes of error for one problem")
        // The reader quotes the name's first 200 characters (MessageQuote), so the console's own cut of long lines
        // has nothing left to cut.
        #expect(run.stderr.contains("names '" + String(repeating: "y", count: 200) + "…'"))
    }
}
