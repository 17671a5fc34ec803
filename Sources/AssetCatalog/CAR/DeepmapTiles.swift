internal import CCARDecoding

/// What deepmap2 (`dmp2`) and the older deepmap-LZFSE (`dmap`) share: tiles, each a `[length (4)][stream]` pair
/// whose stream is LZFSE (`bvx…`) or raw LZVN, and the "predicted" tile layout (mode 2) both use.
///
/// Facts (docs/CAR-FORMAT.md section 4): the public readers viraptor/libdm2 (`deepmap2.md`) and theacrat/scar
/// (`docs/deepmap2.md`) describe mode 2; the samples of ../shared/cars confirmed every detail used here against
/// the LZFSE copies of the same images.
enum DeepmapTiles {
    /// How a decoder lays out the pixels it writes.
    enum Layout {
        /// As CoreUI stores them: premultiplied BGRA, or grey + alpha (2 bytes a pixel).
        case stored
        /// Premultiplied 8-bit RGBA whatever the stored format (grey repeated in red, green and blue): what
        /// ``CARDecoder`` returns, written in the same pass that decodes, so no conversion pass follows.
        case rgba

        /// The bytes a pixel takes in the output for pixels stored in `bytesPerPixel` bytes.
        func outputBytesPerPixel(_ bytesPerPixel: Int) -> Int {
            switch self {
            case .stored: return bytesPerPixel
            case .rgba: return 4
            }
        }
    }

    /// The bytes a predicted (mode 2) tile of `width` × `height` decompresses to: an alpha plane (`width × height`),
    /// one predictor per row (`height`), then a high and a low byte plane of `lanes × width × height` residuals;
    /// the encoder pads the whole to a multiple of 16.
    static func predictedTileSize(width: Int, height: Int, lanes: Int) -> Int {
        height * ((1 + 2 * lanes) * width + 1)
    }

    /// Inflates one tile stream into `scratch` (grown as needed) and returns how many bytes it produced, which must
    /// lie in `minimum...maximum`. LZFSE streams start with `bvx`; anything else is a raw LZVN stream (what the
    /// encoders write for tiles under 4 KiB).
    static func inflate(
        _ stream: CARBytes, minimum: Int, maximum: Int, into scratch: inout [UInt8]
    ) throws(CARError) -> Int {
        if scratch.count < maximum { scratch = [UInt8](repeating: 0, count: maximum) }
        let isLZFSE = stream.count >= 3 && stream.buffer[0] == 0x62 && stream.buffer[1] == 0x76 && stream.buffer[2] == 0x78
        let result = scratch.withUnsafeMutableBytes { output in
            Result { () throws(LZDecoder.Failure) -> Int in
                let target = UnsafeMutableRawBufferPointer(rebasing: output[0..<maximum])
                return isLZFSE ? try LZDecoder.lzfse(stream.buffer, into: target) : try LZDecoder.lzvn(stream.buffer, into: target)
            }
        }
        let written: Int
        do {
            written = try result.get()
        } catch {
            throw CARError(.corruptStream, "\(stream.structure) (\(isLZFSE ? "LZFSE" : "LZVN"))", offset: stream.base, error.rawValue)
        }
        guard written >= minimum else {
            throw stream.error(.corruptStream, at: 0, "the tile stream holds \(written) bytes, the tile needs \(minimum)")
        }
        return written
    }

    /// Decodes a whole record to a new array of `height` rows of `width` pixels (unpadded) with `body`, after checking
    /// the size; what both decoders' public `decode` share.
    static func decodeWhole(
        _ record: CARBytes, width: Int, height: Int, bytesPerPixel: Int,
        _ body: (CARBytes, Int, Int, Int, UnsafeMutableRawBufferPointer, Int, inout [UInt8]) throws(CARError) -> Void
    ) throws(CARError) -> [UInt8] {
        guard width > 0, height > 0, bytesPerPixel == 2 || bytesPerPixel == 4 else {
            throw record.error(.outOfRange, at: 0, "\(width)x\(height) pixels of \(bytesPerPixel) bytes cannot be deepmap")
        }
        let (size, overflow) = width.multipliedReportingOverflow(by: height * bytesPerPixel)
        guard !overflow else { throw record.error(.outOfRange, at: 0, "\(width)x\(height) pixels overflow") }
        var pixels = [UInt8](repeating: 0, count: size)
        var scratch: [UInt8] = []
        try pixels.withMutableBytes { output throws(CARError) in
            try body(record, width, height, bytesPerPixel, output, width * bytesPerPixel, &scratch)
        }
        return pixels
    }

