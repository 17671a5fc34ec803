internal import CPNGSupport

/// A PNG for a rule's example catalog, described by what matters to the rules (size, channels, bit
/// depth, interlacing, colour profile, pixels, compression) and generated on demand.
public struct ExamplePNG: Hashable, Sendable {
    /// The colour type.
    public enum Channels: String, Hashable, Sendable {
        /// Grey, no alpha.
        case gray
        /// Red, green, blue.
        case rgb
        /// Red, green, blue, alpha.
        case rgba
    }

    /// The colour profile the file declares.
    public enum Profile: String, Hashable, Sendable {
        /// No colour chunk at all.
        case none
        /// An `sRGB` chunk.
        case sRGB
        /// An embedded Display P3 ICC profile (`iCCP`).
        case displayP3
    }

    /// How the image data is compressed.
    public enum Compression: String, Hashable, Sendable {
        /// zlib level 0: stored blocks, no compression at all (what `unoptimized-png` looks for).
        case stored
        /// Re-encoded by the lossless optimizer in the same format (best filters, libdeflate level 12).
        case optimized
    }

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The colour type.
    public var channels: Channels
    /// 8 or 16 bits per sample.
    public var bitDepth: Int
    /// Adam7 interlacing.
    public var interlaced: Bool
    /// The declared colour profile.
    public var profile: Profile
    /// The colour of every pixel, as 8-bit red, green, blue (grey images use red).
    public var color: [UInt8]
    /// For RGBA images: whether the top-left quarter is fully transparent (otherwise every pixel is opaque).
    public var transparentCorner: Bool
    /// The compression.
    public var compression: Compression
    /// The size of an XMP `iTXt` metadata chunk's text, written after the image data (0: none).
    public var metadataBytes = 0

    /// Describes a PNG; the defaults are an 8-bit, opaque RGB image without a profile, well compressed.
    public init(
        width: Int, height: Int, channels: Channels = .rgb, bitDepth: Int = 8, interlaced: Bool = false,
        profile: Profile = .none, color: [UInt8] = [0x3A, 0x7B, 0xD5], transparentCorner: Bool = false,
        compression: Compression = .optimized
    ) {
        self.width = width
        self.height = height
        self.channels = channels
        self.bitDepth = bitDepth
        self.interlaced = interlaced
        self.profile = profile
        self.color = color
        self.transparentCorner = transparentCorner
        self.compression = compression
    }

    /// One line for the documentation: `PNG 32×32 RGB, Display P3 profile`.
    public var summary: String {
        var parts = ["PNG \(width)×\(height)", channels.rawValue.uppercased()]
        if bitDepth != 8 { parts.append("\(bitDepth)-bit") }
        if channels == .rgba { parts.append(transparentCorner ? "partly transparent" : "alpha all opaque") }
        if interlaced { parts.append("interlaced") }
        switch profile {
        case .none: break
        case .sRGB: parts.append("sRGB chunk")
        case .displayP3: parts.append("Display P3 profile")
        }
        if color != [0x3A, 0x7B, 0xD5] {
            parts.append("colour #" + color.prefix(3).map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined())
        }
        if compression == .stored { parts.append("uncompressed (zlib level 0)") }
        if metadataBytes > 0 { parts.append("\(metadataBytes) bytes of XMP metadata (iTXt)") }
        return parts.joined(separator: ", ")
    }

    /// The file's bytes.
    public func encoded() -> [UInt8] {
        let stored = ExamplePNGWriter.encode(self)
        var png = compression == .optimized ? ExamplePNGWriter.optimized(stored) ?? stored : stored
        if metadataBytes > 0, png.count >= 12 {
            // Before IEND, where exporters put it; the optimizer would drop it, so it is added afterwards.
            let text = Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0]
                + Array(String(repeating: "<x:xmpmeta/>", count: metadataBytes / 12 + 1).utf8.prefix(metadataBytes))
            png.insert(contentsOf: ExamplePNGWriter.chunk("iTXt", text), at: png.count - 12)
        }
        return png
    }
}

