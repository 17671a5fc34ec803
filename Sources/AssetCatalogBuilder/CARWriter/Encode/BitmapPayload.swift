/// The compressed `MLEC` payload of a bitmap's stored pixels, in the compression ``BitmapCompression`` names: deepmap2
/// (``Deepmap2Encoder`` for modes 3 and 4, ``Deepmap2PredictedEncoder`` for mode 2, ``Deepmap2ModeChoice`` between
/// them), palette-img (``PaletteImageEncoder``), or rows in `KCBC` chunks of LZFSE (``LZFSEEncoder``) or raw LZVN
/// (``LZVNEncoder``) streams, or of deepmap-LZFSE records (``DeepmapLZFSEEncoder``).
enum BitmapPayload {
    /// Compression numbers in MLEC (CoreUI's numbering, as the reader lists them).
    static let compressionLZVN: UInt32 = 3
    static let compressionLZFSE: UInt32 = 4
    static let compressionPaletteImage: UInt32 = 8
    static let compressionDeepmapLZFSE: UInt32 = 10
    static let compressionDeepmap2: UInt32 = 11

    /// A bitmap of at most this many bytes goes in one `KCBC` chunk.
    static let chunkBytes = 128 * 1024

    /// How many rows go in each `KCBC` chunk (the last takes what is left): all of them up to ``chunkBytes``, else a
    /// third of the rows, as Xcode splits heliport's icons (512 rows: 170, 170, 170 and 2; 256 rows: 85, 85, 85 and 1).
    /// Fewer, larger chunks compress better: each LZFSE stream starts with no history to match.
    static func rowsPerChunk(rowBytes: Int, height: Int) -> Int {
        rowBytes * height <= chunkBytes ? max(1, height) : max(1, height / 3)
    }

    /// A payload and the bytes per row (info tag 1007) Xcode writes beside it.
    struct Encoded {
        /// The payload, `MLEC` header included, as its pieces (``ByteParts``): the compressed streams are copied once,
        /// into the value the caller joins them into.
        var parts: ByteParts
        /// For deepmap2, deepmap-LZFSE and palette-img, which hold no rows of pixels, the width × 4 rounded up to 32
        /// bytes, grey (`GA8`) images too, as in Flex's, Stasis', zhihu's, cubeSQL's and SwiftUITestProject1's cars (all
        /// 85 such images of Xcode 11 to 26, and MediaMate's two atlases; the older macOS theme, CoreUI 499, pads to 64
        /// instead). For LZFSE, the rows as stored, padded to ``lzfseRowAlignment``; for LZVN, the rows unpadded.
        var bytesPerRow: Int
    }

    /// LZFSE bitmaps' rows are padded with zeros to a multiple of this many bytes, as Xcode 11 to 26 store them: the
    /// LZFSE bitmaps and atlases of Flex, MediaMate, SwiftUITestProject1, cubeSQL and sudoku (37 of 37 whose rows are
    /// not already a multiple, every padding byte zero). Xcode 13's heliport pads to 64; GlassKit's LZVN rows are unpadded.
    static let lzfseRowAlignment = 32

