// The archive format's constants and record layouts. The normative description is docs/FORMAT.md;
// this file and that one must change together.

/// Constants of the archive format, version 1.0 (see `docs/FORMAT.md`).
package enum ArchiveFormat {
    /// The first eight bytes of every archive: `\x89ACAT\r\n\x1A`. The high byte catches 7-bit transfers,
    /// CR LF catches line-ending conversion, and 0x1A stops `type` on DOS.
    package static let magic: [UInt8] = [0x89, 0x41, 0x43, 0x41, 0x54, 0x0D, 0x0A, 0x1A]
    /// The major version this code writes and the newest it reads.
    package static let majorVersion: UInt16 = 1
    /// The minor version this code writes for an archive without localized variants.
    package static let minorVersion: UInt16 = 0
    /// The minor version this code writes for an archive with localized variants (it has a `VLOC` section).
    package static let localeMinorVersion: UInt16 = 1
    /// Asset-record flag (byte 13, version 1.1): some of the asset's variants have a locale in `VLOC`.
    package static let assetFlagLocalized: UInt8 = 1 << 0
    /// The size of the version 1.0 header.
    package static let headerSize = 64
    /// Where the header checksum sits inside the header.
    package static let headerChecksumOffset = 60
    /// The size of a version 1.0 section table entry.
    package static let sectionEntrySize = 40
    /// Payloads start at multiples of this.
    package static let payloadAlignment = 16
    /// Sections start at multiples of this (the writer uses 16, readers require 8).
    package static let sectionAlignment = 16
    /// The alignment a reader requires of every section's offset.
    package static let requiredSectionAlignment = 8
    /// A name-index slot holding this asset index is empty.
    package static let emptySlot: UInt32 = 0xFFFF_FFFF
    /// The most sections a reader accepts (a bound on work for hostile files).
    package static let maximumSectionCount = 1024

    /// Section flag: a reader that does not know the section's kind must reject the file.
    package static let flagRequired: UInt32 = 1 << 0
    /// Section flag: the section has no checksum of its own (its CRC field is 0); its records carry checksums.
    package static let flagNoChecksum: UInt32 = 1 << 1
    /// Section flag: the stored bytes are a zlib stream; entry bytes 36..<40 hold the inflated length.
    /// Allowed on the metadata sections only (the others are read in place).
    package static let flagDeflate: UInt32 = 1 << 2
    /// The largest inflated length a reader accepts for a compressed section: 1 GiB, and at most
    /// 1032 times the stored length (deflate's best ratio) plus a little.
    package static func maximumInflatedLength(stored: UInt64) -> UInt64 { min(1 << 30, stored * 1032 + 64) }
    /// Payload offsets are 48-bit.
    package static let maximumPayloadOffset: UInt64 = (1 << 48) - 1

    /// Payload flag: the bytes were re-encoded losslessly by the packer.
    package static let payloadFlagOptimized: UInt8 = 1 << 0

    /// Rounds `value` up to a multiple of `alignment` (a power of two).
    @inline(__always)
    package static func align(_ value: Int, to alignment: Int) -> Int {
        (value + alignment - 1) & ~(alignment - 1)
    }
}

