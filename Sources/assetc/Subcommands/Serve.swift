import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `assetc serve`: replaces this process with the `assetc-serve` program installed beside `assetc` (docs/SERVING.md).
///
/// The server is a program of its own so that `assetc`, which the package's build-tool plugin builds a second time
/// for the host, does not carry Hummingbird and swift-nio into every build that uses the plugin.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve archives or Assets.car files over HTTP, each client getting the variant for its screen.",
        discussion: "`assetc serve --help` lists the options (of the assetc-serve program, installed beside assetc).")

    @Argument(parsing: .captureForPassthrough, help: "The archives and options (see `assetc serve --help`).")
    var arguments: [String] = []

    func run() throws {
        let program = try Self.serverProgram()
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(program, argv)
        throw CLIError("cannot run \(program): \(String(cString: strerror(errno)))")
    }

    /// `assetc-serve` in the folder of the running `assetc` (symbolic links resolved), else on `PATH`.
    static func serverProgram() throws(CLIError) -> String {
        var candidates: [String] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("assetc-serve").path)
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(folder) + "/assetc-serve")
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CLIError.usage(
                "assetc serve needs the assetc-serve program beside assetc or on PATH; build it with `swift build --product assetc-serve`")
        }
        return found
    }
}
