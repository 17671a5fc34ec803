import AssetCatalog
import AssetCatalogBuilder
import AssetCatalogCompileCache
import Foundation

/// One run of `assetc actool`: reads the inputs, applies actool's verdicts, sends tagged sets to their asset
/// packs, thins, compiles each car, writes the icons, the partial Info.plist and the dependency file, and
/// returns the result document actool would print. A line that asks for asset symbols writes the symbol files
/// (and the dependency file) only, as actool does for swift-build's GenerateAssetSymbols task.
///
/// Every file is written whole or not at all (a temporary file renamed into place; a path that is not a regular
/// file, such as `/dev/null`, is written through). When the inputs have errors nothing is written, as with actool.
public struct ActoolCompilation: Sendable {
    /// The checked command line.
    public let invocation: ActoolInvocation
    /// assetc's version (the dependency file's version record, the car's header).
    public let toolVersion: String
    /// Called as sets are read, for a progress display.
    public var readProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Called as renditions are compiled, for a progress display.
    public var compileProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Whether a compile removes its temporary file on SIGINT and SIGTERM (a command-line tool).
    public var handleSignals = false

    /// Creates a run.
    public init(invocation: ActoolInvocation, toolVersion: String) {
        self.invocation = invocation
        self.toolVersion = toolVersion
    }

    /// What the run printed and how it ended.
    public struct Outcome: Sendable {
        /// The result document.
        public var document: ActoolResultDocument
        /// Whether the run stopped at a mistake in the command line (an input that is not a folder, an output
        /// folder that is a file), before reading anything.
        public var failedOnCommandLine = false
        /// The exit status: 0, or 1 when the document holds an error.
        public var exitStatus: Int32 { document.hasErrors ? 1 : 0 }
    }

    /// Compiles. Never throws: every failure is an error in the document.
    public func run() -> Outcome {
        var document = ActoolResultDocument()
        do {
            try compile(into: &document)
        } catch {
            if !error.isReportedInDocument { document.toolErrors.append(error.message) }
            return Outcome(document: document, failedOnCommandLine: error.isUsage)
        }
        return Outcome(document: document)
    }

    /// A failure of the run that ends it, worded for the result document.
    struct Failure: Error {
        let message: String
        /// A mistake in the command line rather than in the inputs or the file system.
        var isUsage = false
        /// The inputs' errors, already in the document's diagnostics: nothing more to say.
        var isReportedInDocument = false

        /// A compile stopped by errors in the inputs that it found itself and put in the document.
        static let reportedInDocument = Failure(message: "", isReportedInDocument: true)
    }

    private func compile(into document: inout ActoolResultDocument) throws(Failure) {
        guard let outputDirectory = invocation.outputDirectory, var options = invocation.compileOptions else {
            throw Failure(message: "nothing to compile")
        }
        for input in invocation.inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw Failure(
                    message: "\(quoted(input)): the input does not exist or is not a folder (an asset catalog, an .icon or a plain asset folder).",
                    isUsage: true)
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: outputDirectory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw Failure(message: "\(quoted(outputDirectory)) is a file; --compile needs the output folder.", isUsage: true)
        }
        let specifications: [AssetPackSpecification]
        if invocation.onDemandResources, let path = invocation.arguments.value(.assetPackOutputSpecifications) {
            do {
                specifications = try AssetPackSpecification.load(path: path)
            } catch {
                throw Failure(message: error.description)
            }
        } else {
            specifications = []
        }
        let declared: DeclaredInputs?
        if let list = invocation.arguments.value(.declaredInputs) {
            do {
                declared = try DeclaredInputs.load(listFile: list)
            } catch {
                throw Failure(message: error.description)
            }
        } else {
            declared = nil
        }

        // The compile cache (docs/COMPILE-CACHE.md): the inputs' status is taken before anything is read, so that a
        // file changed while the compile reads it is seen as changed next time.
        StageClock.mark("start")
        let cache = CacheRun(invocation: invocation, toolVersion: toolVersion)
        StageClock.mark("snapshot")
        if let cache, let run = cache.upToDate() {
            // Nothing changed since the last run: nothing is written, and the run says what it said then.
            document.diagnostics = run.diagnostics
            let dependencyFile = invocation.arguments.value(.exportDependencyInfo)
            document.outputFiles = run.outputs.map(\.path).filter { $0 != dependencyFile }
            return
        }

