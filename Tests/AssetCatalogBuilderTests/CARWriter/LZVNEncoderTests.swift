import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// A value handed back from a thread started by a test (written before the semaphore is signalled).
private final class ThreadResult<Value>: @unchecked Sendable {
    var value: Value?
}

/// The encoder keeps one hash table per thread and never clears it (``LZVNHashTable``): what a thread encoded
/// before must not change what it encodes next.
@Suite("LZVN encoder: the thread's table")
struct LZVNEncoderTests {
    /// Inputs of every kind the compile meets: small and large bitmaps, runs, noise that LZVN gives up on, and a
    /// stream of two blocks.
    static let inputs: [[UInt8]] = {
        var generator = SplitMix(seed: 31)
        let gradient = (0..<20_736).map { UInt8(truncatingIfNeeded: $0 / 7) }
        let noisy = (0..<9_216).map { index in UInt8(truncatingIfNeeded: index & 0xF0) | UInt8.random(in: 0...15, using: &generator) }
        let tiny = [UInt8](repeating: 0xAB, count: 40)
        let repeated = (0..<6_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        return [gradient, noisy, tiny, repeated, CARCompilerTests.noiseThenPattern, gradient]
    }()

    /// Runs `body` on a new thread, whose table is new too.
    static func onNewThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        let slot = ThreadResult<Value>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            slot.value = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return slot.value!
    }

    static func decoded(_ stream: [UInt8], size: Int) throws -> [UInt8] {
        try stream.withUnsafeBytes { try LZDecoder.lzfse($0, expectedSize: size) }
    }

    @Test func eachInputEncodesAsOnANewThreadWhateverCameBefore() throws {
        let fresh = Self.inputs.map { input in Self.onNewThread { LZVNEncoder.lzfseStream(input) } }
        // One thread, every input in turn, twice: the table holds what each left behind.
        let inTurn = Self.onNewThread { (Self.inputs + Self.inputs).map { LZVNEncoder.lzfseStream($0) } }
        Self.expectSame(inTurn, fresh + fresh)
        for (input, stream) in zip(Self.inputs, fresh) {
            #expect(try Self.decoded(stream, size: input.count) == input)
        }
        #expect(fresh.contains { Array($0.prefix(4)) == Array("bvxn".utf8) }, "some inputs compress")
    }

    @Test func numberingRestartsBeforeItPassesInt32() throws {
        let fresh = Self.inputs.map { input in Self.onNewThread { LZVNEncoder.lzfseStream(input) } }
        let nearTheEnd = Self.onNewThread { () -> [[UInt8]] in
            // The next block's numbers would pass Int32.max: the table is cleared and numbering starts again.
            LZVNHashTable.setNextBase(Int(Int32.max) - 1_000)
            return Self.inputs.map { LZVNEncoder.lzfseStream($0) }
        }
        Self.expectSame(nearTheEnd, fresh)
    }

    /// Each stream equal to its counterpart, reported by position and size (the streams are megabytes long).
    static func expectSame(_ streams: [[UInt8]], _ expected: [[UInt8]], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(streams.count == expected.count, sourceLocation: sourceLocation)
        for (position, (stream, wanted)) in zip(streams, expected).enumerated() {
            let same = stream == wanted
            #expect(same, "stream \(position): \(stream.count) bytes, expected \(wanted.count)", sourceLocation: sourceLocation)
        }
    }

    /// Matches at each distance form's edges (1535/1536, 16383/16384, 65535), after literal runs of every length that
    /// changes the opcodes (0–3 carried in the match's opcode, 15–18 around `lrg_l`, 270–273 around two literal
    /// opcodes), and again at the last distance (`pre_d`, `sml_m`): every stream decodes to its input.
    @Test func everyOpcodeFormDecodesToItsInput() throws {
        var generator = SplitMix(seed: 77)
        func noise(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        for distance in [1, 4, 1_535, 1_536, 16_383, 16_384, 65_535] {
            for literals in [0, 1, 2, 3, 4, 15, 16, 17, 18, 19, 270, 271, 272, 273] {
                for length in [3, 4, 6, 8, 10, 11, 34, 35, 300] {
                    let prefix = noise(distance)
                    var input = prefix + noise(literals) + Array(prefix.prefix(length))
                    // The same distance again, after a few literals and after none.
                    input += noise(2)
                    input += Array(input[(input.count - distance)...].prefix(min(distance, 40)))
                    input += Array(input[(input.count - distance)...].prefix(min(distance, 5)))
                    let stream = LZVNEncoder.lzfseStream(input)
                    #expect(try Self.decoded(stream, size: input.count) == input, "distance \(distance), \(literals) literals, length \(length)")
                }
            }
        }
    }

    /// Rows of pixels that repeat the row above with a few changes, as icons do: matches at the row's distance cost
    /// one opcode byte (`pre_d`, `sml_m`), so the stream is far smaller than one that pays for the distance each time.
    @Test func rowsThatRepeatCostLittle() throws {
        var generator = SplitMix(seed: 5)
        let rowBytes = 4 * 120
        var input = (0..<rowBytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for row in 1..<120 {
            var next = Array(input[((row - 1) * rowBytes)..<(row * rowBytes)])
            for _ in 0..<6 { next[Int.random(in: 0..<rowBytes, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            input += next
        }
        let stream = LZVNEncoder.lzfseStream(input)
        #expect(try Self.decoded(stream, size: input.count) == input)
        // The first row is noise (480 bytes); each other row is six changed bytes, each carried in the opcode of the
        // match after it at the row's distance (`pre_d`: one byte, then `sml_m`/`lrg_m` for the rest): about 22 bytes
        // a row, 3,128 in all. Paying for the distance and a literal opcode each time (the encoder before 2026-11-28)
        // took about 38 a row, near 5,000.
        #expect(stream.count < 3_600, "\(stream.count) bytes")
    }

    /// A deepmap tile keeps the smaller of its LZFSE and raw LZVN streams, and the LZVN trial stops once it has lost
    /// (`shorterThan:`): it must still give the whole stream whenever that is under the limit, and nothing when it is
    /// not, whatever the limit, so the choice (and the car) is the one the whole trial makes.
    @Test func aLimitedRawStreamIsTheWholeOneOrNothing() throws {
        var generator = SplitMix(seed: 9)
        let rows = (0..<40).flatMap { row in (0..<256).map { UInt8(truncatingIfNeeded: $0 / 3 + row) } }
        let speckled = rows.map { byte in UInt8.random(in: 0...7, using: &generator) == 0 ? byte ^ 0x55 : byte }
        var trials = 0
        for input in Self.inputs + [rows, speckled] where input.count <= LZVNEncoder.blockSize {
            guard let whole = input.withUnsafeBufferPointer({ LZVNEncoder.rawStream(compressing: $0) }) else { continue }
            for limit in [1, 9, whole.count / 3, whole.count / 2, whole.count - 1, whole.count, whole.count + 1, 2 * whole.count] {
                let limited = input.withUnsafeBufferPointer { LZVNEncoder.rawStream(compressing: $0, shorterThan: limit) }
                if whole.count < limit {
                    #expect(limited.map { $0 == whole } == true, "input of \(input.count) bytes, limit \(limit)")
                } else {
                    #expect(limited.map { $0 == whole } ?? true, "input of \(input.count) bytes, limit \(limit)")
                }
            }
            trials += 1
        }
        #expect(trials >= 4, "most inputs compress")
    }
}
