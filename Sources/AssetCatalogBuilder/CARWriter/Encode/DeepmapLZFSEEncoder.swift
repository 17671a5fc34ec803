/// deepmap-LZFSE (MLEC compression 10), the first deepmap format, as Xcode writes it: for the bitmap layers of an Icon
/// Composer icon (Xcode 26.2, the cubeSQL sample of `../shared/cars`) and a 2018 target's grey and many-coloured
/// images (Flex), quality 1, in `KCBC` bands (`BitmapPayload` cuts them and picks each band's mode).
///
/// A band's record is what the reader's `DeepmapLZFSEDecoder` reads (docs/CAR-FORMAT.md section 4): a 16-byte prefix
/// (5 and the bytes per pixel as 32-bit words, then the blob's length as a 64-bit one) and the blob: `dmap`, the mode
/// (``Mode``: 2 predicted, 3 plain), the quality (1), 10, the bytes per pixel, then the band cut into tiles of at most
/// 256 × 256 pixels in row order, each a length (4) and a stream of the tile — deepmap2's predicted layout
/// (`Deepmap2PredictedEncoder`'s kernel) or its pixels: LZFSE, or raw LZVN where that is smaller (Xcode's tiles of a
/// few hundred bytes are raw LZVN).
///
/// Quality 1 is lossy: the chroma lanes (Co and Cg of the reversible YCoCg of B, G, R) are stored halved, toward zero,
/// and the decoder doubles them, so a colour may come back one step off in blue or green (never in red or alpha). That
/// is what Xcode's record holds: cubeSQL's `icon_384.png`, encoded this way and decoded, gives every one of the 96,511
/// visible pixels Xcode's car gives (the change docs/CAR-FORMAT.md had put down to colour management).
enum DeepmapLZFSEEncoder {
    /// The side of a tile (the last column and row of tiles narrower), as the decoder cuts a band.
    static let tileSide = 256
    /// The quality byte: 1, the chroma halved (every `dmap` record of the samples has it).
    static let quality: UInt8 = 1

    /// How a record holds its tiles.
    enum Mode: UInt8, CaseIterable, Sendable {
        /// The predicted layout of deepmap2's mode 2, chroma halved (lossy for colour, lossless for grey).
        case predicted = 2
        /// The pixels as they are (lossless).
        case plain = 3
    }

    /// The record of one band: `width` × `height` pixels of `bytesPerPixel` bytes (4: premultiplied B, G, R, A; 2: grey,
    /// alpha; rows unpadded) in `mode`, as its pieces (the tiles' streams are not copied into a record of their own).
    /// Predicted tiles are compressed with `predictedEffort` (plain ones always with the thorough effort): thorough for
    /// the few bitmaps where the last bytes count, fast (as deepmap2's predicted tiles) for a whole catalog's.
    ///
    /// - Precondition: 2 or 4 bytes per pixel, a size of at least one pixel, and `pixels` exactly that size.
    static func record(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, mode: Mode = .predicted,
        predictedEffort: LZFSEEncoder.Effort = .thorough
    ) -> ByteParts {
        precondition(bytesPerPixel == 2 || bytesPerPixel == 4, "deepmap-LZFSE takes 2 or 4 bytes per pixel")
        precondition(width > 0 && height > 0 && pixels.count == width * height * bytesPerPixel, "the band's size")
        var streams: [[UInt8]] = []
        // One buffer for a tile's pixels, gathered from the band's rows (a tile narrower than the band is not
        // contiguous in it).
        let gathered = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: min(width, tileSide) * min(height, tileSide) * bytesPerPixel)
        defer { gathered.deallocate() }
        for top in stride(from: 0, to: height, by: tileSide) {
            let rows = min(tileSide, height - top)
            for left in stride(from: 0, to: width, by: tileSide) {
                let columns = min(tileSide, width - left)
                let rowBytes = columns * bytesPerPixel
                for row in 0..<rows {
                    let from = ((top + row) * width + left) * bytesPerPixel
                    UnsafeMutableRawPointer(gathered.baseAddress! + row * rowBytes)
                        .copyMemory(from: pixels.baseAddress! + from, byteCount: rowBytes)
                }
                let tilePixels = UnsafeBufferPointer(rebasing: gathered[0..<(rows * rowBytes)])
                switch mode {
                case .predicted:
                    let predicted = Deepmap2PredictedEncoder.tile(
                        tilePixels, width: columns, rows: 0..<rows, bytesPerPixel: bytesPerPixel, chromaShift: Int(quality))
                    streams.append(stream(predicted, effort: predictedEffort))
                case .plain:
                    streams.append(stream(Array(tilePixels), effort: .thorough))
                }
            }
        }
        let blobLength = 8 + streams.reduce(0) { $0 + 4 + $1.count }
        var head: [UInt8] = []
        BinaryWriter.appendLE32(&head, 5)
        BinaryWriter.appendLE32(&head, UInt32(bytesPerPixel))
        BinaryWriter.appendLE32(&head, UInt32(truncatingIfNeeded: blobLength))
        BinaryWriter.appendLE32(&head, UInt32(truncatingIfNeeded: UInt64(blobLength) >> 32))
        head += Array("dmap".utf8)
        head += [mode.rawValue, quality, 10, UInt8(bytesPerPixel)]
        return ByteParts(head: head, lengthPrefixed: streams)
    }

    /// A tile's stream: LZFSE, or a raw LZVN stream (no block header or end mark; the decoder takes any stream that does
    /// not start with `bvx` as one) where that is smaller, as Xcode stores its tiles of few bytes.
    static func stream(_ tile: [UInt8], effort: LZFSEEncoder.Effort) -> [UInt8] {
        let lzfse = LZFSEEncoder.compress(tile, effort: effort)
        // The LZVN trial stops once it has lost (most tiles of more than a few KB): the same choice, at a fraction of
        // the trial's work.
        guard let raw = tile.withUnsafeBufferPointer({ LZVNEncoder.rawStream(compressing: $0, shorterThan: lzfse.count) }),
            raw.count < lzfse.count
        else { return lzfse }
        return raw
    }

}
