internal import CLZFSE

/// The LZFSE and LZVN decoders (C, in the CLZFSE target), with sizes checked before anything is allocated.
public enum LZDecoder {
    /// Why a stream could not be decoded.
    public enum Failure: String, Error, Sendable {
        /// The stream ends before its end-of-stream marker.
        case truncated = "the stream ends early"
        /// An opcode, a table or a distance is invalid.
        case corrupt = "the stream is damaged"
        /// The stream would write past the size the caller expects.
        case outputFull = "the stream holds more bytes than the image needs"
        /// A block header is none of LZFSE's block kinds.
        case badMagic = "unknown LZFSE block"
        /// The stream ended with fewer bytes than the caller expects.
        case sizeMismatch = "the stream holds fewer bytes than the image needs"
    }

    /// The size an LZFSE stream's block headers promise (no decoding; nothing allocated).
    public static func lzfseDecodedSize(_ source: UnsafeRawBufferPointer) throws(Failure) -> Int {
        var size = 0
        let status = source.withMemoryRebound(to: UInt8.self) { assetc_lzfse_decoded_size($0.baseAddress, $0.count, &size) }
        try check(status)
        return size
    }

    /// The most bytes a raw LZVN stream of `count` bytes can produce (a 2-byte opcode repeats at most 271 bytes).
    public static func lzvnLimit(_ count: Int) -> Int { count.multipliedReportingOverflow(by: 136).partialValue + 16 }

    /// Decodes an LZFSE stream (`bvx2`, `bvx1`, `bvxn`, `bvx-` blocks up to `bvx$`) that must produce exactly
    /// `expectedSize` bytes.
    public static func lzfse(_ source: UnsafeRawBufferPointer, expectedSize: Int) throws(Failure) -> [UInt8] {
        // The headers must promise exactly the expected size before anything that size is allocated.
        guard try lzfseDecodedSize(source) == expectedSize else { throw .sizeMismatch }
        return try decode(source, expectedSize: expectedSize) { input, count, output, capacity, written in
            assetc_lzfse_decode(input, count, output, capacity, written)
        }
    }

    /// Decodes a raw LZVN stream (ending with its end-of-stream opcode) that must produce exactly `expectedSize` bytes.
    public static func lzvn(_ source: UnsafeRawBufferPointer, expectedSize: Int) throws(Failure) -> [UInt8] {
        guard expectedSize <= lzvnLimit(source.count) else { throw .sizeMismatch }
        return try decode(source, expectedSize: expectedSize) { input, count, output, capacity, written in
            assetc_lzvn_decode(input, count, output, 0, capacity, written, nil)
        }
    }

    /// Decodes an LZFSE stream into `destination` and returns the bytes written; the size the block headers promise
    /// must fit `destination` (checked before anything is decoded).
    public static func lzfse(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        let promised = try lzfseDecodedSize(source)
        guard promised <= destination.count else { throw .outputFull }
        guard let target = destination.baseAddress, promised > 0 else { return 0 }
        var written = 0
        let status = source.withMemoryRebound(to: UInt8.self) { input in
            assetc_lzfse_decode(input.baseAddress, input.count, target.assumingMemoryBound(to: UInt8.self), promised, &written)
        }
        try check(status)
        guard written == promised else { throw .sizeMismatch }
        return written
    }

    /// Decodes a raw LZVN stream into `destination` and returns the bytes written (the stream's end-of-stream
    /// opcode ends it; a stream that would write past `destination` fails with ``Failure/outputFull``). Bytes of
    /// `destination` after those written may be changed too (the copies run 16 bytes at a time).
    public static func lzvn(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard let target = destination.baseAddress else { throw .outputFull }
        var written = 0
        let status = source.withMemoryRebound(to: UInt8.self) { input in
            assetc_lzvn_decode(input.baseAddress, input.count, target.assumingMemoryBound(to: UInt8.self), 0, destination.count, &written, nil)
        }
        try check(status)
        return written
    }

    /// Decodes an LZFSE stream of unknown output size, up to `limit` bytes (the size the block headers
    /// promise must not exceed it).
    public static func lzfse(_ source: UnsafeRawBufferPointer, limit: Int) throws(Failure) -> [UInt8] {
        let promised = try lzfseDecodedSize(source)
        guard promised <= limit else { throw .outputFull }
        var output = [UInt8](repeating: 0, count: max(promised, 1))
        let limit = promised
        var written = 0
        let status = output.withUnsafeMutableBytes { buffer in
            source.withMemoryRebound(to: UInt8.self) { input in
                assetc_lzfse_decode(
                    input.baseAddress, input.count, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), limit, &written)
            }
        }
        try check(status)
        output.removeSubrange(written...)
        return output
    }

    private static func decode(
        _ source: UnsafeRawBufferPointer, expectedSize: Int,
        _ body: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>, Int, UnsafeMutablePointer<Int>) -> assetc_lz_status
    ) throws(Failure) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: max(expectedSize, 1))
        var written = 0
        let status = output.withUnsafeMutableBytes { buffer in
            source.withMemoryRebound(to: UInt8.self) { input in
                body(input.baseAddress, input.count, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), expectedSize, &written)
            }
        }
        try check(status)
        guard written == expectedSize else { throw .sizeMismatch }
        if expectedSize == 0 { output.removeAll() }
        return output
    }

    private static func check(_ status: assetc_lz_status) throws(Failure) {
        switch status {
        case ASSETC_LZ_OK: return
        case ASSETC_LZ_TRUNCATED: throw .truncated
        case ASSETC_LZ_OUTPUT_FULL: throw .outputFull
        case ASSETC_LZ_BAD_MAGIC: throw .badMagic
        default: throw .corrupt
        }
    }
}
