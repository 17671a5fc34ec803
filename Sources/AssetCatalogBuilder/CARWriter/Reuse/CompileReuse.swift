/// Where a rendition value lies in an `Assets.car`: its offset and length, and the digest the compile took of its
/// bytes (XXH64), which the car's UUID is made from.
public struct StoredRendition: Hashable, Sendable {
    /// The offset of the value's first byte in the car.
    public var offset: UInt64
    /// The value's length in bytes.
    public var length: UInt32
    /// The 64-bit digest of the value's bytes.
    public var digest: UInt64

    /// Creates a location.
    public init(offset: UInt64, length: UInt32, digest: UInt64) {
        self.offset = offset
        self.length = length
        self.digest = digest
    }
}

/// What the pack stage learnt of an image file without decoding it all: whether Xcode would pack it into an atlas,
/// and if so its size and pixel format.
public struct AtlasProbe: Hashable, Sendable {
    /// Whether the image is packed (a PNG of at most `CARCompiler.largestPackedSide` pixels a side).
    public var packable: Bool
    /// Its width and height in pixels (0 when not packable).
    public var width: UInt16
    public var height: UInt16
    /// Whether every pixel is grey (a `GA8` atlas).
    public var grey: Bool
    /// Whether the probe decoded the whole file.
    public var decoded: Bool

    /// Creates a probe result.
    public init(packable: Bool, width: UInt16, height: UInt16, grey: Bool, decoded: Bool) {
        self.packable = packable
        self.width = width
        self.height = height
        self.grey = grey
        self.decoded = decoded
    }
}

/// The pack stage's answer for the bitmap a PDF or SVG file gives at one scale: one file gives a bitmap per scale, each
/// packed (or not) on its own.
public struct RasterProbe: Hashable, Sendable {
    /// The scale the document is drawn at.
    public var scale: UInt8
    /// Whether the document was drawn as an SVG (else as a PDF).
    public var svg: Bool
    /// The bitmap's size and pixel format.
    public var probe: AtlasProbe

    /// Creates an answer for a bitmap.
    public init(scale: UInt8, svg: Bool, probe: AtlasProbe) {
        self.scale = scale
        self.svg = svg
        self.probe = probe
    }

    /// Whether this answers for the bitmap drawn at `scale` as an SVG (`svg`) or a PDF.
    func answers(scale: UInt8, svg: Bool) -> Bool { self.scale == scale && self.svg == svg }
}

/// What a compile knows of one input file: the digest of its bytes and, once probed, the pack stage's answer.
public struct KnownFile: Hashable, Sendable {
    /// The 64-bit digest of the file's bytes as the compile read them (XXH64).
    public var contentHash: UInt64
    /// The pack stage's answer for the file, when it asked.
    public var probe: AtlasProbe?
    /// The pack stage's answers for the bitmaps drawn from the file, a PDF or SVG, one per scale and format, in that
    /// order: a rebuild takes them instead of drawing the document again to learn the bitmaps' sizes and colours.
    public var rasterProbes: [RasterProbe]

    /// Creates a record.
    public init(contentHash: UInt64, probe: AtlasProbe? = nil, rasterProbes: [RasterProbe] = []) {
        self.contentHash = contentHash
        self.probe = probe
        self.rasterProbes = rasterProbes
    }

    /// The answer for the bitmap drawn at `scale` as an SVG (`svg`) or a PDF, when known.
    func rasterProbe(scale: UInt8, svg: Bool) -> AtlasProbe? {
        rasterProbes.first { $0.answers(scale: scale, svg: svg) }?.probe
    }

    /// Adds `answer`, replacing one for the same bitmap, keeping the answers in order of scale, PDF before SVG.
    mutating func addRasterProbe(_ answer: RasterProbe) {
        rasterProbes.removeAll { $0.answers(scale: answer.scale, svg: answer.svg) }
        rasterProbes.append(answer)
        rasterProbes.sort { ($0.scale, $0.svg ? 1 : 0) < ($1.scale, $1.svg ? 1 : 0) }
    }
}

/// Where the pack stage put the images of one atlas: its size and each member's frame, kept by the fingerprint of
/// what the layout is a function of (the members' sizes and facet identifiers, in order), so that a rebuild lays out
/// again only the atlases whose members changed.
public struct KnownAtlasLayout: Hashable, Sendable {
    /// The atlas's width and height in pixels.
    public var width: UInt32
    public var height: UInt32
    /// Four numbers per member, in order: x, y (from the atlas's bottom edge), width and height.
    public var frames: [UInt32]

    /// Creates a layout record.
    public init(width: UInt32, height: UInt32, frames: [UInt32]) {
        self.width = width
        self.height = height
        self.frames = frames
    }
}

/// What a compile may take from the one before it (the compile cache, `AssetCatalogCompileCache`): the car it wrote,
/// still open, the place of each of its renditions by fingerprint, and the input files known not to have changed since.
///
/// The caller vouches for both: that `car` is the file whose renditions are listed, and that each file in `files` has
/// the bytes whose digest is given (its status unchanged, or its bytes hashed again). A rendition is copied from
/// `car` only when every file it is made from is in `files`, so the output is the same bytes as a compile without
/// it.
public struct PreviousCompile: Sendable {
    /// The previous car, open for reading; the caller closes it after the compile.
    public var car: Int32
    /// Where each of its renditions lies, by fingerprint.
    public var renditions: [RenditionFingerprint: StoredRendition]
    /// Input files unchanged since they were read, by the path the compile opens (the catalog's path, `/`, the
    /// file's path in it).
    public var files: [String: KnownFile]
    /// The atlas layouts the previous compile made, by the fingerprint of their members; a layout is checked against
    /// its members before it is used.
    public var layouts: [RenditionFingerprint: KnownAtlasLayout]

    /// Creates the description of a previous compile.
    public init(
        car: Int32, renditions: [RenditionFingerprint: StoredRendition], files: [String: KnownFile],
        layouts: [RenditionFingerprint: KnownAtlasLayout] = [:]
    ) {
        self.car = car
        self.renditions = renditions
        self.files = files
        self.layouts = layouts
    }
}

/// What a compile leaves for the next one: where each rendition made from files went in the new car, and what it knows
/// of each file it read or took as unchanged.
public struct CompileRecord: Sendable {
    /// The new car's renditions made from files, by fingerprint.
    public var renditions: [RenditionFingerprint: StoredRendition] = [:]
    /// The input files, by the path the compile opened.
    public var files: [String: KnownFile] = [:]
    /// Every atlas's layout, by the fingerprint of its members.
    public var layouts: [RenditionFingerprint: KnownAtlasLayout] = [:]
    /// How many renditions (atlases included) were copied from the previous car.
    public var reusedCount = 0
    /// How many renditions made from files were made again.
    public var builtCount = 0

    /// An empty record.
    public init() {}
}

extension KnownFile {
    /// The digest the compile takes of a file's bytes, for a cache that hashes a file again to learn whether it
    /// changed.
    public static func contentHash(of bytes: [UInt8]) -> UInt64 { ContentHash.hash(bytes) }
}
