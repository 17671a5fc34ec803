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
        guard (try? record.tag(16)) == "dmp2", let mode = try? record.u8(20), let quality = try? record.u8(21),
            let format = try? record.u8(23)
        else { return nil }
        guard (1...4).contains(mode) else { return "deepmap2 mode \(mode) is not a known deepmap2 mode" }
        guard Int(format) == bytesPerPixel else {
            return "deepmap2 pixel format \(format) (\(Self.formatName(format))) is not decoded for \(bytesPerPixel)-byte pixels"
        }
        if mode == 2, quality > 1 { return "deepmap2 mode 2 with quality \(quality) (known are 0 and 1)" }
        if mode == 4, format != 4 { return "deepmap2 palette (mode 4) of pixel format \(format)" }
        return nil
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
            (record, width, height, bytesPerPixel, output, rowBytes) throws(CARError) in
            try decode(record, width: width, height: height, bytesPerPixel: bytesPerPixel, into: output, rowBytes: rowBytes)
        }
    }

    /// Decodes one record into `output`, `rowBytes` apart (the caller sized `output` for `height` rows).
    static func decode(
        _ record: CARBytes, width: Int, height: Int, bytesPerPixel: Int, into output: UnsafeMutableRawBufferPointer, rowBytes: Int
    ) throws(CARError) {
        if let reason = unsupportedReason(record, bytesPerPixel: bytesPerPixel) {
            throw record.error(.outOfRange, at: 20, reason)
        }
        let blob = try DeepmapTiles.blob(
            record, tag: "dmp2", width: width, height: height, bytesPerPixel: bytesPerPixel, output: output, rowBytes: rowBytes)
        let mode = try blob.u8(4), quality = Int(try blob.u8(5))
        let tileWidth = Int(try blob.u16(8)), tileHeight = Int(try blob.u16(10))
        guard tileWidth > 0, tileHeight > 0 else { throw blob.error(.outOfRange, at: 8, "a tile of \(tileWidth)x\(tileHeight) pixels") }
        switch mode {
        case 1:
            // No compression, no tiles: the pixels follow the header, rows unpadded.
            let pixels = try blob.slice(12, width * height * bytesPerPixel, as: "deepmap2 pixels (mode 1)")
            copyRows(pixels.buffer, width: width * bytesPerPixel, height: height, into: output, rowBytes: rowBytes)
        case 2, 3:
            try decodeTiles(
                blob, from: 12, width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight,
                bytesPerPixel: bytesPerPixel, into: output, rowBytes: rowBytes
            ) { (tile, tileWidth, tileHeight, scratch, target) throws(CARError) in
                if mode == 3 {
                    let needed = tileWidth * tileHeight * bytesPerPixel
                    _ = try DeepmapTiles.inflate(tile, minimum: needed, maximum: (needed + 15) & ~15, into: &scratch)
                    scratch.withUnsafeBytes { copyRows($0, width: tileWidth * bytesPerPixel, height: tileHeight, into: target, rowBytes: rowBytes) }
                } else {
                    let needed = DeepmapTiles.predictedTileSize(width: tileWidth, height: tileHeight, lanes: bytesPerPixel == 4 ? 3 : 1)
                    _ = try DeepmapTiles.inflate(tile, minimum: needed, maximum: (needed + 15) & ~15, into: &scratch)
                    try scratch.withBytes { buffer throws(CARError) in
                        try DeepmapTiles.reconstructPredicted(
                            buffer, width: tileWidth, height: tileHeight, color: bytesPerPixel == 4, chromaShift: quality, into: target,
                            rowBytes: rowBytes)
                    }
                }
            }
        case 4:
            try decodePalette(blob, width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight, into: output, rowBytes: rowBytes)
        default:
            throw blob.error(.outOfRange, at: 4, "deepmap2 mode \(mode)")
        }
    }

    /// Mode 4: a colour count (1–256) and entry size (4: the colour's four bytes are the pixel; 3: the pixel takes
    /// its alpha from an alpha plane the tile stores before the indices), the colours (4 bytes each, premultiplied
    /// BGRA), then tiles of one index byte per pixel.
    private static func decodePalette(
        _ blob: CARBytes, width: Int, height: Int, tileWidth: Int, tileHeight: Int, into output: UnsafeMutableRawBufferPointer, rowBytes: Int
    ) throws(CARError) {
        let count = Int(try blob.u16(12)), entrySize = Int(try blob.u16(14))
        guard (1...256).contains(count), entrySize == 3 || entrySize == 4 else {
            throw blob.error(.outOfRange, at: 12, "a palette of \(count) colours of \(entrySize) bytes (known: 1 to 256 colours of 3 or 4 bytes)")
        }
        let colors = try blob.slice(16, 4 * count, as: "deepmap2 palette")
        try decodeTiles(
            blob, from: 16 + 4 * count, width: width, height: height, tileWidth: tileWidth, tileHeight: tileHeight, bytesPerPixel: 4,
            into: output, rowBytes: rowBytes
        ) { (tile, tileWidth, tileHeight, scratch, target) throws(CARError) in
            let pixelCount = tileWidth * tileHeight
            let needed = entrySize == 4 ? pixelCount : 2 * pixelCount
            _ = try DeepmapTiles.inflate(tile, minimum: needed, maximum: (needed + 15) & ~15, into: &scratch)
            try scratch.withBytes { buffer throws(CARError) in
                let indices = entrySize == 4 ? 0 : pixelCount
                let base = target.baseAddress!.assumingMemoryBound(to: UInt8.self)
                for y in 0..<tileHeight {
                    let row = base + y * rowBytes
                    for x in 0..<tileWidth {
                        let at = y * tileWidth + x
                        let index = Int(buffer[indices + at])
                        guard index < count else {
                            throw tile.error(.outOfRange, at: 0, "colour index \(index) of a \(count)-colour palette")
                        }
                        row[4 * x] = colors.buffer[4 * index]
                        row[4 * x + 1] = colors.buffer[4 * index + 1]
                        row[4 * x + 2] = colors.buffer[4 * index + 2]
                        row[4 * x + 3] = entrySize == 4 ? colors.buffer[4 * index + 3] : buffer[at]
                    }
                }
            }
        }
    }

    /// Walks the tiles in row order from `offset` of `blob`, each clipped to the image, handing each stream, its
    /// size, a scratch buffer and the output at its top-left corner to `body`.
    private static func decodeTiles(
        _ blob: CARBytes, from offset: Int, width: Int, height: Int, tileWidth: Int, tileHeight: Int, bytesPerPixel: Int,
        into output: UnsafeMutableRawBufferPointer, rowBytes: Int,
        _ body: (CARBytes, Int, Int, inout [UInt8], UnsafeMutableRawBufferPointer) throws(CARError) -> Void
    ) throws(CARError) {
        let columns = (width + tileWidth - 1) / tileWidth, rows = (height + tileHeight - 1) / tileHeight
        // Each tile takes at least its 4-byte length: a grid the blob cannot hold is refused before the walk.
        guard columns * rows <= (blob.count - offset) / 4 else {
            throw blob.error(.truncated, at: offset, "\(columns * rows) tiles of \(tileWidth)x\(tileHeight) do not fit in \(blob.count) bytes")
        }
        var scratch: [UInt8] = []
        var at = offset
        for row in 0..<rows {
            for column in 0..<columns {
                let x = column * tileWidth, y = row * tileHeight
                let (stream, next) = try DeepmapTiles.tile(blob, at: at, name: "deepmap2 tile \(row * columns + column)")
                let target = UnsafeMutableRawBufferPointer(rebasing: output[(y * rowBytes + x * bytesPerPixel)...])
                try body(stream, min(tileWidth, width - x), min(tileHeight, height - y), &scratch, target)
                at = next
            }
        }
    }

    /// Copies `height` rows of `width` bytes, packed in `source`, to rows `rowBytes` apart.
    static func copyRows(_ source: UnsafeRawBufferPointer, width: Int, height: Int, into output: UnsafeMutableRawBufferPointer, rowBytes: Int) {
        guard let from = source.baseAddress, let to = output.baseAddress else { return }
        for y in 0..<height { (to + y * rowBytes).copyMemory(from: from + y * width, byteCount: width) }
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
