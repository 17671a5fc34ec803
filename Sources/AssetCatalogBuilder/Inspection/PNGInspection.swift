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
///
/// Stored compactly (sizes in 32 bits, the chunk flags in one byte, the rare ICC profile out of line):
/// a catalog's index holds one for every PNG it has, at once (docs/PERFORMANCE.md, "Cost grows in a
/// straight line"). What it says, and how it is encoded, are the same as a plain struct's.
public struct PNGInspection: Sendable, Hashable {
    // A PNG's width and height are at most 2^31 - 1 (IHDR), its bit depth at most 16.
    private let storedWidth: UInt32
    private let storedHeight: UInt32
    private let storedBitDepth: UInt8
    private let flags: Flags
    private let storedRenderingIntent: UInt8?
    /// The IHDR colour type.
    public let colorType: PNGColorType
    /// Whether every pixel is fully opaque; `nil` when the pixels were not decoded or the image
    /// has no alpha (in which case it is trivially opaque).
    public let isFullyOpaque: Bool?
    /// Empty or one profile: an empty array takes no allocation, and few PNGs carry a profile.
    private let iccProfiles: [ICCProfileInfo]
    /// How the image data is stored and how much of the file an optimizer could drop; `nil` when the
    /// inspection did not walk the chunks.
    public let dataProfile: PNGDataProfile?

