import AssetCatalog
import Foundation

/// Packs a ``CatalogIndex`` into one archive file (format: `docs/FORMAT.md`) that `AssetArchive` opens.
///
/// ```swift
/// let index = CatalogReader().read(["App/Assets.xcassets"])
/// let summary = try Packer(options: PackOptions()).pack(index, to: "App.assetc")
/// ```
///
/// What goes in: every image set, colour set, data set and app icon set, from any number of catalogs.
/// Empty slots and variants the index marks unusable (missing or damaged files) are left out; a name
/// present twice is an error naming both places (with ``PackOptions/allowErrors`` the first by path is packed
/// and the others are listed in ``PackSummary/problems``). Every error of a run is reported at once.
/// Identical payload bytes are stored once.
///
/// Guarantees:
/// - **Byte for byte**: payloads are stored unchanged unless ``PackOptions/optimize`` is on, and then
///   only replaced by a smaller PNG whose decoded pixels are identical.
/// - **Deterministic**: the same inputs give the same bytes, whatever the order of the index's assets
///   and sources, the file modification times, ``PackOptions/jobs`` or the cache.
/// - **Atomic**: the archive is written to a temporary file beside the output and renamed over it at the
///   end; on any error (or SIGINT/SIGTERM with ``PackOptions/handleSignals``) no partial file is left
///   and an existing archive is untouched.
/// - **Checked**: every PNG's chunk structure and CRCs are verified (and its pixels decoded with
///   ``PackOptions/verifyPixels``) before it is packed.
public struct Packer: Sendable {
    /// The options in use.
    public var options: PackOptions

    /// Creates a packer.
    public init(options: PackOptions = PackOptions()) {
        self.options = options
    }

    /// Packs `index` into the archive at `outputPath`.
    ///
    /// When a cache is in use and neither the inputs nor the archive changed since the last pack, the
    /// archive is left as it is and the summary says ``PackSummary/upToDate``.
    ///
    /// The index is consumed: once the plan is made from it, it is released (when the caller hands it
    /// over with `consume`), so a large catalog is not held twice while its files are packed.
    ///
    /// - Throws: ``PackError``; nothing is written then.
    public func pack(_ index: consuming CatalogIndex, to outputPath: String) throws(PackError) -> PackSummary {
        let started = DispatchTime.now()
        let cacheDirectory = options.cacheDirectory(forOutput: outputPath)

        // Nothing changed since the last pack (same index, options, file sizes and times, and the archive
        // is the one written then)? Then leave the archive alone. This reads one small cache file and
        // stats every input, nothing more.
        var fingerprint: PackFingerprint?
        if let cacheDirectory {
            let current = PackFingerprint(index: copy index, options: optionsDigest())
            fingerprint = current
            if let record = PackCache.loadOutputRecord(directory: cacheDirectory), record.path == outputPath,
                let existing = FileBytes.status(outputPath), existing.size == record.size,
                existing.modified == record.modified, existing.inode == record.inode
            {
                let statuses = parallelMap(count: current.paths.count, width: options.jobs) {
                    FileBytes.status(current.paths[$0])
                }
                if !statuses.contains(nil), current.value(statuses.map { $0! }) == record.fingerprint {
                    var summary = record.summary
                    summary.upToDate = true
                    summary.cachedFileCount = Set(current.paths).count
                    summary.elapsedSeconds = Self.seconds(since: started)
                    return summary
                }
            }
        }

        // The last use: the index goes into the plan's initializer and is released when it returns.
        var plan = try PackPlan(index, allowErrors: options.allowErrors)
        // The index was built on the reading threads, in their own malloc arenas; freed, its pages would
        // still count as the process's memory until the allocator gives them back.
        FreedMemory.returnToSystem()
        let cache = cacheDirectory.map { PackCache.load(directory: $0) }
        let output = try TemporaryOutput(finalPath: outputPath, handleSignals: options.handleSignals)
        var sink = FileSink(output: output)
        var (summary, entries, statuses) = try write(&plan, to: &sink, cache: cache, started: started)
        try output.commit(synchronize: options.synchronizeToDisk)
        summary.output = outputPath
        summary.elapsedSeconds = Self.seconds(since: started)
        if let cache, let fingerprint {
            // The fingerprint of what was read, with each file's status as the packer saw it.
            var statusByPath: [String: FileBytes.Status] = [:]
            for (file, status) in zip(plan.files, statuses) { statusByPath[file.path] = status }
            let seen = fingerprint.paths.map { statusByPath[$0] }
            var record: PackCache.OutputRecord?
            if let written = FileBytes.status(outputPath), !seen.contains(nil) {
                record = PackCache.OutputRecord(
                    path: outputPath, size: written.size, modified: written.modified, inode: written.inode,
                    fingerprint: fingerprint.value(seen.map { $0! }), summary: summary)
            }
            cache.save(entries: entries, output: record)
        }
        return summary
    }

