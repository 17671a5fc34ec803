import ArgumentParser
import AssetCatalogActool
import AssetCatalogBuilder
import Foundation

/// `assetc compile` and `assetc actool`: actool's command line over ``ActoolTool`` (docs/ACTOOL.md).
///
/// Both read their words themselves, before ArgumentParser sees them (``ActoolCommandLine/runIfActool()``), so
/// that every actool option, `--help` and `--version` included, means what it means to actool. The two
/// structs below only list the commands in `assetc --help`.
struct Compile: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile asset catalogs into Assets.car (actool's command line; `assetc compile --help` lists it).",
        discussion: """
            Writes <dir>/Assets.car, asset packs' cars, the app icon files beside it, the partial Info.plist and \
            the dependency file when asked, and prints actool's result document. The same inputs always give the \
            same bytes. Exit status: 0 on success, 1 when the inputs have errors (nothing is written then) or an \
            output cannot be written, 2 for a mistake in the command line. docs/ACTOOL.md lists every option.
            """)

    // Declared for `assetc --help` and the shell completions only: ``ActoolCommandLine`` reads the words itself.
    @Argument(help: ArgumentHelp("Asset catalogs (.xcassets), Icon Composer icons (.icon) or plain asset folders.", valueName: "catalog"))
    var inputs: [String] = []

    @Option(name: .customLong("compile"), help: ArgumentHelp("The folder to write Assets.car into.", valueName: "dir"))
    var outputDirectory: String?

    @Option(help: ArgumentHelp("iphoneos, iphonesimulator, macosx, appletvos, watchos or xros.", valueName: "platform"), completion: Completions.platforms)
    var platform: String?

    @Option(name: .customLong("minimum-deployment-target"), help: ArgumentHelp("The deployment target, e.g. 17.0.", valueName: "version"))
    var minimumDeploymentTarget: String?

    @Option(name: .customLong("app-icon"), help: ArgumentHelp("The app icon set to compile.", valueName: "name"))
    var appIcon: String?

    @Option(name: .customLong("output-format"), help: ArgumentHelp("human-readable-text, xml1 or binary1.", valueName: "format"))
    var outputFormat: String?

    func run() throws { ActoolCommandLine.run(Array(CommandLine.arguments.dropFirst(2)), command: .compile) }
}

/// `assetc actool`: the same as `compile`, exactly as actool behaves (exit 1 for a command-line mistake, nothing
/// on standard error), for build systems that call actool.
struct Actool: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "actool, drop-in: `assetc actool --compile DIR --platform P --minimum-deployment-target V CATALOG...`.",
        discussion: "A program named `actool` that is a link to assetc behaves as `assetc actool`. docs/ACTOOL.md lists every option.")

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("actool's arguments.", valueName: "arguments"))
    var arguments: [String] = []

    func run() throws { ActoolCommandLine.run(arguments, command: .actool) }
}

/// Runs actool's command line and exits with its status.
enum ActoolCommandLine {
    /// Which command runs it.
    enum Command {
        /// `assetc compile`: a progress display and the diagnostics on standard error; exit 2 for a command-line
        /// mistake, as every assetc command.
        case compile
        /// `assetc actool` or a program named `actool`: only the result document, exit 1 for every failure, as
        /// actool.
        case actool
    }

    /// Handles `assetc actool …`, `assetc compile …` and a program named `actool` before ArgumentParser: does
    /// nothing for any other command line.
    static func runIfActool() {
        let words = CommandLine.arguments
        let program = URL(fileURLWithPath: words.first ?? "assetc").lastPathComponent
        if program == "actool" {
            run(Array(words.dropFirst()), command: .actool, programName: program)
        }
        guard words.count >= 2 else { return }
        switch words[1] {
        case "actool": run(Array(words.dropFirst(2)), command: .actool, programName: "actool")
        case "compile": run(Array(words.dropFirst(2)), command: .compile, programName: "assetc compile")
        default: return
        }
    }

    /// Runs `arguments` and exits.
    static func run(_ arguments: [String], command: Command, programName: String = "assetc") -> Never {
        AllocatorTuning.keepLargeBlocks()
        if command == .compile, let parsed = try? ActoolArguments(parsing: arguments), parsed.contains(.compile) {
            // The words every assetc command uses for a missing input, and its exit status (2).
            do {
                try InputPaths.requireFolders(parsed.inputs, command: "compile")
            } catch {
                Console.error("error: \(error.description)")
                exit(error.exitCode)
            }
        }
        var tool = ActoolTool(toolVersion: AssetcVersion.current, programName: programName)
        tool.handleSignals = true
        let display = command == .compile ? ProgressDisplay(command: "assetc compile", quiet: false) : nil
        if let display {
            tool.readProgress = { display.update(done: $0, total: $1, unit: "sets read") }
            tool.compileProgress = { display.update(done: $0, total: $1, unit: "renditions") }
        }
        let result = tool.run(arguments)
        StageClock.mark("structures freed")
        display?.finish()
        if command == .compile, let document = result.document {
            for error in document.toolErrors { Console.error("error: \(error)") }
            for diagnostic in document.diagnostics {
                Console.error(ActoolResultDocument.line(for: diagnostic))
            }
            let errors = document.diagnostics.filter { $0.severity == .error }.count
            if errors > 0 { Console.error("assetc compile: \(errors) error(s) in the inputs; nothing was written") }
        }
        do {
            try Console.out(bytes: result.output)
        } catch {
            Console.error("error: \(error.description)")
            exit(2)
        }
        if command == .compile && result.failedOnCommandLine { exit(2) }
        exit(result.exitStatus)
    }
}
