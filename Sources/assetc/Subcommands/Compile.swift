import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `assetc compile`: compiles asset catalogs into `Assets.car` with actool's interface.
struct Compile: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile asset catalogs into Assets.car (actool's interface; see also `assetc actool`).",
        discussion: """
            Writes <dir>/Assets.car, the app icon files the platform needs beside it, the partial Info.plist \
            when asked, and prints actool's result document (output files and notices). The same inputs always \
            give the same bytes. Exit status: 0 on success, 1 when the catalogs have errors (nothing is \
            written then) or the output cannot be written.
            """)

    @Argument(help: ArgumentHelp("An .xcassets folder (or plain asset folder).", valueName: "catalog"))
    var inputs: [String]

    @Option(name: .customLong("compile"), help: ArgumentHelp("The folder to write Assets.car into.", valueName: "dir"))
    var outputDirectory: String

    @Option(help: ArgumentHelp("iphoneos, iphonesimulator, macosx, appletvos, watchos or xros.", valueName: "platform"), completion: Completions.platforms)
    var platform: String

    @Option(name: .customLong("minimum-deployment-target"), help: ArgumentHelp("The deployment target, e.g. 17.0.", valueName: "version"))
    var minimumDeploymentTarget: String

    @Option(name: .customLong("target-device"), help: ArgumentHelp("Thin for this device family (repeatable): iphone, ipad, tv, watch, mac, vision, car.", valueName: "device"))
    var targetDevices: [String] = []

    @Option(name: .customLong("app-icon"), help: ArgumentHelp("The app icon set to compile.", valueName: "name"))
    var appIcon: String?

    @Option(name: .customLong("accent-color"), help: ArgumentHelp("The colour set named as the accent colour.", valueName: "name"))
    var accentColor: String?

    @Option(name: .customLong("output-partial-info-plist"), help: ArgumentHelp("Where to write the partial Info.plist.", valueName: "file"))
    var partialInfoPlist: String?

    @Option(name: .customLong("output-format"), help: ArgumentHelp("The result document's format: human-readable-text, xml1 or binary1.", valueName: "format"))
    var outputFormat: String = "human-readable-text"

    @Flag(name: .customLong("compress-pngs"), help: "Accepted for actool compatibility (bitmaps are always compressed).")
    var compressPNGs = false

    @Option(name: .customLong("enable-on-demand-resources"), help: ArgumentHelp("Accepted for actool compatibility; only NO is supported.", valueName: "YES|NO"))
    var onDemandResources: String?

    @Option(
        name: .customLong("xcode-version"),
        help: ArgumentHelp(
            "Name Icon Composer icons' parts as this Xcode does: 26.0 <Icon>/<image>, 26.1 and later <Icon>_Assets/<image> (default 26.2).",
            valueName: "version"))
    var xcodeVersion: String = "26.2"

    @Option(help: ArgumentHelp("Images compressed at once (default: one per processor).", valueName: "n"))
    var jobs: Int?

    @OptionGroup(title: "Build systems")
    var declared: DeclaredInputsOption

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one catalog") }
        if CompilePlatform(rawValue: platform) == nil {
            throw ValidationError("unknown platform '\(platform)' (expected \(CompilePlatform.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        for device in targetDevices where Idiom(parsing: device) == nil {
            throw ValidationError("unknown target device '\(device)' (expected iphone, ipad, tv, watch, mac, vision or car)")
        }
        if !["human-readable-text", "xml1", "binary1"].contains(outputFormat) {
            throw ValidationError("unknown output format '\(outputFormat)' (expected human-readable-text, xml1 or binary1)")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if IconComposerNaming(xcodeVersion: xcodeVersion) == nil {
            throw ValidationError("--xcode-version '\(xcodeVersion)' is not a version such as 26.2")
        }
        if let onDemandResources, onDemandResources.uppercased() != "NO" {
            throw ValidationError("--enable-on-demand-resources \(onDemandResources) is not supported (only NO)")
        }
    }

    func run() throws {
        try CompileRun(command: self, warnings: []).run()
    }
}

