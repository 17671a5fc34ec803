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
    /// A gradient (`ARGG`, layout 1021) through colours the car holds as facets of their own.
    case gradient(CARGradient)
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
        case "ARGG":
            self = .gradient(try CARGradient(body.named("ARGG gradient")))
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
        case .gradient: return "gradient"
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
///
/// The layout follows CoreUI's own reader and writer (`_CUIThemeColorRendition`, `CSIGenerator
/// writeColorToData:`, as decompiled in the public EthanArbuckle/iPhone18-3_26.1_23B85_Restore repository;
/// docs/CAR-FORMAT.md): tag, version, a word of bit fields (colour space in bits 0–7, "substitute with a system
/// colour" in bits 8–10), the component count, the components as doubles and, when the substitute field is 1,
/// a second `RLOC` record holding the system colour's name.
public struct CARColor: Sendable, Hashable {
    /// The colour-space identifier as CoreUI numbers it (0 and 1 sRGB, 2 grey gamma 2.2, 3 Display P3,
    /// 4 extended-range sRGB, 5 extended linear sRGB, 6 extended grey; anything else CoreUI draws as sRGB).
    public var colorSpaceID: UInt32
    /// The components (red, green, blue, alpha, or grey, alpha). For a system-colour reference these are
    /// only the fallback CoreUI uses when the running system does not know the name.
    public var components: [Double]
    /// The value of the 3-bit substitute field (bits 8–10 of the bit-field word): CoreUI substitutes a system
    /// colour when it is not 0, and reads the name only when it is 1.
    public var substituteField: UInt32
    /// The system colour's name (`systemBlueColor`, `labelColor`) when the rendition is a reference to one.
    public var systemColorName: String?

    /// Parses a RLOC record: tag, version, a word whose low byte is the colour space and whose bits 8–10 say
    /// "substitute with a system colour", the component count, the components as doubles, then (substitute
    /// field 1) the name record: tag `RLOC`, version, length, UTF-8 bytes (no terminator).
    public init(_ record: CARBytes) throws(CARError) {
        let bits = try record.u32(8)
        colorSpaceID = bits & 0xFF
        substituteField = (bits >> 8) & 0x7
        let count = Int(try record.u32(12))
        guard count <= (record.count - 16) / 8 else {
            throw record.error(.outOfRange, at: 12, "\(count) components do not fit in \(record.count) bytes")
        }
        var components: [Double] = []
        for index in 0..<count { components.append(try record.f64(16 + 8 * index)) }
        self.components = components
        systemColorName = nil
        guard substituteField == 1 else { return }
        // CoreUI asserts on a missing name record; a reader of untrusted files reports it instead.
        let name = try record.suffix(from: 16 + 8 * count, as: "RLOC system colour name")
        guard try name.tag(0) == "RLOC" else {
            throw name.error(.badMagic, at: 0, "expected the tag RLOC of the system colour name, found '\(try name.tag(0))'")
        }
        // CoreUI reads the name only from version 1 of the record; other versions keep the fallback colour.
        guard try name.u32(4) == 1 else { return }
        let length = Int(try name.u32(8))
        systemColorName = String(decoding: try name.slice(12, length).buffer, as: UTF8.self)
    }

    /// The colour space's name as assetc's colour model spells it.
    public var colorSpaceName: String {
        switch colorSpaceID {
        case 0, 1: return "srgb"
        case 2: return "gray-gamma-22"
        case 3: return "display-p3"
        case 4: return "extended-srgb"
        case 5: return "extended-linear-srgb"
        case 6: return "extended-gray"
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
