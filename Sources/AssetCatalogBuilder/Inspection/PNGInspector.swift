import AssetCatalog
internal import CPNGSupport

/// Reads a PNG's header and colour metadata and, optionally, decodes every row to prove the file
/// is intact.
///
/// Built for inspecting thousands of files: the bytes are not copied, decoding uses a single row
/// buffer (also for interlaced images), and the pixel limit is enforced from IHDR before libpng
/// allocates anything.
public enum PNGInspector {
    /// Inspects a PNG held in memory.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes; not copied or retained.
    ///   - decodePixels: Whether to decode every row up to IEND. Then CRC errors (on every chunk,
    ///     ancillary ones included), zlib errors and truncation are failures, and
    ///     ``PNGInspection/isFullyOpaque`` is computed. Otherwise only the chunks before the image
    ///     data are read.
    ///   - maxPixels: The largest `width * height` accepted.
    ///   - recompressionEstimate: When given, decoding also fills ``PNGDataProfile/isStored`` and, for
    ///     image data at least the policy's share of the raw data, ``PNGDataProfile/refilteredEstimate``
    ///     (a pass over a sample of the rows). The policy's file size limit is the caller's to apply.
    /// - Returns: The inspection, or why the file is not a usable PNG.
    public static func inspect(
        _ bytes: UnsafeRawBufferPointer, decodePixels: Bool, maxPixels: Int = PNGCodec.defaultMaxPixels,
        recompressionEstimate: RecompressionEstimatePolicy? = nil
    ) -> Result<PNGInspection, PNGError> {
        var info = acpng_info()
        defer { acpng_info_release(&info) }
        var options = acpng_inspect_options()
        options.decode_pixels = decodePixels ? 1 : 0
        options.max_pixels = PNGError.cLimit(maxPixels)
        options.estimate_refiltering = recompressionEstimate != nil ? 1 : 0
        options.estimate_min_data_ratio = recompressionEstimate?.minImageDataRatio ?? 0
        let inspected = PNGError.withMessageBuffer { message, capacity in
            acpng_inspect_with_options(bytes.baseAddress, bytes.count, &options, &info, message, capacity)
        }
        if let error = PNGError(
            status: Int(inspected.result.rawValue), message: inspected.message, width: info.header.width,
            height: info.header.height, limit: maxPixels)
        {
            return .failure(error)
        }
        guard let colorType = PNGColorType(pngValue: info.header.color_type) else {
            // libpng validated IHDR, so this is unreachable; still no trap on file data.
            return .failure(PNGError(kind: .corrupt, message: "invalid colour type \(info.header.color_type)"))
        }

        let opaque: Bool?
        switch Int(info.all_alpha_opaque) {
        case Int(ACPNG_OPAQUE_YES): opaque = true
        case Int(ACPNG_OPAQUE_NO): opaque = false
        default: opaque = nil
        }
        let profile = PNGDataProfile(
            imageDataBytes: Int(clamping: info.image_data_bytes), droppableBytes: Int(clamping: info.droppable_bytes),
            isStored: info.image_data_stored < 0 ? nil : info.image_data_stored == 1,
            refilteredEstimate: info.has_refiltered_estimate != 0 ? Int(clamping: info.refiltered_estimate_bytes) : nil)

        return .success(
            PNGInspection(
                width: Int(info.header.width), height: Int(info.header.height), bitDepth: Int(info.header.bit_depth),
                colorType: colorType, isInterlaced: info.header.interlace_method != 0,
                hasAlphaChannel: info.has_alpha != 0, isFullyOpaque: opaque, hasSRGBChunk: info.has_srgb != 0,
                sRGBRenderingIntent: info.srgb_intent >= 0 ? Int(info.srgb_intent) : nil,
                hasGammaChunk: info.has_gama != 0, hasChromaticitiesChunk: info.has_chrm != 0,
                hasICCPChunk: Int(info.icc_status) != Int(ACPNG_ICC_ABSENT),
                iccProfile: iccProfile(info), dataProfile: profile))
    }

    /// Inspects a PNG held in an array; same behaviour as the `UnsafeRawBufferPointer` overload
    /// (the array is not copied).
    public static func inspect(
        _ bytes: [UInt8], decodePixels: Bool, maxPixels: Int = PNGCodec.defaultMaxPixels,
        recompressionEstimate: RecompressionEstimatePolicy? = nil
    ) -> Result<PNGInspection, PNGError> {
        bytes.withUnsafeBytes {
            inspect($0, decodePixels: decodePixels, maxPixels: maxPixels, recompressionEstimate: recompressionEstimate)
        }
    }

    private static func iccProfile(_ info: acpng_info) -> ICCProfileInfo? {
        guard Int(info.icc_status) == Int(ACPNG_ICC_OK), let profile = info.icc_profile else { return nil }
        // The keyword is Latin-1 (PNG specification), so map bytes to scalars one to one.
        let name = withUnsafeBytes(of: info.icc_name) { raw in
            String(String.UnicodeScalarView(raw.prefix { $0 != 0 }.map { Unicode.Scalar($0) }))
        }
        return ICCProfileInfo(name: name, profile: UnsafeRawBufferPointer(start: profile, count: info.icc_length))
    }
}
