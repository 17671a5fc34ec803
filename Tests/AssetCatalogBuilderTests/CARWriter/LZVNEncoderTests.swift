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
}
