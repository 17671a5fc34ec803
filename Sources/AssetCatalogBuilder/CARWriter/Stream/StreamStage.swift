import AssetCatalog
import Foundation

extension CARCompiler {
    /// Makes every planned rendition on `options.jobs` threads and streams the values to `sink` in the
    /// plan's order, right after the header area, on whichever thread finished the next one in line.
    ///
    /// - Throws: ``CARCompileError/inputErrors(_:)`` when a file the reader left unopened has errors, or a
    ///   write error.
    func encodeAndStream(_ plan: CompilePlan, index: CatalogIndex, into sink: CARSink) throws(CARCompileError) -> RenditionStream {
        let width = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let frozenJobs = plan.jobs
        let frozenItems = plan.items
        let counter = options.progress.map { ProgressCounter(total: frozenJobs.count, observer: $0) }
        let stream = RenditionStream(sink: sink)
        let roots = OpenCatalogRoots(index.sources.map(\.path))
        let compression = BitmapCompression(platform: options.platform, minimumDeploymentTarget: options.minimumDeploymentTarget)
        try stream.reserveHeaderArea()
        parallelForEachInOrder(count: plan.order.count, width: width) { position -> Result<BuiltValue, CompileProblem> in
            let item = frozenItems[plan.order[position]]
            switch item.work {
            case .ready(let value):
                return .success(BuiltValue(value))
            case .job(let number):
                defer { counter?.advance() }
                return Self.build(frozenJobs[number], key: item.key, roots: roots, compression: compression).map { BuiltValue($0.value) }
            case .atlas(let number):
                return Self.atlasRendition(plan.atlases[number], jobs: frozenJobs, roots: roots, compression: compression).map { BuiltValue($0) }
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