/// A small, dependency-free PNG writer for example catalogs: stored deflate blocks, any of the colour
/// types and bit depths the rules care about, Adam7 interlacing, `sRGB` and `iCCP` chunks.
enum ExamplePNGWriter {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func encode(_ spec: ExamplePNG) -> [UInt8] {
        let samplesPerPixel: Int
        let colorType: UInt8
        switch spec.channels {
        case .gray: samplesPerPixel = 1; colorType = 0
        case .rgb: samplesPerPixel = 3; colorType = 2
        case .rgba: samplesPerPixel = 4; colorType = 6
        }
        let bytesPerSample = spec.bitDepth == 16 ? 2 : 1
        let pixelBytes = samplesPerPixel * bytesPerSample
        func pixel(transparent: Bool) -> [UInt8] {
            var samples: [UInt8]
            switch spec.channels {
            case .gray: samples = [spec.color[0]]
            case .rgb: samples = Array(spec.color.prefix(3))
            case .rgba: samples = Array(spec.color.prefix(3)) + [transparent ? 0 : 255]
            }
            guard bytesPerSample == 2 else { return samples }
            return samples.flatMap { [$0, $0] }
        }
        let opaque = pixel(transparent: false)
        let clear = pixel(transparent: true)
        let cornerWidth = spec.channels == .rgba && spec.transparentCorner ? max(1, spec.width / 2) : 0
        let cornerHeight = cornerWidth > 0 ? max(1, spec.height / 2) : 0
        let plainRow = [[UInt8]](repeating: opaque, count: spec.width).flatMap { $0 }
        let cornerRow = ([[UInt8]](repeating: clear, count: cornerWidth) + [[UInt8]](repeating: opaque, count: spec.width - cornerWidth))
            .flatMap { $0 }
        let rows = (0..<spec.height).map { $0 < cornerHeight ? cornerRow : plainRow }
        var raw: [UInt8] = []
        if spec.interlaced {
            let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            for (startX, startY, stepX, stepY) in passes where spec.width > startX && spec.height > startY {
                for y in stride(from: startY, to: spec.height, by: stepY) {
                    raw.append(0)
                    for x in stride(from: startX, to: spec.width, by: stepX) {
                        raw += rows[y][(x * pixelBytes)..<((x + 1) * pixelBytes)]
                    }
                }
            }
        } else {
            for row in rows {
                raw.append(0)
                raw += row
            }
        }
        var png = signature
        var header = bigEndian(UInt32(spec.width)) + bigEndian(UInt32(spec.height))
        header += [UInt8(spec.bitDepth), colorType, 0, 0, spec.interlaced ? 1 : 0]
        png += chunk("IHDR", header)
        switch spec.profile {
        case .none: break
        case .sRGB: png += chunk("sRGB", [0])
        case .displayP3: png += chunk("iCCP", Array("Display P3".utf8) + [0, 0] + zlibStored(DisplayP3Profile.bytes))
        }
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    /// The lossless optimizer's output, or `nil` when it fails.
    static func optimized(_ png: [UInt8]) -> [UInt8]? {
        var output = acpng_buffer(data: nil, length: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        let status = png.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                acpng_optimize(input.baseAddress, input.count, 1 << 28, 1, &output, text.baseAddress, text.count)
            }
        }
        defer { acpng_free(output.data) }
        guard status == ACPNG_OK, let data = output.data else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: output.length))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(ExampleCRC32.checksum(typeBytes + data))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            out.append(offset + length >= data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8)]
            out += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }
}

/// CRC-32 (ISO 3309), as PNG chunks use it.
enum ExampleCRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}

/// A Display P3 ICC v4 matrix/TRC display profile (the same one `Scripts/generate-samples.py` writes):
/// Display P3 primaries adapted to D50, the sRGB transfer curve, a Bradford D65→D50 `chad`.
enum DisplayP3Profile {
    static let bytes: [UInt8] = build()

    private static func s15Fixed16(_ value: Double) -> [UInt8] {
        ExamplePNGWriter.bigEndian(UInt32(bitPattern: Int32((value * 65_536).rounded())))
    }

    private static func mluc(_ text: String) -> [UInt8] {
        let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return Array("mluc".utf8) + [0, 0, 0, 0] + ExamplePNGWriter.bigEndian(1) + ExamplePNGWriter.bigEndian(12)
            + Array("enUS".utf8) + ExamplePNGWriter.bigEndian(UInt32(utf16.count)) + ExamplePNGWriter.bigEndian(28) + utf16
    }

    private static func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] {
        Array("XYZ ".utf8) + [0, 0, 0, 0] + s15Fixed16(x) + s15Fixed16(y) + s15Fixed16(z)
    }

    private static func build() -> [UInt8] {
        let curve: [UInt8] =
            Array("para".utf8) + [0, 0, 0, 0, 0, 3, 0, 0]
            + [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].flatMap(s15Fixed16)
        let bradford: [Double] = [
            1.0478112, 0.0228866, -0.0501270, 0.0295424, 0.9904844, -0.0170491, -0.0092345, 0.0150436, 0.7521316,
        ]
        let chad = Array("sf32".utf8) + [0, 0, 0, 0] + bradford.flatMap(s15Fixed16)
        let tags: [(String, [UInt8])] = [
            ("desc", mluc("Display P3")), ("cprt", mluc("No copyright, use freely")),
            ("wtpt", xyz(0.9642, 1.0, 0.8249)), ("rXYZ", xyz(0.515102, 0.241182, -0.001050)),
            ("gXYZ", xyz(0.291965, 0.692236, 0.041881)), ("bXYZ", xyz(0.157153, 0.066582, 0.784378)),
            ("rTRC", curve), ("gTRC", curve), ("bTRC", curve), ("chad", chad),
        ]
        let base = 128 + 4 + 12 * tags.count
        var table: [UInt8] = []
        var data: [UInt8] = []
        var offsets: [[UInt8]: Int] = [:]
        for (signature, body) in tags {
            if offsets[body] == nil {
                offsets[body] = base + data.count
                data += body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
            }
            table += Array(signature.utf8) + ExamplePNGWriter.bigEndian(UInt32(offsets[body]!))
                + ExamplePNGWriter.bigEndian(UInt32(body.count))
        }
        let size = base + data.count
        var header: [UInt8] = ExamplePNGWriter.bigEndian(UInt32(size)) + Array("appl".utf8) + ExamplePNGWriter.bigEndian(0x0400_0000)
        header += Array("mntrRGB XYZ ".utf8)
        header += [0x07, 0xE8, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0]  // 2024-01-01 00:00:00
        header += Array("acspAPPL".utf8) + [UInt8](repeating: 0, count: 4 + 4 + 4 + 8 + 4)
        header += s15Fixed16(0.9642) + s15Fixed16(1.0) + s15Fixed16(0.8249)
        header += Array("appl".utf8) + [UInt8](repeating: 0, count: 16 + 28)
        precondition(header.count == 128, "ICC header must be 128 bytes")
        return header + ExamplePNGWriter.bigEndian(UInt32(tags.count)) + table + data
    }
}
