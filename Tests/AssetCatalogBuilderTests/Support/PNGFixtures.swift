// Hand-assembled PNG and ICC fixtures, so tests control every byte (chunk order, CRCs,
// interlacing, truncation) without binary files in the repository.

/// Builds PNG files chunk by chunk. Image data is stored with uncompressed deflate blocks, which
/// keeps the builder independent of the code under test.
enum PNGFixtures {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    enum ColorType: UInt8 {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .gray, .palette: return 1
            case .grayAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }
    }

    // MARK: - Whole files

    /// A PNG whose samples are `pixels`: rows top to bottom, each row packed as PNG stores it
    /// (for depths below 8, several samples per byte; for 16, big-endian pairs).
    static func png(
        width: Int, height: Int, bitDepth: Int = 8, colorType: ColorType, interlaced: Bool = false,
        pixels: [UInt8], before: [[UInt8]] = [], after: [[UInt8]] = []
    ) -> [UInt8] {
        let raw =
            interlaced
            ? adam7Scanlines(width: width, height: height, bitDepth: bitDepth, colorType: colorType, pixels: pixels)
            : scanlines(width: width, height: height, bitDepth: bitDepth, colorType: colorType, pixels: pixels)
        var file = signature
        file += ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced)
        for extra in before { file += extra }
        file += chunk("IDAT", zlibStored(raw))
        for extra in after { file += extra }
        file += chunk("IEND", [])
        return file
    }

    /// 8-bit RGBA pixels from a generator.
    static func rgbaPixels(width: Int, height: Int, _ pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width { result += pixel(x, y) }
        }
        return result
    }

    /// A header claiming `width` × `height` followed by a tiny IDAT and IEND.
    static func claimedSize(width: UInt32, height: UInt32) -> [UInt8] {
        var file = signature
        var data = bigEndian(width) + bigEndian(height)
        data += [8, ColorType.rgba.rawValue, 0, 0, 0]
        file += chunk("IHDR", data)
        file += chunk("IDAT", zlibStored([0, 0, 0, 0, 0]))
        file += chunk("IEND", [])
        return file
    }

    // MARK: - Chunks

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    static func ihdr(width: Int, height: Int, bitDepth: Int, colorType: ColorType, interlaced: Bool) -> [UInt8] {
        var data = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        data += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        return chunk("IHDR", data)
    }

    static func plte(_ colors: [(UInt8, UInt8, UInt8)]) -> [UInt8] {
        chunk("PLTE", colors.flatMap { [$0.0, $0.1, $0.2] })
    }

    static func trns(_ data: [UInt8]) -> [UInt8] { chunk("tRNS", data) }

    static func srgb(intent: UInt8) -> [UInt8] { chunk("sRGB", [intent]) }

    static func gama(_ value: UInt32 = 45455) -> [UInt8] { chunk("gAMA", bigEndian(value)) }

    static func chrm() -> [UInt8] {
        // sRGB's white point and primaries, × 100000.
        chunk("cHRM", [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000].flatMap { bigEndian(UInt32($0)) })
    }

    static func text(_ keyword: String, _ value: String) -> [UInt8] {
        chunk("tEXt", Array(keyword.utf8) + [0] + Array(value.utf8))
    }

    static func iccp(name: String, profile: [UInt8]) -> [UInt8] {
        chunk("iCCP", Array(name.utf8) + [0, 0] + zlibStored(profile))
    }

    /// Parses a PNG into (type, data) pairs; stops at the first malformed chunk.
    static func chunks(in file: [UInt8]) -> [(type: String, data: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var position = 8
        while position + 12 <= file.count {
            let length = Int(readBigEndian(file, at: position))
            guard length <= file.count - position - 12 else { break }
            let type = String(decoding: file[(position + 4)..<(position + 8)], as: UTF8.self)
            result.append((type, Array(file[(position + 8)..<(position + 8 + length)])))
            position += 12 + length
        }
        return result
    }

    /// The offset of the first byte of data of the first chunk of `type`.
    static func dataOffset(of type: String, in file: [UInt8]) -> Int? {
        var position = 8
        while position + 12 <= file.count {
            let length = Int(readBigEndian(file, at: position))
            if String(decoding: file[(position + 4)..<(position + 8)], as: UTF8.self) == type { return position + 8 }
            position += 12 + length
        }
        return nil
    }

    // MARK: - Scanlines

    static func bytesPerRow(width: Int, bitDepth: Int, colorType: ColorType) -> Int {
        (width * colorType.channels * bitDepth + 7) / 8
    }

    /// One row filtered as an encoder filters it (type 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth; others as
    /// None), without the type byte. `prior` is the row above, unfiltered (zeros for the first row).
    static func filterRow(_ row: [UInt8], prior: [UInt8], bytesPerPixel bpp: Int, type: UInt8) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: row.count)
        for i in row.indices {
            let a = i >= bpp ? Int(row[i - bpp]) : 0
            let b = Int(prior[i])
            let c = i >= bpp ? Int(prior[i - bpp]) : 0
            let predictor: Int
            switch type {
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = (a + b) / 2
            case 4:
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            default: predictor = 0
            }
            out[i] = UInt8(truncatingIfNeeded: Int(row[i]) - predictor)
        }
        return out
    }

    /// Filter type 0 (None) before every row.
    static func scanlines(width: Int, height: Int, bitDepth: Int, colorType: ColorType, pixels: [UInt8]) -> [UInt8] {
        let rowBytes = bytesPerRow(width: width, bitDepth: bitDepth, colorType: colorType)
        precondition(pixels.count == rowBytes * height, "pixel data does not match the dimensions")
        var result: [UInt8] = []
        for y in 0..<height {
            result.append(0)
            result += pixels[(y * rowBytes)..<((y + 1) * rowBytes)]
        }
        return result
    }

    /// The seven Adam7 reduced images, each row with filter type 0. Depths of 8 and 16 only.
    static func adam7Scanlines(width: Int, height: Int, bitDepth: Int, colorType: ColorType, pixels: [UInt8]) -> [UInt8]
    {
        precondition(bitDepth >= 8, "the fixture builder interlaces whole-byte pixels only")
        let pixelBytes = colorType.channels * bitDepth / 8
        precondition(pixels.count == width * height * pixelBytes)
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var result: [UInt8] = []
        for (startX, startY, stepX, stepY) in passes {
            let columns = stride(from: startX, to: width, by: stepX).map { $0 }
            let rows = stride(from: startY, to: height, by: stepY).map { $0 }
            guard !columns.isEmpty, !rows.isEmpty else { continue }
            for y in rows {
                result.append(0)
                for x in columns {
                    let offset = (y * width + x) * pixelBytes
                    result += pixels[offset..<(offset + pixelBytes)]
                }
            }
        }
        return result
    }

    // MARK: - zlib and checksums

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let isFinal = offset + count == data.count
            result.append(isFinal ? 1 : 0)
            result += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            result += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        return result + bigEndian(adler32(data))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func bigEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    static func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}

