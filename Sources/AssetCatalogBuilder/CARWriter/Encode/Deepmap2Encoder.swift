/// deepmap2 (MLEC compression 11), the record Xcode writes for images of deployment targets from 2019 on
/// (docs/CAR-FORMAT.md, "Compression as Xcode chooses it"), in the modes without prediction:
///
/// - mode 3: the pixels as stored (B, G, R, A or grey, alpha; premultiplied; rows unpadded) in one LZFSE stream;
/// - mode 4: a palette of at most 256 colours and one 8-bit index per pixel in an LZFSE stream.
///
/// Mode 2 (predicted) is ``Deepmap2PredictedEncoder``'s; every mode shares this type's framing,
/// ``parts(mode:quality:bytesPerPixel:tileWidth:tileHeight:header:streams:)``. The record: 16 bytes (1, bytes per
/// pixel, the length of what follows, 0; 32-bit little-endian), then `dmp2`, the mode, the quality, 10, bytes per
/// pixel (one byte each), the tile's width and height (16 bits each), then for mode 4 the colour count and entry
/// size (2 + 2) and the colours, then each tile's length (4) and stream (modes 3 and 4 here: one tile, the whole
/// image). Established from the Xcode-built cars of `../shared/cars` (Flex, zhihu, Stasis), whose deepmap2
/// renditions assetc's decoder reads back equal to their LZFSE copies; written for assetc.
enum Deepmap2Encoder {
    /// The largest palette mode 4 holds (8-bit indices, as every mode-4 rendition of the samples has).
    static let maximumPaletteColors = 256

    /// The record of `pixels` (`width` × `height` pixels of `bytesPerPixel` bytes, rows unpadded): mode 4 when
    /// `palette` is given (at most 256 colours), else mode 3. `nil` when the size does not fit deepmap2's 16-bit
    /// fields. The record comes as its pieces (``ByteParts``: the stream is not copied into a record of its own).
    static func parts(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, palette: PixelPalette?
    ) -> ByteParts? {
        guard width > 0, height > 0, width <= 0xFFFF, height <= 0xFFFF, pixels.count == width * height * bytesPerPixel else { return nil }
        if let palette, !palette.colors.isEmpty, palette.colors.count <= maximumPaletteColors {
            var colors: [UInt8] = []
            BinaryWriter.appendLE16(&colors, UInt16(palette.colors.count))
            BinaryWriter.appendLE16(&colors, UInt16(bytesPerPixel))
            for color in palette.colors {
                for byte in 0..<bytesPerPixel { colors.append(UInt8(truncatingIfNeeded: color >> UInt32(8 * byte))) }
            }
            let indices = palette.indices.map { UInt8(truncatingIfNeeded: $0) }
            return parts(
                mode: 4, quality: 1, bytesPerPixel: bytesPerPixel, tileWidth: width, tileHeight: height, header: colors,
                streams: [LZFSEEncoder.compress(indices, effort: .thorough)])
        }
        return parts(storedStream: LZFSEEncoder.compress(pixels, effort: .thorough), width: width, height: height, bytesPerPixel: bytesPerPixel)
    }

    /// The pieces of the mode-3 record whose one stream, `storedStream`, is the image's pixels already compressed.
    static func parts(storedStream: [UInt8], width: Int, height: Int, bytesPerPixel: Int) -> ByteParts {
        parts(
            mode: 3, quality: 1, bytesPerPixel: bytesPerPixel, tileWidth: width, tileHeight: height, header: [], streams: [storedStream])
    }

    /// A record of any mode: the 16-byte prefix, the `dmp2` header (`mode`, `quality`, 10, `bytesPerPixel`, the tile
    /// size), `header` (mode 4's colour count, entry size and colours), then each tile's stream after its length, in
    /// row order. What every mode assetc writes shares (``Deepmap2PredictedEncoder`` for mode 2). The record comes
    /// as its pieces: the framing, then each stream as it is, so the streams are copied once, into the rendition's
    /// value.
    ///
    /// - Precondition: the tile size fits 16 bits and `streams` holds one stream per tile.
    static func parts(
        mode: UInt8, quality: UInt8, bytesPerPixel: Int, tileWidth: Int, tileHeight: Int, header: [UInt8], streams: [[UInt8]]
    ) -> ByteParts {
        precondition(tileWidth > 0 && tileWidth <= 0xFFFF && tileHeight > 0 && tileHeight <= 0xFFFF)
        let bodySize = 12 + header.count + streams.reduce(0) { $0 + 4 + $1.count }
        var head: [UInt8] = []
        head.reserveCapacity(32 + header.count)
        for value in [1, bytesPerPixel, bodySize, 0] { BinaryWriter.appendLE32(&head, UInt32(value)) }
        head += Array("dmp2".utf8)
        head += [mode, quality, 10, UInt8(bytesPerPixel)]
        BinaryWriter.appendLE16(&head, UInt16(tileWidth))
        BinaryWriter.appendLE16(&head, UInt16(tileHeight))
        head += header
        return ByteParts(head: head, lengthPrefixed: streams)
    }
}
