/// What ``JPEGInspector`` found in a JPEG file's frame header.
public struct JPEGInspection: Sendable, Hashable, Codable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Number of colour components: 1 (gray), 3 (YCbCr/RGB) or 4 (CMYK/YCCK).
    public let components: Int
    /// Bits per sample (8 for almost every JPEG; 12 or 16 for some medical/lossless files).
    public let bitsPerSample: Int

    /// Creates an inspection result.
    public init(width: Int, height: Int, components: Int, bitsPerSample: Int = 8) {
        self.width = width
        self.height = height
        self.components = components
        self.bitsPerSample = bitsPerSample
    }
}

/// Why a JPEG's size could not be read.
public enum JPEGInspectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes do not start with a JPEG start-of-image marker (`FF D8 FF`).
    case notJPEG
    /// The data ends inside the marker segments, before a frame header was read.
    case truncated
    /// The marker structure is broken (`reason` says how).
    case malformed(reason: String)
    /// A scan or the end of the image came before any frame (SOF) header.
    case missingFrameHeader

    /// A one-line explanation suitable for diagnostics.
    public var description: String {
        switch self {
        case .notJPEG: return "not a JPEG (no start-of-image marker)"
        case .truncated: return "truncated JPEG: the data ends before the frame header"
        case .malformed(let reason): return "corrupt JPEG: \(reason)"
        case .missingFrameHeader: return "corrupt JPEG: no frame header before the image data"
        }
    }
}

/// Reads a JPEG's pixel size from its frame header (SOF marker) without decoding it.
///
/// Walks the marker segments from the start of the file, checking every length against the data,
/// so truncated or garbage input gives an error, never a crash.
public enum JPEGInspector {
    /// Inspects a JPEG held in memory.
    ///
    /// - Parameter bytes: The file's bytes; not copied or retained.
    /// - Returns: The frame header's values, or why they could not be read.
    public static func inspect(_ bytes: UnsafeRawBufferPointer) -> Result<JPEGInspection, JPEGInspectionError> {
        guard bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF else { return .failure(.notJPEG) }
        var position = 2
        while true {
            guard position < bytes.count else { return .failure(.truncated) }
            guard bytes[position] == 0xFF else {
                return .failure(.malformed(reason: "expected a marker at offset \(position)"))
            }
            // Any number of 0xFF fill bytes may precede a marker.
            while position < bytes.count, bytes[position] == 0xFF { position += 1 }
            guard position < bytes.count else { return .failure(.truncated) }
            let marker = bytes[position]
            position += 1

            switch marker {
            case 0x01, 0xD0...0xD7:
                continue  // TEM and RSTn stand alone, without a length.
            case 0xD8:
                return .failure(.malformed(reason: "a second start-of-image marker at offset \(position - 2)"))
            case 0xD9, 0xDA:
                return .failure(.missingFrameHeader)
            case 0x00:
                return .failure(.malformed(reason: "a stuffed zero byte outside entropy-coded data"))
            default:
                break
            }

            guard position + 2 <= bytes.count else { return .failure(.truncated) }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            guard length >= 2 else {
                return .failure(.malformed(reason: "segment length \(length) at offset \(position)"))
            }
            guard length <= bytes.count - position else { return .failure(.truncated) }
            if isStartOfFrame(marker) {
                return frameHeader(UnsafeRawBufferPointer(rebasing: bytes[(position + 2)..<(position + length)]))
            }
            position += length
        }
    }

    /// Inspects a JPEG held in an array; same behaviour as the `UnsafeRawBufferPointer` overload
    /// (the array is not copied).
    public static func inspect(_ bytes: [UInt8]) -> Result<JPEGInspection, JPEGInspectionError> {
        bytes.withUnsafeBytes { inspect($0) }
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    private static func frameHeader(_ payload: UnsafeRawBufferPointer) -> Result<JPEGInspection, JPEGInspectionError> {
        // precision (1), height (2), width (2), component count (1), then 3 bytes per component.
        guard payload.count >= 6 else { return .failure(.malformed(reason: "frame header is too short")) }
        let precision = Int(payload[0])
        let height = Int(payload[1]) << 8 | Int(payload[2])
        let width = Int(payload[3]) << 8 | Int(payload[4])
        let components = Int(payload[5])
        guard width > 0 else { return .failure(.malformed(reason: "frame width is zero")) }
        guard height > 0 else {
            return .failure(.malformed(reason: "frame height is zero (height set by a DNL marker is not supported)"))
        }
        guard components > 0, payload.count >= 6 + 3 * components else {
            return .failure(.malformed(reason: "frame header lists \(components) components but has no room for them"))
        }
        return .success(JPEGInspection(width: width, height: height, components: components, bitsPerSample: precision))
    }
}
