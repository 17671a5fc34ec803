/// deepmap-LZFSE, the compression (10) older Xcode versions and macOS system themes use: the first deepmap
/// format, a `dmap` blob in every `KCBC` chunk *(observed; no public description)*.
///
/// A record is a 16-byte prefix (5, the pixel format, the blob's length as 8 bytes) and the blob: `dmap`, mode,
/// quality, a parameter, the pixel format (2 grey + alpha, 4 BGRA), then the tiles: the chunk's rows cut into
/// tiles 256 pixels wide, in row order, each a length (4) and a stream (LZFSE, or raw LZVN for small tiles). Mode 3
/// tiles hold the pixels as they are; mode 2 tiles hold them predicted, in the layout deepmap2's mode 2 uses
/// (`DeepmapTiles.reconstructPredicted`). The blob has no size
/// of its own: the rendition's width and the chunk's rows give it. Established on the Flex and macOS-theme
/// samples of ../shared/cars, whose LZFSE copies of the same images it reproduces (docs/CAR-FORMAT.md section 4).
public enum DeepmapLZFSEDecoder {
    /// The tile size: 256 × 256 pixels, clipped to the image. Every sample chunk has at most 256 rows, so whether a
    /// taller chunk is cut at 256 rows is not established; a tile of another height fails the size check of its stream.
    static let tileSide = 256

    /// Why a record cannot be decoded, judged from its header alone, or `nil` when
    /// `decode(_:width:height:bytesPerPixel:)` handles it (a damaged header also gives `nil`: decoding reports it).
    public static func unsupportedReason(_ record: CARBytes, bytesPerPixel: Int) -> String? {
        guard (try? record.tag(16)) == "dmap", let mode = try? record.u8(20), let quality = try? record.u8(21),
            let format = try? record.u8(23)
        else { return nil }
        guard mode == 2 || mode == 3 else { return "deepmap-lzfse mode \(mode) (only modes 2 and 3 are known)" }
        guard Int(format) == bytesPerPixel else {
            return "deepmap-lzfse pixel format \(format) (\(Deepmap2Decoder.formatName(format))) is not decoded for \(bytesPerPixel)-byte pixels"
        }
        if mode == 2, quality > 1 { return "deepmap-lzfse mode 2 with quality \(quality) (known are 0 and 1)" }
        return nil
    }

    /// Decodes a record held in an array; see `decode(_:width:height:bytesPerPixel:)`.
    public static func decode(_ record: [UInt8], width: Int, height: Int, bytesPerPixel: Int) throws(CARError) -> [UInt8] {
        let result = record.withUnsafeBytes { buffer in
            Result { () throws(CARError) -> [UInt8] in
                try decode(CARBytes(buffer: buffer, base: 0, structure: "deepmap-lzfse record"), width: width, height: height, bytesPerPixel: bytesPerPixel)
            }
        }
        return try result.get()
    }

    /// Decodes one record (one chunk's rows) to `height` rows of `width` pixels as CoreUI stores them: premultiplied
    /// BGRA (`bytesPerPixel` 4) or grey + alpha (2), rows unpadded. Damage throws ``CARError``.
    public static func decode(_ record: CARBytes, width: Int, height: Int, bytesPerPixel: Int) throws(CARError) -> [UInt8] {
        try DeepmapTiles.decodeWhole(record, width: width, height: height, bytesPerPixel: bytesPerPixel) {
            (record, width, height, bytesPerPixel, output, rowBytes, scratch) throws(CARError) in
            try decode(record, width: width, height: height, bytesPerPixel: bytesPerPixel, into: output, rowBytes: rowBytes, scratch: &scratch)
        }
    }

    /// Decodes one record into `output` in `layout`, `rowBytes` apart (the caller sized `output` for `height` rows);
    /// `scratch` holds each tile's stream once inflated, and is kept by the caller from one record to the next; a row
    /// of tiles `wanted` turns down (rows counted from the record's top) is walked past, its output left as it was;
    /// `finished` hears of each row of tiles once written, top first.
    static func decode(
        _ record: CARBytes, width: Int, height: Int, bytesPerPixel: Int, layout: DeepmapTiles.Layout = .stored,
        into output: UnsafeMutableRawBufferPointer, rowBytes: Int, scratch: inout [UInt8], wanted: ((Range<Int>) -> Bool)? = nil,
        finished: ((Range<Int>) -> Void)? = nil
    ) throws(CARError) {
        if let reason = unsupportedReason(record, bytesPerPixel: bytesPerPixel) {
            throw record.error(.outOfRange, at: 20, reason)
        }
        let blob = try DeepmapTiles.blob(
            record, tag: "dmap", width: width, height: height, bytesPerPixel: bytesPerPixel, layout: layout, output: output,
            rowBytes: rowBytes)
        let pixelBytes = layout.outputBytesPerPixel(bytesPerPixel)
        let mode = try blob.u8(4), quality = Int(try blob.u8(5))
        let columns = (width + tileSide - 1) / tileSide, rows = (height + tileSide - 1) / tileSide
        guard columns * rows <= (blob.count - 8) / 4 else {
            throw blob.error(.truncated, at: 8, "\(columns * rows) tiles do not fit in \(blob.count) bytes")
        }
        var at = 8
        for row in 0..<rows {
            let y = row * tileSide
            let isWanted = wanted?(y..<min(height, y + tileSide)) ?? true
            for column in 0..<columns {
                let x = column * tileSide
                let tileWidth = min(tileSide, width - x), tileHeight = min(tileSide, height - y)
                let (stream, next) = try DeepmapTiles.tile(blob, at: at, name: "deepmap-lzfse tile \(row * columns + column)")
                guard isWanted else {
                    at = next
                    continue
                }
                let target = UnsafeMutableRawBufferPointer(rebasing: output[(y * rowBytes + x * pixelBytes)...])
                if mode == 3 {
                    let needed = tileWidth * tileHeight * bytesPerPixel
                    _ = try DeepmapTiles.inflate(stream, minimum: needed, maximum: (needed + 15) & ~15, into: &scratch)
                    scratch.withUnsafeBytes {
                        DeepmapTiles.convertRows(
                            $0, width: tileWidth, height: tileHeight, bytesPerPixel: bytesPerPixel, layout: layout, into: target, rowBytes: rowBytes)
                    }
                } else {
                    let needed = DeepmapTiles.predictedTileSize(width: tileWidth, height: tileHeight, lanes: bytesPerPixel == 4 ? 3 : 1)
                    _ = try DeepmapTiles.inflate(stream, minimum: needed, maximum: (needed + 15) & ~15, into: &scratch)
                    try scratch.withBytes { buffer throws(CARError) in
                        try DeepmapTiles.reconstructPredicted(
                            buffer, width: tileWidth, height: tileHeight, color: bytesPerPixel == 4, chromaShift: quality, layout: layout, into: target,
                            rowBytes: rowBytes)
                    }
                }
                at = next
            }
            if isWanted { finished?(y..<min(height, y + tileSide)) }
        }
        guard at == blob.count else {
            throw blob.error(.outOfRange, at: at, "\(blob.count - at) bytes follow the last of \(columns * rows) tiles")
        }
    }
}
