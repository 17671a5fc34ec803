/// deepmap2, the compression (11) Xcode 12 and later write for most bitmaps: a `dmp2` blob whose pixels are stored
/// raw, predicted (mode 2), LZFSE-compressed as they are (mode 3) or as palette indices (mode 4), in horizontal
/// tiles.
///
/// A record (what an `MLEC` bitmap or one `KCBC` chunk holds) is a 16-byte prefix (1, the pixel format, the blob's
/// length as 8 bytes) and the blob: `dmp2`, mode, quality, a parameter, the pixel format (2 grey + alpha, 4 BGRA),
/// tile width and height (2 + 2). Then, for mode 1, the pixels; for mode 4, a colour count and entry size (2 + 2)
/// and the colours (4 bytes each); and for modes 2–4, the tiles in row order, each a length (4) and a stream.
/// docs/CAR-FORMAT.md section 4 gives the sources and the sample cars that show each mode.
public enum Deepmap2Decoder {
    /// Why a record cannot be decoded, judged from its header alone (a mode or pixel format this decoder does not
    /// know), or `nil` when `decode(_:width:height:bytesPerPixel:)` handles it. A damaged header also gives `nil`:
    /// decoding reports the damage.
    public static func unsupportedReason(_ record: CARBytes, bytesPerPixel: Int) -> String? {
        guard bytesPerPixel == 2 || bytesPerPixel == 4 else { return "deepmap2 of \(bytesPerPixel)-byte pixels" }
        return unsupportedReason(record, format: UInt8(bytesPerPixel))
    }

    /// Why a record cannot be decoded to pixels of deepmap pixel-format code `format` (2 grey + alpha, 4 BGRA, 0x12
    /// 16-bit grey + alpha, 0x14 16-bit RGBA; the rendition's pixel format gives it), judged from its header alone,
    /// or `nil`. The 16-bit codes are decoded in modes 1 and 3 only, which keep the pixels as stored.
    static func unsupportedReason(_ record: CARBytes, format expected: UInt8) -> String? {
        guard (try? record.tag(16)) == "dmp2", let mode = try? record.u8(20), let quality = try? record.u8(21),
            let format = try? record.u8(23)
        else { return nil }
        guard (1...4).contains(mode) else { return "deepmap2 mode \(mode) is not a known deepmap2 mode" }
        guard format == expected else {
            return "deepmap2 pixel format \(format) (\(Self.formatName(format))) is not decoded for a rendition of \(Self.formatName(expected)) pixels"
        }
        if format > 4, mode == 2 || mode == 4 {
            // scar decodes mode 2 of 16-bit pixels only approximately (±1 against CoreUI, its docs/deepmap2.md section 6)
            // and no sample car holds one: not guessed.
            return "deepmap2 mode \(mode) of \(Self.formatName(format)) pixels is not decoded (its layout is not established)"
        }
        if mode == 2, quality > 1 { return "deepmap2 mode 2 with quality \(quality) (known are 0 and 1)" }
        if mode == 4, format != 4 { return "deepmap2 palette (mode 4) of pixel format \(format)" }
        return nil
    }

