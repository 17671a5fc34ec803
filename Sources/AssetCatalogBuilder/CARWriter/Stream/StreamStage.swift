import AssetCatalog
import Foundation

extension CARCompiler {
    /// Makes every planned rendition on `options.jobs` threads and streams the values to `sink` in the
    /// plan's order, right after the header area, on whichever thread finished the next one in line.
    ///
    /// - Throws: ``CARCompileError/inputErrors(_:)`` when a file the reader left unopened has errors, or a
    ///   write error.
    ///
    /// With `previous` (the compile cache; an empty one for a first compile), each value made from files carries its
    /// fingerprint and the digests of its files into the stream's ``RenditionStream/record``, and a value whose
    /// fingerprint `previous` lists is copied from the previous car instead of being made.
    func encodeAndStream(
        _ plan: CompilePlan, index: CatalogIndex, into sink: CARSink, reusing previous: PreviousCompile? = nil
    ) throws(CARCompileError) -> RenditionStream {
        let width = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let frozenJobs = plan.jobs
        let frozenItems = plan.items
        let counter = options.progress.map { ProgressCounter(total: frozenJobs.count, observer: $0) }
        let stream = RenditionStream(sink: sink, previous: previous)
        if previous != nil {
            // About one file a job: room for them once, not rehashing 30,000 paths as the table doubles (a tenth of a
            // one-image rebuild's string hashing).
            stream.record.files.reserveCapacity(frozenJobs.count)
        }
        let roots = OpenCatalogRoots(index.sources.map(\.path))
        let reuse = previous.map { RenditionReuse(previous: $0, roots: roots) }
        let targetCompression = BitmapCompression(platform: options.platform, minimumDeploymentTarget: options.minimumDeploymentTarget)
        let hasCopies = !deploymentTargetCopies.isEmpty
        try stream.reserveHeaderArea()
        parallelForEachInOrder(count: plan.order.count, width: width) { position -> Result<BuiltValue, CompileProblem> in
            let item = frozenItems[plan.order[position]]
            // A car with deployment-target copies compresses each copy (and each atlas of copies) as its target allows;
            // so does any car a rendition keyed by a deployment target (a symbol's bitmap caches and their atlas, keyed
            // 2019: MediaMate's macOS 13 car stores that atlas in deepmap2 beside LZFSE for the rest).
            let keyedTarget = item.key[.deploymentTarget]
            let compression = hasCopies || keyedTarget != 0 ? BitmapCompression.forDeploymentCopy(keyedTarget) : targetCompression
            switch item.work {
            case .ready(let value):
                return .success(BuiltValue(value))
            case .job(let number):
                defer { counter?.advance() }
                let job = frozenJobs[number]
                guard let reuse else {
                    return Self.build(job, key: item.key, roots: roots, compression: compression).map { BuiltValue($0.value) }
                }
                let key = plan.keyBytes[plan.order[position]]
                if let reused = reuse.reused(job, key: key) { return .success(reused) }
                let observer = FileObserver()
                return Self.build(job, key: item.key, roots: roots, compression: compression, observer: observer).map {
                    reuse.recorded(BuiltValue($0.value), job: job, key: key, hashes: observer.hashes)
                }
            case .atlas(let number):
                let atlas = plan.atlases[number]
                // An atlas of app icons is kept in LZFSE as app icons are (SwiftUITestProject1's iOS 17 cars: its app
                // icon atlases LZFSE beside deepmap2 ones of images).
                let compression =
                    atlas.members.allSatisfy { frozenJobs[$0.job].kind == .appIcon } ? compression.forIconsAndFlattenedImages : compression
                guard let reuse else {
                    return Self.atlasRendition(atlas, jobs: frozenJobs, roots: roots, compression: compression).map { BuiltValue($0) }
                }
                let key = plan.keyBytes[plan.order[position]]
                if let reused = reuse.reused(atlas, key: key, jobs: frozenJobs) { return .success(reused) }
                let observer = FileObserver()
                return Self.atlasRendition(atlas, jobs: frozenJobs, roots: roots, compression: compression, observer: observer).map {
                    reuse.recorded(BuiltValue($0), atlas: atlas, key: key, jobs: frozenJobs, hashes: observer.hashes)
                }
            case .reference(let atlas, let member):
                defer { counter?.advance() }
                let packed = plan.atlases[atlas]
                return .success(
                    BuiltValue(
                        Self.referenceRendition(
                            frozenJobs[packed.members[member].job], frame: packed.members[member].frame, grey: packed.grey,
                            atlasKey: frozenItems[packed.item].key, keyFormat: plan.keyFormat)))
            }
        } consume: { position, built in
            let number = plan.order[position]
            switch built {
            case .success(let value):
                if !stream.write(value, key: plan.keyBytes[number], preferred: frozenItems[number].preferred) {
                    stream.duplicates.append("two entries compile to the same rendition key (\(Self.describe(frozenItems[number].key))); the first is kept")
                }
            case .failure(let problem) where !problem.inputErrors.isEmpty:
                stream.inputErrors += problem.inputErrors
            case .failure(let problem):
                if case .job(let job) = frozenItems[number].work { stream.failures.append((job, "\(frozenJobs[job].assetName): \(problem.message)")) }
            }
        }
        try stream.finish()
        if !stream.inputErrors.isEmpty {
            // Once each: a vector drawn at three scales meets the same damage three times.
            throw .inputErrors(CatalogReader.sorted(Array(Set(stream.inputErrors))))
        }
        return stream
    }
}
