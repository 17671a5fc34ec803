/// deepmap2 (MLEC compression 11), the record Xcode writes for images of deployment targets from 2019 on
/// (docs/CAR-FORMAT.md, "Compression as Xcode chooses it"), in the two modes assetc's reader decodes:
///
/// - mode 3: the pixels as stored (B, G, R, A or grey, alpha; premultiplied; rows unpadded) in one LZFSE stream;
/// - mode 4: a palette of at most 256 colours and one 8-bit index per pixel in an LZFSE stream.
///
/// The record: 16 bytes (1, bytes per pixel, the length of what follows, 0; 32-bit little-endian), then `dmp2`, the
/// mode, 1, 10, bytes per pixel (one byte each), width and height (16 bits each), then for mode 3 the stream's
/// length (4) and the stream; for mode 4 the colour count and entry size (2 + 2), the colours, the stream's
/// length (4) and the stream. Established from the Xcode-built cars of `../shared/cars` (Flex, zhihu, Stasis),
/// whose deepmap2 renditions assetc's decoder reads back equal to their LZFSE copies; written for assetc.
enum Deepmap2Encoder {
    /// The largest palette mode 4 holds (8-bit indices, as every mode-4 rendition of the samples has).
    static let maximumPaletteColors = 256

    /// The record of `pixels` (`width` × `height` pixels of `bytesPerPixel` bytes, rows unpadded): mode 4 when
    /// `palette` is given (at most 256 colours), else mode 3. `nil` when the size does not fit deepmap2's 16-bit
    /// fields.
    static func record(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, palette: PixelPalette?
    ) -> [UInt8]? {
        guard width > 0, height > 0, width <= 0xFFFF, height <= 0xFFFF, pixels.count == width * height * bytesPerPixel else { return nil }
        var body: [UInt8] = []
        body += Array("dmp2".utf8)
        if let palette, !palette.colors.isEmpty, palette.colors.count <= maximumPaletteColors {
            body += [4, 1, 10, UInt8(bytesPerPixel)]
            BinaryWriter.appendLE16(&body, UInt16(width))
            BinaryWriter.appendLE16(&body, UInt16(height))
            BinaryWriter.appendLE16(&body, UInt16(palette.colors.count))
            BinaryWriter.appendLE16(&body, UInt16(bytesPerPixel))
            for color in palette.colors {
                for byte in 0..<bytesPerPixel { body.append(UInt8(truncatingIfNeeded: color >> UInt32(8 * byte))) }
            }
            let indices = palette.indices.map { UInt8(truncatingIfNeeded: $0) }
            let stream = LZFSEEncoder.compress(indices)
            BinaryWriter.appendLE32(&body, UInt32(stream.count))
            body += stream
        } else {
            body += [3, 1, 10, UInt8(bytesPerPixel)]
            BinaryWriter.appendLE16(&body, UInt16(width))
            BinaryWriter.appendLE16(&body, UInt16(height))
            let stream = LZFSEEncoder.compress(pixels)
            BinaryWriter.appendLE32(&body, UInt32(stream.count))
            body += stream
        }
        var record: [UInt8] = []
        record.reserveCapacity(16 + body.count)
        for value in [1, bytesPerPixel, body.count, 0] { BinaryWriter.appendLE32(&record, UInt32(value)) }
        return record + body
    }
}