    private struct Flags: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        static let interlaced = Flags(rawValue: 1 << 0)
        static let alphaChannel = Flags(rawValue: 1 << 1)
        static let sRGBChunk = Flags(rawValue: 1 << 2)
        static let gammaChunk = Flags(rawValue: 1 << 3)
        static let chromaticitiesChunk = Flags(rawValue: 1 << 4)
        static let iccpChunk = Flags(rawValue: 1 << 5)
    }

    /// Width in pixels.
    public var width: Int { Int(storedWidth) }
    /// Height in pixels.
    public var height: Int { Int(storedHeight) }
    /// Bits per sample (per palette index for palette images): 1, 2, 4, 8 or 16.
    public var bitDepth: Int { Int(storedBitDepth) }
    /// Whether the pixels are stored Adam7-interlaced.
    public var isInterlaced: Bool { flags.contains(.interlaced) }
    /// Whether the image can be transparent: an alpha channel, or a `tRNS` chunk.
    public var hasAlphaChannel: Bool { flags.contains(.alphaChannel) }
    /// Whether an `sRGB` chunk is present (before the image data).
    public var hasSRGBChunk: Bool { flags.contains(.sRGBChunk) }
    /// The `sRGB` chunk's rendering intent (0 perceptual, 1 relative colorimetric, 2 saturation,
    /// 3 absolute colorimetric), or `nil` when absent or malformed.
    public var sRGBRenderingIntent: Int? { storedRenderingIntent.map(Int.init) }
    /// Whether a `gAMA` chunk is present (before the image data).
    public var hasGammaChunk: Bool { flags.contains(.gammaChunk) }
    /// Whether a `cHRM` chunk is present (before the image data).
    public var hasChromaticitiesChunk: Bool { flags.contains(.chromaticitiesChunk) }
    /// Whether an `iCCP` chunk is present, even one that could not be decompressed.
    public var hasICCPChunk: Bool { flags.contains(.iccpChunk) }
    /// The embedded ICC profile, when an `iCCP` chunk is present and decompresses.
    public var iccProfile: ICCProfileInfo? { iccProfiles.first }

    /// Creates an inspection result. Sizes beyond what a PNG can declare (2^32 - 1) are clamped, and a
    /// rendering intent outside 0...255 is recorded as malformed (`nil`).
    public init(
        width: Int, height: Int, bitDepth: Int, colorType: PNGColorType, isInterlaced: Bool,
        hasAlphaChannel: Bool, isFullyOpaque: Bool?, hasSRGBChunk: Bool, sRGBRenderingIntent: Int? = nil,
        hasGammaChunk: Bool = false, hasChromaticitiesChunk: Bool = false, hasICCPChunk: Bool = false,
        iccProfile: ICCProfileInfo?, dataProfile: PNGDataProfile? = nil
    ) {
        storedWidth = UInt32(clamping: width)
        storedHeight = UInt32(clamping: height)
        storedBitDepth = UInt8(clamping: bitDepth)
        self.colorType = colorType
        var flags: Flags = []
        if isInterlaced { flags.insert(.interlaced) }
        if hasAlphaChannel { flags.insert(.alphaChannel) }
        if hasSRGBChunk { flags.insert(.sRGBChunk) }
        if hasGammaChunk { flags.insert(.gammaChunk) }
        if hasChromaticitiesChunk { flags.insert(.chromaticitiesChunk) }
        if hasICCPChunk || iccProfile != nil { flags.insert(.iccpChunk) }
        self.flags = flags
        self.isFullyOpaque = isFullyOpaque
        storedRenderingIntent = sRGBRenderingIntent.flatMap { UInt8(exactly: $0) }
        iccProfiles = iccProfile.map { [$0] } ?? []
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

// MARK: Codable

/// Encoded under the same keys, with the same values, as the plain struct it replaced.
extension PNGInspection: Codable {
    private enum CodingKeys: String, CodingKey {
        case width, height, bitDepth, colorType, isInterlaced, hasAlphaChannel, isFullyOpaque, hasSRGBChunk
        case sRGBRenderingIntent, hasGammaChunk, hasChromaticitiesChunk, hasICCPChunk, iccProfile, dataProfile
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            width: try container.decode(Int.self, forKey: .width),
            height: try container.decode(Int.self, forKey: .height),
            bitDepth: try container.decode(Int.self, forKey: .bitDepth),
            colorType: try container.decode(PNGColorType.self, forKey: .colorType),
            isInterlaced: try container.decode(Bool.self, forKey: .isInterlaced),
            hasAlphaChannel: try container.decode(Bool.self, forKey: .hasAlphaChannel),
            isFullyOpaque: try container.decodeIfPresent(Bool.self, forKey: .isFullyOpaque),
            hasSRGBChunk: try container.decode(Bool.self, forKey: .hasSRGBChunk),
            sRGBRenderingIntent: try container.decodeIfPresent(Int.self, forKey: .sRGBRenderingIntent),
            hasGammaChunk: try container.decode(Bool.self, forKey: .hasGammaChunk),
            hasChromaticitiesChunk: try container.decode(Bool.self, forKey: .hasChromaticitiesChunk),
            hasICCPChunk: try container.decode(Bool.self, forKey: .hasICCPChunk),
            iccProfile: try container.decodeIfPresent(ICCProfileInfo.self, forKey: .iccProfile),
            dataProfile: try container.decodeIfPresent(PNGDataProfile.self, forKey: .dataProfile))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(bitDepth, forKey: .bitDepth)
        try container.encode(colorType, forKey: .colorType)
        try container.encode(isInterlaced, forKey: .isInterlaced)
        try container.encode(hasAlphaChannel, forKey: .hasAlphaChannel)
        try container.encodeIfPresent(isFullyOpaque, forKey: .isFullyOpaque)
        try container.encode(hasSRGBChunk, forKey: .hasSRGBChunk)
        try container.encodeIfPresent(sRGBRenderingIntent, forKey: .sRGBRenderingIntent)
        try container.encode(hasGammaChunk, forKey: .hasGammaChunk)
        try container.encode(hasChromaticitiesChunk, forKey: .hasChromaticitiesChunk)
        try container.encode(hasICCPChunk, forKey: .hasICCPChunk)
        try container.encodeIfPresent(iccProfile, forKey: .iccProfile)
        try container.encodeIfPresent(dataProfile, forKey: .dataProfile)
    }
}