    /// Packs `index` into bytes in memory (no cache, no temporary file); for tests and small catalogs.
    ///
    /// - Throws: ``PackError``.
    public func packToBytes(_ index: CatalogIndex) throws(PackError) -> (archive: [UInt8], summary: PackSummary) {
        let started = DispatchTime.now()
        var plan = try PackPlan(index, allowErrors: options.allowErrors)
        var sink = MemorySink()
        var (summary, _, _) = try write(&plan, to: &sink, cache: nil, started: started)
        summary.elapsedSeconds = Self.seconds(since: started)
        return (sink.bytes, summary)
    }

    // MARK: Writing

    /// How many files are read per batch, and the most bytes a batch may hold in memory.
    private var batchFiles: Int { max(64, options.jobs * 32) }
    private static let batchBytes = 64 << 20

    private func write<Sink: ArchiveSink>(
        _ plan: inout PackPlan, to sink: inout Sink, cache: PackCache?, started: DispatchTime
    ) throws(PackError) -> (PackSummary, [PackCache.Entry], [FileBytes.Status?]) {
        let processor = FileProcessor(options: options, cache: cache)
        var payloads: [ArchiveBlueprint.Payload] = []
        payloads.reserveCapacity(plan.files.count)
        // Each file's payload (`noPayload`: none), in 32 bits: an archive has fewer than 2^32 payloads.
        var filePayload = [UInt32](repeating: Self.noPayload, count: plan.files.count)
        // Only a cache records what was read: without one, no status is kept per file.
        var statuses = [FileBytes.Status?](repeating: nil, count: cache == nil ? 0 : plan.files.count)
        var entries: [PackCache.Entry] = []
        // Payloads by length and CRC: the latest payload with a key, and for each payload the one before
        // it with the same key (-1: none). A chain, not an array per key: one allocation less per payload.
        var byKey: [DedupeKey: Int] = [:]
        var previousWithKey: [Int] = []
        var problems: [Diagnostic] = []
        var summary = PackSummary()
        var position = ArchiveEncoder.dataStart
        // Errors already known from the plan: every file is still checked, so one run reports them all.
        let failing = !options.allowErrors && (!plan.duplicates.isEmpty || !plan.inputErrors.isEmpty)
        try sink.reserveHead(ArchiveEncoder.dataStart)

        var start = 0
        while start < plan.files.count {
            // A batch: up to batchFiles files or batchBytes bytes (as the reader measured them).
            var end = start
            var estimate = 0
            while end < plan.files.count, end - start < batchFiles, estimate < Self.batchBytes {
                estimate += plan.files[end].byteCount
                end += 1
            }
            let first = start
            let files = plan.files
            let results = parallelMap(count: end - start, width: options.jobs) { processor.process(files[first + $0]) }

            var pending: [OwnedBytes] = []
            var pendingPayloads: [Int: OwnedBytes] = [:]
            for (offset, result) in results.enumerated() {
                let fileIndex = start + offset
                let file = plan.files[fileIndex]
                if cache != nil { statuses[fileIndex] = result.status }
                if let entry = result.entry { entries.append(entry) }
                if result.fromCache { summary.cachedFileCount += 1 }
                if let problem = result.problem {
                    problems.append(
                        Diagnostic(
                            severity: .error, rule: problem.rule, catalog: file.catalog, path: file.relative,
                            message: problem.message))
                    continue
                }
                summary.bytesIn += result.originalSize
                if result.optimized { summary.optimizedSavings += result.originalSize - result.bytes.count }
                if failing || (!problems.isEmpty && !options.allowErrors) { continue }  // failing: check the rest, write nothing

                let key = DedupeKey(length: result.bytes.count, crc: result.crc)
                var match: Int?
                var next = byKey[key] ?? -1
                while next >= 0 {
                    let candidate = next
                    next = previousWithKey[candidate]
                    let same: Bool
                    if let inBatch = pendingPayloads[candidate] {
                        same = inBatch.contentEquals(result.bytes)
                    } else {
                        let earlier = payloads[candidate]
                        let stored = try sink.read(at: Int(earlier.offset), count: Int(earlier.length))
                        same = stored.withUnsafeBytes { OwnedBytes.equal($0, result.bytes.buffer) }
                    }
                    if same {
                        match = candidate
                        break
                    }
                }
                if let match {
                    filePayload[fileIndex] = UInt32(match)
                    summary.deduplicatedCount += 1
                    continue
                }
                let payloadIndex = payloads.count
                payloads.append(
                    ArchiveBlueprint.Payload(
                        offset: UInt64(position), length: UInt64(result.bytes.count), crc: result.crc,
                        pixelWidth: result.width, pixelHeight: result.height, contentType: result.contentType,
                        optimized: result.optimized))
                filePayload[fileIndex] = UInt32(payloadIndex)
                previousWithKey.append(byKey[key] ?? -1)
                byKey[key] = payloadIndex
                pendingPayloads[payloadIndex] = result.bytes
                pending.append(result.bytes)
                position += result.bytes.count
                let padded = ArchiveFormat.align(position, to: ArchiveFormat.payloadAlignment)
                if padded > position {
                    pending.append(OwnedBytes.zeros(padded - position))
                    position = padded
                }
            }
            try sink.append(pending)
            start = end
            options.progress?(
                PackProgress(
                    filesDone: end, filesTotal: plan.files.count, bytesWritten: position - ArchiveEncoder.dataStart,
                    elapsedSeconds: Self.seconds(since: started)))
        }
        if !options.allowErrors {
            var errors: [PackError] = []
            if !plan.duplicates.isEmpty { errors.append(.duplicateNames(plan.duplicates)) }
            let otherInputErrors = plan.inputErrors.filter { $0.rule != "duplicate-name" }
            if !otherInputErrors.isEmpty { errors.append(.inputErrors(otherInputErrors)) }
            if !problems.isEmpty { errors.append(.damagedFiles(problems)) }
            if errors.count == 1 { throw errors[0] }
            if !errors.isEmpty { throw .several(errors) }
        }

        // Building the tables is the largest moment of a pack: what is done with goes first. The files
        // (unless the caller records them in the cache) and the payloads by content are no longer needed.
        if cache == nil { plan.files = [] }
        byKey = [:]
        previousWithKey = []

        // Tables: the plan's assets themselves, moved into the blueprint, with file indices turned into
        // payload indices in place (no second copy of the variants).
        var blueprint = ArchiveBlueprint(sources: plan.sources, payloads: payloads, colors: plan.colors)
        blueprint.assets = plan.assets
        plan.assets = []
        var variantCount = 0
        var skipped = plan.skippedVariantCount
        for position in blueprint.assets.indices where blueprint.assets[position].kind != .color {
            var kept = 0
            let count = blueprint.assets[position].variants.count
            for variant in 0..<count {
                let payload = filePayload[blueprint.assets[position].variants[variant].target]
                guard payload != Self.noPayload else {
                    skipped += 1
                    continue
                }
                blueprint.assets[position].variants[variant].target = Int(payload)
                if kept != variant {
                    blueprint.assets[position].variants.swapAt(kept, variant)
                }
                kept += 1
            }
            if kept < count { blueprint.assets[position].variants.removeLast(count - kept) }
        }
        for asset in blueprint.assets { variantCount += asset.variants.count }
        filePayload = []
        let assetCount = blueprint.assets.count
        let payloadCount = payloads.count
        payloads = []  // the blueprint has them
        let encoded: ArchiveEncoder.Encoded
        do {
            // The encoder releases the blueprint as the tables replace it (its arrays are referenced here only).
            encoded = try ArchiveEncoder.encode(releasing: &blueprint, dataEnd: position)
        } catch {
            throw .unrepresentable(error.description)
        }
        // A piece at a time (each section and its padding): the tables are not joined into one more copy.
        for piece in encoded.tailPieces where !piece.isEmpty { try sink.append([OwnedBytes(piece)]) }
        try sink.writeHead(encoded.head)

        summary.assetCount = assetCount
        summary.variantCount = variantCount
        summary.payloadCount = payloadCount
        summary.skippedVariantCount = skipped
        summary.bytesOut = Int(encoded.fileSize)
        summary.problems = plan.inputErrors + problems
        return (summary, entries, statuses)
    }

