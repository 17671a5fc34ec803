import Foundation

/// How ``CatalogReader`` reads: how hard to check files and how many threads to use.
public struct ReaderOptions: Hashable, Sendable {
    /// The largest image, in pixels (width × height), that is decoded; bigger ones get an
    /// `image-too-large` error. Default: 256 megapixels.
    public var maxPixels: Int
    /// Whether every PNG is fully decoded (CRC, zlib and truncation errors found) rather than only
    /// its header read. Default: `true`.
    public var verifyPixels: Bool
    /// How many files are inspected at once; `nil` means one per active processor.
    /// The result is identical, ordering included, for any value.
    public var jobs: Int?
    /// Files larger than this are not read (an `image-too-large` error). Default: 1 GiB.
    public var maxFileBytes: Int
    /// Which verified PNGs also get an estimate of what an optimizer would make of their image data
    /// (``PNGDataProfile/refilteredEstimate``), for the audit's `unoptimized-png` rule; `nil` for none.
    /// It costs a pass over a sample of each estimated image's rows. Default: `nil`;
    /// ``Auditor/readerOptions(_:)`` sets it when the rule runs.
    public var recompressionEstimate: RecompressionEstimatePolicy?
    /// Whether the PNG files of sets (regular files named `.png`, not links) are left unopened: their
    /// variants get the content type PNG and no ``Variant/inspection``, for a caller that reads every such
    /// file anyway and inspects it then, so that each is read once (``CARCompiler`` does, and reports what
    /// it finds as the reader would have). Default: `false`.
    public var defersPNGInspection: Bool
    /// The files a build system declared as inputs (``DeclaredInputs``): a symbolic link at one of these
    /// paths is followed to the regular file it names even outside the catalog root. Default: `nil`, no
    /// link leaves the root.
    public var declaredInputs: DeclaredInputs?
    /// Where the read records the digest of each `Contents.json` it parses (the compile cache's use). Default: `nil`.
    public var readDigests: ReadContentDigests?

    /// Creates options; the defaults suit `assetc info`.
    public init(
        maxPixels: Int = 256_000_000, verifyPixels: Bool = true, jobs: Int? = nil, maxFileBytes: Int = 1 << 30,
        recompressionEstimate: RecompressionEstimatePolicy? = nil, defersPNGInspection: Bool = false,
        declaredInputs: DeclaredInputs? = nil, readDigests: ReadContentDigests? = nil
    ) {
        self.maxPixels = maxPixels
        self.verifyPixels = verifyPixels
        self.jobs = jobs
        self.maxFileBytes = maxFileBytes
        self.recompressionEstimate = recompressionEstimate
        self.defersPNGInspection = defersPNGInspection
        self.declaredInputs = declaredInputs
        self.readDigests = readDigests
    }

    /// The number of threads to use: ``jobs`` or the active processor count, at least 1.
    public var effectiveJobs: Int {
        if let jobs { return max(1, jobs) }
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }
}