        // Read. PNGs are inspected by the compile, which decodes them anyway: each file is read once. The cache keeps
        // the index of the last read, used while nothing the read sees has changed (an edit to images alone).
        let reader = CatalogReader(
            options: ReaderOptions(
                verifyPixels: false, jobs: options.jobs, defersPNGInspection: true, declaredInputs: declared, readDigests: cache?.readDigests),
            progress: readProgress)
        // The main car's record is read meanwhile, on the other core.
        cache?.prefetchPreviousCompile(car: (outputDirectory as NSString).appendingPathComponent("Assets.car"))
        let read: CatalogIndex
        if let cached = cache?.cachedIndex() {
            read = cached
        } else {
            read = reader.read(invocation.inputs)
            cache?.keep(read)
        }
        StageClock.mark("read")
        let verdict = ActoolVerdicts.apply(
            to: read,
            icons: .init(primary: options.appIcon, alternates: options.alternateAppIcons, includesAll: invocation.includesAllAppIcons),
            includedLanguages: invocation.includedLanguages)
        var index = verdict.index
        options.alternateAppIcons = verdict.alternateIcons
        document.diagnostics = index.diagnostics
        guard !document.hasErrors else {
            document.diagnostics = Self.sortedOnce(index.diagnostics + reader.diagnosticsOfDeferredFiles(in: index))
            return
        }

        // Asset symbols name every set of the catalogs, whichever car or device it ends up in. A line that asks
        // for them is swift-build's GenerateAssetSymbols task: actool writes the symbol files only (its results
        // list nothing else), while the car, icons and plist come from the CompileAssetCatalogVariant tasks. That
        // line's --compile names the product's resources, which LinkAssetCatalog fills: writing a car there too
        // would race with it.
        if let symbolOptions = invocation.assetSymbols {
            try writeSymbols(AssetSymbolGenerator(options: symbolOptions).generate(from: index), into: &document)
            return
        }
        // The launch image set named, read before anything is written: an error in it stops the compile with no
        // output, as any other input error does.
        var launchImages: LaunchImageOutputs?
        // The reader notes every launch image set as not indexed; actool compiles the one --launch-image names, as
        // it compiles only the app icons named.
        let launchImageFolders = Set(index.unsupportedSets.filter { $0.type == "launchimage" }.map(\.path))
        document.diagnostics.removeAll { $0.rule == ReaderRule.unsupportedSetType.rawValue && launchImageFolders.contains($0.path) }
        if let name = invocation.arguments.value(.launchImage) {
            let outputs = LaunchImageOutputs(index: index, name: name, options: options)
            document.diagnostics = Self.sortedOnce(document.diagnostics + outputs.diagnostics)
            guard !document.hasErrors else { return }
            launchImages = outputs
        }
        // One device: only what it can load (docs/DEVICES.md).
        if let thinning = invocation.thinning {
            index = index.thinned(for: thinning)
            // Of an iOS 9–12 target's deployment-target copies, the one the device's OS reads (CARCompiler).
            options.deviceOSMajorVersion = thinning.osVersion?.major
            // Vectors drawn at the device's scale alone (Xcode 15's thinned SwiftUITestProject1 car: PDFs at 3x).
            options.deviceScale = thinning.device?.displayScale?.value
        }
        // On-demand resources: tagged sets go to the pack whose tags are theirs; the rest stay in the main car.
        let partition = OnDemandResourcePartition(index: index, enabled: invocation.onDemandResources, specifications: specifications)
        document.diagnostics = Self.sortedOnce(document.diagnostics + partition.diagnostics)
        guard !document.hasErrors else { return }
        index = partition.main