    // MARK: Fingerprints

    /// Everything in the options that changes the archive's bytes, plus the packer's version.
    private func optionsDigest() -> [UInt8] {
        var bytes = Array("assetc-pack-1.0".utf8)
        bytes.append(options.optimize ? 1 : 0)
        bytes.append(options.verifyPixels ? 1 : 0)
        bytes.append(options.allowErrors ? 1 : 0)
        bytes.store(Int64(options.maxPixels ?? -1))
        return bytes
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

extension Packer {
    /// In ``write(_:to:cache:started:)``'s file-to-payload table: the file has no payload (damaged, or not written).
    fileprivate static let noPayload = UInt32.max
}

/// Payloads with the same length and CRC are compared byte for byte before being shared.
private struct DedupeKey: Hashable {
    var length: Int
    var crc: UInt32
}

// MARK: Sinks

/// Where archive bytes go: a temporary file or memory.
protocol ArchiveSink {
    /// Leaves room for the header and section table (written last).
    mutating func reserveHead(_ count: Int) throws(PackError)
    /// Appends buffers in order.
    mutating func append(_ buffers: [OwnedBytes]) throws(PackError)
    /// Reads back bytes already appended.
    func read(at offset: Int, count: Int) throws(PackError) -> [UInt8]
    /// Writes the header and section table at offset 0.
    mutating func writeHead(_ bytes: [UInt8]) throws(PackError)
}

struct FileSink: ArchiveSink {
    let output: TemporaryOutput

    mutating func reserveHead(_ count: Int) throws(PackError) {
        try output.write([UInt8](repeating: 0, count: count), at: 0)
        guard lseek(output.descriptor, off_t(count), SEEK_SET) >= 0 else {
            throw .cannotWrite(path: output.finalPath, reason: String(cString: strerror(errno)))
        }
    }

    mutating func append(_ buffers: [OwnedBytes]) throws(PackError) {
        // The owners in `buffers` keep every pointer valid until the write returns.
        try withExtendedLifetime(buffers) { () throws(PackError) in
            try output.write(buffers.map(\.buffer))
        }
    }

    func read(at offset: Int, count: Int) throws(PackError) -> [UInt8] {
        try output.read(at: offset, count: count)
    }

    mutating func writeHead(_ bytes: [UInt8]) throws(PackError) {
        try output.write(bytes, at: 0)
    }
}

struct MemorySink: ArchiveSink {
    var bytes: [UInt8] = []

    mutating func reserveHead(_ count: Int) throws(PackError) {
        bytes = [UInt8](repeating: 0, count: count)
    }

    mutating func append(_ buffers: [OwnedBytes]) throws(PackError) {
        for buffer in buffers { bytes.append(contentsOf: buffer.buffer) }
    }

    func read(at offset: Int, count: Int) throws(PackError) -> [UInt8] {
        Array(bytes[offset..<(offset + count)])
    }

    mutating func writeHead(_ head: [UInt8]) throws(PackError) {
        bytes.replaceSubrange(0..<head.count, with: head)
    }
}
