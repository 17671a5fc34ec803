import AssetCatalogBuilder
import AssetCatalogCompileCache
import Foundation

/// One run's use of the compile cache (docs/COMPILE-CACHE.md): the inputs' snapshot taken before anything is read,
/// the up-to-date check, each car compiled with what the last compile of it left, and the run's stamp at the end.
final class CacheRun {
    private let cache: CompileCache
    private var snapshot: InputSnapshot
    private let runKey: UInt64
    private let settings: UInt64
    private let inputsDigest: UInt64
    /// The key of the read's index (`nil`: the inputs hold a link, and are read each time).
    private let indexKey: UInt64?
    /// The key of the read's shape (``CompileCache/shapeKey(snapshot:settings:)``), `nil` with `indexKey`.
    private let shapeKey: UInt64?
    /// The digests of the files this run's read parses, kept beside its index (``finish(outputs:diagnostics:)``).
    let readDigests = ReadContentDigests()
    /// The index this run read, kept by ``finish(outputs:diagnostics:)``.
    private var readIndex: CatalogIndex?
    /// The record of a car, being read on another thread (``prefetchPreviousCompile(car:)``).
    private var prefetched: (path: String, reading: DispatchGroup, result: PrefetchedCompile)?

    /// The options that do not change any output: the cache's own, and those that only choose what the result
    /// document reports and how, or how many threads work.
    static let reportingOptions: Set<ActoolOption> = [.cache, .noCache, .cacheLimit, .outputFormat, .errors, .warnings, .notices, .jobs]

    /// The run's cache, or `nil` with `--no-cache`, for a line that writes asset symbols only (it compiles no car and
    /// leaves no stamp, so the inputs are not walked for it), or when the inputs cannot be examined (the compile then
    /// reports them as it would have).
    init?(invocation: ActoolInvocation, toolVersion: String) {
        guard let folder = invocation.cacheFolder, invocation.assetSymbols == nil else { return nil }
        let roots = Self.roots(of: invocation)
        let workingFolder = FileManager.default.currentDirectoryPath
        let cache = CompileCache(directory: folder, limit: invocation.cacheLimit)
        let settings = Self.settings(of: invocation, toolVersion: toolVersion, workingFolder: workingFolder)
        // The folders unchanged since the last snapshot are not listed again (docs/COMPILE-CACHE.md, "The folder
        // listings"); the listings this one took are kept at once, whatever becomes of the compile: they describe
        // the folders, not the compile.
        let kept = cache.keptListings(file: settings)
        StageClock.mark("listings read")
        guard var snapshot = InputSnapshot(roots: roots, keptListings: kept) else { return nil }
        StageClock.mark("walk")
        if let listings = snapshot.takeListingsToKeep() { cache.storeListings(listings, file: settings) }
        self.cache = cache
        self.settings = settings
        self.snapshot = snapshot
        runKey = CompileCache.runKey(arguments: invocation.arguments.canonicalWords(), workingFolder: workingFolder)
        inputsDigest = CompileCache.inputsDigest(snapshot: snapshot, settings: settings)
        indexKey = CompileCache.indexKey(snapshot: snapshot, settings: settings)
        shapeKey = CompileCache.shapeKey(snapshot: snapshot, settings: settings)
    }

    /// What the run's snapshot walks: the inputs, and the asset pack specifications and the declared-inputs list.
    static func roots(of invocation: ActoolInvocation) -> [String] {
        var roots = invocation.inputs
        if invocation.onDemandResources, let specifications = invocation.arguments.value(.assetPackOutputSpecifications) {
            roots.append(specifications)
        }
        if let declared = invocation.arguments.value(.declaredInputs) { roots.append(declared) }
        return roots
    }

    /// The digest of everything besides the inputs that decides the outputs' bytes (``CompileCache/settingsDigest(settings:workingFolder:toolVersion:)``).
    static func settings(
        of invocation: ActoolInvocation, toolVersion: String, workingFolder: String = FileManager.default.currentDirectoryPath
    ) -> UInt64 {
        CompileCache.settingsDigest(
            settings: invocation.arguments.canonicalWords(excluding: reportingOptions), workingFolder: workingFolder, toolVersion: toolVersion)
    }

    /// The index of the last read of these inputs, when nothing that read saw has changed since (only PNGs of image sets
    /// edited, which the read does not open, or files it opens touched with the same bytes); otherwise `nil`, and the
    /// caller reads.
    func cachedIndex() -> CatalogIndex? {
        guard let indexKey else { return nil }
        let index = cache.cachedIndex(key: indexKey, shapeKey: shapeKey, snapshot: snapshot, file: settings)
        // Taken from the cache: the snapshot's paths of opened files are not needed (after a read, `finish` uses them).
        if index != nil { _ = snapshot.takeOpenedFiles() }
        return index
    }

