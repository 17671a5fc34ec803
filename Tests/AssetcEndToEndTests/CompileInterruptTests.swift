import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `assetc compile` streams the car into a temporary file beside `Assets.car` while it compiles; stopped
/// midway by SIGINT or SIGTERM it removes that file and leaves the previous car as it was, and killed at any point
/// of a compile with the cache it leaves nothing the next compile would take wrongly.
@Suite("Compile interruption", .serialized)
struct CompileInterruptTests {
    typealias BigFolder = ArchivePackInterruptTests.BigFolder

    @Test("SIGTERM and SIGINT: exit 130, temporary file removed, previous car untouched")
    func catchableSignals() throws {
        let folder = try BigFolder()
        let car = folder.base + "/Assets.car"
        let previous = Array("the previous car".utf8)
        try Data(previous).write(to: URL(fileURLWithPath: car))
        for signal in [SIGTERM, SIGINT] {
            let arguments = [
                "compile", folder.assets, "--compile", folder.base, "--platform", "iphoneos", "--minimum-deployment-target", "17.0",
                "--jobs", "1",
            ]
            guard let process = try ArchivePackInterruptTests.interrupted(arguments, folder, output: car, signal: signal) else {
                Issue.record("the compile finished before it could be interrupted; make the folder bigger")
                return
            }
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 130)
            #expect(folder.temporaryFiles(for: car).isEmpty)
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: car))) == previous)
        }
        // Uninterrupted, the compile replaces the previous car with one that reads back.
        let run = try Assetc.run(["compile", folder.assets, "--compile", folder.base, "--platform", "iphoneos", "--minimum-deployment-target", "17.0"])
        #expect(run.status == 0, "\(run.output)")
        #expect(folder.temporaryFiles(for: car).isEmpty)
        let verify = try Assetc.run(["verify", car])
        #expect(verify.status == 0, "\(verify.output)")
    }

    @Test("SIGKILL at any point of a compile with the cache: the next compile gives the bytes of --no-cache")
    func killedCompilesWithTheCache() throws {
        let base = NSTemporaryDirectory() + "assetc-killed-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        let assets = base + "/Assets"
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        // Photographs (too large to pack) and icons (packed into an atlas), so a rebuild both copies and makes values.
        var noise = NoiseImages(seed: 0x5EED)
        for index in 0..<24 { try noise.write(assets + "/photo\(index)@2x.png", side: 256) }
        for index in 0..<40 { try noise.write(assets + "/icon\(index)@2x.png", side: 24) }
        func compile(into output: String, cache: Bool = true) -> [String] {
            ["compile", assets, "--compile", base + "/" + output, "--platform", "iphoneos", "--minimum-deployment-target", "17.0", "--jobs", "1"]
                + (cache ? [] : ["--no-cache"])
        }
        func car(_ output: String) -> Data? { FileManager.default.contents(atPath: base + "/" + output + "/Assets.car") }
        #expect(try Assetc.run(compile(into: "out")).status == 0)
        // How long a rebuild after a change takes here, to spread the kills over it: from its snapshot to its stamp.
        try noise.write(assets + "/photo0@2x.png", side: 256)
        let timed = Date()
        #expect(try Assetc.run(compile(into: "out")).status == 0)
        let rebuild = Date().timeIntervalSince(timed)
        // Kills spread over a rebuild's time, then at the moments a compile moves from one file to the next: as its
        // temporary car appears (the stream), as the new car replaces the old one (the record not yet stored), as the
        // record is replaced (the run not yet stamped).
        let cacheFolder = base + "/.out.assetc-cache"
        func inode(_ path: String) -> UInt64? {
            var status = stat()
            return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
        }
        func recordInode() -> UInt64? {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder)) ?? []
            return names.first { $0.hasSuffix(".record") }.flatMap { inode(cacheFolder + "/" + $0) }
        }
        func temporaryCarExists() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: base + "/out")) ?? []).contains { $0.hasPrefix(".Assets.car.tmp-") }
        }
        let triggers: [KillTrigger] = [.after(rebuild / 4), .after(rebuild / 2), .after(rebuild * 3 / 4), .temporaryCar, .carReplaced, .recordReplaced]
        var landed = 0
        for (round, trigger) in triggers.enumerated() {
            // One photograph and one icon get new pixels; the icon's atlas is drawn again.
            try noise.write(assets + "/photo\(round + 1)@2x.png", side: 256)
            try noise.write(assets + "/icon\(round + 1)@2x.png", side: 24)
            let (carBefore, recordBefore) = (inode(base + "/out/Assets.car"), recordInode())
            let process = Process()
            process.executableURL = Assetc.binary
            process.arguments = compile(into: "out")
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = Date()
            try process.run()
            func fired() -> Bool {
                switch trigger {
                case .after(let seconds): Date().timeIntervalSince(start) > seconds
                case .temporaryCar: temporaryCarExists()
                case .carReplaced: inode(base + "/out/Assets.car") != carBefore
                case .recordReplaced: recordInode() != recordBefore
                }
            }
            while process.isRunning, !fired(), Date().timeIntervalSince(start) < 60 { usleep(200) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { landed += 1 }
            let again = try Assetc.run(compile(into: "out"))
            let reference = try Assetc.run(compile(into: "reference", cache: false))
            #expect(again.status == 0, "round \(round): \(again.output)")
            #expect(reference.status == 0, "round \(round): \(reference.output)")
            let same = car("out") != nil && car("out") == car("reference")
            #expect(same, "round \(round): the compile after the kill differs from --no-cache")
        }
        #expect(landed > 0, "no kill landed while a compile ran")
    }
}

/// When a test kills a compile: after some time, or as soon as a file it writes appears or is replaced.
enum KillTrigger {
    case after(TimeInterval)
    case temporaryCar
    case carReplaced
    case recordReplaced
}

/// Noise images (every byte from a fixed generator: nothing to compress, nothing in common), written as PNGs.
struct NoiseImages {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// Writes a `side` × `side` noise PNG at `path`.
    mutating func write(_ path: String, side: Int) throws {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for position in pixels.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            pixels[position] = UInt8(truncatingIfNeeded: state >> 56)
        }
        try Data(TinyPNG.encode(width: side, height: side, rgba: pixels)).write(to: URL(fileURLWithPath: path))
    }
}
