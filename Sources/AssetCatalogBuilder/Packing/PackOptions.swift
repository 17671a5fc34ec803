import Foundation

/// How ``Packer`` packs: checks, optimisation, threads, cache and safety nets.
public struct PackOptions: Sendable {
    /// Where the pack cache lives.
    public enum Cache: Hashable, Sendable {
        /// A folder beside the output: `.<output-name>.assetc-cache`.
        case besideOutput
        /// This folder (created when missing).
        case directory(String)
        /// No cache: every file is checked (and optimised) again.
        case disabled
    }

    /// How many files are read, checked and optimised at once; at least 1. The archive is byte-identical
    /// for every value. Default: the number of active processors.
    public var jobs: Int
    /// Re-encode PNGs losslessly and keep the smaller file, provided the decoded pixels are identical.
    /// Default: `false` (every payload is stored byte for byte).
    public var optimize: Bool
    /// Fully decode every PNG (zlib stream, filters, sizes) rather than only checking its chunks and CRCs.
    /// Default: `false`.
    public var verifyPixels: Bool
    /// The most working memory, in bytes, that the jobs may hold at once: each file reserves its estimated
    /// working set first and waits while the others hold too much, so `jobs` divides this ceiling rather
    /// than multiplying the cost. It never changes the archive, only when each file is processed; one
    /// file larger than the ceiling runs alone. Default: ``defaultMemoryLimit``.
    public var memoryLimit: Int
    /// 512 MiB: a hosted CI runner (4–7 GB) keeps room for the build around the pack, whatever `jobs`.
    public static let defaultMemoryLimit = 512 << 20
    /// Images with more pixels (width × height) than this are a problem. `nil`: no limit. Default: `nil`.
    public var maxPixels: Int?
    /// Where results of checking and optimising are remembered between packs. Default: ``Cache/besideOutput``.
    public var cache: Cache
    /// Pack what is valid even when the index has error diagnostics or files turn out to be damaged;
    /// the skipped variants are listed in ``PackSummary/problems``. Default: `false`.
    public var allowErrors: Bool
    /// While packing to a file, catch SIGINT and SIGTERM, delete the temporary file and exit with
    /// status 130. Leave it on in tools; turn it off in processes with their own signal handling.
    /// Default: `true`.
    public var handleSignals: Bool
    /// `fsync` the archive before renaming it into place (slower; survives power loss). Default: `false`.
    public var synchronizeToDisk: Bool
    /// Called on the packing thread after each batch of files, with the work done so far.
    public var progress: (@Sendable (PackProgress) -> Void)?

    /// Creates options; every default suits `assetc pack`.
    public init(
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, optimize: Bool = false, verifyPixels: Bool = false,
        maxPixels: Int? = nil, cache: Cache = .besideOutput, allowErrors: Bool = false, handleSignals: Bool = true,
        synchronizeToDisk: Bool = false, progress: (@Sendable (PackProgress) -> Void)? = nil,
        memoryLimit: Int = PackOptions.defaultMemoryLimit
    ) {
        self.jobs = jobs
        self.memoryLimit = memoryLimit
        self.optimize = optimize
        self.verifyPixels = verifyPixels
        self.maxPixels = maxPixels
        self.cache = cache
        self.allowErrors = allowErrors
        self.handleSignals = handleSignals
        self.synchronizeToDisk = synchronizeToDisk
        self.progress = progress
    }

    /// The cache folder used for an archive written to `outputPath`, or `nil` when caching is off.
    public func cacheDirectory(forOutput outputPath: String) -> String? {
        switch cache {
        case .disabled: return nil
        case .directory(let path): return path
        case .besideOutput:
            let url = URL(fileURLWithPath: outputPath)
            return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).assetc-cache").path
        }
    }
}

/// How far a pack has got.
public struct PackProgress: Hashable, Sendable {
    /// Files read (and checked) so far.
    public var filesDone: Int
    /// Files to read in all.
    public var filesTotal: Int
    /// Payload bytes written so far.
    public var bytesWritten: Int
    /// Seconds since the pack started.
    public var elapsedSeconds: Double
}