/// Builds synthetic ICC profiles: a valid header, a tag table, and the tags given.
enum ICCFixtures {
    /// A profile with `tags` laid out 4-byte aligned after the tag table.
    static func profile(version: UInt32 = 0x0210_0000, colorSpace: String = "RGB ", tags: [(String, [UInt8])])
        -> [UInt8]
    {
        let tableSize = 4 + 12 * tags.count
        var offset = 128 + tableSize
        var table = PNGFixtures.bigEndian(UInt32(tags.count))
        var data: [UInt8] = []
        for (signature, tag) in tags {
            table +=
                Array(signature.utf8) + PNGFixtures.bigEndian(UInt32(offset)) + PNGFixtures.bigEndian(UInt32(tag.count))
            var padded = tag
            while padded.count % 4 != 0 { padded.append(0) }
            data += padded
            offset += padded.count
        }
        var header = [UInt8](repeating: 0, count: 128)
        func put(_ bytes: [UInt8], at position: Int) {
            header.replaceSubrange(position..<(position + bytes.count), with: bytes)
        }
        put(PNGFixtures.bigEndian(UInt32(128 + table.count + data.count)), at: 0)
        put(PNGFixtures.bigEndian(version), at: 8)
        put(Array("mntr".utf8), at: 12)
        put(Array(colorSpace.utf8), at: 16)
        put(Array("XYZ ".utf8), at: 20)
        put(Array("acsp".utf8), at: 36)
        // D50 illuminant.
        put(
            PNGFixtures.bigEndian(0x0000_F6D6) + PNGFixtures.bigEndian(0x0001_0000)
                + PNGFixtures.bigEndian(0x0000_D32D), at: 68)
        return header + table + data
    }

    /// ICC v2 `textDescriptionType` with an ASCII description (and optionally only a Unicode one).
    static func desc(_ text: String, unicodeOnly: Bool = false) -> [UInt8] {
        var tag = Array("desc".utf8) + [0, 0, 0, 0]
        if unicodeOnly {
            tag += PNGFixtures.bigEndian(0)
            let units = Array(text.utf16)
            tag += PNGFixtures.bigEndian(0) + PNGFixtures.bigEndian(UInt32(units.count))
            tag += units.flatMap { PNGFixtures.bigEndian16($0) }
        } else {
            let ascii = Array(text.utf8) + [0]
            tag += PNGFixtures.bigEndian(UInt32(ascii.count)) + ascii
            tag += PNGFixtures.bigEndian(0) + PNGFixtures.bigEndian(0)
        }
        tag += [0, 0, 0] + [UInt8](repeating: 0, count: 67)  // ScriptCode part, unused.
        return tag
    }

    /// ICC v4 `multiLocalizedUnicodeType`.
    static func mluc(_ records: [(language: String, country: String, text: String)]) -> [UInt8] {
        var tag = Array("mluc".utf8) + [0, 0, 0, 0]
        tag += PNGFixtures.bigEndian(UInt32(records.count)) + PNGFixtures.bigEndian(12)
        var strings: [UInt8] = []
        let stringsStart = 16 + 12 * records.count
        for record in records {
            let encoded = Array(record.text.utf16).flatMap { PNGFixtures.bigEndian16($0) }
            tag += Array(record.language.utf8) + Array(record.country.utf8)
            tag +=
                PNGFixtures.bigEndian(UInt32(encoded.count))
                + PNGFixtures.bigEndian(UInt32(stringsStart + strings.count))
            strings += encoded
        }
        return tag + strings
    }

    /// An `XYZType` tag.
    static func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] {
        Array("XYZ ".utf8) + [0, 0, 0, 0]
            + [x, y, z].flatMap { PNGFixtures.bigEndian(UInt32(bitPattern: Int32(($0 * 65536).rounded()))) }
    }

    static let sRGBColorants: [(String, [UInt8])] = [
        ("rXYZ", xyz(0.4361, 0.2225, 0.0139)), ("gXYZ", xyz(0.3851, 0.7169, 0.0971)),
        ("bXYZ", xyz(0.1431, 0.0606, 0.7141)),
    ]

    static let displayP3Colorants: [(String, [UInt8])] = [
        ("rXYZ", xyz(0.5151, 0.2412, -0.0011)), ("gXYZ", xyz(0.2919, 0.6922, 0.0419)),
        ("bXYZ", xyz(0.1572, 0.0666, 0.7841)),
    ]
}
