import AssetCatalog
internal import CPNGSupport

/// Lossless PNG re-encoding, and the check that proves it lossless.
public enum PNGOptimizer {
    /// Re-encodes a PNG without changing a single decoded sample.
    ///
    /// The chunks that affect how pixels look (`iCCP`, `sRGB`, `gAMA`, `cHRM`, `sBIT`, `pHYs`, `tRNS`,
    /// `cICP` and the HDR metadata chunks) are copied byte for byte; text, time, EXIF and every other
    /// ancillary chunk is dropped; the output is never interlaced. Where no `tRNS` or `sBIT` ties the
    /// stored format down, a smaller exact form may be written instead: 16-bit samples that are all
    /// `v * 257` as 8-bit, an all-opaque alpha channel dropped, grey RGB as grey (not under an ICC
    /// profile), at most 256 colours as a palette of 1–8 bits. Every form and filter strategy is tried
    /// on a fast compressor (libdeflate level 1) and the smallest is compressed once at libdeflate's
    /// highest level; the result may still be larger than the input, which the caller should then keep.
    ///
    /// - Parameters:
    ///   - bytes: The PNG file's bytes; not copied or retained.
    ///   - maxPixels: The largest `width * height` accepted (the image is held decoded in memory).
    /// - Returns: The re-encoded file.
    /// - Throws: `PNGError` when the input cannot be read. Also, reported as
    ///   `PNGError.Kind.corrupt` with an explanatory message: an animated PNG (libpng sees only
    ///   the default image, so the animation would be lost) and a colour chunk too large to carry over.
    public static func optimize(
        _ bytes: UnsafeRawBufferPointer, maxPixels: Int = PNGCodec.defaultMaxPixels
    ) throws(PNGError) -> [UInt8] {
        var header = acpng_header()
        var output = acpng_buffer()
        defer { acpng_free(output.data) }
        let optimized = PNGError.withMessageBuffer { message, capacity in
            // Read the header first only to report the dimensions with a too-large error.
            _ = acpng_peek_header(bytes.baseAddress, bytes.count, &header)
            return acpng_optimize(
                bytes.baseAddress, bytes.count, PNGError.cLimit(maxPixels), 0, &output, message, capacity)
        }
        if let error = PNGError(
            status: Int(optimized.result.rawValue), message: optimized.message, width: header.width,
            height: header.height, limit: maxPixels)
        {
            throw error
        }
        guard let data = output.data else { return [] }
        return [UInt8](UnsafeBufferPointer(start: data, count: output.length))
    }

    /// Re-encodes a PNG held in an array; same behaviour as the `UnsafeRawBufferPointer` overload.
    public static func optimize(_ bytes: [UInt8], maxPixels: Int = PNGCodec.defaultMaxPixels) throws(PNGError)
        -> [UInt8]
    {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(PNGError) in try optimize(buffer, maxPixels: maxPixels) }
        }
        return try result.get()
    }

    /// Whether two PNGs have the same dimensions and identical pixels.
    ///
    /// Both are decoded to RGBA at 16 bits per sample (8-bit samples widen exactly), so 16-bit
    /// images are compared at full precision and a palette, gray or `tRNS` image equals its
    /// truecolour-with-alpha equivalent. Colour metadata is not compared. Non-interlaced files are
    /// compared row by row in constant memory.
    ///
    /// `true` is only returned once both files have been read intact up to IEND; `false` is
    /// returned as soon as a difference is seen (damage further on is then not looked for).
    ///
    /// - Throws: `PNGError` when either file cannot be decoded; the message says which.
    public static func pixelsEqual(
        _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, maxPixels: Int = PNGCodec.defaultMaxPixels
    ) throws(PNGError) -> Bool {
        var equal: Int32 = 0
        let compared = PNGError.withMessageBuffer { message, capacity in
            acpng_compare_pixels(
                a.baseAddress, a.count, b.baseAddress, b.count, PNGError.cLimit(maxPixels), &equal, message, capacity)
        }
        if let error = PNGError(status: Int(compared.result.rawValue), message: compared.message, limit: maxPixels) {
            throw error
        }
        return equal != 0
    }

    /// Whether two PNGs held in arrays have identical pixels; same behaviour as the
    /// `UnsafeRawBufferPointer` overload.
    public static func pixelsEqual(
        _ a: [UInt8], _ b: [UInt8], maxPixels: Int = PNGCodec.defaultMaxPixels
    ) throws(PNGError) -> Bool {
        let result = a.withUnsafeBytes { first in
            b.withUnsafeBytes { second in
                Result { () throws(PNGError) in try pixelsEqual(first, second, maxPixels: maxPixels) }
            }
        }
        return try result.get()
    }
}