        StageClock.mark("verdicts")
        options.progress = compileProgress
        options.handleSignals = handleSignals
        let createsFolder = !FileManager.default.fileExists(atPath: outputDirectory)
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw Failure(message: "\(quoted(outputDirectory)): cannot create the output folder: \(error.localizedDescription)")
        }
        var written: [String] = []
        var notices: [String] = []
        func compileCar(_ index: CatalogIndex, into folder: String, options: CompileOptions) throws(Failure) {
            let carPath = (folder as NSString).appendingPathComponent("Assets.car")
            do {
                if let cache {
                    let summary = try cache.compile(index, toFile: carPath, options: options)
                    notices += summary.notices
                } else {
                    let summary = try CARCompiler(options: options).compile(index, toFile: carPath)
                    notices += summary.notices
                }
                written.append(carPath)
            } catch {
                switch error {
                case .inputErrors(let found):
                    document.diagnostics = Self.sortedOnce(document.diagnostics + found + reader.diagnosticsOfDeferredFiles(in: index))
                    throw .reportedInDocument
                case .cannotWrite, .tooLarge:
                    throw Failure(message: "\(quoted(carPath)): \(error)")
                }
            }
        }
        do throws(Failure) {
            try compileCar(index, into: outputDirectory, options: options)
            for pack in partition.packs {
                do {
                    try FileManager.default.createDirectory(atPath: pack.specification.bundlePath, withIntermediateDirectories: true)
                } catch {
                    throw Failure(message: "\(quoted(pack.specification.bundlePath)): cannot create the asset pack folder: \(error.localizedDescription)")
                }
                var packOptions = options
                packOptions.appIcon = nil
                packOptions.alternateAppIcons = []
                try compileCar(pack.index, into: pack.specification.bundlePath, options: packOptions)
            }
        } catch {
            if written.isEmpty && createsFolder { _ = rmdir(outputDirectory) }
            throw error
        }

        // Icons beside the car and the partial Info.plist.
        let icons = AppIconOutputs(index: index, options: options)
        if invocation.standaloneIconBehavior != .none {
            for file in icons.files {
                let path = (outputDirectory as NSString).appendingPathComponent(file.name)
                try write(file.bytes, to: path)
                written.append(path)
            }
        }
        for file in launchImages?.files ?? [] {
            let path = (outputDirectory as NSString).appendingPathComponent(file.name)
            try write(file.bytes, to: path)
            written.append(path)
        }
        if let plist = invocation.arguments.value(.outputPartialInfoPlist) {
            let keys = icons.infoPlist.merging(launchImages?.infoPlist ?? [:]) { icon, _ in icon }
            try write(Array(PropertyListValue.dictionary(keys).xmlDocument.utf8), to: plist)
            written.append(plist)
        }
        document.diagnostics += notices.map {
            Diagnostic(severity: .warning, rule: "not-compiled", catalog: "", path: "", message: $0)
        }
        document.outputFiles = written
        try writeDependencyInfo(outputs: written, specifications: true)
        if let cache {
            let dependencyFile = invocation.arguments.value(.exportDependencyInfo)
            document.diagnostics += cache.finish(outputs: written + (dependencyFile.map { [$0] } ?? []), diagnostics: document.diagnostics)
        }
        ReplacedFiles.waitForAll()
        StageClock.mark("outputs and stamp")
    }

    /// A symbols run: the Swift source, header and index asked for, their collisions in the document, and the
    /// dependency file; no car, icon or plist.
    private func writeSymbols(_ symbols: AssetSymbolOutputs, into document: inout ActoolResultDocument) throws(Failure) {
        var written: [String] = []
        for (option, text) in [
            (ActoolOption.generateSwiftAssetSymbols, symbols.swiftSource), (.generateObjCAssetSymbols, symbols.objcHeader),
            (.generateAssetSymbolIndex, symbols.index.xmlDocument),
        ] {
            guard let path = invocation.arguments.value(option) else { continue }
            try write(Array(text.utf8), to: path)
            written.append(path)
        }
        document.diagnostics += symbols.diagnostics.map { symbol in
            Diagnostic(
                severity: symbol.severity == .error ? .error : .warning, rule: "asset-symbol", catalog: "", path: "",
                message: "\(symbol.assetName): \(symbol.message)")
        }
        document.outputFiles = written
        try writeDependencyInfo(outputs: written, specifications: false)
    }

    /// The `--export-dependency-info` file, when asked for: every file below the inputs (and the asset pack
    /// specifications when a pack was compiled from them), and `outputs`.
    private func writeDependencyInfo(outputs: [String], specifications: Bool) throws(Failure) {
        guard let dependencyFile = invocation.arguments.value(.exportDependencyInfo) else { return }
        var inputs = Self.filesBelow(invocation.inputs)
        if specifications, let path = invocation.arguments.value(.assetPackOutputSpecifications), invocation.onDemandResources {
            inputs.append(path)
        }
        let info = DependencyInfo(
            version: "assetc-\(toolVersion)", inputs: inputs.map(Self.absolute), outputs: outputs.map(Self.absolute))
        let bytes: [UInt8]
        do {
            bytes = try info.encoded()
        } catch {
            throw Failure(message: "\(quoted(dependencyFile)): \(error)")
        }
        try write(bytes, to: dependencyFile)
    }

    /// Every regular file below the input folders (links are listed, not followed): what the compile depends on,
    /// a superset of the files it read, so that adding, changing or removing any file re-runs it.
    static func filesBelow(_ roots: [String]) -> [String] {
        var files: [String] = []
        for root in roots {
            let base = root.hasSuffix("/") ? String(root.dropLast()) : root
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = base + "/" + relative
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    files.append(path)
                }
            }
        }
        return files
    }

    /// `path` made absolute against the working folder: build systems compare the dependency file's paths
    /// with their own absolute ones.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = FileManager.default.currentDirectoryPath
        return (folder.hasSuffix("/") ? folder : folder + "/") + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }

    /// Diagnostics sorted, each once.
    static func sortedOnce(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        CatalogReader.sorted(Array(Set(diagnostics)))
    }

    /// Writes `bytes` whole or not at all: a temporary file renamed into place. A path that is there and is not a
    /// regular file (`/dev/null`, which scripts pass for an output they do not want, a pipe) is written through,
    /// never replaced; a folder is an error.
    private func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            guard status.st_mode & S_IFMT != S_IFDIR else {
                throw Failure(message: "\(quoted(path)) is a folder; the option needs a file.")
            }
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw Failure(message: "\(quoted(path)): cannot open it for writing.")
            }
            defer { try? handle.close() }
            do {
                try handle.write(contentsOf: Data(bytes))
            } catch {
                throw Failure(message: "\(quoted(path)): cannot write to it: \(error.localizedDescription)")
            }
            return
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw Failure(message: "\(quoted(path)): cannot write the file: \(error.localizedDescription)")
        }
    }

    private func quoted(_ path: String) -> String { "'\(MessageQuote.clipped(path))'" }
}
