internal import CCAREncoding

/// deepmap2 mode 2 ("predicted"), lossless (quality 0): what a predictor removes from photographs and from noisy or
/// smooth artwork with many colours, where mode 3 (the pixels in LZFSE) keeps nearly every bit
/// (docs/CAR-FORMAT.md, section 4 and "Compression as Xcode chooses it").
///
/// Each tile (full-width bands of at most ``tileBytes`` before compression, each predicted from nothing above its
/// first row, as the decoder reads it) is one LZFSE stream of:
///
/// - the alpha plane, one byte per pixel, as stored;
/// - one predictor per row: 0 none, 1 gradient, 2 left, 3 up, 4 mean; this encoder takes, per row, the one whose
///   residuals have the smallest sum of magnitudes (a cheap stand-in for their entropy);
/// - the high bytes, then the low bytes, of each value's zig-zag residual (`2d` for `d ≥ 0`, `2|d| + 1` below), in
///   16-bit lanes: 3 per pixel for BGRA (a reversible YCoCg of the first three bytes, chroma not shifted: quality 0
///   keeps every bit), 1 for grey + alpha (the grey byte).
///
/// The per-row work (lane values, predictor costs, residual planes) is `CCAREncoding`'s C kernel
/// `ccar_deepmap2_predicted_tile`, which the compiler vectorizes, in an AVX2 form where the CPU has it (``KernelForm``);
/// this type checks every pointer and length it hands it. Tests hold every form to the plain Swift it replaced, byte
/// for byte.
///
/// The decoder this mirrors is the reader's `Deepmap2Decoder` (tests decode every record this writes pixel-exact);
/// the format's facts come from the public readers viraptor/libdm2 and theacrat/scar and Xcode's cars (section 4).
/// Written for assetc; Xcode's own mode-2 deepmap2 records in the samples are quality 1 (lossy chroma), which assetc's
/// deepmap2 records are not (the same kernel writes quality 1 for ``DeepmapLZFSEEncoder``, as Xcode's Icon Composer
/// layers have it).
enum Deepmap2PredictedEncoder {
    /// A tile's bytes before compression at most (a band of one row when a row is larger): about what Xcode's
    /// tiles hold (the Stasis sample's 800-pixel photograph is cut after 373 rows, 2.1 MB), and a bound on the
    /// memory one image takes whatever its size.
    static let tileBytes = 2 << 20