    /// The payload of `pixels`, `width` × `height` pixels of `bytesPerPixel` bytes (4: B, G, R, A; 2: grey, alpha;
    /// premultiplied; rows unpadded), or `nil` when `compression` cannot hold them (LZVN that does not shrink a chunk):
    /// the caller stores them uncompressed then, as it does when the payload is larger.
    static func make(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, compression: BitmapCompression
    ) -> Encoded? {
        let noRows = (width * 4 + 31) / 32 * 32
        switch compression {
        case .deepmap2:
            // Xcode's palette mode is for colour images only (no grey rendition of the samples uses it).
            let palette = bytesPerPixel == 4 ? PixelPalette(pixels, bytesPerPixel: 4, limit: Deepmap2Encoder.maximumPaletteColors) : nil
            // Beyond a palette: mode 2 where a trial on sampled rows finds the predictor pays (Deepmap2ModeChoice).
            let record =
                palette == nil
                ? Deepmap2ModeChoice.parts(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel)
                : Deepmap2Encoder.parts(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, palette: palette)
            if let record {
                return Encoded(parts: single(record, compression: compressionDeepmap2), bytesPerRow: noRows)
            }
            return lzfseRows(pixels, rowBytes: width * bytesPerPixel, height: height)
        case .paletteImage:
            // A 2018 target, as Flex's and zhihu's 2018 copies hold their bitmaps (no LZFSE among them): colour images of
            // at most 1,024 colours in palette-img, the rest — grey ones, colour ones with more colours — in
            // deepmap-LZFSE.
            if bytesPerPixel == 4, let palette = PixelPalette(pixels, bytesPerPixel: 4, limit: PaletteImageEncoder.colorLimit2018),
                let record = PaletteImageEncoder.record(palette, width: width, height: height, bytesPerPixel: 4)
            {
                return Encoded(parts: single(ByteParts(record), compression: compressionPaletteImage), bytesPerRow: noRows)
            }
            return Encoded(
                parts: deepmapLZFSE(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, exact: false), bytesPerRow: noRows)
        case .lzfse:
            return lzfseRows(pixels, rowBytes: width * bytesPerPixel, height: height)
        case .lzvn:
            let rowBytes = width * bytesPerPixel
            return chunked(pixels, rowBytes: rowBytes, height: height, lzvn: true).map { Encoded(parts: $0, bytesPerRow: rowBytes) }
        case .deepmapLZFSE:
            return Encoded(
                parts: deepmapLZFSE(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, exact: true), bytesPerRow: noRows)
        }
    }

