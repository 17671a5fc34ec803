/// A PNG colour type (IHDR), named.
public enum PNGColorType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Grayscale (type 0).
    case gray
    /// Truecolour (type 2).
    case rgb
    /// Indexed colour with a PLTE palette (type 3).
    case palette
    /// Grayscale with alpha (type 4).
    case grayAlpha = "gray-alpha"
    /// Truecolour with alpha (type 6).
    case rgba

    /// The colour type for an IHDR colour-type byte, or `nil` for an invalid value.
    public init?(pngValue: UInt8) {
        switch pngValue {
        case 0: self = .gray
        case 2: self = .rgb
        case 3: self = .palette
        case 4: self = .grayAlpha
        case 6: self = .rgba
        default: return nil
        }
    }
}

/// What ``PNGInspector`` found in a PNG file.
public struct PNGInspection: Sendable, Hashable, Codable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bits per sample (per palette index for palette images): 1, 2, 4, 8 or 16.
    public let bitDepth: Int
    /// The IHDR colour type.
    public let colorType: PNGColorType
    /// Whether the pixels are stored Adam7-interlaced.
    public let isInterlaced: Bool
    /// Whether the image can be transparent: an alpha channel, or a `tRNS` chunk.
    public let hasAlphaChannel: Bool
    /// Whether every pixel is fully opaque; `nil` when the pixels were not decoded or the image
    /// has no alpha (in which case it is trivially opaque).
    public let isFullyOpaque: Bool?
    /// Whether an `sRGB` chunk is present (before the image data).
    public let hasSRGBChunk: Bool
    /// The `sRGB` chunk's rendering intent (0 perceptual, 1 relative colorimetric, 2 saturation,
    /// 3 absolute colorimetric), or `nil` when absent or malformed.
    public let sRGBRenderingIntent: Int?
    /// Whether a `gAMA` chunk is present (before the image data).
    public let hasGammaChunk: Bool
    /// Whether a `cHRM` chunk is present (before the image data).
    public let hasChromaticitiesChunk: Bool
    /// Whether an `iCCP` chunk is present, even one that could not be decompressed.
    public let hasICCPChunk: Bool
    /// The embedded ICC profile, when an `iCCP` chunk is present and decompresses.
    public let iccProfile: ICCProfileInfo?
    /// How the image data is stored and how much of the file an optimizer could drop; `nil` when the
    /// inspection did not walk the chunks.
    public let dataProfile: PNGDataProfile?

    /// Creates an inspection result.
    public init(
        width: Int, height: Int, bitDepth: Int, colorType: PNGColorType, isInterlaced: Bool,
        hasAlphaChannel: Bool, isFullyOpaque: Bool?, hasSRGBChunk: Bool, sRGBRenderingIntent: Int? = nil,
        hasGammaChunk: Bool = false, hasChromaticitiesChunk: Bool = false, hasICCPChunk: Bool = false,
        iccProfile: ICCProfileInfo?, dataProfile: PNGDataProfile? = nil
    ) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.isInterlaced = isInterlaced
        self.hasAlphaChannel = hasAlphaChannel
        self.isFullyOpaque = isFullyOpaque
        self.hasSRGBChunk = hasSRGBChunk
        self.sRGBRenderingIntent = sRGBRenderingIntent
        self.hasGammaChunk = hasGammaChunk
        self.hasChromaticitiesChunk = hasChromaticitiesChunk
        self.hasICCPChunk = hasICCPChunk || iccProfile != nil
        self.iccProfile = iccProfile
        self.dataProfile = dataProfile
    }

    /// The size of the raw (filtered) image data: a filter type byte and the packed samples per row.
    public var rawImageDataBytes: Int {
        let samples: Int
        switch colorType {
        case .gray, .palette: samples = 1
        case .grayAlpha: samples = 2
        case .rgb: samples = 3
        case .rgba: samples = 4
        }
        return height * (1 + (width * samples * bitDepth + 7) / 8)
    }
}

/// How a PNG's image data is stored: what the audit's `unoptimized-png` rule decides from before it
/// spends time re-encoding a file.
public struct PNGDataProfile: Sendable, Hashable, Codable {
    /// Bytes of compressed image data (the `IDAT` chunks' data).
    public var imageDataBytes: Int
    /// Bytes of chunks a lossless optimizer drops (text, XMP, EXIF, thumbnails, tool data), headers and
    /// CRCs included; chunks that change how pixels are interpreted (`iCCP`, `sRGB`, `gAMA`, `cHRM`,
    /// `sBIT`, `pHYs`, `tRNS`, `cICP`, HDR metadata) are kept.
    public var droppableBytes: Int
    /// Whether the image data starts with a stored (uncompressed) deflate block; `nil` when not looked at.
    public var isStored: Bool?
    /// An estimate of the image data's size after an optimizer filters it anew (the filter a heuristic
    /// picks for each row) and entropy-codes it, with no credit for repeated strings; `nil` unless the
    /// reader was asked for it (``ReaderOptions/recompressionEstimate``, which also says which files) and
    /// verified the image data in one buffer (non-interlaced, up to 64 MiB).
    public var refilteredEstimate: Int?

    /// Creates a profile.
    public init(imageDataBytes: Int, droppableBytes: Int, isStored: Bool? = nil, refilteredEstimate: Int? = nil) {
        self.imageDataBytes = imageDataBytes
        self.droppableBytes = droppableBytes
        self.isStored = isStored
        self.refilteredEstimate = refilteredEstimate
    }
}
