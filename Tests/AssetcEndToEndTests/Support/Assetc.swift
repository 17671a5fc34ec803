import Foundation

/// Runs the `assetc` binary that SwiftPM built next to this test bundle, as a user would.
enum Assetc {
    /// The result of one run.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Both streams, for assertions that don't care where a message went.
        var output: String { stdout + stderr }
    }

    /// The built binary: in the same products folder as the test bundle, or `$ASSETC_BINARY` (to measure another
    /// build with the same tests, as docs/RESOLUTION.md's "before" figure was).
    static var binary: URL {
        if let given = ProcessInfo.processInfo.environment["ASSETC_BINARY"], !given.isEmpty {
            return URL(fileURLWithPath: given)
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // On macOS the tests run inside `assetcPackageTests.xctest/Contents/MacOS`.
        while folder.pathComponents.count > 1, folder.lastPathComponent.hasSuffix(".xctest") || folder.path.contains(".xctest/") {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("assetc")
    }

    /// The repository root (for the sample catalogs).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `assetc` with `arguments`, feeding `input` on standard input; fails the run after `timeout` seconds.
    static func run(_ arguments: [String], input: String? = nil, in directory: URL? = nil, timeout: TimeInterval = 120) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty process cannot block on a full pipe.
        let collected = OutputCollector()
        let group = DispatchGroup()
        for (pipe, isError) in [(stdout, false), (stderr, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.store(data, isError: isError)
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw TimedOut(arguments: arguments)
        }
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: collected.stdout, stderr: collected.stderr)
    }

    struct TimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        var description: String { "assetc \(arguments.joined(separator: " ")) did not finish in time" }
    }
}

private final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    func store(_ data: Data, isError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isError { err = data } else { out = data }
    }

    var stdout: String { lock.lock(); defer { lock.unlock() }; return String(decoding: out, as: UTF8.self) }
    var stderr: String { lock.lock(); defer { lock.unlock() }; return String(decoding: err, as: UTF8.self) }
}
