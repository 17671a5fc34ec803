import AssetCatalog

/// Reads Xcode `.xcassets` catalogs and plain asset folders into a ``CatalogIndex``.
///
/// Reading never throws and never stops at bad content: every problem becomes a ``Diagnostic``
/// (rules in ``ReaderRule``) naming the file and what is wrong, and the rest is still read.
/// A root that does not exist or is not a folder gives an `unreadable-path` error and is left out
/// of ``CatalogIndex/sources``.
///
/// A root is an `.xcassets` catalog when its name ends in `.xcassets` or it holds a `Contents.json`, an Icon
/// Composer icon (one asset) when its name ends in `.icon` and it holds an `icon.json`; otherwise it is a plain
/// asset folder (see `docs/PLAIN-FOLDERS.md`).
///
/// Work happens in three phases on ``ReaderOptions/jobs`` threads: a walk of the group folders (the
/// root's entries in parallel); then the sets (each opened once, its `Contents.json` parsed and its files inspected) and the plain
/// folders, in parallel; then the plain folders' files, in parallel. Every file is read once. Results are
/// collected by index and sorted, so the index is identical, ordering included, for any thread count.
public struct CatalogReader: Sendable {
    /// The options in use.
    public let options: ReaderOptions
    /// Called as sets and plain folders are read (from the reading threads; see ``ProgressCounter``) with
    /// the number done and the number to read, for a progress display.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    /// Creates a reader.
    public init(options: ReaderOptions = .init(), progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) {
        self.options = options
        self.progress = progress
    }

    /// Reads the roots, in order, into one index.
    ///
    /// - Parameter roots: `.xcassets` folders or plain asset folders, absolute or relative to the
    ///   working directory.
    /// - Returns: the assets sorted by name then root order, the unsupported sets, and every diagnostic
    ///   sorted by catalog, path, rule and message. Assets with the same name are all kept (with a
    ///   `duplicate-name` error).
    public func read(_ roots: [String]) -> CatalogIndex {
        var index = CatalogIndex()
        var contexts: [RootContext] = []
        var diagnostics: [Diagnostic] = []
        var units: [WorkUnit] = []

        // Phase 1: roots and group folders, in order.
        for given in roots {
            var sink = DiagnosticSink(catalog: given)
            guard var context = CatalogReader.openRoot(given, sourceIndex: contexts.count, sink: &sink) else {
                diagnostics.append(contentsOf: sink.diagnostics)
                continue
            }
            context.declaredInputs = options.declaredInputs
            context.readDigests = options.readDigests
            contexts.append(context)
            index.sources.append(CatalogSource(path: given, kind: context.kind))
            switch context.kind {
            case .xcassets where context.isIconComposer:
                // An Icon Composer icon given as it is (Xcode takes `.icon` bundles beside the catalogs): one asset.
                let name = CatalogWalker.stem(context.ioPath.split(separator: "/").last.map(String.init) ?? context.ioPath)
                units.append(.container(ContainerJob(rootIndex: context.sourceIndex, type: .iconComposer, name: name, folder: "", ioFolder: context.ioPath)))
            case .xcassets:
                var walker = CatalogWalker(root: context)
                walker.walk(width: options.effectiveJobs)
                diagnostics.append(contentsOf: walker.sink.diagnostics)
                units.append(contentsOf: walker.units)
                index.unsupportedSets.append(contentsOf: walker.unsupported)
            case .folder:
                var walker = PlainFolderWalker(root: context)
                walker.walk()
                diagnostics.append(contentsOf: walker.sink.diagnostics)
                units.append(contentsOf: walker.units)
            case .car:
                // Compiled catalogs are read by CatalogIndex(car:path:), never as a root folder.
                break
            }
        }

        // Phase 2: sets (their files inspected on the way) and plain folders, in parallel.
        let width = options.effectiveJobs
        let inspector = FileInspector(options: options)
        let defersPNGs = options.defersPNGInspection
        let frozenContexts = contexts
        // The units (a few paths each) go as soon as they are read, not at the end of the function: they
        // would otherwise sit beside the whole index while it is assembled.
        var results = { (frozenUnits: [WorkUnit]) -> [UnitResult] in
            let counter = progress.map { ProgressCounter(total: frozenUnits.count, observer: $0) }
            return parallelMap(count: frozenUnits.count, width: width) { position -> UnitResult in
                let unit = frozenUnits[position]
                let root = frozenContexts[unit.rootIndex]
                defer { counter?.advance() }
                switch unit {
                case .set(let job): return SetReader(job: job, root: root, inspector: inspector, defersPNGInspection: defersPNGs).read()
                case .plainFolder(let job): return PlainFolderReader(job: job, root: root).read()
                case .container(let job): return ContainerReader(job: job, root: root, inspector: inspector).read()
                }
            }
        }(consume units)

        // Phase 3: the files of plain folders (one folder may hold thousands), in parallel.
        var requests: [FileRequest] = []
        var firstRequest: [Int] = []
        firstRequest.reserveCapacity(results.count)
        for result in results {
            firstRequest.append(requests.count)
            requests.append(contentsOf: result.files)
        }
        let frozenRequests = requests
        let outcomes = parallelMap(count: frozenRequests.count, width: width) { position in
            let request = frozenRequests[position]
            return inspector.examine(path: request.ioPath, noFollow: request.noFollow)
        }

        // Phase 4: attach the inspections, emit their diagnostics, sort.
        for (position, request) in requests.enumerated() {
            var sink = DiagnosticSink(catalog: contexts[request.rootIndex].given)
            FileDiagnostics.diagnose(outcomes[position], path: request.relativePath, kind: request.kind, sink: &sink)
            diagnostics.append(contentsOf: sink.diagnostics)
        }
        // Each unit's assets move into the index, and the unit lets go of them at once: the index is
        // sized once, and the units' own arrays do not stay beside it.
        index.assets.reserveCapacity(index.assets.count + results.reduce(0) { $0 + $1.assets.count })
        for unitPosition in results.indices {
            let files = results[unitPosition].files
            for (requestPosition, request) in files.enumerated() {
                let outcome = outcomes[firstRequest[unitPosition] + requestPosition]
                results[unitPosition].assets[request.assetIndex].variants[request.variantIndex].attach(outcome)
            }
            diagnostics.append(contentsOf: results[unitPosition].diagnostics)
            index.assets.append(contentsOf: results[unitPosition].assets)
            results[unitPosition] = UnitResult()
        }
        results.removeAll()

        index.assets.sort { lhs, rhs in
            let byName = Bytewise.compare(lhs.name, rhs.name)
            if byName != 0 { return byName < 0 }
            if lhs.sourceIndex != rhs.sourceIndex { return lhs.sourceIndex < rhs.sourceIndex }
            return Bytewise.less(lhs.path, rhs.path)
        }
        diagnostics.append(contentsOf: CatalogReader.duplicateNames(index.assets, contexts: contexts))
        index.unsupportedSets.sort { lhs, rhs in
            let byName = Bytewise.compare(lhs.name, rhs.name)
            if byName != 0 { return byName < 0 }
            return Bytewise.less(lhs.path, rhs.path)
        }
        index.diagnostics = CatalogReader.sorted(diagnostics)
        return index
    }