/// The kinds of section in a version 1.0 archive.
package enum ArchiveSection: CaseIterable, Sendable {
    /// Payload bytes (`DATA`).
    case data
    /// The name hash table (`NIDX`).
    case nameIndex
    /// Asset records (`ASET`).
    case assets
    /// Packed variant traits, one `UInt32` per variant (`VTRT`).
    case variantTraits
    /// Per variant: its locale as a string in `NAME` (`VLOC`, version 1.1; only in archives with
    /// localized variants).
    case variantLocales
    /// Per variant: its payload or colour index (`VPAY`).
    case variantTargets
    /// Payload records (`PAYL`).
    case payloads
    /// Colour records (`COLR`).
    case colors
    /// Asset names and colour-space names (`NAME`).
    case names
    /// Catalog roots (`SRCS`).
    case sources
    /// Per asset: source, path, properties (`AMET`).
    case assetMetadata
    /// Per variant: source file, attributes (`VMET`).
    case variantMetadata
    /// Strings and attribute lists used by the metadata sections (`META`).
    case metadata

    /// The four ASCII letters of the kind, as stored.
    package var fourCC: String {
        switch self {
        case .data: return "DATA"
        case .nameIndex: return "NIDX"
        case .assets: return "ASET"
        case .variantTraits: return "VTRT"
        case .variantLocales: return "VLOC"
        case .variantTargets: return "VPAY"
        case .payloads: return "PAYL"
        case .colors: return "COLR"
        case .names: return "NAME"
        case .sources: return "SRCS"
        case .assetMetadata: return "AMET"
        case .variantMetadata: return "VMET"
        case .metadata: return "META"
        }
    }

    /// The kind as the little-endian `UInt32` read from the section table.
    package var code: UInt32 {
        var value: UInt32 = 0
        for (shift, byte) in fourCC.utf8.enumerated() { value |= UInt32(byte) << (UInt32(shift) * 8) }
        return value
    }

    /// Looks a kind up by its code.
    package init?(code: UInt32) {
        guard let match = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = match
    }

    /// The record size this version writes; readers accept this or larger (0: a byte blob).
    package var recordSize: Int {
        switch self {
        case .data, .names, .metadata: return 0
        case .nameIndex: return 8
        case .assets: return 16
        case .variantTraits: return 4
        case .variantLocales: return 8
        case .variantTargets: return 4
        case .payloads: return 24
        case .colors: return 48
        case .sources: return 16
        case .assetMetadata: return 24
        case .variantMetadata: return 16
        }
    }

    /// Whether records of this kind must have exactly ``recordSize`` bytes (arrays read in place).
    package var recordSizeIsFixed: Bool { self == .variantTraits }

    /// When the reference reader checks the section's CRC.
    package var checkGroup: ArchiveCheckGroup {
        switch self {
        case .nameIndex, .assets, .variantTraits, .variantLocales, .variantTargets, .colors, .names: return .open
        case .payloads: return .payloadTable
        case .sources, .assetMetadata, .variantMetadata, .metadata: return .metadata
        case .data: return .perPayload
        }
    }

    /// The flags this version writes.
    package var flags: UInt32 {
        switch self {
        case .data: return ArchiveFormat.flagRequired | ArchiveFormat.flagNoChecksum
        case .sources, .assetMetadata, .variantMetadata, .metadata: return 0
        default: return ArchiveFormat.flagRequired
        }
    }

    /// Whether an archive may lack the section: `VLOC` is written only when some variant has a locale.
    package var isOptional: Bool { self == .variantLocales }

    /// The order the writer lays sections out in (payloads first, so they can be streamed).
    /// Optional sections are left out when empty; the section table always has room for all of them.
    package static let writeOrder: [ArchiveSection] = [
        .data, .nameIndex, .assets, .variantTraits, .variantLocales, .variantTargets, .payloads, .colors, .names,
        .sources, .assetMetadata, .variantMetadata, .metadata,
    ]
}

/// When a section's checksum is checked by the reference reader.
package enum ArchiveCheckGroup: Int, Sendable {
    /// At open: everything a name lookup and ranking reads.
    case open = 0
    /// On the first payload access: the payload records.
    case payloadTable = 1
    /// On the first metadata access: sources, paths, attributes.
    case metadata = 2
    /// Never as a whole: each payload's own CRC is checked on its first access.
    case perPayload = 3
}

/// Stable content-type codes (independent of `ContentType`'s declaration order).
extension ContentType {
    /// The code stored in payload records.
    package var archiveCode: UInt8 {
        switch self {
        case .unknown: return 0
        case .png: return 1
        case .jpeg: return 2
        case .pdf: return 3
        case .svg: return 4
        case .heif: return 5
        case .webp: return 6
        case .psd: return 7
        case .gif: return 8
        case .gitLFSPointer: return 9
        case .tiff: return 10
        }
    }

    /// The content type for a stored code; unknown codes (from newer writers) read as `.unknown`.
    package init(archiveCode: UInt8) {
        switch archiveCode {
        case 1: self = .png
        case 2: self = .jpeg
        case 3: self = .pdf
        case 4: self = .svg
        case 5: self = .heif
        case 6: self = .webp
        case 7: self = .psd
        case 8: self = .gif
        case 9: self = .gitLFSPointer
        case 10: self = .tiff
        default: self = .unknown
        }
    }
}

extension AssetKind {
    /// The code stored in asset records.
    package var archiveCode: UInt8 {
        switch self {
        case .image: return 1
        case .color: return 2
        case .data: return 3
        case .appIcon: return 4
        case .symbol: return 5
        case .imageStack: return 6
        case .brandAssets: return 7
        case .icon: return 8
        }
    }

    /// The kind for a stored code, or `nil` for an unknown code.
    package init?(archiveCode: UInt8) {
        switch archiveCode {
        case 1: self = .image
        case 2: self = .color
        case 3: self = .data
        case 4: self = .appIcon
        case 5: self = .symbol
        case 6: self = .imageStack
        case 7: self = .brandAssets
        case 8: self = .icon
        default: return nil
        }
    }
}

/// The 64-bit FNV-1a hash the name index uses.
package enum NameHash {
    /// FNV-1a, 64 bits, over `bytes`.
    @inline(__always)
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// FNV-1a, 64 bits, over a string's UTF-8 bytes.
    package static func hash(_ string: String) -> UInt64 {
        var copy = string
        return copy.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }
}
