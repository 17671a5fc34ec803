import AssetCatalog

/// The packer's use of the PNG helpers: full decoding (`verifyPixels`) and lossless re-encoding (`optimize`).
enum PNGOperations {
    /// Why the PNG's pixels cannot be decoded, or `nil` when they can.
    static func decodeProblem(_ bytes: OwnedBytes, maxPixels: Int?) -> String? {
        switch PNGInspector.inspect(bytes.buffer, decodePixels: true, maxPixels: maxPixels ?? PNGCodec.defaultMaxPixels) {
        case .success: return nil
        case .failure(let error): return "\(error)"
        }
    }

    /// A smaller PNG whose decoded pixels are identical, or `nil` when the optimiser cannot do better
    /// (or cannot read the file, or would lose something such as an animation).
    static func optimize(_ bytes: OwnedBytes, maxPixels: Int?) -> OwnedBytes? {
        let limit = maxPixels ?? PNGCodec.defaultMaxPixels
        guard let candidate = try? PNGOptimizer.optimize(bytes.buffer, maxPixels: limit),
            candidate.count < bytes.count
        else { return nil }
        let equal = candidate.withUnsafeBytes { optimized in
            (try? PNGOptimizer.pixelsEqual(bytes.buffer, optimized, maxPixels: limit)) == true
        }
        return equal ? OwnedBytes(candidate) : nil
    }
}
