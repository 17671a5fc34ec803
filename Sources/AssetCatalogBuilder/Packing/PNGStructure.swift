import AssetCatalog

/// A fast structural check of a PNG that does not decompress anything: the signature, every chunk's
/// length, type and CRC, the IHDR fields, the chunk order rules, and the image size from IHDR.
///
/// The CRC-32 of the whole file comes out of the same pass: each chunk's CRC (which the check computes
/// anyway) is combined with the few bytes around it, so no byte is hashed twice.
enum PNGStructure {
    /// What the walk found in a sound PNG.
    struct Summary: Equatable {
        var width: UInt32
        var height: UInt32
        /// CRC-32 of the whole file.
        var fileCRC: UInt32
    }

    /// Why a PNG is not sound.
    struct Problem: Error, Equatable {
        /// `corrupt` or `truncated`.
        var kind: String
        var message: String
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func fourCC(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    private static func name(_ type: UInt32) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: type >> UInt32($0)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let ihdr: UInt32 = 0x4948_4452
    private static let plte: UInt32 = 0x504C_5445
    private static let idat: UInt32 = 0x4944_4154
    private static let iend: UInt32 = 0x4945_4E44

    /// Walks the chunks of `bytes`.
    static func check(_ bytes: UnsafeRawBufferPointer) -> Result<Summary, Problem> {
        func corrupt(_ message: String) -> Result<Summary, Problem> { .failure(Problem(kind: "corrupt", message: message)) }
        func truncated(_ message: String) -> Result<Summary, Problem> {
            .failure(Problem(kind: "truncated", message: message))
        }
        let count = bytes.count
        guard count >= 8, signature.elementsEqual(bytes[0..<8]) else { return corrupt("not a PNG signature") }
        var fileCRC = CRC32.update(0, UnsafeRawBufferPointer(rebasing: bytes[0..<8]))
        var position = 8
        var width: UInt32 = 0
        var height: UInt32 = 0
        var colorType: UInt8 = 0
        var sawHeader = false, sawPalette = false, sawData = false, dataEnded = false
        // Most PNGs repeat one IDAT length; remember the combination operator for the last length.
        var lastLength = -1
        var lastShift: UInt32 = 0
        while true {
            guard count - position >= 12 else {
                return truncated("the file ends before IEND (at byte \(position))")
            }
            let length = Int(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
            guard length <= 0x7FFF_FFFF else { return corrupt("chunk length \(length) at byte \(position) is too big") }
            let type = fourCC(bytes, position + 4)
            for shift: UInt32 in [24, 16, 8, 0] {
                let letter = UInt8(truncatingIfNeeded: type >> shift) | 0x20
                guard letter >= 0x61, letter <= 0x7A else {
                    return corrupt("invalid chunk type at byte \(position + 4)")
                }
            }
            guard count - position - 12 >= length else {
                return truncated("chunk \(name(type)) at byte \(position) runs past the end of the file")
            }
            let body = UnsafeRawBufferPointer(rebasing: bytes[(position + 4)..<(position + 8 + length)])
            let computed = CRC32.checksum(body)
            let stored = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: position + 8 + length, as: UInt32.self))
            guard computed == stored else {
                return corrupt("CRC error in chunk \(name(type)) at byte \(position)")
            }
            fileCRC = CRC32.update(fileCRC, UnsafeRawBufferPointer(rebasing: bytes[position..<(position + 4)]))
            if length + 4 != lastLength {
                lastLength = length + 4
                lastShift = CRC32.shiftOperator(length: UInt64(lastLength))
            }
            fileCRC = CRC32.combine(fileCRC, computed, shiftOperator: lastShift)
            fileCRC = CRC32.update(
                fileCRC, UnsafeRawBufferPointer(rebasing: bytes[(position + 8 + length)..<(position + 12 + length)]))

            if !sawHeader {
                guard type == ihdr, length == 13 else { return corrupt("the first chunk is not a 13-byte IHDR") }
                let data = position + 8
                width = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: data, as: UInt32.self))
                height = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: data + 4, as: UInt32.self))
                let depth = bytes[data + 8]
                colorType = bytes[data + 9]
                guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
                    return corrupt("IHDR size \(width)×\(height) is invalid")
                }
                let allowed: [UInt8]
                switch colorType {
                case 0: allowed = [1, 2, 4, 8, 16]
                case 3: allowed = [1, 2, 4, 8]
                case 2, 4, 6: allowed = [8, 16]
                default: return corrupt("IHDR colour type \(colorType) is invalid")
                }
                guard allowed.contains(depth) else {
                    return corrupt("IHDR bit depth \(depth) is invalid for colour type \(colorType)")
                }
                guard bytes[data + 10] == 0, bytes[data + 11] == 0, bytes[data + 12] <= 1 else {
                    return corrupt("IHDR compression, filter or interlace method is invalid")
                }
                sawHeader = true
            } else {
                switch type {
                case ihdr:
                    return corrupt("a second IHDR chunk at byte \(position)")
                case plte:
                    guard !sawData else { return corrupt("PLTE after image data") }
                    sawPalette = true
                case idat:
                    guard !dataEnded else { return corrupt("IDAT chunks are not consecutive") }
                    sawData = true
                case iend:
                    guard sawData else { return corrupt("no IDAT chunk before IEND") }
                    guard colorType != 3 || sawPalette else { return corrupt("palette image without PLTE") }
                    position += 12 + length
                    if position < count {
                        // Bytes after IEND are ignored by decoders but are part of the payload.
                        fileCRC = CRC32.update(fileCRC, UnsafeRawBufferPointer(rebasing: bytes[position..<count]))
                    }
                    return .success(Summary(width: width, height: height, fileCRC: fileCRC))
                default:
                    // Bit 5 of the first letter clear: a critical chunk a decoder must understand.
                    if type & 0x2000_0000 == 0 {
                        return corrupt("unknown critical chunk \(name(type)) (Apple's CgBI PNGs are not supported)")
                    }
                    if sawData { dataEnded = true }
                }
            }
            if sawData, type != idat { dataEnded = true }
            position += 12 + length
        }
    }
}
