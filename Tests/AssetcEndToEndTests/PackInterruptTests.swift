import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `assetc pack` interrupted midway by SIGINT, SIGTERM or SIGKILL never leaves a partial archive:
/// the output is either absent or the previous archive, byte for byte.
@Suite("Archive pack interruption", .serialized)
struct ArchivePackInterruptTests {
    /// A plain asset folder big enough that packing takes a while (a few hundred uncompressed PNGs).
    final class BigFolder {
        let base: String
        let assets: String

        init(files: Int = 240, side: Int = 256) throws {
            base = NSTemporaryDirectory() + "assetc-interrupt-" + UUID().uuidString
            assets = base + "/Assets"
            try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
            var noise = NoiseImages(seed: 0x1234_5678)
            for index in 0..<files { try noise.write(assets + "/image\(index)@2x.png", side: side) }
        }

        deinit { try? FileManager.default.removeItem(atPath: base) }

        func temporaryFiles(for output: String) -> [String] {
            let name = "." + (output as NSString).lastPathComponent + ".tmp-"
            return ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).filter { $0.hasPrefix(name) }
        }
    }

    /// Starts a pack and delivers `signal` once its temporary file exists; returns the process, or `nil`
    /// when the pack finished before it could be interrupted.
    func interruptedPack(_ folder: BigFolder, output: String, signal: Int32) throws -> Process? {
        try Self.interrupted(["pack", folder.assets, "-o", output, "--no-cache", "--jobs", "1", "--quiet"], folder, output: output, signal: signal)
    }

    /// Runs assetc with `arguments` and delivers `signal` once the temporary file of `output` exists (after a
    /// moment's more work); returns the process, or `nil` when it finished before it could be interrupted.
    static func interrupted(_ arguments: [String], _ folder: BigFolder, output: String, signal: Int32) throws -> Process? {
        let process = Process()
        process.executableURL = Assetc.binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, folder.temporaryFiles(for: output).isEmpty, Date() < deadline {
            usleep(1000)
        }
        guard process.isRunning, !folder.temporaryFiles(for: output).isEmpty else {
            process.waitUntilExit()
            return nil
        }
        usleep(20_000)  // let it write some of the output
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process
    }

    @Test("SIGTERM and SIGINT: exit 130, temporary file removed, previous archive untouched")
    func catchableSignals() throws {
        let folder = try BigFolder()
        let output = folder.base + "/out.assetc"
        let previous = Array("the previous archive".utf8)
        try Data(previous).write(to: URL(fileURLWithPath: output))
        for signal in [SIGTERM, SIGINT] {
            guard let process = try interruptedPack(folder, output: output, signal: signal) else {
                Issue.record("the pack finished before it could be interrupted; make the folder bigger")
                return
            }
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 130)
            #expect(folder.temporaryFiles(for: output).isEmpty)
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: output))) == previous)
        }
    }

    @Test("SIGKILL: no archive appears where there was none, and an existing one is untouched")
    func sigkill() throws {
        let folder = try BigFolder()
        let output = folder.base + "/fresh.assetc"
        guard let process = try interruptedPack(folder, output: output, signal: SIGKILL) else {
            Issue.record("the pack finished before it could be interrupted; make the folder bigger")
            return
        }
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(!FileManager.default.fileExists(atPath: output))

        let existing = folder.base + "/existing.assetc"
        let previous = Array("the previous archive".utf8)
        try Data(previous).write(to: URL(fileURLWithPath: existing))
        guard try interruptedPack(folder, output: existing, signal: SIGKILL) != nil else { return }
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: existing))) == previous)

        // A complete pack afterwards works and replaces it (the killed run's temporary file is inert).
        let run = try Assetc.run(["pack", folder.assets, "-o", existing, "--no-cache", "--quiet"])
        #expect(run.status == 0, "\(run.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)).count > previous.count)
        let verify = try Assetc.run(["verify", existing])
        #expect(verify.status == 0, "\(verify.output)")
    }
}

/// A minimal PNG writer (stored deflate blocks), so this target needs no image library.
enum TinyPNG {
    static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            raw.append(0)
            raw += rgba[(row * width * 4)..<((row + 1) * width * 4)]
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let size = min(65535, raw.count - offset)
            let last: UInt8 = offset + size == raw.count ? 1 : 0
            zlib += [last, UInt8(size & 0xFF), UInt8(size >> 8), UInt8(~size & 0xFF), UInt8((~size >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + size)]
            offset += size
        } while offset < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        zlib += bigEndian((b << 16) | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return png
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc(body))
    }

    static let table: [UInt32] = (0..<256).map { index in
        var c = UInt32(index)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