    /// The blob of a record: after the 16-byte prefix (a version, the pixel format, the blob's length as 8 bytes),
    /// checked to start with `tag` and to fit `output` for `height` rows.
    static func blob(
        _ record: CARBytes, tag: String, width: Int, height: Int, bytesPerPixel: Int, layout: Layout, output: UnsafeMutableRawBufferPointer,
        rowBytes: Int
    ) throws(CARError) -> CARBytes {
        let length = try record.u32(8), high = try record.u32(12)
        guard high == 0, length <= UInt32(Int32.max) else {
            throw record.error(.outOfRange, at: 8, "a \(tag) blob of \(UInt64(high) << 32 | UInt64(length)) bytes")
        }
        let blob = try record.slice(16, Int(length), as: "\(tag) blob")
        guard try blob.tag(0) == tag else { throw blob.error(.badMagic, at: 0, "expected the tag \(tag)") }
        let pixelBytes = layout.outputBytesPerPixel(bytesPerPixel)
        guard width > 0, height > 0, rowBytes >= width * pixelBytes, output.count >= rowBytes * (height - 1) + width * pixelBytes else {
            throw blob.error(.outOfRange, at: 0, "the output cannot hold \(width)x\(height) pixels")
        }
        return blob
    }

    /// Reads the `[length (4)][stream]` tile at `offset` of `record`; returns the stream and the offset after it.
    static func tile(_ record: CARBytes, at offset: Int, name: String) throws(CARError) -> (stream: CARBytes, next: Int) {
        let length = Int(try record.u32(offset))
        let stream = try record.slice(offset + 4, length, as: name)
        return (stream, offset + 4 + length)
    }

