/// The marker segments of a JPEG file before its image data, walked to leave out what Xcode leaves out of the JPEG it
/// stores: the Photoshop segment (`APP13`, IPTC and image resources), which no decoder needs. Xcode 15's car of the
/// SwiftUITestProject1 sample holds `Avatar.jpg` as the source file without its one `APP13` segment (58 bytes), every
/// other byte kept, `JFIF` and `Exif` included (docs/CAR-FORMAT.md).
///
/// The walk stops at the first marker that is not a segment with a length (start of scan, a restart or end marker, or
/// anything malformed): what follows is kept as it is. A file the walk cannot follow is returned unchanged, never
/// half-edited.
enum JPEGSegments {
    /// The marker of the Photoshop segment.
    static let photoshopMarker: UInt8 = 0xED

    /// `bytes` without their `APP13` segments, or `bytes` unchanged when there is none or the file does not start as a
    /// JPEG (`FF D8`).
    static func removingPhotoshopSegments(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return bytes }
        var removed: [Range<Int>] = []
        var at = 2
        // Each segment: FF, a marker, a 16-bit big-endian length that counts itself. Fill bytes (FF FF …) are allowed
        // before a marker.
        while at + 1 < bytes.count, bytes[at] == 0xFF {
            var marker = at + 1
            while marker < bytes.count, bytes[marker] == 0xFF { marker += 1 }
            guard marker + 2 < bytes.count else { break }
            let code = bytes[marker]
            // Standalone markers and the start of scan end the walk: the image data follows.
            if code == 0xDA || code == 0xD9 || code == 0x01 || (0xD0...0xD8).contains(code) { break }
            let length = Int(bytes[marker + 1]) << 8 | Int(bytes[marker + 2])
            let end = marker + 1 + length
            guard length >= 2, end <= bytes.count else { return bytes }
            if code == photoshopMarker { removed.append(at..<end) }
            at = end
        }
        guard !removed.isEmpty else { return bytes }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count - removed.reduce(0) { $0 + $1.count })
        var from = 0
        for range in removed {
            kept += bytes[from..<range.lowerBound]
            from = range.upperBound
        }
        kept += bytes[from...]
        return kept
    }
}