    /// Keeps the index this run read for the next one, when the run finishes. (Encoded then, not beside the compile:
    /// its 3 MB for the benchmark's catalog added to the compile's peak memory, 93.7 → 97.5 MiB.)
    /// So is what vouches for it after a `touch` (``CompileCache/storeIndexContents(indexKey:shapeKey:opened:read:file:)``):
    /// made beside the compile, it raised the peak memory by 4–6 MiB.
    func keep(_ index: CatalogIndex) {
        guard indexKey != nil else { return }
        readIndex = index
    }

    /// The last run, when nothing it read or wrote has changed since; otherwise `nil`, and its stamp is removed so
    /// that this run, if it fails or is stopped, leaves none.
    func upToDate() -> CompileCache.Run? {
        if let run = cache.upToDateRun(key: runKey, inputs: inputsDigest) { return run }
        cache.removeRun(key: runKey)
        return nil
    }

    /// Starts reading the record of the car at `path` on another thread, for ``compile(_:toFile:options:)``: it needs
    /// only the snapshot, so it is read while the index is (each on one core; 20 ms of a rebuild's wall time).
    func prefetchPreviousCompile(car path: String) {
        let (cache, settings, snapshot) = (cache, settings, snapshot)
        let result = PrefetchedCompile()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            result.value = cache.previousCompile(car: path, settings: settings, inputs: snapshot)
        }
        prefetched = (path, reading, result)
    }

    /// The record ``prefetchPreviousCompile(car:)`` read for the car at `path`, once it is read; `nil` for another car.
    private func takePrefetched(car path: String) -> PreviousCompile? {
        guard let prefetched, prefetched.path == path else { return nil }
        self.prefetched = nil
        prefetched.reading.wait()
        return prefetched.result.value
    }

    deinit {
        // A record read for a compile that did not happen (an input error): its car is closed.
        if let prefetched {
            prefetched.reading.wait()
            if let car = prefetched.result.value?.car, car >= 0 { close(car) }
        }
    }

    /// Compiles the car at `path`, copying from its last compile what did not change, and records this one.
    func compile(_ index: CatalogIndex, toFile path: String, options: CompileOptions) throws(CARCompileError) -> CARCompileSummary {
        let previous = takePrefetched(car: path) ?? cache.previousCompile(car: path, settings: settings, inputs: snapshot)
        var closesPrevious = previous.car >= 0
        defer { if closesPrevious { close(previous.car) } }
        StageClock.mark("record read")
        let (summary, record) = try CARCompiler(options: options, symbolStore: cache.symbolStore(settings: settings))
            .compile(index, toFile: path, reusing: previous)
        // The new car has replaced the old one, which is now unlinked: closing it frees its pages and blocks, 35–45 ms
        // of the kernel's time for the benchmark's 183 MB car on ext4, done on another core (``ReplacedFiles``).
        if closesPrevious {
            closesPrevious = false
            ReplacedFiles.release(previous.car)
        }
        // Stored here, on this thread: encoding it beside the index at the run's end saved nothing in wall time and
        // raised the cold compile's peak memory by 10 MiB (94 → 104 MiB on the benchmark).
        cache.storeCompile(car: path, settings: settings, record: record, inputs: snapshot)
        StageClock.mark("record stored")
        return summary
    }

    /// Stamps a run that succeeded (no error in `diagnostics`) with the files it wrote, keeps the folder within its
    /// limit, and returns the cache's notices for the result document.
    func finish(outputs: [String], diagnostics: [Diagnostic]) -> [Diagnostic] {
        if let readIndex, let indexKey {
            cache.storeIndex(CompileCache.encodedIndex(readIndex, key: indexKey), file: settings)
            cache.storeIndexContents(
                indexKey: indexKey, shapeKey: shapeKey, opened: snapshot.takeOpenedFiles(), read: readDigests, file: settings)
            readDigests.removeAll()
            self.readIndex = nil
        }
        if !diagnostics.contains(where: { $0.severity == .error }) {
            cache.storeRun(key: runKey, inputs: inputsDigest, outputs: outputs, diagnostics: diagnostics)
        }
        cache.evict()
        return cache.notices.map { Diagnostic(severity: .note, rule: "compile-cache", catalog: "", path: "", message: $0) }
    }
}

/// The record read on another thread: written once by that thread, read only after waiting for it.
private final class PrefetchedCompile: @unchecked Sendable {
    var value: PreviousCompile?
}