    /// Copies `height` rows of `width` stored pixels (`bytesPerPixel` 4: BGRA, 2: grey + alpha), packed in `source`,
    /// to rows `rowBytes` apart in `layout`.
    ///
    /// - Precondition: `source` holds `width × height × bytesPerPixel` bytes and `output` `height` rows of `rowBytes`
    ///   from its start, `rowBytes` at least `width` output pixels (the callers check both).
    static func convertRows(
        _ source: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerPixel: Int, layout: Layout,
        into output: UnsafeMutableRawBufferPointer, rowBytes: Int
    ) {
        guard let from = source.baseAddress, let to = output.baseAddress else { return }
        let sourceRow = width * bytesPerPixel
        switch layout {
        case .stored:
            for y in 0..<height { (to + y * rowBytes).copyMemory(from: from + y * sourceRow, byteCount: sourceRow) }
        case .rgba where bytesPerPixel == 4:
            for y in 0..<height {
                let row = from + y * sourceRow, target = to + y * rowBytes
                for x in 0..<width {
                    // Blue and red trade places; green and alpha stay.
                    let pixel = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self))
                    let swapped = pixel & 0xFF00_FF00 | (pixel >> 16) & 0xFF | (pixel & 0xFF) << 16
                    target.storeBytes(of: swapped.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                }
            }
        case .rgba:
            for y in 0..<height {
                let row = from + y * sourceRow, target = to + y * rowBytes
                for x in 0..<width {
                    let pair = UInt32(UInt16(littleEndian: row.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self)))
                    let grey = pair & 0xFF, alpha = pair >> 8
                    target.storeBytes(of: (grey &* 0x01_0101 | alpha << 24).littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                }
            }
        }
    }

    /// Reconstructs a predicted (mode 2) tile into `output` (premultiplied BGRA or grey + alpha as stored, or RGBA as
    /// `layout` says, `rowBytes` apart).
    ///
    /// Each value is predicted from its left neighbour, the one above, both (mean or a gradient choice), or not at all,
    /// as the row's predictor byte says; the residual is stored zigzag-coded in a high and a low byte plane, and
    /// negative residuals are one lower than the true difference. Values are 16-bit and wrap. Colour tiles hold
    /// three lanes per pixel (Y, Co, Cg; a reversible YCoCg transform whose chroma lanes are stored divided by
    /// `1 << chromaShift`); grey tiles one. The alpha plane is stored as it is.
    ///
    /// The work is `CCARDecoding`'s C kernel `ccar_deepmap_reconstruct_predicted` (vectorized loops; the tests hold
    /// it to the plain Swift it replaced, byte for byte), which checks every size again at entry and every
    /// predictor byte before it writes a row.
    ///
    /// `rowsDone`, when given, hears of the tile's rows in bands as they are written, top first.
    ///
    /// - Precondition: `tile` holds at least ``predictedTileSize(width:height:lanes:)`` bytes and `output` holds
    ///   `height` rows of `rowBytes` from its start, with `rowBytes` at least `width` output pixels; the callers
    ///   check both before calling (and the kernel refuses anything else).
    static func reconstructPredicted(
        _ tile: UnsafeRawBufferPointer, width: Int, height: Int, color: Bool, chromaShift: Int, layout: Layout,
        into output: UnsafeMutableRawBufferPointer, rowBytes: Int, rowsDone: ((Range<Int>) -> Void)? = nil
    ) throws(CARError) {
        let lanes = color ? 3 : 1
        let scratchValues = ccar_deepmap_scratch_values(width, lanes)
        guard width > 0, height > 0, scratchValues > 0, let source = tile.baseAddress, let target = output.baseAddress else {
            throw CARError(.outOfRange, "predicted deepmap tile", offset: nil, "a tile of \(width)x\(height) pixels")
        }
        // With `rowsDone`, bands of about 128 KiB of output, each handed over as soon as it is written (read back at
        // once, it is still in the processor's caches); without, the whole tile in one call.
        let band = rowsDone == nil ? height : max(1, (128 << 10) / max(1, rowBytes))
        var badRow = 0
        var status = CCAR_DEEPMAP_OK
        withUnsafeTemporaryAllocation(of: Int16.self, capacity: scratchValues) { scratch in
            var first = 0
            while first < height, status == CCAR_DEEPMAP_OK {
                let end = min(height, first + band)
                status = ccar_deepmap_reconstruct_predicted_rows(
                    source.assumingMemoryBound(to: UInt8.self), tile.count, width, height, color ? 1 : 0,
                    UInt32(truncatingIfNeeded: chromaShift), layout == .rgba ? 1 : 0, first, end, target.assumingMemoryBound(to: UInt8.self),
                    output.count, rowBytes, scratch.baseAddress, scratch.count, &badRow)
                if status == CCAR_DEEPMAP_OK { rowsDone?(first..<end) }
                first = end
            }
        }
        switch status {
        case CCAR_DEEPMAP_OK:
            return
        case CCAR_DEEPMAP_BAD_PREDICTOR:
            let predictor = badRow < height ? tile[width * height + badRow] : 0
            throw CARError(.outOfRange, "predicted deepmap tile", offset: nil, "row \(badRow) names predictor \(predictor), known are 0 to 4")
        default:
            throw CARError(
                .outOfRange, "predicted deepmap tile", offset: nil,
                "\(tile.count) bytes and an output of \(output.count) cannot hold a tile of \(width)x\(height) pixels")
        }
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body that throws ``CARError`` (the standard one rethrows untyped errors).
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws(CARError) -> Result) throws(CARError) -> Result {
        let outcome = withUnsafeBytes { buffer in Swift.Result { () throws(CARError) -> Result in try body(buffer) } }
        return try outcome.get()
    }

    /// `withUnsafeMutableBytes` for a body that throws ``CARError``.
    mutating func withMutableBytes<Result>(_ body: (UnsafeMutableRawBufferPointer) throws(CARError) -> Result) throws(CARError) -> Result {
        let outcome = withUnsafeMutableBytes { buffer in Swift.Result { () throws(CARError) -> Result in try body(buffer) } }
        return try outcome.get()
    }
}
