import AssetCatalog

/// What a symbol set's template compiles to, whatever the platform: one rendition value per glyph (weight × size), and
/// the bitmap caches drawn from its regular glyphs. It is a function of the symbol's name and the
/// template's bytes alone (``key(name:templateBytes:)``), so a compile cache keeps it between compiles
/// (``CompiledSymbolStore``): interpolating, spelling and compressing 27 glyphs and drawing 12 bitmaps took most of a
/// symbol catalog's rebuild.
public struct CompiledSymbol: Sendable, Hashable {
    /// One glyph: its weight (1 ultralight … 9 black), its size (1 small, 2 medium, 3 large) and its rendition value.
    public struct Glyph: Sendable, Hashable {
        /// The glyph weight, 1 (ultralight) to 9 (black).
        public var weight: Int
        /// The glyph size, 1 (small) to 3 (large).
        public var size: Int
        /// The whole rendition value (CSI header, info tags, the LZFSE-compressed SVG document).
        public var value: [UInt8]

        /// Creates a glyph.
        public init(weight: Int, size: Int, value: [UInt8]) {
            self.weight = weight
            self.size = size
            self.value = value
        }
    }

    /// One bitmap cache: a glyph drawn in black at a point size (by dimension 2) and a scale.
    public struct Bitmap: Sendable, Hashable {
        /// The weight of the glyph drawn.
        public var weight: Int
        /// The size of the glyph drawn.
        public var size: Int
        /// The point size's number (0, 1, 2 for 11, 13 and 17 points).
        public var dimension2: Int
        /// The scale it is drawn at (1 or 2).
        public var scale: Int
        /// The drawing (premultiplied RGBA).
        public var image: DecodedImage

        /// Creates a bitmap cache.
        public init(weight: Int, size: Int, dimension2: Int, scale: Int, image: DecodedImage) {
            self.weight = weight
            self.size = size
            self.dimension2 = dimension2
            self.scale = scale
            self.image = image
        }
    }

    /// Every glyph the template gives, in the order the compile writes them.
    public var glyphs: [Glyph]
    /// The bitmap caches, in the order the compile makes them.
    public var bitmaps: [Bitmap]

    /// Creates a compiled symbol.
    public init(glyphs: [Glyph], bitmaps: [Bitmap]) {
        self.glyphs = glyphs
        self.bitmaps = bitmaps
    }

    /// The key a store keeps the symbol called `name` compiled from `templateBytes` under: a digest of both (the
    /// store adds what else decides the bytes, such as the tool's version).
    public static func key(name: String, templateBytes: [UInt8]) -> UInt64 {
        var bytes: [UInt8] = Array("symbol\0".utf8)
        BinaryWriter.appendLE32(&bytes, UInt32(truncatingIfNeeded: name.utf8.count))
        bytes += name.utf8
        bytes += templateBytes
        return ContentHash.hash(bytes)
    }
}

/// Where a compile keeps what symbols compile to between compiles (the compile cache,
/// `AssetCatalogCompileCache`), by ``CompiledSymbol/key(name:templateBytes:)``. The compile takes what the store gives
/// as it is: a store gives back only what was stored under the key, or nothing.
public protocol CompiledSymbolStore: Sendable {
    /// The symbol stored under `key`, or `nil`.
    func compiledSymbol(key: UInt64) -> CompiledSymbol?
    /// Keeps `symbol` under `key` (a failure to keep it is the store's to report; the compile goes on).
    func store(_ symbol: CompiledSymbol, key: UInt64)
}
