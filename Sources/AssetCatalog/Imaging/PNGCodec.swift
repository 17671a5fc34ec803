internal import CPNGSupport

/// Decodes PNGs to 8-bit RGBA and encodes RGBA (8 or 16 bits a sample) as PNG, backed by libpng.
///
/// All libpng work happens in C (libpng's `longjmp` error handling must never cross Swift
/// frames); this type only moves buffers and maps status codes to ``PNGError``.
public enum PNGCodec {
    /// The pixel limit used when a caller does not pass one: 256 million pixels (1 GiB of RGBA8).
    public static let defaultMaxPixels = 256_000_000

    /// Decodes a PNG held in memory to 8-bit RGBA.
    ///
    /// Any PNG is accepted: palette, gray, 1–16 bits per sample, `tRNS` transparency, Adam7
    /// interlacing. 16-bit samples are rounded to 8 bits. Colour-management chunks are ignored:
    /// the samples are returned as stored. The whole file is checked (CRCs, zlib, truncation
    /// before IEND).
    ///
    /// - Parameters:
    ///   - bytes: The PNG file's bytes. Not copied.
    ///   - premultiplied: Whether to multiply colour by alpha (rounded).
    ///   - maxPixels: The largest `width * height` accepted; checked from the header before the
    ///     pixel buffer is allocated.
    /// - Throws: ``PNGError`` describing why the bytes cannot be decoded.
    public static func decodeRGBA8(
        _ bytes: UnsafeRawBufferPointer, premultiplied: Bool = false, maxPixels: Int = defaultMaxPixels
    ) throws(PNGError) -> DecodedImage {
        let limit = PNGError.cLimit(maxPixels)
        var header = acpng_header()
        let checked = PNGError.withMessageBuffer { message, capacity in
            acpng_check_header(bytes.baseAddress, bytes.count, limit, &header, message, capacity)
        }
        if let error = PNGError(
            status: Int(checked.result.rawValue), message: checked.message, width: header.width,
            height: header.height, limit: maxPixels)
        {
            throw error
        }

        // The header passed the limit, so width * height <= maxPixels; only the * 4 can overflow.
        let width = Int(header.width)
        let height = Int(header.height)
        let (byteCount, overflow) = (width * height).multipliedReportingOverflow(by: 4)
        guard !overflow else {
            throw PNGError(
                kind: .tooLarge(pixels: width * height, limit: maxPixels),
                message: "the RGBA buffer size overflows", width: width, height: height)
        }

        // Decode straight into the array's storage: no intermediate C buffer, no copy.
        var status = ACPNG_OK
        var message = ""
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            let decoded = PNGError.withMessageBuffer { text, capacity in
                var decodedWidth: UInt32 = 0
                var decodedHeight: UInt32 = 0
                return acpng_decode_rgba8_into(
                    bytes.baseAddress, bytes.count, premultiplied ? 1 : 0, limit, buffer.baseAddress,
                    buffer.count, &decodedWidth, &decodedHeight, text, capacity)
            }
            status = decoded.result
            message = decoded.message
            initializedCount = status == ACPNG_OK ? byteCount : 0
        }
        if let error = PNGError(
            status: Int(status.rawValue), message: message, width: header.width, height: header.height,
            limit: maxPixels)
        {
            throw error
        }
        return DecodedImage(width: width, height: height, premultiplied: premultiplied, pixels: pixels)
    }

    /// Decodes a PNG held in an array to 8-bit RGBA; same behaviour as the
    /// `UnsafeRawBufferPointer` overload (the array is not copied).
    public static func decodeRGBA8(
        _ bytes: [UInt8], premultiplied: Bool = false, maxPixels: Int = defaultMaxPixels
    ) throws(PNGError) -> DecodedImage {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(PNGError) in
                try decodeRGBA8(buffer, premultiplied: premultiplied, maxPixels: maxPixels)
            }
        }
        return try result.get()
    }

    /// Decodes a PNG and encodes its pixels as a non-interlaced 8-bit RGBA PNG, row by row.
    ///
    /// The result is byte for byte `encodeRGBA8(decodeRGBA8(bytes, maxPixels: maxPixels),
    /// compressionLevel: compressionLevel)`, but the decoded image is never held: memory is a few
    /// rows and the output, whatever the image's size (an interlaced image is decoded once per 64 MiB
    /// window of rows instead).
    ///
    /// - Parameters:
    ///   - bytes: The PNG file's bytes. Not copied.
    ///   - maxPixels: The largest `width * height` accepted; checked from the header first.
    ///   - compressionLevel: zlib level, 0 (store) to 9 (smallest); clamped to that range.
    /// - Returns: The new PNG file's bytes.
    /// - Throws: ``PNGError`` describing why the bytes cannot be decoded.
    public static func reencodeRGBA8(
        _ bytes: UnsafeRawBufferPointer, maxPixels: Int = defaultMaxPixels, compressionLevel: Int = 6
    ) throws(PNGError) -> [UInt8] {
        var header = acpng_header()
        var output = acpng_buffer()
        defer { acpng_free(output.data) }
        let encoded = PNGError.withMessageBuffer { message, capacity in
            // The header only to report the dimensions with a too-large error.
            _ = acpng_peek_header(bytes.baseAddress, bytes.count, &header)
            return acpng_reencode_rgba8(
                bytes.baseAddress, bytes.count, PNGError.cLimit(maxPixels), Int32(clamping: compressionLevel), &output,
                message, capacity)
        }
        if let error = PNGError(
            status: Int(encoded.result.rawValue), message: encoded.message, width: header.width,
            height: header.height, limit: maxPixels)
        {
            throw error
        }
        guard let data = output.data else { return [] }
        return [UInt8](UnsafeBufferPointer(start: data, count: output.length))
    }

    /// Re-encodes a PNG held in an array; same behaviour as the `UnsafeRawBufferPointer` overload.
    public static func reencodeRGBA8(
        _ bytes: [UInt8], maxPixels: Int = defaultMaxPixels, compressionLevel: Int = 6
    ) throws(PNGError) -> [UInt8] {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(PNGError) in
                try reencodeRGBA8(buffer, maxPixels: maxPixels, compressionLevel: compressionLevel)
            }
        }
        return try result.get()
    }

    /// Encodes an image as a non-interlaced RGBA PNG of 16 bits a sample when it carries 16-bit samples
    /// (``DecodedImage/pixels16``, from a source deeper than 8 bits), otherwise of 8 bits as
    /// ``encodeRGBA8(_:compressionLevel:)`` does.
    ///
    /// Premultiplied images are un-premultiplied first (PNG stores straight alpha): at 16 bits each colour sample
    /// becomes `min(65535, round(sample × 65535 / alpha))`; fully transparent pixels become transparent black.
    ///
    /// - Parameters:
    ///   - image: The pixels to encode.
    ///   - compressionLevel: zlib level, 0 (store) to 9 (smallest); clamped to that range.
    /// - Returns: The PNG file's bytes.
    /// - Throws: ``PNGError`` with ``PNGError/Kind/corrupt`` when PNG cannot represent the image
    ///   (empty, or a side above 2³¹−1), or ``PNGError/Kind/outOfMemory``.
    public static func encode(_ image: DecodedImage, compressionLevel: Int = 6) throws(PNGError) -> [UInt8] {
        guard let samples = image.pixels16 else { return try encodeRGBA8(image, compressionLevel: compressionLevel) }
        // Straight alpha, big-endian samples (PNG's order).
        var rows = [UInt8](repeating: 0, count: samples.count * 2)
        samples.withUnsafeBufferPointer { source in
            rows.withUnsafeMutableBufferPointer { target in
                var index = 0
                while index + 3 < source.count {
                    let alpha = UInt32(source[index + 3])
                    for channel in 0..<4 {
                        var value = UInt32(source[index + channel])
                        if channel < 3 && image.premultiplied && alpha != 65535 {
                            value = alpha == 0 ? 0 : min(65535, (value * 65535 + alpha / 2) / alpha)
                        }
                        target[2 * (index + channel)] = UInt8(truncatingIfNeeded: value >> 8)
                        target[2 * (index + channel) + 1] = UInt8(truncatingIfNeeded: value)
                    }
                    index += 4
                }
            }
        }
        var options = acpng_encode_options()
        options.compression_level = Int32(clamping: compressionLevel)
        options.bit_depth = 16
        var output = acpng_buffer()
        defer { acpng_free(output.data) }
        let encoded = PNGError.withMessageBuffer { message, capacity in
            rows.withUnsafeBytes { pixels in
                acpng_encode(
                    pixels.baseAddress, UInt32(clamping: image.width), UInt32(clamping: image.height),
                    image.width * 8, 4, &options, &output, message, capacity)
            }
        }
        if let error = PNGError(status: Int(encoded.result.rawValue), message: encoded.message) {
            throw error
        }
        guard let data = output.data else { return [] }
        return [UInt8](UnsafeBufferPointer(start: data, count: output.length))
    }

    /// Encodes an RGBA8 image as a non-interlaced 8-bit RGBA PNG.
    ///
    /// Premultiplied images are un-premultiplied first (PNG stores straight alpha); fully
    /// transparent pixels become transparent black.
    ///
    /// - Parameters:
    ///   - image: The pixels to encode.
    ///   - compressionLevel: zlib level, 0 (store) to 9 (smallest); clamped to that range.
    /// - Returns: The PNG file's bytes.
    /// - Throws: ``PNGError`` with ``PNGError/Kind/corrupt`` when PNG cannot represent the image
    ///   (empty, or a side above 2³¹−1), or ``PNGError/Kind/outOfMemory``.
    public static func encodeRGBA8(_ image: DecodedImage, compressionLevel: Int = 6) throws(PNGError) -> [UInt8] {
        var options = acpng_encode_options()
        options.compression_level = Int32(clamping: compressionLevel)
        options.unpremultiply = image.premultiplied ? 1 : 0
        var output = acpng_buffer()
        defer { acpng_free(output.data) }

        let encoded = PNGError.withMessageBuffer { message, capacity in
            image.pixels.withUnsafeBytes { pixels in
                acpng_encode(
                    pixels.baseAddress, UInt32(clamping: image.width), UInt32(clamping: image.height),
                    image.width * 4, 4, &options, &output, message, capacity)
            }
        }
        if let error = PNGError(status: Int(encoded.result.rawValue), message: encoded.message) {
            throw error
        }
        guard let data = output.data else { return [] }
        return [UInt8](UnsafeBufferPointer(start: data, count: output.length))
    }
}
