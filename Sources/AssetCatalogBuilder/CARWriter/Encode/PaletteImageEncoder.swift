/// palette-img (MLEC compression 8), what Xcode writes for colour images of 2018 deployment targets (docs/CAR-FORMAT.md,
/// "Compression as Xcode chooses it"): one LZFSE stream of the magic `0xCAFEF00D`, version 1 (32-bit), the colour count
/// (16-bit), the colours (alpha, red, green, blue; premultiplied; 4 bytes each) and one index per pixel of 1, 2, 4, 8 or
/// 16 bits, packed from the most significant bit of 16-bit little-endian words, each row starting on a new word.
/// Established from the Xcode-built cars of `../shared/cars` (zhihu, Flex), whose palette-img renditions assetc's
/// decoder reads back equal to their LZFSE copies; written for assetc.
enum PaletteImageEncoder {
    /// The most colours palette-img holds (16-bit indices).
    static let maximumColors = 65536

    /// The most colours Xcode gives an image in palette-img for a 2018 target; with more it writes deepmap-LZFSE. Every
    /// palette-img rendition of Flex's and zhihu's 2018 copies has at most 1,022 colours, and of the two colour bitmaps
    /// Flex keeps in deepmap-LZFSE one has 1,134 (the other, 688 colours, is the one copy this rule does not give:
    /// 25 of 26 colour bitmaps; docs/CAR-FORMAT.md). 1,024 is the boundary of 10-bit indices, inferred.
    static let colorLimit2018 = 1024

    /// The bits per index for `colorCount` colours in rows of `width` pixels: the fewest that hold the indices, then,
    /// where a wider index gives rows of the same size, the widest (the reader, finding the width from the size,
    /// tries 16, 8, 4, 2 and 1 in that order).
    static func indexBits(colorCount: Int, width: Int) -> Int {
        let fewest = [1, 2, 4, 8, 16].first { colorCount <= 1 << $0 } ?? 16
        let stride = rowBytes(width: width, bits: fewest)
        return [16, 8, 4, 2, 1].first { $0 >= fewest && rowBytes(width: width, bits: $0) == stride } ?? fewest
    }

    static func rowBytes(width: Int, bits: Int) -> Int { 2 * ((width * bits + 15) / 16) }

    /// The compressed record of `palette` for a `width` × `height` bitmap whose stored pixels are `bytesPerPixel` bytes
    /// (4: B, G, R, A; 2: grey, alpha). `nil` when the palette is empty or too large.
    static func record(_ palette: PixelPalette, width: Int, height: Int, bytesPerPixel: Int) -> [UInt8]? {
        let count = palette.colors.count
        guard count > 0, count <= maximumColors, width > 0, height > 0, palette.indices.count == width * height else { return nil }
        let bits = indexBits(colorCount: count, width: width)
        let stride = rowBytes(width: width, bits: bits)
        var data: [UInt8] = []
        data.reserveCapacity(10 + 4 * count + stride * height)
        BinaryWriter.appendLE32(&data, 0xCAFE_F00D)
        BinaryWriter.appendLE32(&data, 1)
        // 65,536 colours need 16-bit indices; the count field wraps to 0 there, which no reader could tell from none.
        guard count <= 0xFFFF else { return nil }
        BinaryWriter.appendLE16(&data, UInt16(count))
        for color in palette.colors {
            let (blue, green, red, alpha): (UInt8, UInt8, UInt8, UInt8)
            if bytesPerPixel == 4 {
                blue = UInt8(truncatingIfNeeded: color)
                green = UInt8(truncatingIfNeeded: color >> 8)
                red = UInt8(truncatingIfNeeded: color >> 16)
                alpha = UInt8(truncatingIfNeeded: color >> 24)
            } else {
                blue = UInt8(truncatingIfNeeded: color)
                green = blue
                red = blue
                alpha = UInt8(truncatingIfNeeded: color >> 8)
            }
            data += [alpha, red, green, blue]
        }
        let rowsStart = data.count
        data += repeatElement(0, count: stride * height)
        palette.indices.withUnsafeBufferPointer { indices in
            data.withUnsafeMutableBufferPointer { buffer in
                for y in 0..<height {
                    let row = rowsStart + y * stride
                    for x in 0..<width {
                        let index = UInt32(indices[y * width + x])
                        let bit = x * bits
                        let wordAt = row + 2 * (bit / 16)
                        // From the word's most significant bit down; the word is stored little-endian.
                        let shifted = index << UInt32(16 - bits - bit % 16)
                        buffer[wordAt] |= UInt8(truncatingIfNeeded: shifted)
                        buffer[wordAt + 1] |= UInt8(truncatingIfNeeded: shifted >> 8)
                    }
                }
            }
        }
        return LZFSEEncoder.compress(data, effort: .thorough)
    }
}
