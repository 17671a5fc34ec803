/// Reads a TIFF's pixel size from its first image file directory (tags 256 ImageWidth and 257
/// ImageLength), with every offset checked against the file. Nothing is decoded.
enum TIFFInspector {
    /// The first image's width and height, or `nil` when the header or first directory is damaged.
    static func size(_ bytes: UnsafeRawBufferPointer) -> (width: Int, height: Int)? {
        guard bytes.count >= 8 else { return nil }
        let little = bytes[0] == 0x49
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let low = u16(little ? at : at + 2), let high = u16(little ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        // Classic TIFF only (magic 42); BigTIFF (43) is sniffed as TIFF but its size is not read.
        guard u16(2) == 42, let directory = u32(4), let entries = u16(directory) else { return nil }
        var width: Int?
        var height: Int?
        for entry in 0..<entries {
            let at = directory + 2 + entry * 12
            guard let tag = u16(at), let type = u16(at + 2) else { return nil }
            guard tag == 256 || tag == 257 else { continue }
            // SHORT (3) sits in the first two bytes of the value field, LONG (4) fills it.
            let value: Int?
            switch type {
            case 3: value = u16(at + 8)
            case 4: value = u32(at + 8)
            default: value = nil
            }
            if tag == 256 { width = value } else { height = value }
        }
        guard let width, let height, width > 0, height > 0 else { return nil }
        return (width, height)
    }
}
