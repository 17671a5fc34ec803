import AssetCatalog
import Logging
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The catalogs being served, as one snapshot that a reload replaces whole.
///
/// A request takes the current snapshot once and answers from it, so a request in flight finishes on the old
/// mapping while new requests see the new one; the old mapping is released when its last request ends.
public final class CatalogStore: Sendable {
    /// The files served, in the order given: a name is answered by the first catalog that has it.
    public let paths: [String]
    /// The resolver every lookup uses.
    public let resolver: Resolver
    private let state: NIOLockedValueBox<CatalogSnapshot>
    /// Serialises reloads (a signal and the watcher may ask at once); lookups never take it.
    private let reloading = NIOLock()

    /// Opens every catalog in `paths` (packed archives or `Assets.car` files) and checks it.
    ///
    /// - Throws: ``CatalogOpenError`` for the first file that cannot be served.
    public init(paths: [String], resolver: Resolver = Resolver()) throws(CatalogOpenError) {
        self.paths = paths
        self.resolver = resolver
        var catalogs: [any ServedCatalog] = []
        var stamps: [FileStamp?] = []
        for path in paths {
            stamps.append(FileStamp(path: path))
            catalogs.append(try openServedCatalog(path: path, resolver: resolver))
        }
        state = NIOLockedValueBox(CatalogSnapshot(catalogs: catalogs, stamps: stamps, generation: 1))
    }

    /// The snapshot requests answer from now.
    public var current: CatalogSnapshot { state.withLockedValue { $0 } }

    /// Opens again each file that changed on disk since it was opened (every file when `force`, as on SIGHUP) and
    /// swaps in a new snapshot when one did. A file that cannot be opened or is damaged keeps its old catalog, and
    /// the problem is logged with the file's name; it is tried again when it changes again (or on the next
    /// forced reload).
    ///
    /// - Returns: the files that were replaced and the ones refused.
    @discardableResult
    public func reload(force: Bool, logger: Logger) -> ReloadOutcome {
        reloading.withLock {
            let old = current
            var catalogs = old.catalogs
            var stamps = old.stamps
            var outcome = ReloadOutcome()
            for (position, path) in paths.enumerated() {
                let stamp = FileStamp(path: path)
                guard force || stamp != old.stamps[position] else { continue }
                // Noted even when refused, so a damaged file is not reopened every poll, only when it changes.
                stamps[position] = stamp
                do throws(CatalogOpenError) {
                    catalogs[position] = try openServedCatalog(path: path, resolver: resolver)
                    outcome.replaced.append(path)
                    logger.info("reloaded catalog", metadata: ["file": "\(path)", "assets": "\(catalogs[position].assets.count)"])
                } catch {
                    outcome.refused.append(error)
                    logger.error(
                        "refused new catalog; still serving the one opened before",
                        metadata: ["file": "\(path)", "problem": "\(error.reason)"])
                }
            }
            let snapshot = CatalogSnapshot(catalogs: catalogs, stamps: stamps, generation: old.generation + 1)
            if outcome.replaced.isEmpty {
                // Only the stamps changed: keep the generation, so nothing looks reloaded.
                state.withLockedValue {
                    $0 = CatalogSnapshot(catalogs: old.catalogs, stamps: stamps, generation: old.generation)
                }
            } else {
                state.withLockedValue { $0 = snapshot }
            }
            return outcome
        }
    }
}

/// What ``CatalogStore/reload(force:logger:)`` did.
public struct ReloadOutcome: Sendable {
    /// The files whose new contents are now served.
    public var replaced: [String] = []
    /// The files whose new contents were refused, and why.
    public var refused: [CatalogOpenError] = []
}

/// The catalogs as they were at one moment.
public final class CatalogSnapshot: Sendable {
    /// The catalogs, in the order their files were given.
    public let catalogs: [any ServedCatalog]
    /// How many times the store has swapped in new catalogs, counting the first opening as 1.
    public let generation: Int
    let stamps: [FileStamp?]

    init(catalogs: [any ServedCatalog], stamps: [FileStamp?], generation: Int) {
        self.catalogs = catalogs
        self.stamps = stamps
        self.generation = generation
    }

    /// The asset called `name` in the first catalog that has one, with that catalog.
    public func asset(named name: String) -> (catalog: any ServedCatalog, asset: ServedAsset)? {
        for catalog in catalogs {
            if let asset = catalog.assets[name] { return (catalog, asset) }
        }
        return nil
    }

    /// Every asset name answered, each once (the first catalog that has it), sorted.
    public var names: [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for catalog in catalogs {
            for name in catalog.sortedNames where seen.insert(name).inserted { result.append(name) }
        }
        return result.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}

/// A file's identity and version as `stat` tells them: a rename over the path changes the inode, a rewrite in place
/// the size or modification time.
struct FileStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    /// The stamp of the file at `path` now (following a symbolic link, as opening does), or `nil` when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modifiedSeconds = Int(info.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }
}