/// `assetc actool`: the same as `compile`, accepting actool's argument spelling; unknown actool flags are
/// warned about and ignored.
struct Actool: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "actool's command line: `assetc actool --compile DIR --platform P --minimum-deployment-target V CATALOG...`.",
        discussion: "Options assetc does not implement are warned about on standard error and ignored.")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("actool's arguments.", valueName: "arguments"))
    var arguments: [String] = []

    /// actool flags that take no value and that assetc ignores.
    static let ignoredFlags: Set<String> = [
        "--notices", "--warnings", "--errors", "--include-all-app-icons", "--skip-app-store-deployment",
        "--enable-incremental-distill", "--print-contents", "--version", "--compress-pngs",
    ]
    /// actool options that take a value and that assetc ignores.
    static let ignoredOptions: Set<String> = [
        "--product-type", "--filter-for-device-model", "--filter-for-device-os-version", "--development-region",
        "--sticker-pack-identifier-prefix", "--launch-image", "--export-dependency-info", "--standalone-icon-behavior",
        "--target-name", "--leaderboard-identifier-prefix", "--leaderboard-set-identifier-prefix", "--widget-background-color",
        "--alternate-app-icon", "--optimization", "--asset-pack-output-specifications", "--filter-for-thinning-device-configuration",
    ]
    static let valueOptions: Set<String> = [
        "--compile", "--platform", "--minimum-deployment-target", "--target-device", "--app-icon", "--accent-color",
        "--output-partial-info-plist", "--output-format", "--enable-on-demand-resources", "--jobs", "--xcode-version",
    ]

    func run() throws {
        var kept: [String] = []
        var warnings: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if Self.valueOptions.contains(name) {
                kept.append(argument)
                if !argument.contains("="), index + 1 < arguments.count {
                    kept.append(arguments[index + 1])
                    index += 1
                }
            } else if argument == "--compress-pngs" {
                kept.append(argument)
            } else if Self.ignoredFlags.contains(name) {
                warnings.append("\(argument) is not supported by assetc and is ignored")
            } else if Self.ignoredOptions.contains(name) {
                warnings.append("\(argument) is not supported by assetc and is ignored")
                if !argument.contains("="), index + 1 < arguments.count { index += 1 }
            } else if argument.hasPrefix("--") {
                warnings.append("unknown actool option \(argument) is ignored")
                if !argument.contains("="), index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-"),
                    !arguments[index + 1].hasSuffix(".xcassets")
                {
                    warnings.append("its value '\(arguments[index + 1])' is ignored with it")
                    index += 1
                }
            } else {
                kept.append(argument)
            }
            index += 1
        }
        let command: Compile
        do {
            command = try Compile.parse(kept)
        } catch {
            Console.error(Compile.fullMessage(for: error))
            throw ExitCode(2)
        }
        for warning in warnings { Console.error("warning: \(warning)") }
        try CompileRun(command: command, warnings: warnings).run()
    }
}

/// One compile: read, compile, write the car, icons and plist, print the result document.
struct CompileRun {
    let command: Compile
    let warnings: [String]