    /// Sorts diagnostics by catalog, path, rule, message (then severity), comparing UTF-8 bytes; numbers in
    /// messages compare by value, so `images[2]` comes before `images[10]`.
    public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { lhs, rhs in
            var order = Bytewise.compare(lhs.catalog, rhs.catalog)
            if order == 0 { order = Bytewise.compare(lhs.path, rhs.path) }
            if order == 0 { order = Bytewise.compare(lhs.rule, rhs.rule) }
            if order == 0 { order = NaturalOrder.compare(lhs.message, rhs.message) }
            return order != 0 ? order < 0 : lhs.severity < rhs.severity
        }
    }

    /// A root as given, its trailing slashes removed (the path it is read through), and its folder's name.
    static func rootPathAndName(_ given: String) -> (ioPath: String, name: String) {
        var ioPath = given
        while ioPath.count > 1 && ioPath.hasSuffix("/") { ioPath.removeLast() }
        return (ioPath, ioPath.split(separator: "/").last.map(String.init) ?? ioPath)
    }

    /// Whether a root's folder name makes it an `.xcassets` catalog whatever it holds.
    static func isCatalogName(_ name: String) -> Bool { name.lowercased().hasSuffix(".xcassets") }

    /// Checks a root and decides its kind.
    static func openRoot(_ given: String, sourceIndex: Int, sink: inout DiagnosticSink) -> RootContext? {
        let (ioPath, name) = rootPathAndName(given)
        if ioPath.isEmpty {
            sink.emit(.unreadablePath, at: "", "an empty path is not a catalog")
            return nil
        }
        guard let status = FileSystem.status(ioPath), let real = FileSystem.realPath(ioPath) else {
            sink.emit(.unreadablePath, at: "", "does not exist")
            return nil
        }
        guard status.kind == .directory else {
            sink.emit(.unreadablePath, at: "", "is a file, not a catalog folder")
            return nil
        }
        let isIconComposer = name.lowercased().hasSuffix(".icon") && FileSystem.status(ioPath + "/icon.json")?.kind == .file
        let isCatalog = isIconComposer || isCatalogName(name) || FileSystem.status(ioPath + "/Contents.json")?.kind == .file
        return RootContext(
            sourceIndex: sourceIndex, given: given, ioPath: ioPath, realPath: real, kind: isCatalog ? .xcassets : .folder,
            isIconComposer: isIconComposer)
    }

    /// One `duplicate-name` error for every asset after the first with a given name, naming both paths.
    static func duplicateNames(_ assets: [Asset], contexts: [RootContext]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var start = 0
        while start < assets.count {
            var end = start + 1
            while end < assets.count && Bytewise.equal(assets[end].name, assets[start].name) { end += 1 }
            // An Icon Composer icon and an app icon set may share a name: Xcode compiles both into one facet (sudoku's
            // `App.icon` and `App.iconset`).
            let group = assets[start..<end]
            let sharesIconName =
                end - start == 2 && group.contains { $0.kind == .icon } && group.contains { $0.kind == .appIcon }
            if end - start > 1 && !sharesIconName {
                let first = assets[start]
                let firstRoot = contexts[first.sourceIndex].given
                for duplicate in assets[(start + 1)..<end] {
                    let root = contexts[duplicate.sourceIndex].given
                    let other = duplicate.sourceIndex == first.sourceIndex ? first.path : joinPath(firstRoot, first.path)
                    diagnostics.append(
                        Diagnostic(
                            severity: ReaderRule.duplicateName.defaultSeverity, rule: ReaderRule.duplicateName.rawValue,
                            catalog: root, path: duplicate.path,
                            message: "the name \(MessageQuote.quoted(duplicate.name)) is also used by \(other); names must be unique"))
                }
            }
            start = end
        }
        return diagnostics
    }
}
