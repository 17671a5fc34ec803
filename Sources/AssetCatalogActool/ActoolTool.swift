import AssetCatalogBuilder

/// actool as a library call: the words of a command line in, the bytes actool would print and its exit status
/// out. The `assetc actool` and `assetc compile` commands (and a program named `actool` linked to assetc) are a
/// thin layer over this.
public struct ActoolTool: Sendable {
    /// assetc's version.
    public var toolVersion: String
    /// The name the program was called by (`actool`, `assetc`), for `--version`'s section name and `--help`.
    public var programName: String
    /// Called as sets are read.
    public var readProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Called as renditions are compiled.
    public var compileProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Whether a compile removes its temporary file on SIGINT and SIGTERM.
    public var handleSignals = false

    /// Creates the tool.
    public init(toolVersion: String, programName: String) {
        self.toolVersion = toolVersion
        self.programName = programName
    }

    /// What a run printed and how it ended.
    public struct Result: Sendable {
        /// What goes to standard output: the result document (or `--help`'s text).
        public var output: [UInt8]
        /// The document, when there is one.
        public var document: ActoolResultDocument?
        /// 0 on success; 1 when the command line or the inputs have errors, or an output cannot be written.
        public var exitStatus: Int32
        /// Whether the run stopped at a mistake in the command line, before reading anything.
        public var failedOnCommandLine = false
    }

    /// Runs the command line `arguments` (without the program's name).
    public func run(_ arguments: [String]) -> Result {
        let parsed: ActoolArguments
        let invocation: ActoolInvocation
        do {
            parsed = try ActoolArguments(parsing: arguments)
            invocation = try ActoolInvocation(parsed, toolVersion: toolVersion)
        } catch {
            var document = ActoolResultDocument()
            document.toolErrors = [error.description]
            let format = Self.requestedFormat(arguments)
            return Result(
                output: document.rendered(as: format, reporting: .init(warnings: true, notices: true)), document: document,
                exitStatus: 1, failedOnCommandLine: true)
        }
        var document = ActoolResultDocument()
        switch invocation.action {
        case .help:
            return Result(output: Array(ActoolProbes.help(commandName: programName).utf8), document: nil, exitStatus: 0)
        case .version:
            document.sections = ActoolProbes.version(
                toolVersion: toolVersion, programName: programName, matching: parsed.value(.xcodeVersion))
        case .printContents, .printAssetTagCombinations:
            let index = CatalogReader(options: ReaderOptions(verifyPixels: false, defersPNGInspection: true)).read(invocation.inputs)
            document.diagnostics = index.diagnostics.filter { $0.severity == .error && $0.rule != "duplicate-name" }
            document.sections =
                invocation.action == .printContents ? ActoolProbes.contents(of: index) : ActoolProbes.tagCombinations(of: index)
        case .compile:
            var compilation = ActoolCompilation(invocation: invocation, toolVersion: toolVersion)
            compilation.readProgress = readProgress
            compilation.compileProgress = compileProgress
            compilation.handleSignals = handleSignals
            let outcome = compilation.run()
            return Result(
                output: outcome.document.rendered(as: invocation.outputFormat, reporting: invocation.reporting),
                document: outcome.document, exitStatus: outcome.exitStatus, failedOnCommandLine: outcome.failedOnCommandLine)
        }
        return Result(
            output: document.rendered(as: invocation.outputFormat, reporting: invocation.reporting), document: document,
            exitStatus: document.hasErrors ? 1 : 0)
    }

    /// The `--output-format` a command line asks for, read leniently so that an error in another option is
    /// still reported in the format the caller parses.
    static func requestedFormat(_ arguments: [String]) -> ActoolOutputFormat {
        var format = ActoolOutputFormat.humanReadableText
        for (position, argument) in arguments.enumerated() {
            if argument == "--output-format", position + 1 < arguments.count {
                format = ActoolOutputFormat(rawValue: arguments[position + 1]) ?? format
            } else if argument.hasPrefix("--output-format=") {
                format = ActoolOutputFormat(rawValue: String(argument.dropFirst("--output-format=".count))) ?? format
            }
        }
        return format
    }
}