    /// Decodes one record of 16-bit pixels (deepmap pixel format `format`, 0x12 or 0x14; modes 1 and 3) to `height` rows
    /// of `width` pixels of `bytesPerPixel` bytes as CoreUI stores them, rows unpadded; every length checked as in
    /// `decode(_:width:height:bytesPerPixel:)`.
    static func decodeStored(
        _ record: CARBytes, width: Int, height: Int, format: UInt8, bytesPerPixel: Int, scratch: inout [UInt8]
    ) throws(CARError) -> [UInt8] {
        let (size, overflow) = width.multipliedReportingOverflow(by: height * bytesPerPixel)
        guard width > 0, height > 0, !overflow else { throw record.error(.outOfRange, at: 0, "\(width)x\(height) pixels of \(bytesPerPixel) bytes") }
        var failure: CARError?
        // Not zeroed (as the 8-bit path): a header's size costs no memory until the record's tiles are written, and
        // every byte is written when decoding succeeds (mode 1 copies every pixel, the tiles cover the image).
        let pixels = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            initialized = 0
            do throws(CARError) {
                try decode(
                    record, width: width, height: height, bytesPerPixel: bytesPerPixel, format: format,
                    into: UnsafeMutableRawBufferPointer(buffer), rowBytes: width * bytesPerPixel, scratch: &scratch)
                initialized = size
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return pixels
    }

    /// Decodes a record held in an array; see `decode(_:width:height:bytesPerPixel:)`.
    public static func decode(_ record: [UInt8], width: Int, height: Int, bytesPerPixel: Int) throws(CARError) -> [UInt8] {
        let result = record.withUnsafeBytes { buffer in
            Result { () throws(CARError) -> [UInt8] in
                try decode(CARBytes(buffer: buffer, base: 0, structure: "deepmap2 record"), width: width, height: height, bytesPerPixel: bytesPerPixel)
            }
        }
        return try result.get()
    }

    /// Decodes one record to `height` rows of `width` pixels as CoreUI stores them: premultiplied BGRA
    /// (`bytesPerPixel` 4) or grey + alpha (2), rows unpadded.
    ///
    /// Every length, tile and count is checked against the record, and every tile stream against the size its tile
    /// needs, before anything is written; damage and modes ``unsupportedReason(_:bytesPerPixel:)`` names throw
    /// ``CARError``.
    public static func decode(_ record: CARBytes, width: Int, height: Int, bytesPerPixel: Int) throws(CARError) -> [UInt8] {
        try DeepmapTiles.decodeWhole(record, width: width, height: height, bytesPerPixel: bytesPerPixel) {
            (record, width, height, bytesPerPixel, output, rowBytes, scratch) throws(CARError) in
            try decode(record, width: width, height: height, bytesPerPixel: bytesPerPixel, into: output, rowBytes: rowBytes, scratch: &scratch)
        }
    }

    /// Decodes one record into `output` in `layout`, `rowBytes` apart (the caller sized `output` for `height` rows);
    /// `scratch` holds each tile's stream once inflated, and is kept by the caller from one record to the next.
    ///
    /// With `wanted`, a row of tiles whose rows (counted from the record's top) it turns down is neither inflated
    /// nor written: its lengths are still walked and checked, its pixels in `output` are left as they were.
    /// `finished` hears of each range of rows once every pixel of it is written, top first, while the rows are still
    /// in the processor's caches (what lets `assetc diff` checksum crops as an atlas is decoded).
    static func decode(
        _ record: CARBytes, width: Int, height: Int, bytesPerPixel: Int, format: UInt8? = nil, layout: DeepmapTiles.Layout = .stored,
        into output: UnsafeMutableRawBufferPointer, rowBytes: Int, scratch: inout [UInt8], wanted: ((Range<Int>) -> Bool)? = nil,
        finished: ((Range<Int>) -> Void)? = nil
    ) throws(CARError) {
        // The record's format code: the 8-bit codes equal the pixel's size; 16-bit pixels name theirs (and are stored only).
        guard format == nil || layout == .stored, format != nil || bytesPerPixel == 2 || bytesPerPixel == 4 else {
            throw record.error(.outOfRange, at: 0, "deepmap2 of \(bytesPerPixel)-byte pixels")
        }
        if let reason = unsupportedReason(record, format: format ?? UInt8(bytesPerPixel)) {
            throw record.error(.outOfRange, at: 20, reason)
        }
        let blob = try DeepmapTiles.blob(
            record, tag: "dmp2", width: width, height: height, bytesPerPixel: bytesPerPixel, layout: layout, output: output,
            rowBytes: rowBytes)
        let mode = try blob.u8(4), quality = Int(try blob.u8(5))
        let tileWidth = Int(try blob.u16(8)), tileHeight = Int(try blob.u16(10))
        guard tileWidth > 0, tileHeight > 0 else { throw blob.error(.outOfRange, at: 8, "a tile of \(tileWidth)x\(tileHeight) pixels") }
        let pixelBytes = layout.outputBytesPerPixel(bytesPerPixel)
        switch mode {
        case 1:
            // No compression, no tiles: the pixels follow the header, rows unpadded.
            let pixels = try blob.slice(12, width * height * bytesPerPixel, as: "deepmap2 pixels (mode 1)")
            DeepmapTiles.convertRows(pixels.buffer, width: width, height: height, bytesPerPixel: bytesPerPixel, layout: layout, into: output, rowBytes: rowBytes)
            finished?(0..<height)
        case 2, 3:
            try decodeTiles(
                blob, from: 12, width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight,
                pixelBytes: pixelBytes, into: output, rowBytes: rowBytes, scratch: &scratch, wanted: wanted, finished: finished
            ) { (tile, tileWidth, tileHeight, scratch, target, rowsDone) throws(CARError) in
                if mode == 3 {
                    let needed = tileWidth * tileHeight * bytesPerPixel
                    _ = try DeepmapTiles.inflate(tile, minimum: needed, maximum: (needed + 15) & ~15, into: &scratch)
                    scratch.withUnsafeBytes {
                        DeepmapTiles.convertRows(
                            $0, width: tileWidth, height: tileHeight, bytesPerPixel: bytesPerPixel, layout: layout, into: target, rowBytes: rowBytes)
                    }
                } else {
                    let needed = DeepmapTiles.predictedTileSize(width: tileWidth, height: tileHeight, lanes: bytesPerPixel == 4 ? 3 : 1)
                    _ = try DeepmapTiles.inflate(tile, minimum: needed, maximum: (needed + 15) & ~15, into: &scratch)
                    try scratch.withBytes { buffer throws(CARError) in
                        try DeepmapTiles.reconstructPredicted(
                            buffer, width: tileWidth, height: tileHeight, color: bytesPerPixel == 4, chromaShift: quality, layout: layout,
                            into: target, rowBytes: rowBytes, rowsDone: rowsDone)
                    }
                }
            }
        case 4:
            try decodePalette(
                blob, width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight, layout: layout, into: output, rowBytes: rowBytes,
                scratch: &scratch, wanted: wanted, finished: finished)
        default:
            throw blob.error(.outOfRange, at: 4, "deepmap2 mode \(mode)")
        }
    }

    /// Mode 4: a colour count (1–256) and entry size (4: the colour's four bytes are the pixel; 3: the pixel takes
    /// its alpha from an alpha plane the tile stores before the indices), the colours (4 bytes each, premultiplied
    /// BGRA), then tiles of one index byte per pixel.
    private static func decodePalette(
        _ blob: CARBytes, width: Int, height: Int, tileWidth: Int, tileHeight: Int, layout: DeepmapTiles.Layout,
        into output: UnsafeMutableRawBufferPointer, rowBytes: Int, scratch: inout [UInt8], wanted: ((Range<Int>) -> Bool)?,
        finished: ((Range<Int>) -> Void)?
    ) throws(CARError) {
        let count = Int(try blob.u16(12)), entrySize = Int(try blob.u16(14))
        guard (1...256).contains(count), entrySize == 3 || entrySize == 4 else {
            throw blob.error(.outOfRange, at: 12, "a palette of \(count) colours of \(entrySize) bytes (known: 1 to 256 colours of 3 or 4 bytes)")
        }
        let colors = try blob.slice(16, 4 * count, as: "deepmap2 palette")
        // The colours as the output's pixels (one 32-bit store each); with 3-byte entries alpha comes from the plane.
        var table = [UInt32](repeating: 0, count: 256)
        for index in 0..<count {
            let stored = UInt32(littleEndian: colors.buffer.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
            let pixel = layout == .rgba ? stored & 0xFF00_FF00 | (stored >> 16) & 0xFF | (stored & 0xFF) << 16 : stored
            table[index] = entrySize == 4 ? pixel : pixel & 0x00FF_FFFF
        }
        try table.withUnsafeBufferPointer { table throws(CARError) in
            try decodeTiles(
                blob, from: 16 + 4 * count, width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight, pixelBytes: 4,
                into: output, rowBytes: rowBytes, scratch: &scratch, wanted: wanted, finished: finished
            ) { (tile, tileWidth, tileHeight, scratch, target, _) throws(CARError) in
                let pixelCount = tileWidth * tileHeight
                let needed = entrySize == 4 ? pixelCount : 2 * pixelCount
                _ = try DeepmapTiles.inflate(tile, minimum: needed, maximum: (needed + 15) & ~15, into: &scratch)
                try scratch.withBytes { buffer throws(CARError) in
                    let alpha = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    let indices = entrySize == 4 ? alpha : alpha + pixelCount
                    // Every index is checked before any is used (one pass the compiler vectorises), so the lookups
                    // below need no check of their own.
                    var largest: UInt8 = 0
                    for at in 0..<pixelCount { largest = max(largest, indices[at]) }
                    guard Int(largest) < count else {
                        throw tile.error(.outOfRange, at: 0, "colour index \(largest) of a \(count)-colour palette")
                    }
                    let base = target.baseAddress!
                    for y in 0..<tileHeight {
                        let row = base + y * rowBytes, rowIndices = indices + y * tileWidth
                        if entrySize == 4 {
                            for x in 0..<tileWidth {
                                row.storeBytes(of: table[Int(rowIndices[x])].littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                            }
                        } else {
                            let rowAlpha = alpha + y * tileWidth
                            for x in 0..<tileWidth {
                                let pixel = table[Int(rowIndices[x])] | UInt32(rowAlpha[x]) << 24
                                row.storeBytes(of: pixel.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Walks the tiles in row order from `offset` of `blob`, each clipped to the image, handing each stream, its
    /// size, the scratch buffer and the output at its top-left corner (`pixelBytes` an output pixel) to `body`;
    /// tiles in a row `wanted` turns down are walked past; `finished` hears of each row of tiles written. Where a
    /// tile spans the whole width, `body` also gets a function to report bands of the tile's rows as it writes them
    /// (`nil` otherwise); rows it does not report are reported when the tile is done.
    private static func decodeTiles(
        _ blob: CARBytes, from offset: Int, width: Int, height: Int, tileWidth: Int, tileHeight: Int, pixelBytes: Int,
        into output: UnsafeMutableRawBufferPointer, rowBytes: Int, scratch: inout [UInt8], wanted: ((Range<Int>) -> Bool)?,
        finished: ((Range<Int>) -> Void)?,
        _ body: (CARBytes, Int, Int, inout [UInt8], UnsafeMutableRawBufferPointer, ((Range<Int>) -> Void)?) throws(CARError) -> Void
    ) throws(CARError) {
        let columns = (width + tileWidth - 1) / tileWidth, rows = (height + tileHeight - 1) / tileHeight
        // Each tile takes at least its 4-byte length: a grid the blob cannot hold is refused before the walk.
        guard columns * rows <= (blob.count - offset) / 4 else {
            throw blob.error(.truncated, at: offset, "\(columns * rows) tiles of \(tileWidth)x\(tileHeight) do not fit in \(blob.count) bytes")
        }
        var at = offset
        for row in 0..<rows {
            let y = row * tileHeight
            let isWanted = wanted?(y..<min(height, y + tileHeight)) ?? true
            // The rows of this row of tiles reported so far (by the tile itself, when it spans the width).
            var reported = y
            for column in 0..<columns {
                let x = column * tileWidth
                let (stream, next) = try DeepmapTiles.tile(blob, at: at, name: "deepmap2 tile \(row * columns + column)")
                guard isWanted else {
                    at = next
                    continue
                }
                let target = UnsafeMutableRawBufferPointer(rebasing: output[(y * rowBytes + x * pixelBytes)...])
                let rowsDone = columns == 1 ? finished.map { finished in
                    { (rows: Range<Int>) in
                        finished((y + rows.lowerBound)..<(y + rows.upperBound))
                        reported = y + rows.upperBound
                    }
                } : nil
                try body(stream, min(tileWidth, width - x), min(tileHeight, height - y), &scratch, target, rowsDone)
                at = next
            }
            if isWanted, reported < min(height, y + tileHeight) { finished?(reported..<min(height, y + tileHeight)) }
        }
    }

    /// A name for a deepmap pixel-format code (libdm2's table).
    static func formatName(_ format: UInt8) -> String {
        switch format {
        case 1: return "grey"
        case 2: return "grey + alpha"
        case 3: return "RGB"
        case 4: return "BGRA"
        case 0x11: return "16-bit grey"
        case 0x12: return "16-bit grey + alpha"
        case 0x13: return "16-bit RGB"
        case 0x14: return "16-bit RGBA"
        default: return "unknown"
        }
    }
}
