import AssetCatalog

extension CatalogReader {
    /// What the reader would have said of the files it left unopened (``ReaderOptions/defersPNGInspection``),
    /// found by inspecting them now, sorted as ``CatalogIndex/diagnostics`` are. For a caller that must report
    /// every problem at once: a compile that fails lists these beside the reader's own.
    ///
    /// Each file is inspected once, however many entries name it; links are not followed (the reader defers
    /// no link).
    public func diagnosticsOfDeferredFiles(in index: CatalogIndex) -> [Diagnostic] {
        var requests: [(catalog: String, source: String, kind: AssetKind)] = []
        var seen = Set<[String]>()
        for asset in index.assets where index.sources.indices.contains(asset.sourceIndex) {
            let catalog = index.sources[asset.sourceIndex].path
            for variant in asset.variants where variant.inspectionDeferred {
                guard let source = variant.source, seen.insert([catalog, source]).inserted else { continue }
                requests.append((catalog, source, asset.kind))
            }
        }
        let inspector = FileInspector(options: options)
        let frozen = requests
        let found = parallelMap(count: frozen.count, width: options.effectiveJobs) { position -> [Diagnostic] in
            let request = frozen[position]
            var sink = DiagnosticSink(catalog: request.catalog)
            let outcome = inspector.examine(path: request.catalog + "/" + request.source, noFollow: true)
            FileDiagnostics.diagnose(outcome, path: request.source, kind: request.kind, sink: &sink)
            return sink.diagnostics
        }
        return Self.sorted(found.flatMap { $0 })
    }
}
