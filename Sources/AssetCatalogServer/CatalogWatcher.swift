import Logging
import ServiceLifecycle
import UnixSignals

/// Picks up a new catalog written over a served path (by `assetc pack`, which renames a finished file into place):
/// on SIGHUP every file is opened again, and every ``interval`` the files' `stat` is compared with what was opened.
/// A damaged new file is refused and logged; the old catalog keeps serving (``CatalogStore/reload(force:logger:)``).
public struct CatalogWatcher: Service {
    /// The catalogs to reload.
    public let store: CatalogStore
    /// How often to look at the files; `nil` watches for SIGHUP only.
    public let interval: Duration?
    /// Where reloads and refusals are logged.
    public let logger: Logger

    /// Creates a watcher.
    public init(store: CatalogStore, interval: Duration?, logger: Logger) {
        self.store = store
        self.interval = interval
        self.logger = logger
    }

    /// Watches until the service group shuts down.
    public func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await _ in signals {
                        logger.info("SIGHUP: reloading every catalog")
                        store.reload(force: true, logger: logger)
                    }
                }
                if let interval {
                    group.addTask {
                        while !Task.isCancelled {
                            do {
                                try await Task.sleep(for: interval)
                            } catch {
                                return
                            }
                            store.reload(force: false, logger: logger)
                        }
                    }
                }
                await group.waitForAll()
            }
        }
    }
}
