import AssetCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads, checks and (optionally) optimises one input file, using and refreshing the pack cache.
/// Runs on worker threads; it only reads the cache.
struct FileProcessor: Sendable {
    let options: PackOptions
    let cache: PackCache?
    /// The working memory all jobs share (``PackOptions/memoryLimit``).
    let budget: MemoryBudget

    init(options: PackOptions, cache: PackCache?) {
        self.options = options
        self.cache = cache
        self.budget = MemoryBudget(limit: options.memoryLimit)
    }

    /// What one file gives the archive.
    struct Result: Sendable {
        var status: FileBytes.Status?
        var problem: (rule: String, message: String)?
        /// The bytes to store (the original or its optimised re-encoding).
        var bytes: OwnedBytes
        var crc: UInt32 = 0
        var contentType: ContentType = .unknown
        var width: UInt32 = 0
        var height: UInt32 = 0
        var optimized = false
        /// The input file's size.
        var originalSize = 0
        var fromCache = false
        /// The cache entry to keep for this file (`nil` without a cache or when the file is unreadable).
        var entry: PackCache.Entry?

        static func failure(_ rule: String, _ message: String, status: FileBytes.Status? = nil, entry: PackCache.Entry? = nil)
            -> Result
        {
            Result(status: status, problem: (rule, message), bytes: OwnedBytes(count: 0), entry: entry)
        }
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Reads, checks and optimises `file` once the memory budget has room for its working set.
    func process(_ file: PackPlan.File) -> Result {
        budget.withReservation(workingSet(of: file)) { processReserved(file) }
    }

    /// The memory one file costs while it is processed, as measured (docs/RELIABILITY.md, "Memory per
    /// image"): its bytes, and with `--optimize` the re-encoding beside them plus the optimizer's strips
    /// and compressors, a constant whatever the image (about 16 MB; 24 MiB keeps a margin). Pixel
    /// checks inflate in bounded windows and hold their rows: another constant.
    func workingSet(of file: PackPlan.File) -> Int {
        var bytes = file.byteCount
        if options.optimize, file.contentType == .png { bytes += file.byteCount + Self.optimizerWorkingSet }
        if options.verifyPixels, file.contentType == .png { bytes += Self.pixelCheckWorkingSet }
        return bytes
    }

    /// The optimizer's working set beside the file and its re-encoding: 4 MiB strips, libdeflate's
    /// compressors, the check's inflate window.
    static let optimizerWorkingSet = 24 << 20
    /// A full pixel check's working set beside the file.
    static let pixelCheckWorkingSet = 16 << 20

