import ArgumentParser
import AssetCatalog
import AssetCatalogServer
import Dispatch
import Foundation
import Logging

/// `assetc serve` (run by `assetc`, which hands its arguments to this program): the variant each device needs, over
/// HTTP (docs/SERVING.md). The server itself is the `AssetCatalogServer` library.
@main
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetc serve",
        abstract: "Serve packed archives or Assets.car files over HTTP: each client gets the variant for its screen.",
        discussion: """
            GET /assets/{name} answers the variant the resolver picks from the client hints (Sec-CH-DPR, \
            Sec-CH-Prefers-Color-Scheme, Sec-CH-Viewport-Width, Accept-Language) and the query (device=, scale=, \
            appearance=, …), the same bytes as `assetc extract`. GET / is a gallery; /assets/{name}.json explains a \
            choice; /healthz and /metrics (Prometheus) for operations. A catalog written again at the same path is \
            picked up (watched, and on SIGHUP); SIGTERM or SIGINT stop it gracefully. See docs/SERVING.md.
            """)

    @Argument(help: ArgumentHelp("Packed archives (.assetc) or Assets.car files; a name is answered by the first that has it.", valueName: "archive"))
    var archives: [String] = []

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed at start).")
    var port = 8080

    @Option(name: .customLong("cache-control"), help: ArgumentHelp("Cache-Control of asset responses.", valueName: "value"))
    var cacheControl = AssetServerConfiguration().cacheControl

    @Option(
        name: .customLong("watch-interval"),
        help: ArgumentHelp("Seconds between looks at the catalog files for a new version (0: only on SIGHUP).", valueName: "seconds"))
    var watchInterval: Double = 2

    @Option(
        name: .customLong("request-timeout"),
        help: ArgumentHelp("Seconds a connection may wait for its next complete request before it is closed.", valueName: "seconds"))
    var requestTimeout: Double = 30

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp("trace|debug|info|notice|warning|error|critical (debug logs every asset request).", valueName: "level"))
    var logLevel = "info"

    func validate() throws {
        if archives.isEmpty { throw ValidationError("give at least one archive or Assets.car") }
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if !(watchInterval >= 0 && watchInterval <= 86400) { throw ValidationError("--watch-interval must be between 0 and 86400") }
        if !(requestTimeout > 0 && requestTimeout <= 3600) {
            throw ValidationError("--request-timeout must be more than 0 and at most 3600")
        }
        if Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level takes trace, debug, info, notice, warning, error or critical, not '\(logLevel)'")
        }
        if cacheControl.isEmpty || cacheControl.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ValidationError("--cache-control must be a non-empty header value without control characters")
        }
    }

    func run() throws {
        for archive in archives { try ServeFailure.requireFile(archive) }
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "assetc.serve")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let store: CatalogStore
        do {
            store = try CatalogStore(paths: archives)
        } catch {
            throw ServeFailure(error.description, status: 1)
        }
        let server = AssetServer(store: store, configuration: AssetServerConfiguration(cacheControl: cacheControl), logger: logger)
        let listener = AssetServerListener(host: host, port: port, requestTimeout: .milliseconds(Int64(requestTimeout * 1000)))
        let watcher = CatalogWatcher(
            store: store, interval: watchInterval > 0 ? .milliseconds(Int64(watchInterval * 1000)) : nil, logger: logger)
        let assets = store.current.names.count
        let host = self.host
        let application = server.makeApplication(listener: listener, watcher: watcher) { port in
            // Scripts wait for this line to know the server accepts connections (and which port it took).
            FileHandle.standardOutput.write(Data("serving \(assets) assets on http://\(host):\(port)/\n".utf8))
        }
        if let failure = BlockingRun.wait({ try await application.runService() }) {
            throw ServeFailure("cannot serve on \(host):\(port): \(failure)", status: 1)
        }
    }

    /// Runs the command; failures are printed as `error: …` on standard error, with the status the other
    /// subcommands use (2 for usage and missing inputs, 1 for files that cannot be served).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as ServeFailure {
            FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
            Foundation.exit(failure.status)
        } catch {
            let status = exitCode(for: error).rawValue
            if status == 0 { exit(withError: error) }
            let message = fullMessage(for: error)
            let lowered = message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message
            FileHandle.standardError.write(Data((lowered.hasSuffix("\n") ? lowered : lowered + "\n").utf8))
            Foundation.exit(status == 64 ? 2 : status)
        }
    }
}

/// A failure with the message `assetc` prints and its exit status.
struct ServeFailure: Error {
    let message: String
    let status: Int32

    init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }

    /// Checks that `path` names an existing file, as every `assetc` subcommand does (status 2 otherwise).
    static func requireFile(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ServeFailure("\(path): no such file or folder", status: 2)
        }
        if isDirectory.boolValue {
            throw ServeFailure(
                "\(path) is a folder; 'serve' needs an archive written by 'assetc pack' (a .assetc file) or an Assets.car",
                status: 2)
        }
    }
}

/// Runs async work from the synchronous command and waits for it.
enum BlockingRun {
    /// Runs `body` on the concurrency pool and blocks this thread until it ends; returns its error, if any.
    static func wait(_ body: @escaping @Sendable () async throws -> Void) -> (any Error)? {
        let done = DispatchSemaphore(value: 0)
        let outcome = OutcomeBox()
        Task.detached {
            do { try await body() } catch { outcome.set(error) }
            done.signal()
        }
        done.wait()
        return outcome.error
    }

    private final class OutcomeBox: @unchecked Sendable {
        // Written once by the task before it signals, read after the wait: the semaphore orders the two.
        private(set) var error: (any Error)?
        func set(_ error: any Error) { self.error = error }
    }
}
