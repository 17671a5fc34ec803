internal import CPNG

/// zlib streams (RFC 1950) for the archive's compressed metadata sections.
package enum Deflate {
    /// `bytes` compressed at zlib level 6, or `nil` when zlib fails.
    package static func compress(_ bytes: [UInt8]) -> [UInt8]? {
        guard !bytes.isEmpty else { return nil }
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { destination in
            bytes.withUnsafeBufferPointer { source in
                compress2(destination.baseAddress, &length, source.baseAddress, uLong(source.count), 6)
            }
        }
        guard status == Z_OK else { return nil }
        output.removeSubrange(Int(length)...)
        return output
    }

    /// Inflates `source` into `destination`; `true` only when the stream is valid, ends exactly at the end
    /// of `source` and fills `destination` exactly.
    package static func decompress(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer)
        -> Bool
    {
        guard let input = source.baseAddress, let output = destination.baseAddress else {
            return source.isEmpty && destination.isEmpty
        }
        var produced = uLong(destination.count)
        var consumed = uLong(source.count)
        let status = uncompress2(
            output.assumingMemoryBound(to: Bytef.self), &produced, input.assumingMemoryBound(to: Bytef.self), &consumed)
        return status == Z_OK && produced == uLong(destination.count) && consumed == uLong(source.count)
    }
}