    private func processReserved(_ file: PackPlan.File) -> Result {
        let opened: (descriptor: Int32, status: FileBytes.Status)
        do {
            opened = try FileBytes.open(file.path)
        } catch {
            return .failure("missing-file", "cannot be read while packing: \(error)")
        }
        let status = opened.status
        guard status.size <= UInt64(Int.max / 2) else {
            close(opened.descriptor)
            return .failure("image-too-large", "is too large to pack", status: status)
        }

        // Same path, size and time as last time: trust the cached results.
        var entry = cache?.entry(path: file.path)
        var fromCache = false
        if let cached = entry, cached.size == status.size, cached.modified == status.modified {
            fromCache = true
        } else {
            entry = nil
        }
        if let cached = entry, let problem = cached.problem {
            close(opened.descriptor)
            return .failure("corrupt-image", problem, status: status, entry: cached)
        }
        if let cached = entry, let cache, options.optimize, cached.optimizationChecked, let optimized = cached.optimized,
            !options.verifyPixels || cached.pixelsChecked, cached.pixelProblem == nil || !options.verifyPixels,
            let bytes = cache.optimizedBytes(optimized)
        {
            // The optimised bytes are all the archive needs; the original need not be read.
            close(opened.descriptor)
            var result = Result(
                status: status, bytes: bytes, crc: optimized.crc, contentType: .png, width: cached.width,
                height: cached.height, optimized: true, originalSize: Int(status.size), fromCache: true, entry: cached)
            if let problem = sizeProblem(cached.width, cached.height) { result.problem = problem }
            return result
        }

        let bytes: OwnedBytes
        do {
            bytes = try FileBytes.read(descriptor: opened.descriptor, count: Int(status.size))
        } catch {
            return .failure("missing-file", "cannot be read while packing: \(error)", status: status)
        }

        // Unknown path or time: the content hash may still recognise the file (a checkout, a copy).
        if entry == nil, let cache {
            let hash = ContentHash.hash(bytes.buffer)
            if var known = cache.entry(contentHash: hash), known.size == status.size {
                known.path = file.path
                known.modified = status.modified
                entry = known
                fromCache = true
            } else {
                entry = fresh(file, bytes, status, contentHash: hash)
            }
        }
        var record = entry ?? fresh(file, bytes, status, contentHash: 0)
        if let problem = record.problem {
            return .failure("corrupt-image", problem, status: status, entry: cache == nil ? nil : record)
        }

        var result = Result(
            status: status, bytes: bytes, crc: record.crc, contentType: record.contentType, width: record.width,
            height: record.height, optimized: false, originalSize: bytes.count, fromCache: fromCache)
        if let problem = sizeProblem(record.width, record.height) {
            result.problem = problem
            result.entry = cache == nil ? nil : record
            return result
        }

        if options.verifyPixels, record.contentType == .png {
            if !record.pixelsChecked {
                record.pixelProblem = PNGOperations.decodeProblem(bytes, maxPixels: options.maxPixels)
                record.pixelsChecked = true
            }
            if let problem = record.pixelProblem {
                result.problem = ("corrupt-image", problem)
                result.entry = cache == nil ? nil : record
                return result
            }
        }

        if options.optimize, record.contentType == .png {
            var reused = false
            if record.optimizationChecked {
                if let optimized = record.optimized {
                    if let cached = cache?.optimizedBytes(optimized) {
                        result.bytes = cached
                        result.crc = optimized.crc
                        result.optimized = true
                        reused = true
                    }
                } else {
                    reused = true  // the optimiser found nothing better last time
                }
            }
            if !reused {
                record.optimized = nil
                if let smaller = PNGOperations.optimize(bytes, maxPixels: options.maxPixels) {
                    let optimized = PackCache.Optimized(
                        length: UInt64(smaller.count), crc: CRC32.checksum(smaller.buffer),
                        contentHash: cache == nil ? 0 : ContentHash.hash(smaller.buffer))
                    record.optimized = optimized
                    cache?.storeOptimized(smaller, as: optimized)
                    result.bytes = smaller
                    result.crc = optimized.crc
                    result.optimized = true
                }
                record.optimizationChecked = true
            }
        }
        result.entry = cache == nil ? nil : record
        return result
    }

    private func sizeProblem(_ width: UInt32, _ height: UInt32) -> (rule: String, message: String)? {
        guard let maxPixels = options.maxPixels, Int(width) * Int(height) > maxPixels else { return nil }
        return (
            "image-too-large",
            "is \(width)×\(height) = \(Int(width) * Int(height)) pixels, more than the limit of \(maxPixels)"
        )
    }

    /// Checks a file never seen before (structure only; pixels and optimisation come later).
    private func fresh(_ file: PackPlan.File, _ bytes: OwnedBytes, _ status: FileBytes.Status, contentHash: UInt64)
        -> PackCache.Entry
    {
        var entry = PackCache.Entry(
            path: file.path, size: status.size, modified: status.modified, contentHash: contentHash, crc: 0,
            contentType: file.contentType, width: UInt32(clamping: file.pixelWidth ?? 0),
            height: UInt32(clamping: file.pixelHeight ?? 0), problem: nil, pixelsChecked: false, pixelProblem: nil,
            optimizationChecked: false, optimized: nil)
        let isPNG = bytes.count >= 8 && Self.pngSignature.elementsEqual(bytes.buffer[0..<8])
        if isPNG {
            entry.contentType = .png
            switch PNGStructure.check(bytes.buffer) {
            case .success(let summary):
                entry.crc = summary.fileCRC
                entry.width = summary.width
                entry.height = summary.height
            case .failure(let problem):
                entry.problem = problem.message
            }
        } else if file.contentType == .png {
            entry.problem = "is no longer a PNG (it changed after the catalog was read)"
        } else {
            entry.crc = CRC32.checksum(bytes.buffer)
        }
        return entry
    }
}
