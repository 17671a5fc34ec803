/// What follows a rendition's header and info tags.
public enum CARPayload: Sendable {
    /// A bitmap (`MLEC`): its compression and its compressed bytes, one piece per `KCBC` chunk.
    case bitmap(CARBitmap)
    /// Raw bytes stored as they are (`DWAR`): PDF, JPEG, HEIF, SVG or data.
    case raw(CARBytes)
    /// A colour (`RLOC`): colour space and components.
    case color(CARColor)
    /// A multisize image set (`SISM`): the sizes an app icon comes in.
    case multisizeSet([CARMultisizeEntry])
    /// Nothing (layout 1003 internal references keep their data in an info tag).
    case none
    /// A payload tag this reader does not know; its bytes are kept.
    case unknown(tag: String, bytes: CARBytes)

    /// Parses the payload bytes.
    public init(_ body: CARBytes, layout: UInt16) throws(CARError) {
        guard body.count >= 4 else {
            self = body.count == 0 ? .none : .unknown(tag: "", bytes: body)
            return
        }
        switch try body.tag(0) {
        case "MLEC":
            self = .bitmap(try CARBitmap(body.named("MLEC bitmap")))
        case "DWAR":
            let record = body.named("DWAR raw data")
            let length = Int(try record.u32(8))
            self = .raw(try record.slice(12, length))
        case "RLOC":
            self = .color(try CARColor(body.named("RLOC colour")))
        case "SISM":
            let record = body.named("SISM multisize set")
            let count = Int(try record.u32(8))
            guard count <= (record.count - 12) / 12 else {
                throw record.error(.outOfRange, at: 8, "\(count) entries do not fit in \(record.count) bytes")
            }
            var entries: [CARMultisizeEntry] = []
            for index in 0..<count {
                let at = 12 + 12 * index
                entries.append(
                    CARMultisizeEntry(
                        width: Int(try record.u32(at)), height: Int(try record.u32(at + 4)),
                        index: Int(try record.u16(at + 8)), idiom: try record.u16(at + 10)))
            }
            self = .multisizeSet(entries)
        case let tag:
            self = .unknown(tag: tag, bytes: body)
        }
    }

    /// A short name of the payload kind.
    public var kindName: String {
        switch self {
        case .bitmap: return "bitmap"
        case .raw: return "raw"
        case .color: return "color"
        case .multisizeSet: return "multisize-set"
        case .none: return "none"
        case .unknown(let tag, _): return "unknown-\(tag)"
        }
    }
}

/// The compressions an `MLEC` bitmap can use (CoreUI's numbering).
public enum CARCompression: Hashable, Sendable {
    /// Compressions 0–11 as stored in a bitmap payload (docs/CAR-FORMAT.md lists which ones assetc decodes).
    case uncompressed, rle, zip, lzvn, lzfse, jpegLZFSE, blurred, astc, paletteImage, hevc, deepmapLZFSE, deepmap2
    /// A number assetc does not know.
    case unknown(UInt32)

    /// The compression for a stored number.
    public init(_ number: UInt32) {
        let known: [CARCompression] = [
            .uncompressed, .rle, .zip, .lzvn, .lzfse, .jpegLZFSE, .blurred, .astc, .paletteImage, .hevc, .deepmapLZFSE,
            .deepmap2,
        ]
        self = number < known.count ? known[Int(number)] : .unknown(number)
    }

    /// The name used in listings (as CoreUI tools print it).
    public var name: String {
        switch self {
        case .uncompressed: return "uncompressed"
        case .rle: return "rle"
        case .zip: return "zip"
        case .lzvn: return "lzvn"
        case .lzfse: return "lzfse"
        case .jpegLZFSE: return "jpeg-lzfse"
        case .blurred: return "blurred"
        case .astc: return "astc"
        case .paletteImage: return "palette-img"
        case .hevc: return "hevc"
        case .deepmapLZFSE: return "deepmap-lzfse"
        case .deepmap2: return "deepmap2"
        case .unknown(let number): return "compression-\(number)"
        }
    }
}

/// An `MLEC` bitmap: flags, compression and the compressed pieces (one per `KCBC` chunk, or one).
public struct CARBitmap: Sendable {
    /// The MLEC flags (bit 0: the data is split into KCBC chunks).
    public var flags: UInt32
    /// The compression.
    public var compression: CARCompression
    /// The compressed pieces with the number of rows each covers (`nil` when the bitmap is not chunked).
    public var chunks: [(rows: Int?, data: CARBytes)]

    /// Parses an MLEC record.
    public init(_ record: CARBytes) throws(CARError) {
        flags = try record.u32(4)
        compression = CARCompression(try record.u32(8))
        let field = Int(try record.u32(12))
        if flags & 1 != 0 {
            // Chunked: `field` chunks follow, each with a KCBC header of 20 bytes.
            guard field <= (record.count - 16) / 20 else {
                throw record.error(.outOfRange, at: 12, "\(field) KCBC chunks do not fit in \(record.count) bytes")
            }
            var chunks: [(rows: Int?, data: CARBytes)] = []
            var position = 16
            for _ in 0..<field {
                let chunk = try record.suffix(from: position, as: "KCBC chunk")
                guard try chunk.tag(0) == "KCBC" else { throw chunk.error(.badMagic, at: 0, "expected the tag KCBC") }
                let rows = Int(try chunk.u32(12))
                let length = Int(try chunk.u32(16))
                chunks.append((rows, try chunk.slice(20, length)))
                position += 20 + length
            }
            self.chunks = chunks
        } else {
            chunks = [(nil, try record.slice(16, field, as: "MLEC data"))]
        }
    }

    /// The compressed size in bytes.
    public var compressedByteCount: Int { chunks.reduce(0) { $0 + $1.data.count } }
}

/// A colour stored in a `RLOC` rendition.
public struct CARColor: Sendable, Hashable {
    /// The colour-space identifier (0 sRGB, 1 grey gamma 2.2, 2 Display P3, 3 extended sRGB, 4 extended linear
    /// sRGB, 5 extended grey, as the public readers list them).
    public var colorSpaceID: UInt32
    /// The components (red, green, blue, alpha, or grey, alpha).
    public var components: [Double]

    /// Parses a RLOC record: tag, version, a word whose low byte is the colour space, the component count,
    /// then the components as doubles.
    public init(_ record: CARBytes) throws(CARError) {
        colorSpaceID = try record.u32(8) & 0xFF
        let count = Int(try record.u32(12))
        guard count <= (record.count - 16) / 8 else {
            throw record.error(.outOfRange, at: 12, "\(count) components do not fit in \(record.count) bytes")
        }
        var components: [Double] = []
        for index in 0..<count { components.append(try record.f64(16 + 8 * index)) }
        self.components = components
    }

    /// The colour space's name as assetc's colour model spells it.
    public var colorSpaceName: String {
        switch colorSpaceID {
        case 0: return "srgb"
        case 1: return "gray-gamma-22"
        case 2: return "display-p3"
        case 3: return "extended-srgb"
        case 4: return "extended-linear-srgb"
        case 5: return "extended-gray"
        default: return "color-space-\(colorSpaceID)"
        }
    }
}

/// One size of a multisize image set (`SISM`).
public struct CARMultisizeEntry: Sendable, Hashable {
    /// The size in points.
    public var width: Int, height: Int
    /// The entry's index and idiom as stored.
    public var index: Int, idiom: UInt16
}
