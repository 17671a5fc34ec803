import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The LZFSE encoder against assetc's decoder and the reference decoder (PyPI `lzfse`, Apple's C code).
@Suite("LZFSE encoder (bvx2)")
struct LZFSEEncoderTests {
    /// Inputs of every shape a bitmap stream takes, and the edges of the format's limits.
    static let inputs: [(name: String, bytes: [UInt8])] = {
        var generator = SplitMix(seed: 77)
        var cases: [(String, [UInt8])] = []
        cases.append(("empty", []))
        cases.append(("one byte", [0x5A]))
        cases.append(("three bytes", [1, 2, 3]))
        cases.append(("one symbol", [UInt8](repeating: 0xFF, count: 5_000)))
        cases.append(("zeros, a megabyte and more", [UInt8](repeating: 0, count: (1 << 20) + 13)))
        cases.append(("noise", (0..<60_000).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        cases.append(("4-bit noise", (0..<60_000).map { _ in 0x30 | UInt8.random(in: 0...15, using: &generator) }))
        cases.append(("BGRA rows repeating", (0..<(96 * 4 * 80)).map { index in UInt8(truncatingIfNeeded: (index % (96 * 4)) / 3) }))
        // A pattern that repeats 200,000 bytes later: distances near LZFSE's largest.
        let block = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        cases.append(("far repeat", block + block.prefix(50_000)))
        // Many short matches: more triples than one block holds.
        cases.append(("many matches", (0..<150_000).map { index in index % 9 < 5 ? UInt8(truncatingIfNeeded: index / 9) : UInt8(index % 9) }))
        cases.append(("noise then pattern", CARCompilerTests.noiseThenPattern))
        return cases
    }()

    static func decoded(_ stream: [UInt8], size: Int) throws -> [UInt8] {
        try stream.withUnsafeBytes { try LZDecoder.lzfse($0, expectedSize: size) }
    }

    static func magics(_ stream: [UInt8]) -> [String] {
        var at = 0
        var found: [String] = []
        func le32(_ offset: Int) -> Int { Int(stream[offset]) | Int(stream[offset + 1]) << 8 | Int(stream[offset + 2]) << 16 | Int(stream[offset + 3]) << 24 }
        func le64(_ offset: Int) -> UInt64 { UInt64(le32(offset)) | UInt64(le32(offset + 4)) << 32 }
        while at + 4 <= stream.count {
            let magic = String(decoding: stream[at..<(at + 4)], as: UTF8.self)
            found.append(magic)
            switch magic {
            case "bvx-": at += 8 + le32(at + 4)
            case "bvxn": at += 12 + le32(at + 8)
            case "bvx2":
                let v0 = le64(at + 8), v1 = le64(at + 16), v2 = le64(at + 24)
                at += Int(v2 & 0xFFFF_FFFF) + Int((v0 >> 20) & 0xFFFFF) + Int((v1 >> 40) & 0xFFFFF)
            default: return found
            }
        }
        return found
    }

    @Test(arguments: [LZFSEEncoder.Effort.fast, .thorough, .sampling])
    func everyInputDecodesBackExactly(effort: LZFSEEncoder.Effort) throws {
        for (name, input) in Self.inputs {
            let stream = LZFSEEncoder.compress(input, effort: effort)
            #expect(try Self.decoded(stream, size: input.count) == input, "\(name), \(effort)")
            #expect(stream.count <= input.count + (input.count >> 20 + 1) * 8 + 4, "\(name): never larger than stored")
        }
    }

    /// Every effort gives the same bytes however many times (and on whichever thread) it runs, and decodes back.
    @Test func bothEffortsAreDeterministic() async throws {
        // Flat shapes with anti-aliased edges: rows that repeat with small shifts, short runs of a few colours.
        var generator = SplitMix(seed: 31)
        var drawn: [UInt8] = []
        for y in 0..<256 {
            let edge = 80 + (y * 3) % 97
            for x in 0..<256 {
                let inside = x < edge || (x - edge) % 53 < 7
                let shade = UInt8(truncatingIfNeeded: inside ? 40 + (x / 16) * 9 : 230 - (y / 32) * 7)
                let noise = x == edge ? UInt8.random(in: 0...60, using: &generator) : 0
                drawn += [shade, shade &+ noise, 255 - shade, 255]
            }
        }
        let artwork = drawn
        let efforts: [LZFSEEncoder.Effort] = [.fast, .thorough, .sampling]
        let first = efforts.map { LZFSEEncoder.compress(artwork, effort: $0) }
        for stream in first { #expect(try Self.decoded(stream, size: artwork.count) == artwork) }
        let again = await withTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<4 { group.addTask { efforts.map { LZFSEEncoder.compress(artwork, effort: $0) } } }
            return await group.reduce(into: []) { $0.append(contentsOf: $1) }
        }
        for (index, stream) in again.enumerated() { #expect(stream == first[index % efforts.count]) }
    }

    /// The encoder's forms (baseline C, and BMI2 where this CPU has it, which the encoder then runs: its entropy stage
    /// and, for the fast and sampling efforts, its SSE2 bucket scan) give the same bytes for every input and effort,
    /// and those bytes decode back. 4-bit noise and the residual-like input fill the buckets with entries whose four
    /// bytes are equal but whose matches end at 4 or 5 bytes, several to a bucket.
    @Test(arguments: [LZFSEEncoder.Effort.fast, .thorough, .sampling])
    func entropyFormsGiveTheSameBytes(effort: LZFSEEncoder.Effort) throws {
        // Skewed literals: one byte nearly everywhere (states that write no bits) among rare ones that write 10, so the
        // bit writer's joins meet both ends of their range.
        var generator = SplitMix(seed: 24)
        let skewed = (0..<90_000).map { _ in
            Int.random(in: 0..<64, using: &generator) == 0 ? UInt8.random(in: 0...255, using: &generator) : 0x80
        }
        // Residuals of a noisy gradient as deepmap2 mode 2 writes them (low bytes of small zig-zag values, rows of a
        // tile repeating now and then): four-byte words recur at many distances, so buckets hold several equal words.
        var residuals: [UInt8] = []
        for index in 0..<120_000 {
            let repeated = index >= 4096 && index % 4096 < 1024
            residuals.append(repeated ? residuals[index - 4096] : UInt8(Int.random(in: 0..<6, using: &generator) * 2))
        }
        // The baseline form runs everywhere; the BMI2 form where this CPU has it (on the machines CI runs on).
        for (name, input) in Self.inputs + [("skewed literals", skewed), ("residuals", residuals)] {
            let baseline = try #require(LZFSEEncoder.entropyCoded(input, effort: effort, form: .baseline))
            #expect(try Self.decoded(baseline, size: input.count) == input, "\(name), \(effort)")
            for form in LZFSEEncoder.EntropyForm.allCases where form != .baseline {
                guard let other = LZFSEEncoder.entropyCoded(input, effort: effort, form: form) else { continue }
                #expect(other == baseline, "\(name), \(effort): \(form) differs from the baseline")
            }
        }
    }

    @Test func compressibleInputsUseTheEntropyCoder() throws {
        for (name, input) in Self.inputs where input.count > 4096 && name != "noise" {
            let stream = LZFSEEncoder.compress(input)
            #expect(Self.magics(stream).contains("bvx2"), "\(name): \(Self.magics(stream).prefix(4))")
        }
        // 4-bit noise has no repeats at all; only the entropy stage shrinks it (to about 4 of 8 bits a byte).
        let noisy = Self.inputs.first { $0.name == "4-bit noise" }!.bytes
        #expect(LZFSEEncoder.compress(noisy).count < noisy.count * 6 / 10)
        // And it beats LZVN, which has no entropy stage, on rows of pixels.
        let rows = Self.inputs.first { $0.name == "BGRA rows repeating" }!.bytes
        #expect(LZFSEEncoder.compress(rows).count < LZVNEncoder.lzfseStream(rows).count)
    }

    @Test func noiseIsStored() throws {
        let noise = Self.inputs.first { $0.name == "noise" }!.bytes
        let stream = LZFSEEncoder.compress(noise)
        #expect(Set(Self.magics(stream)) == ["bvx-", "bvx$"])
    }

    @Test func randomInputsOfEveryKindRoundTrip() throws {
        var generator = SplitMix(seed: 2026)
        for round in 0..<300 {
            let count = Int.random(in: 0...9_000, using: &generator)
            let alphabet = [1, 2, 3, 16, 256][round % 5]
            let runs = round % 3 == 0
            var input: [UInt8] = []
            input.reserveCapacity(count)
            while input.count < count {
                let byte = UInt8(truncatingIfNeeded: Int.random(in: 0..<alphabet, using: &generator))
                let length = runs ? Int.random(in: 1...40, using: &generator) : 1
                input += repeatElement(byte, count: min(length, count - input.count))
            }
            let stream = LZFSEEncoder.compress(input, effort: round % 2 == 0 ? .fast : .thorough)
            #expect(try Self.decoded(stream, size: input.count) == input, "round \(round): \(count) bytes over \(alphabet) symbols")
        }
    }

    @Test func frequenciesAddUpToTheStatesWhateverTheCounts() {
        var generator = SplitMix(seed: 5)
        for round in 0..<200 {
            let symbols = [20, 64, 256][round % 3]
            let states = [64, 256, 1024][round % 3]
            var counts = (0..<symbols).map { _ in UInt32.random(in: 0...3, using: &generator) }
            if round % 4 == 0 { counts[Int.random(in: 0..<symbols, using: &generator)] = 1_000_000 }
            if round % 7 == 0 { counts = counts.map { $0 == 0 ? 1 : $0 } }
            let frequencies = LZFSEEncoder.normalize(counts, states: states)
            let total = frequencies.reduce(0) { $0 + Int($1) }
            if counts.allSatisfy({ $0 == 0 }) {
                #expect(total == 0)
            } else {
                #expect(total == states, "round \(round)")
            }
            for symbol in 0..<symbols { #expect((counts[symbol] > 0) == (frequencies[symbol] > 0), "round \(round) symbol \(symbol)") }
        }
    }

    @Test func theReferenceDecoderReadsEveryStream() throws {
        guard ReferenceLZFSE.isAvailable() else {
            print("skipped: the reference lzfse decoder is not available (pip install lzfse failed)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-lzfse-encoder-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Not the empty input: the reference reports "nothing decoded" as an error (Xcode never writes an empty stream).
        var streams = Self.inputs.map(\.bytes).filter { !$0.isEmpty }
        var generator = SplitMix(seed: 99)
        for _ in 0..<40 {
            let count = Int.random(in: 1...20_000, using: &generator)
            streams.append((0..<count).map { index in UInt8(truncatingIfNeeded: index / 5) & 0xF8 | UInt8.random(in: 0...7, using: &generator) })
        }
        for (index, input) in streams.enumerated() {
            for (effortIndex, effort) in [LZFSEEncoder.Effort.fast, .thorough, .sampling].enumerated() {
                let name = "\(3 * index + effortIndex)"
                try Data(LZFSEEncoder.compress(input, effort: effort)).write(to: folder.appendingPathComponent("\(name).lzfse"))
                try Data(input).write(to: folder.appendingPathComponent("\(name).raw"))
            }
        }
        #expect(ReferenceLZFSE.decodesEqual(folder: folder, count: 3 * streams.count))
    }
}