    /// The record of `pixels` (`width` × `height` pixels of `bytesPerPixel` bytes: 4 premultiplied B, G, R, A or 2
    /// grey, alpha; rows unpadded), in bands of as many rows as fit `tileBytes` before compression (at least one),
    /// or `nil` when the size does not fit deepmap2's 16-bit fields. The record comes as its pieces (``ByteParts``:
    /// the tiles' streams are not copied into a record of their own).
    static func parts(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, tileBytes: Int = tileBytes
    ) -> ByteParts? {
        guard fits(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel) else { return nil }
        let tileHeight = tileHeight(width: width, height: height, bytesPerPixel: bytesPerPixel, tileBytes: tileBytes)
        let rowBytes = tileRowBytes(width: width, bytesPerPixel: bytesPerPixel)
        // One buffer for every tile of the image: each is compressed before the next is built; freed before the
        // record is assembled, so the two are never held together.
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: tileHeight * rowBytes)
        var streams: [[UInt8]] = []
        var top = 0
        while top < height {
            let rows = top..<min(top + tileHeight, height)
            let tile = UnsafeMutableBufferPointer(rebasing: buffer[0..<(rows.count * rowBytes)])
            fill(tile, from: pixels, width: width, rows: rows, bytesPerPixel: bytesPerPixel)
            streams.append(LZFSEEncoder.compress(UnsafeBufferPointer(tile)))
            top = rows.upperBound
        }
        buffer.deallocate()
        return parts(streams: streams, width: width, tileHeight: tileHeight, bytesPerPixel: bytesPerPixel)
    }

    /// The pieces of the record of tiles already compressed (`streams`, bands of `tileHeight` rows, the last one
    /// possibly fewer).
    static func parts(streams: [[UInt8]], width: Int, tileHeight: Int, bytesPerPixel: Int) -> ByteParts {
        Deepmap2Encoder.parts(
            mode: 2, quality: 0, bytesPerPixel: bytesPerPixel, tileWidth: width, tileHeight: tileHeight, header: [], streams: streams)
    }

    /// Whether `pixels` is an image deepmap2 holds: a size that fits its 16-bit fields, 2 or 4 bytes per pixel, and
    /// exactly the bytes the size takes.
    static func fits(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int) -> Bool {
        width > 0 && height > 0 && width <= 0xFFFF && height <= 0xFFFF && (bytesPerPixel == 2 || bytesPerPixel == 4)
            && pixels.count == width * height * bytesPerPixel
    }

    /// The rows of one tile: as many as fit `tileBytes` before compression, at least one, at most the image's.
    static func tileHeight(width: Int, height: Int, bytesPerPixel: Int, tileBytes: Int = tileBytes) -> Int {
        min(height, max(1, tileBytes / tileRowBytes(width: width, bytesPerPixel: bytesPerPixel)))
    }

    /// The bytes one row takes in a tile: its alpha, its predictor, two bytes per lane value.
    static func tileRowBytes(width: Int, bytesPerPixel: Int) -> Int {
        (1 + 2 * lanes(bytesPerPixel)) * width + 1
    }

    /// Lanes per pixel: Y, Co, Cg for BGRA; grey for grey + alpha.
    static func lanes(_ bytesPerPixel: Int) -> Int { bytesPerPixel == 4 ? 3 : 1 }

    /// The compiled forms of the C kernel: the same bytes from each, so the car does not depend on the CPU.
    enum KernelForm: CaseIterable {
        /// The package's baseline target (SSE2 on x86-64).
        case baseline
        /// AVX2, on x86-64 CPUs that have it (chosen there when no form is asked for).
        case avx2
    }

    /// One tile before compression: rows `rows` of `pixels`, predicted from zeros above the first
    /// (`DeepmapTiles.predictedTileSize` bytes, unpadded).
    static func tile(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, rows: Range<Int>, bytesPerPixel: Int, chromaShift: Int = 0) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: rows.count * tileRowBytes(width: width, bytesPerPixel: bytesPerPixel)) { tile, count in
            fill(tile, from: pixels, width: width, rows: rows, bytesPerPixel: bytesPerPixel, chromaShift: chromaShift)
            count = tile.count
        }
    }

    /// ``tile(_:width:rows:bytesPerPixel:)`` by the kernel's form `form`, or `nil` when this CPU has no such form
    /// (for tests that hold the forms to each other).
    static func tile(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, rows: Range<Int>, bytesPerPixel: Int, chromaShift: Int = 0, form: KernelForm
    ) -> [UInt8]? {
        var available = true
        let tile = [UInt8](unsafeUninitializedCapacity: rows.count * tileRowBytes(width: width, bytesPerPixel: bytesPerPixel)) { tile, count in
            available = fill(tile, from: pixels, width: width, rows: rows, bytesPerPixel: bytesPerPixel, chromaShift: chromaShift, form: form)
            count = available ? tile.count : 0
        }
        return available ? tile : nil
    }

    /// Writes the tile of rows `rows` of `pixels` into `tile`, every byte of it (the C kernel's work, in the form
    /// `form` when given, else the best this CPU runs; the lengths checked here, since the kernel trusts them).
    /// `chromaShift` is the record's quality: 0 lossless (what assetc's deepmap2 records are), 1 the chroma lanes
    /// halved toward zero (Xcode's quality-1 records, which ``DeepmapLZFSEEncoder`` writes as Xcode does).
    /// Returns `false` (nothing written) only when `form` is not available on this CPU.
    ///
    /// - Precondition: 2 or 4 bytes per pixel, `width` > 0, `rows` non-empty and inside `pixels` (rows of `width`
    ///   pixels), `tile` exactly the tile's size.
    @discardableResult
    static func fill(
        _ tile: UnsafeMutableBufferPointer<UInt8>, from pixels: UnsafeBufferPointer<UInt8>, width: Int, rows: Range<Int>, bytesPerPixel: Int,
        chromaShift: Int = 0, form: KernelForm? = nil
    ) -> Bool {
        precondition(bytesPerPixel == 2 || bytesPerPixel == 4, "deepmap2 mode 2 takes 2 or 4 bytes per pixel")
        precondition(chromaShift == 0 || chromaShift == 1, "quality 0 or 1")
        precondition(width > 0 && width <= 0xFFFF && !rows.isEmpty && rows.lowerBound >= 0, "a tile of at least one pixel")
        let sourceRowBytes = width * bytesPerPixel
        let (end, overflow) = rows.upperBound.multipliedReportingOverflow(by: sourceRowBytes)
        precondition(!overflow && end <= pixels.count, "the tile's rows lie inside the image")
        precondition(tile.count == rows.count * tileRowBytes(width: width, bytesPerPixel: bytesPerPixel), "the tile's size")
        let scratchValues = ccar_deepmap2_scratch_values(width, bytesPerPixel)
        return withUnsafeTemporaryAllocation(of: Int16.self, capacity: scratchValues) { scratch in
            let source = pixels.baseAddress! + rows.lowerBound * sourceRowBytes
            let status: Int32
            switch form {
            case nil:
                status = ccar_deepmap2_predicted_tile(source, width, rows.count, bytesPerPixel, UInt32(chromaShift), scratch.baseAddress!, tile.baseAddress!)
            case .baseline?:
                status = ccar_deepmap2_predicted_tile_using(
                    CCAR_DEEPMAP2_BASELINE, source, width, rows.count, bytesPerPixel, UInt32(chromaShift), scratch.baseAddress!, tile.baseAddress!)
            case .avx2?:
                status = ccar_deepmap2_predicted_tile_using(
                    CCAR_DEEPMAP2_AVX2, source, width, rows.count, bytesPerPixel, UInt32(chromaShift), scratch.baseAddress!, tile.baseAddress!)
            }
            // -2: the form asked for is not on this CPU (nothing written).
            precondition(status == 0 || (status == -2 && form != nil), "the kernel refused arguments checked above")
            return status == 0
        }
    }
}
