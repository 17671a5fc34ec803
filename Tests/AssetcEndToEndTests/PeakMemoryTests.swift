import AssetCatalog
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// Issue 27: `pack --optimize` and `extract --png` hold strips of rows, not the decoded image. Each command
// runs on a tiny image and on a 2048 x 2560 RGBA one (20 MiB of pixels), and the difference of their peak
// resident memory (VmHWM of that child, not timed) must stay far below what whole-image
// buffers took: the optimizer held about five copies of the image (100 MiB here), the extraction one
// (20 MiB). The 16000 x 16000 figures are in docs/RELIABILITY.md.

private let width = 2048
private let height = 2560

/// Peak resident memory of one `assetc` run in bytes, and its exit status.
///
/// Read as VmHWM from /proc every few milliseconds until the child exits: `ru_maxrss` cannot be used, it
/// also counts the memory of the test process the child was spawned from (Linux records the old memory's
/// high-water mark at exec).
private func peakMemory(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
    let path = Assetc.binary.path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw SpawnFailed(code: spawned) }
    var status: Int32 = 0
    var peak = 0
    while true {
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        {
            peak = max(peak, kilobytes * 1024)
        }
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid { break }
        if reaped < 0 && errno != EINTR { throw SpawnFailed(code: errno) }
        usleep(2_000)
    }
    let exited = status & 0x7F == 0
    return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), peak)
}

private struct SpawnFailed: Error { let code: Int32 }

/// Rows of one colour each (more than 256 colours, translucent: the optimizer keeps RGBA and tries every
/// filter), quick to compress so that the test stays short.
private func image(width: Int, height: Int) -> DecodedImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer { buffer in
        for y in 0..<height {
            let colour: [UInt8] = [UInt8(y & 0xFF), UInt8((y >> 8) & 0xFF), UInt8((y * 7) & 0xFF), UInt8(128 + (y & 0x7F))]
            for x in 0..<width { for c in 0..<4 { buffer[(y * width + x) * 4 + c] = colour[c] } }
        }
    }
    return DecodedImage(width: width, height: height, premultiplied: false, pixels: pixels)
}

@Suite("Peak memory of large images", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
struct PeakMemoryTests {
    @Test func optimizeAndExtractHoldStripsNotTheImage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-peak-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = image(width: width, height: height)
        var peaks: [String: (pack: Int, extract: Int)] = [:]
        for (name, picture) in [("tiny", image(width: 16, height: 16)), ("large", large)] {
            let art = folder.appendingPathComponent("\(name)/Art")
            try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
            try Data(PNGCodec.encodeRGBA8(picture, compressionLevel: 1)).write(to: art.appendingPathComponent("picture.png"))
            let archive = folder.appendingPathComponent("\(name).assetc").path
            let pack = try peakMemory(["pack", art.path, "-o", archive, "--optimize", "--jobs", "1", "--no-cache", "--quiet"])
            #expect(pack.status == 0, "pack \(name)")
            let extracted = folder.appendingPathComponent("\(name)-extracted.png").path
            let extract = try peakMemory(["extract", archive, "picture", "--png", "-o", extracted])
            #expect(extract.status == 0, "extract \(name)")
            // The pixels went through the optimizer and the extraction unchanged.
            #expect(try PNGCodec.decodeRGBA8([UInt8](Data(contentsOf: URL(fileURLWithPath: extracted)))) == picture, "\(name)")
            peaks[name] = (pack.bytes, extract.bytes)
        }
        let tiny = try #require(peaks["tiny"]), big = try #require(peaks["large"])
        let imageBytes = width * height * 4
        let mebibyte = 1 << 20
        // Strips: a few 4 MiB buffers, plus the pack's check of the file (its whole-buffer inflate, bounded by
        // 64 MiB, takes the image once for a file this size). Whole-image buffers: about five images.
        #expect(big.pack - tiny.pack < imageBytes * 3 / 2, "pack --optimize: \((big.pack - tiny.pack) / mebibyte) MiB more")
        // Row by row: rows and the output (a few hundred KiB here). Whole-image: the image.
        #expect(big.extract - tiny.extract < imageBytes / 4, "extract --png: \((big.extract - tiny.extract) / mebibyte) MiB more")
    }
}
