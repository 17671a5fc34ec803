import Foundation
import Testing

@Suite("assetc compile and assetc actool")
struct CompileCommandTests {
    static let showcase = "SampleCatalogs/Showcase.xcassets"

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-compile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func actoolSpellingWritesTheCarIconsPlistAndDependencyInfoWithNothingOnStandardError() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plist = folder.appendingPathComponent("partial.plist").path
        let dependencies = folder.appendingPathComponent("deps").path
        let run = try Assetc.run(
            [
                "actool", "--output-format", "xml1", "--notices", "--warnings", "--export-dependency-info", dependencies,
                "--compile", folder.path, "--platform", "macosx", "--minimum-deployment-target", "13.0", "--app-icon", "AppIcon",
                "--accent-color", "AccentColor", "--output-partial-info-plist", plist, "--development-region=en", Self.showcase,
            ], in: Assetc.repositoryRoot)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains("<key>com.apple.actool.compilation-results</key>"))
        #expect(run.stdout.contains(folder.appendingPathComponent("Assets.car").path))
        let car = try Data(contentsOf: folder.appendingPathComponent("Assets.car"))
        #expect(car.starts(with: Array("BOMStore".utf8)))
        let info = try String(contentsOfFile: plist, encoding: .utf8)
        #expect(info.contains("<key>NSAccentColorName</key>"))
        #expect(info.contains("<key>CFBundleIconName</key>"))
        // The dependency file: version first, then absolute input paths (a Contents.json among them) and the outputs.
        let deps = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dependencies)))
        #expect(deps.starts(with: [0x00] + Array("assetc-".utf8)))
        let afterVersion = deps.dropFirst().drop { $0 != 0 }.dropFirst()  // the version's opcode, text and NUL
        let records = afterVersion.split(separator: 0).map { (opcode: $0.first!, path: String(decoding: $0.dropFirst(), as: UTF8.self)) }
        #expect(records.contains { $0.opcode == 0x10 && $0.path.hasPrefix("/") && $0.path.hasSuffix("Showcase.xcassets/Contents.json") })
        #expect(records.contains { $0.opcode == 0x40 && $0.path == folder.appendingPathComponent("Assets.car").path })
        #expect(records.contains { $0.opcode == 0x40 && $0.path == plist })
        let verify = try Assetc.run(["verify", folder.appendingPathComponent("Assets.car").path])
        #expect(verify.status == 0, "\(verify.output)")
    }

    @Test func anUnknownActoolOptionIsAnErrorNamingItAndNothingIsWritten() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let run = try Assetc.run(
            ["actool", "--compile", output.path, "--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--frobnicate", Self.showcase],
            in: Assetc.repositoryRoot)
        #expect(run.status == 1)
        #expect(run.stdout == "/* com.apple.actool.errors */\nerror: Unknown argument '--frobnicate'.\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let xml = try Assetc.run(["actool", "--output-format=xml1", "--frobnicate"], in: Assetc.repositoryRoot)
        #expect(xml.status == 1)
        #expect(xml.stdout.contains("<key>com.apple.actool.errors</key>"))
        // assetc's own command keeps assetc's status for a command-line mistake.
        let compile = try Assetc.run(["compile", "--frobnicate"], in: Assetc.repositoryRoot)
        #expect(compile.status == 2)
        #expect(compile.stderr.contains("Unknown argument '--frobnicate'"))
    }

    @Test func binary1PrintsABinaryPropertyListThatPythonReads() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("result.plist").path
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.currentDirectoryURL = Assetc.repositoryRoot
        shell.arguments = [
            "-c", "\"$0\" actool --output-format binary1 --compile \"$1\" --platform iphoneos --minimum-deployment-target 17.0 \"$2\" > \"$3\"",
            Assetc.binary.path, folder.path, Self.showcase, document,
        ]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: document))
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        guard BinaryPlistCheck.pythonAvailable else {
            print("skipped the python3 plistlib check: python3 is not available")
            return
        }
        let printed = try BinaryPlistCheck.pythonRead(document, expression: "d['com.apple.actool.compilation-results']['output-files'][0]")
        #expect(printed == folder.appendingPathComponent("Assets.car").path)
    }

    @Test func twoCompilesWithDifferentJobsAreByteIdentical() throws {
        let first = try Self.temporaryFolder()
        let second = try Self.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        for (folder, jobs) in [(first, "1"), (second, "3")] {
            let run = try Assetc.run(
                ["compile", Self.showcase, "--compile", folder.path, "--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--jobs", jobs],
                in: Assetc.repositoryRoot)
            #expect(run.status == 0, "\(run.output)")
        }
        let a = try Data(contentsOf: first.appendingPathComponent("Assets.car"))
        let b = try Data(contentsOf: second.appendingPathComponent("Assets.car"))
        #expect(a == b)
    }

    @Test func inputErrorsFailTheCompileAndWriteNothing() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Assetc.run(
            ["compile", "SampleCatalogs/Broken.xcassets", "--compile", folder.path, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"],
            in: Assetc.repositoryRoot)
        #expect(run.status == 1)
        #expect(run.stdout.contains("com.apple.actool.document.errors"))
        #expect(run.stderr.contains("nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Assets.car").path))
    }

    /// The compile inspects the PNGs of sets itself (the reader leaves them unopened so each is read once):
    /// a damaged one still fails the compile with every error listed, in the reader's words, and leaves no
    /// car and no new output folder behind.
    @Test func damagedPNGsFoundWhileCompilingFailItAndWriteNothing() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("Damaged.xcassets")
        let info = #""info":{"author":"xcode","version":1}"#
        func set(_ name: String, file: String, bytes: [UInt8]) throws {
            let set = catalog.appendingPathComponent("\(name).imageset")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            try Data(bytes).write(to: set.appendingPathComponent(file))
            try Data(#"{"images":[{"filename":"\#(file)","idiom":"universal","scale":"1x"}],\#(info)}"#.utf8)
                .write(to: set.appendingPathComponent("Contents.json"))
        }
        try set("Empty", file: "empty.png", bytes: [])
        try set("Pointer", file: "pointer.png", bytes: Array("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 9\n".utf8))
        // Sound chunks and CRCs, a row filter that does not exist: only decoding the pixels finds it, packed (small) or
        // not. The two packed ones share an atlas: both are named.
        try set("SmallPixels", file: "pixels.png", bytes: Self.pngWithBadFilter(side: 8))
        try set("LargePixels", file: "pixels.png", bytes: Self.pngWithBadFilter(side: 200))
        try set("HugePixels", file: "pixels.png", bytes: Self.pngWithBadFilter(side: 240))
        try Data("{\(info)}".utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        let output = folder.appendingPathComponent("out")
        let run = try Assetc.run(
            ["compile", catalog.path, "--compile", output.path, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"])
        #expect(run.status == 1, "\(run.output)")
        #expect(run.stderr.contains("Damaged.xcassets:./Empty.imageset/empty.png: error: is empty (0 bytes)"))
        #expect(run.stderr.contains("Damaged.xcassets:./Pointer.imageset/pointer.png: error: is a Git LFS pointer"))
        // Errors found by the compile itself are listed with the reader's (each once), not lost.
        #expect(run.stderr.contains("Damaged.xcassets:./SmallPixels.imageset/pixels.png: error: cannot be decoded: "), "\(run.stderr)")
        #expect(run.stderr.contains("Damaged.xcassets:./LargePixels.imageset/pixels.png: error: cannot be decoded: "), "\(run.stderr)")
        #expect(run.stderr.contains("Damaged.xcassets:./HugePixels.imageset/pixels.png: error: cannot be decoded: "), "\(run.stderr)")
        #expect(run.stderr.contains("5 error(s) in the inputs; nothing was written"), "\(run.stderr)")
        #expect(run.stdout.contains("com.apple.actool.document.errors"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// An RGB PNG of `side` × `side` whose last row names filter type 5 (there is none), zlib-stored, every CRC right.
    static func pngWithBadFilter(side: Int) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(data.count) + body + bigEndian(Int(crc32(body)))
        }
        var raw: [UInt8] = []
        for y in 0..<side {
            raw.append(y == side - 1 ? 5 : 0)
            for x in 0..<side { raw += [UInt8(x % 200), UInt8(y % 200), 90] }
        }
        // zlib: a header, stored blocks of at most 65,535 bytes, then the Adler-32 of the data.
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        while offset < raw.count {
            let count = min(65_535, raw.count - offset)
            zlib += [offset + count == raw.count ? 1 : 0, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + count)]
            offset += count
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        zlib += bigEndian(Int(b << 16 | a))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", bigEndian(side) + bigEndian(side) + [8, 2, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let run = try Assetc.run(
            ["compile", Self.showcase, "--compile", "/tmp/never", "--platform", "amigaos", "--minimum-deployment-target", "1"],
            in: Assetc.repositoryRoot)
        #expect(run.status == 2)
        #expect(run.stderr.contains("'amigaos' is not a valid value for --platform"))
        let missing = try Assetc.run(
            ["compile", "SampleCatalogs/Missing.xcassets", "--compile", "/tmp/never", "--platform", "iphoneos", "--minimum-deployment-target", "17.0"],
            in: Assetc.repositoryRoot)
        // The same words and exit status as every other subcommand's missing path.
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Missing.xcassets: no such file or folder"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never/Assets.car"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-compile-target-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("keep".utf8)))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let onFile = try Assetc.run(
            ["compile", Self.showcase, "--compile", file, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"],
            in: Assetc.repositoryRoot)
        #expect(onFile.status == 2)
        #expect(onFile.stderr.contains("is a file; --compile needs the output folder"))
        #expect(FileManager.default.contents(atPath: file) == Data("keep".utf8))
    }
}

/// Reads a binary property list with Python's plistlib, an independent reader.
enum BinaryPlistCheck {
    static var pythonAvailable: Bool {
        (try? run(["python3", "-c", "import plistlib"]))?.status == 0
    }

    /// Loads `path` with plistlib as `d` and prints `expression`.
    static func pythonRead(_ path: String, expression: String) throws -> String {
        let script = "import plistlib, sys\nd = plistlib.load(open(sys.argv[1], 'rb'))\nsys.stdout.write(str(\(expression)))"
        let result = try run(["python3", "-c", script, path])
        return result.output
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ExternalTool.run("/usr/bin/env", arguments)
    }
}
