import AssetCatalog
import AssetCatalogBuilder

/// The file a compiled symbol is kept in (`symbol-<digest>.symbol`, docs/COMPILE-CACHE.md, "Symbols"): the magic, the
/// key, the glyphs (weight, size, value), the bitmap caches (weight, size, dimension 2, scale, premultiplied, width,
/// height, pixels), and the digest of all of it. Every count, size and number is checked before use, so a damaged file
/// is a ``CacheDamage``, never a crash or a wrong symbol.
enum SymbolCodec {
    static let magic = "ACSYM001"
    /// The largest side of a bitmap cache read back (the caches are glyphs drawn at 17 points and 2x at most: tens of
    /// pixels).
    static let largestSide: UInt32 = 1 << 14
    /// A glyph's weights (1 ultralight … 9 black) and sizes (1 small … 3 large).
    static let weights = 1...9
    static let sizes = 1...3

    static func encode(_ symbol: CompiledSymbol, key: UInt64) -> [UInt8] {
        var writer = CacheWriter(magic: magic)
        writer.add(key)
        writer.add(UInt32(symbol.glyphs.count))
        for glyph in symbol.glyphs {
            writer.add(UInt8(truncatingIfNeeded: glyph.weight))
            writer.add(UInt8(truncatingIfNeeded: glyph.size))
            writer.add(glyph.value)
        }
        writer.add(UInt32(symbol.bitmaps.count))
        for bitmap in symbol.bitmaps {
            writer.add(UInt8(truncatingIfNeeded: bitmap.weight))
            writer.add(UInt8(truncatingIfNeeded: bitmap.size))
            writer.add(UInt8(truncatingIfNeeded: bitmap.dimension2))
            writer.add(UInt8(truncatingIfNeeded: bitmap.scale))
            writer.add(UInt8(bitmap.image.premultiplied ? 1 : 0))
            writer.add(UInt32(bitmap.image.width))
            writer.add(UInt32(bitmap.image.height))
            writer.add(bitmap.image.pixels)
        }
        writer.seal()
        return writer.bytes
    }

    /// Whether `decode` gives back all of `symbol` from what `encode` writes: numbers in their ranges, and 8-bit pixels (a 16-bit drawing is not
    /// kept; none is made today).
    static func canEncode(_ symbol: CompiledSymbol) -> Bool {
        symbol.glyphs.allSatisfy { weights.contains($0.weight) && sizes.contains($0.size) && $0.value.count <= Int(UInt32.max) }
            && symbol.bitmaps.allSatisfy { bitmap in
                weights.contains(bitmap.weight) && sizes.contains(bitmap.size) && (0..<3).contains(bitmap.dimension2)
                    && (1...3).contains(bitmap.scale) && bitmap.image.pixels16 == nil && bitmap.image.width <= Int(largestSide) && bitmap.image.height <= Int(largestSide)
            }
    }

    static func decode(_ bytes: [UInt8]) throws(CacheDamage) -> (key: UInt64, symbol: CompiledSymbol) {
        var reader = try CacheReader(bytes, magic: magic)
        let key = try reader.u64("the symbol's key")
        let glyphCount = try reader.count("the number of glyphs", minimumSize: 6)
        var glyphs: [CompiledSymbol.Glyph] = []
        glyphs.reserveCapacity(glyphCount)
        for _ in 0..<glyphCount {
            let start = reader.position
            let weight = Int(try reader.u8("a glyph's weight"))
            let size = Int(try reader.u8("a glyph's size"))
            guard weights.contains(weight), sizes.contains(size) else {
                throw CacheDamage(what: "a glyph's weight or size (\(weight), \(size)) is none a symbol has", offset: start)
            }
            glyphs.append(CompiledSymbol.Glyph(weight: weight, size: size, value: try reader.raw("a glyph's value")))
        }
        let bitmapCount = try reader.count("the number of bitmap caches", minimumSize: 17)
        var bitmaps: [CompiledSymbol.Bitmap] = []
        bitmaps.reserveCapacity(bitmapCount)
        for _ in 0..<bitmapCount {
            let numbers = reader.position
            let weight = Int(try reader.u8("a bitmap's weight"))
            let size = Int(try reader.u8("a bitmap's size"))
            let dimension2 = Int(try reader.u8("a bitmap's point size"))
            let scale = Int(try reader.u8("a bitmap's scale"))
            guard weights.contains(weight), sizes.contains(size), (0..<3).contains(dimension2), (1...3).contains(scale) else {
                throw CacheDamage(what: "a bitmap's weight, size, point size or scale is none a symbol's cache has", offset: numbers)
            }
            let premultiplied = try reader.u8("a bitmap's alpha flag") == 1
            let start = reader.position
            let width = try reader.u32("a bitmap's width")
            let height = try reader.u32("a bitmap's height")
            guard width <= largestSide, height <= largestSide else {
                throw CacheDamage(what: "a bitmap's size (\(width) × \(height)) is larger than a symbol's caches", offset: start)
            }
            let pixels = try reader.raw("a bitmap's pixels")
            // Both sides are at most 2^14, so the product fits.
            guard pixels.count == Int(width) * Int(height) * 4 else {
                throw CacheDamage(what: "a bitmap's pixels do not fill its size", offset: start)
            }
            let image = DecodedImage(width: Int(width), height: Int(height), premultiplied: premultiplied, pixels: pixels)
            bitmaps.append(CompiledSymbol.Bitmap(weight: weight, size: size, dimension2: dimension2, scale: scale, image: image))
        }
        guard reader.isAtEnd else { throw CacheDamage(what: "bytes follow the last bitmap cache", offset: reader.position) }
        return (key, CompiledSymbol(glyphs: glyphs, bitmaps: bitmaps))
    }
}
