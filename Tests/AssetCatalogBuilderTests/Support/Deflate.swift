import CPNG

/// Real zlib compression for fixtures that need compressed (not stored) image data.
enum Deflate {
    /// zlib-compresses with zlib itself (through the CPNG module). `finish: false` ends the data
    /// with a sync flush instead, leaving the stream unterminated.
    static func compress(
        _ data: [UInt8], level: Int32 = 6, windowBits: Int32 = 15, strategy: Int32 = Z_DEFAULT_STRATEGY,
        finish: Bool = true
    ) -> [UInt8] {
        var stream = z_stream()
        var status = deflateInit2_(
            &stream, level, Z_DEFLATED, windowBits, 8, strategy, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK)
        defer { deflateEnd(&stream) }
        var input = data
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                status = deflate(&stream, finish ? Z_FINISH : Z_SYNC_FLUSH)
                return target.count - Int(stream.avail_out)
            }
        }
        precondition(status == (finish ? Z_STREAM_END : Z_OK))
        return Array(output.prefix(produced))
    }
}