    /// The rows in LZFSE chunks, each padded with zeros to ``lzfseRowAlignment`` bytes first.
    private static func lzfseRows(_ pixels: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int) -> Encoded? {
        let padded = (rowBytes + lzfseRowAlignment - 1) / lzfseRowAlignment * lzfseRowAlignment
        guard padded != rowBytes else {
            return chunked(pixels, rowBytes: rowBytes, height: height, lzvn: false).map { Encoded(parts: $0, bytesPerRow: rowBytes) }
        }
        let rows = [UInt8](unsafeUninitializedCapacity: padded * height) { buffer, initialized in
            buffer.initialize(repeating: 0)
            for row in 0..<height {
                let source = UnsafeBufferPointer(rebasing: pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
                _ = UnsafeMutableBufferPointer(rebasing: buffer[(row * padded)..<(row * padded + rowBytes)]).initialize(fromContentsOf: source)
            }
            initialized = buffer.count
        }
        return rows.withUnsafeBufferPointer { rows in
            chunked(rows, rowBytes: padded, height: height, lzvn: false).map { Encoded(parts: $0, bytesPerRow: padded) }
        }
    }

    /// deepmap-LZFSE in bands cut as LZFSE's chunks are (cubeSQL's 384 rows: three of 128), each band one record in the
    /// mode that comes out smaller, predicted unless the plain pixels are strictly smaller: Xcode's choice on 134 of the
    /// 138 bands of the Flex, macOS-theme and cubeSQL samples, each decoded and encoded both ways with the thorough
    /// effort (the other four are within 9% either way; docs/CAR-FORMAT.md).
    ///
    /// `exact` (an Icon Composer layer: a few bitmaps) encodes every band both ways, thoroughly. Otherwise (a 2018
    /// target's images: a whole catalog) a band of more than `Deepmap2ModeChoice.wholeTrialPixels` is judged by that
    /// type's trial on sampled rows and encoded once, its predicted tiles with the fast effort: an iOS 12 compile of
    /// the benchmark catalog would otherwise take twice as long (docs/PERFORMANCE.md).
    private static func deepmapLZFSE(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, exact: Bool
    ) -> ByteParts {
        let rowBytes = width * bytesPerPixel
        let rowsPerBand = rowsPerChunk(rowBytes: rowBytes, height: height)
        let predictedEffort: LZFSEEncoder.Effort = exact ? .thorough : .fast
        let bands = stride(from: 0, to: height, by: rowsPerBand).map { top in
            let rows = min(rowsPerBand, height - top)
            let band = UnsafeBufferPointer(rebasing: pixels[(top * rowBytes)..<((top + rows) * rowBytes)])
            func record(_ mode: DeepmapLZFSEEncoder.Mode) -> ByteParts {
                DeepmapLZFSEEncoder.record(band, width: width, height: rows, bytesPerPixel: bytesPerPixel, mode: mode, predictedEffort: predictedEffort)
            }
            if exact || width * rows <= Deepmap2ModeChoice.wholeTrialPixels {
                let predicted = record(.predicted), plain = record(.plain)
                return (rows: rows, record: plain.count < predicted.count ? plain : predicted)
            }
            let predictedPays = Deepmap2ModeChoice.prefersPredicted(
                band, width: width, height: rows, bytesPerPixel: bytesPerPixel, chromaShift: Int(DeepmapLZFSEEncoder.quality))
            return (rows: rows, record: record(predictedPays ? .predicted : .plain))
        }
        return chunks(bands, compression: compressionDeepmapLZFSE)
    }

    /// The 16 bytes that open an `MLEC` payload: the tag, `flags` (0: one record follows; 1: chunks follow), the
    /// compression and `count` (the record's length, or the chunk count).
    private static func mlecHeader(flags: UInt32, compression: UInt32, count: Int) -> [UInt8] {
        var header: [UInt8] = []
        header.reserveCapacity(16)
        BinaryWriter.appendFourCC(&header, "CELM")
        BinaryWriter.appendLE32(&header, flags)
        BinaryWriter.appendLE32(&header, compression)
        BinaryWriter.appendLE32(&header, UInt32(count))
        return header
    }

    /// An `MLEC` header without chunks (flags 0), then `record`.
    private static func single(_ record: ByteParts, compression: UInt32) -> ByteParts {
        var payload = ByteParts(mlecHeader(flags: 0, compression: compression, count: record.count))
        payload.append(record)
        return payload
    }

    /// The rows in `KCBC` chunks (``rowsPerChunk(rowBytes:height:)``; flag 1, the chunk count), each an LZFSE stream, or a raw
    /// LZVN stream when `lzvn` (then `nil` when a chunk does not shrink: a raw stream has no stored blocks).
    private static func chunked(_ pixels: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, lzvn: Bool) -> ByteParts? {
        var rowsPerChunk = rowsPerChunk(rowBytes: rowBytes, height: height)
        if lzvn {
            // A raw LZVN stream is one encoder block (at most LZVNEncoder.blockSize bytes in): a third of a 1024-pixel
            // App Store icon (1.4 MB) is more, and the icon was stored uncompressed (4.2 MB) for iOS 8 targets. Such
            // a bitmap gets as many more chunks as its rows need. How Xcode chunks an LZVN bitmap this large is not
            // established (the one LZVN sample, GlassKit's, is from an older Xcode that halves every bitmap).
            rowsPerChunk = min(rowsPerChunk, max(1, LZVNEncoder.blockSize / max(1, rowBytes)))
        }
        var chunks: [(rows: Int, stream: [UInt8])] = []
        var row = 0
        while row < height {
            let rows = min(rowsPerChunk, height - row)
            let slice = UnsafeBufferPointer(rebasing: pixels[(row * rowBytes)..<((row + rows) * rowBytes)])
            if lzvn {
                guard let stream = LZVNEncoder.rawStream(compressing: slice) else { return nil }
                chunks.append((rows, stream))
            } else {
                chunks.append((rows, LZFSEEncoder.compress(slice, effort: .thorough)))
            }
            row += rows
        }
        return Self.chunks(chunks.map { ($0.rows, ByteParts($0.stream)) }, compression: lzvn ? compressionLZVN : compressionLZFSE)
    }

    /// An `MLEC` header with chunks (flag 1, the chunk count), then each chunk: `KCBC`, two zeros, its rows and its
    /// length, then its bytes.
    private static func chunks(_ chunks: [(rows: Int, record: ByteParts)], compression: UInt32) -> ByteParts {
        var header = mlecHeader(flags: 1, compression: compression, count: chunks.count)
        var payload = ByteParts()
        for chunk in chunks {
            BinaryWriter.appendFourCC(&header, "CBCK")
            BinaryWriter.appendLE32(&header, 0)
            BinaryWriter.appendLE32(&header, 0)
            BinaryWriter.appendLE32(&header, UInt32(chunk.rows))
            BinaryWriter.appendLE32(&header, UInt32(chunk.record.count))
            payload.append(header)
            payload.append(chunk.record)
            header = []
        }
        if !header.isEmpty { payload.append(header) }
        return payload
    }

}
