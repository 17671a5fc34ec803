internal import CPNGSupport

/// Lossless PNG re-encoding, to measure what an optimizer would save, and the cheap chunk walk that
/// decides whether measuring is worth it.
enum PNGRecompression {
    /// The size of the losslessly re-encoded file in the same format (best filter strategy, libdeflate's
    /// highest level, metadata chunks dropped), or `nil` when the file cannot be re-encoded. Format changes
    /// (dropping an opaque alpha channel, 16 → 8 bits) are left to the rules that report them.
    static func optimizedSize(_ png: [UInt8]) -> Int? {
        var output = acpng_buffer(data: nil, length: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        let status = png.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                acpng_optimize(input.baseAddress, input.count, 1 << 28, 1, &output, text.baseAddress, text.count)
            }
        }
        defer { acpng_free(output.data) }
        guard status == ACPNG_OK, output.data != nil else { return nil }
        return output.length
    }

    /// Ancillary chunks the optimizer keeps (as `acpng_kept_chunks` in C); every other ancillary chunk
    /// (text, XMP, EXIF, thumbnails, tool data) is dropped. Critical chunks are always kept.
    static let keptChunks: Set<String> = [
        "tRNS", "iCCP", "sRGB", "gAMA", "cHRM", "sBIT", "pHYs", "cICP", "mDCv", "cLLi", "mDCV", "cLLI",
    ]

    /// Byte counts from walking a PNG's chunk headers (no decompression).
    struct ChunkSummary {
        /// The compressed image data.
        var imageDataBytes = 0
        /// Chunks an optimizer drops, headers and CRCs included.
        var droppedBytes = 0
        /// The dropped chunks by type, in the order first seen: type and total bytes (headers included).
        var droppedByType: [(type: String, count: Int, bytes: Int)] = []
    }

    /// Walks the chunk headers; `nil` when the structure is not a PNG's.
    static func chunks(_ png: [UInt8]) -> ChunkSummary? {
        guard png.count >= 8, png[0] == 0x89, png[1] == 0x50 else { return nil }
        var summary = ChunkSummary()
        var position = 8
        while position + 8 <= png.count {
            let length = Int(png[position]) << 24 | Int(png[position + 1]) << 16 | Int(png[position + 2]) << 8 | Int(png[position + 3])
            let type = String(decoding: png[(position + 4)..<(position + 8)], as: UTF8.self)
            let total = 12 + length
            guard length >= 0, total <= png.count - position else { return nil }
            let isAncillary = png[position + 4] & 0x20 != 0
            if type == "IDAT" {
                summary.imageDataBytes += length
            } else if isAncillary && !keptChunks.contains(type) {
                summary.droppedBytes += total
                if let position = summary.droppedByType.firstIndex(where: { $0.type == type }) {
                    summary.droppedByType[position].count += 1
                    summary.droppedByType[position].bytes += total
                } else {
                    summary.droppedByType.append((type, 1, total))
                }
            }
            if type == "IEND" { break }
            position += total
        }
        return summary
    }
}
