/// Which PNGs the reader estimates recompression for (``PNGDataProfile/refilteredEstimate``): the files
/// the audit's `unoptimized-png` rule may measure, and no others, because the estimate costs a pass over
/// a sample of the pixels.
public struct RecompressionEstimatePolicy: Hashable, Sendable {
    /// Smaller files are not estimated.
    public var minFileBytes: Int
    /// Files whose compressed image data is less than this share of the raw (filtered) image data are
    /// well compressed and not estimated.
    public var minImageDataRatio: Double

    /// Creates a policy; the defaults estimate every verified PNG.
    public init(minFileBytes: Int = 0, minImageDataRatio: Double = 0) {
        self.minFileBytes = minFileBytes
        self.minImageDataRatio = minImageDataRatio
    }
}