    func run() throws {
        try InputPaths.requireFolders(command.inputs, command: "compile")
        AllocatorTuning.keepLargeBlocks()
        // Checked before any work: a file where the output folder should be is a mistake in the command.
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: command.outputDirectory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw CLIError.usage("\(MessageText.quote(command.outputDirectory)) is a file; --compile needs the output folder")
        }
        var options = CompileOptions(
            platform: CompilePlatform(rawValue: command.platform)!, minimumDeploymentTarget: command.minimumDeploymentTarget,
            targetDevices: command.targetDevices.compactMap { Idiom(parsing: $0) }, appIcon: command.appIcon,
            accentColor: command.accentColor, jobs: command.jobs, toolVersion: AssetcVersion.current)
        options.jobs = command.jobs
        options.iconComposerNaming = IconComposerNaming(xcodeVersion: command.xcodeVersion) ?? .assetsFolder
        let display = ProgressDisplay(command: "assetc compile", quiet: false)
        // The PNGs of sets are inspected by the compile, which reads them anyway: each file is read once.
        let readerOptions = ReaderOptions(
            verifyPixels: false, jobs: command.jobs, defersPNGInspection: true, declaredInputs: try command.declared.load())
        let reader = CatalogReader(options: readerOptions) {
            display.update(done: $0, total: $1, unit: "sets read")
        }
        let index = reader.read(command.inputs)
        display.finish()
        // Like actool, errors in the inputs fail the compile and leave no output behind.
        // Every error at once: the reader's, and those of the PNGs it left for the compile to inspect.
        func inputErrors(besides found: [Diagnostic]) -> [Diagnostic] {
            // Each once (as the compile's own stream stage collects them), in the reader's order.
            let all = Set((found + reader.diagnosticsOfDeferredFiles(in: index)).filter { $0.severity == .error })
            return CatalogReader.sorted(Array(all))
        }
        let errors = index.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { try fail(withInputErrors: inputErrors(besides: errors)) }
        options.progress = { display.update(done: $0, total: $1, unit: "renditions") }
        options.handleSignals = true
        let directory = command.outputDirectory
        let createsFolder = !FileManager.default.fileExists(atPath: directory)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CLIError("\(directory): cannot create the output folder: \(error.localizedDescription)")
        }
        var outputs: [String] = []
        let carPath = (directory as NSString).appendingPathComponent("Assets.car")
        try OutputFile.checkDestination(carPath, option: "--compile")
        // Streamed: each rendition goes to disk as soon as it is made, while the others are still compiling.
        let compiled: CARCompileSummary
        do {
            compiled = try CARCompiler(options: options).compile(index, toFile: carPath)
        } catch {
            display.finish()
            // Nothing written means no new folder either (rmdir removes it only while it is empty).
            if createsFolder { _ = rmdir(directory) }
            switch error {
            case .cannotWrite(_, let reason):
                throw CLIError("cannot write \(MessageText.quote(carPath)): \(reason)", exitCode: 2)
            case .tooLarge:
                throw CLIError("assetc compile: \(error); nothing was written", exitCode: 1)
            case .inputErrors(let found):
                // Found in a file the compile inspected or decoded itself: those, and all the errors the reader would
                // have listed in the files it left for the compile (each once).
                try fail(withInputErrors: inputErrors(besides: found))
            }
        }
        display.finish()
        let icons = AppIconOutputs(index: index, options: options)
        outputs.append(carPath)
        for file in icons.files {
            let path = (directory as NSString).appendingPathComponent(file.name)
            try Self.write(file.bytes, to: path)
            outputs.append(path)
        }
        if let plist = command.partialInfoPlist {
            try Self.write(Array(PropertyListValue.dictionary(icons.infoPlist).xmlDocument.utf8), to: plist)
            outputs.append(plist)
        }
        var document: [String: PropertyListValue] = [
            "com.apple.actool.compilation-results": .dictionary(["output-files": .array(outputs.map { .string($0) })])
        ]
        let notices = compiled.notices + warnings
        if !notices.isEmpty {
            document["com.apple.actool.document.warnings"] = .array(notices.map { .dictionary(["description": .string($0)]) })
        }
        for notice in compiled.notices { Console.error("warning: \(notice)") }
        try printDocument(document)
    }

    /// Errors in the inputs: prints each, then actool's document listing them, and exits 1 (nothing is written).
    private func fail(withInputErrors errors: [Diagnostic]) throws -> Never {
        for error in errors { Console.error("error: \(error.path): \(error.message)") }
        let document: [String: PropertyListValue] = [
            "com.apple.actool.document.errors": .array(errors.map { .dictionary(["description": .string("\($0.path): \($0.message)")]) })
        ]
        try printDocument(document)
        Console.error("assetc compile: \(errors.count) error(s) in the inputs; nothing was written")
        throw ExitCode(1)
    }

    /// Prints actool's result document on standard output in the format `--output-format` names.
    private func printDocument(_ document: [String: PropertyListValue]) throws {
        let value = PropertyListValue.dictionary(document)
        switch command.outputFormat {
        case "binary1": try Console.out(bytes: value.binaryDocument)
        case "xml1": try Console.out(value.xmlDocument)
        default: try Console.out(value.humanReadable())
        }
    }

    /// Writes through a temporary file beside the target and renames it (``OutputFile``), so no half-written
    /// file is left and a failure is an error in words.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try OutputFile.write(bytes: bytes, to: path, option: "--compile")
    }
}
