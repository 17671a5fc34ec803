import AssetCatalogBuilder
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The compile cache of `assetc compile` and `assetc actool` (docs/COMPILE-CACHE.md): a folder of small files that
/// let a rebuild do only the work of what changed.
///
/// - A **run stamp** per command line: the digest of every input's status and of the options, the status of every
///   file the run wrote, and its result. When the inputs, the options and the outputs are as the last run left them,
///   the run writes nothing and says what it said then (``upToDateRun(key:inputs:)``).
/// - A **car record** per `Assets.car` written: the car's identity, where each rendition made from files lies in it
///   by fingerprint, and each input file's identity and digest. The next compile of that car copies from the old car
///   every rendition whose files are unchanged and makes only the others (``previousCompile(car:settings:inputs:)``).
/// - An **index** per set of options (the reporting options aside): what the last read of the inputs gave, used
///   instead of reading them again while everything that read sees is unchanged; a compile leaves its PNGs unopened
///   to the read, so a change to images alone reads nothing (``cachedIndex(key:shapeKey:snapshot:file:)``).
/// - A **compiled symbol** per symbol template: its glyphs and bitmap caches, by the digest of its name and bytes
///   (``compiledSymbol(key:settings:)``), since making them again took most of a symbol catalog's rebuild.
///
/// The encoded renditions of images are not copied into the cache: the car the last compile wrote holds them, and the
/// record says where. So a cold compile writes no more than before, and the cache stays a few bytes per input (tens of
/// kilobytes per symbol).
///
/// Nothing in the cache can make a car wrong: a record is used only when the car it describes is still the file at the
/// output (device, inode, size and times), each input file only when its status is unchanged or its bytes hash to the
/// recorded digest, and a damaged, truncated or foreign file is set aside (a notice says so) and the work done again.
/// Files are replaced whole (a temporary file renamed over), so two compiles at once leave one record or the other,
/// each true of its own car.
public final class CompileCache: @unchecked Sendable {
    /// The cache folder.
    public let directory: String
    /// The most bytes the folder may hold; the least recently used records go first (``evict()``).
    public let limit: UInt64
    /// What went wrong with the cache (a damaged file, a folder that cannot be written): the compile went on
    /// without that part of it. For the result document's notices.
    public var notices: [String] {
        noticeLock.lock()
        defer { noticeLock.unlock() }
        return storedNotices
    }
    /// The notices, behind a lock: a run reads the record of its car on another thread while it reads the index.
    private var storedNotices: [String] = []
    private let noticeLock = NSLock()

    /// The cache format; a change makes every older record unused.
    static let formatVersion = "ACCOMP05"
    /// What every version of the record format starts with: a record of another version is dropped without a notice.
    static let formatFamily = "ACCOMP"
    static let runVersion = "ACRUN002"

    /// The default limit: 1 GiB.
    public static let defaultLimit: UInt64 = 1 << 30

    /// A cache in `directory` (created when first written).
    public init(directory: String, limit: UInt64 = CompileCache.defaultLimit) {
        self.directory = directory
        self.limit = limit
    }

    /// The default cache folder of a compile into `outputFolder`: beside it, `.<name>.assetc-cache`, as `pack` keeps
    /// its cache beside the archive.
    public static func defaultDirectory(forOutput outputFolder: String) -> String {
        let trimmed = outputFolder.count > 1 && outputFolder.hasSuffix("/") ? String(outputFolder.dropLast()) : outputFolder
        let url = URL(fileURLWithPath: trimmed)
        return url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".assetc-cache").path
    }

    // MARK: Runs

    /// A run the cache remembers: what it wrote and what it reported.
    public struct Run: Sendable {
        /// Every file the run wrote, with its identity then.
        public var outputs: [(path: String, identity: FileIdentity)]
        /// The run's diagnostics, as its result document listed them.
        public var diagnostics: [Diagnostic]
    }

    /// The last run under `key` (a digest of the command line and folder) when nothing has changed since: the same
    /// `inputs` digest (the inputs' status and the options) and every output still the file the run wrote.
    public func upToDateRun(key: UInt64, inputs: UInt64) -> Run? {
        let path = runPath(key)
        guard let bytes = readFile(path) else { return nil }
        do {
            var reader = try CacheReader(bytes, magic: Self.runVersion)
            guard try reader.u64("the inputs' digest") == inputs else { return nil }
            let count = try reader.count("the number of outputs", minimumSize: 4 + 8 * FileIdentity.fieldCount)
            var outputs: [(path: String, identity: FileIdentity)] = []
            for _ in 0..<count {
                let output = try reader.string("an output's path")
                let identity = try reader.identity("an output's identity")
                guard FileIdentity.of(output) == identity else { return nil }
                outputs.append((output, identity))
            }
            let json = try reader.raw("the diagnostics")
            guard let diagnostics = try? JSONDecoder().decode([Diagnostic].self, from: Data(json)) else {
                throw CacheDamage(what: "its diagnostics do not decode", offset: 0)
            }
            touch(path)
            return Run(outputs: outputs, diagnostics: diagnostics)
        } catch {
            setAside(path, error)
            return nil
        }
    }

    /// Remembers a run that succeeded: its inputs' digest, the files it wrote (their identities taken now) and its
    /// diagnostics.
    public func storeRun(key: UInt64, inputs: UInt64, outputs: [String], diagnostics: [Diagnostic]) {
        var writer = CacheWriter(magic: Self.runVersion)
        writer.add(inputs)
        var identities: [(String, FileIdentity)] = []
        for output in outputs {
            guard let identity = FileIdentity.of(output) else { return }
            identities.append((output, identity))
        }
        writer.add(UInt32(identities.count))
        for (path, identity) in identities {
            writer.add(path)
            writer.add(identity)
        }
        writer.add(Array((try? JSONEncoder().encode(diagnostics)) ?? Data()))
        writer.seal()
        replace(runPath(key), with: writer.bytes)
    }

    /// Forgets the run under `key` (before a run starts: a run that fails or is killed leaves no stamp behind).
    public func removeRun(key: UInt64) {
        unlink(runPath(key))
    }

    // MARK: Cars

    /// What the compile of the car at `car` may take from the last one with the same `settings` (a digest of every
    /// option and the tool version): the old car, open, and the renditions and unchanged files of its record. `inputs`
    /// is the inputs' snapshot, taken before the compile. An
    /// empty one (nothing to copy) when there is no usable record; the caller closes its `car` when it is
    /// not -1.
    public func previousCompile(car: String, settings: UInt64, inputs: InputSnapshot) -> PreviousCompile {
        let empty = PreviousCompile(car: -1, renditions: [:], files: [:])
        let path = recordPath(car)
        guard let bytes = readFile(path) else { return empty }
        if !bytes.starts(with: Self.formatVersion.utf8), bytes.starts(with: Self.formatFamily.utf8) {
            // Left by another version of assetc (whose settings differ anyway): not damage, only of no use.
            unlink(path)
            return empty
        }
        let descriptor = open(car, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        do {
            var files: [String: KnownFile] = [:]
            let decoded = try RecordCodec.decode(
                bytes,
                accept: { header in
                    // The car was replaced or removed since: its record says nothing of the file there now.
                    header.settings == settings && descriptor >= 0 && FileIdentity.of(descriptor: descriptor) == header.car
                },
                reserve: { files.reserveCapacity($0) },
                file: { file in
                    guard let now = inputs.identity(of: file.path) else { return }
                    if now == file.identity {
                        files[file.path] = file.known
                    } else if let current = readFile(file.path), KnownFile.contentHash(of: current) == file.known.contentHash {
                        // Touched, copied back or checked out again with the same bytes: still the same input.
                        files[file.path] = file.known
                    }
                })
            guard let decoded else {
                if descriptor >= 0 { close(descriptor) }
                return empty
            }
            touch(path)
            return PreviousCompile(car: descriptor, renditions: decoded.renditions, files: files, layouts: decoded.layouts)
        } catch {
            if descriptor >= 0 { close(descriptor) }
            setAside(path, error)
            return empty
        }
    }

    /// Records the compile that wrote the car now at `car`: `record` as the compile returned it, each file with its
    /// identity digest in `inputs` (the snapshot, taken before the compile read the files, so a file changed while it was read is hashed again
    /// next time). A file without an identity there (reached through a link, or outside the inputs) is left out.
    public func storeCompile(car: String, settings: UInt64, record: CompileRecord, inputs: InputSnapshot) {
        guard let carIdentity = FileIdentity.of(car) else { return }
        // In the dictionary's order: the record is read back into a dictionary, and sorting 30,000 paths took a tenth
        // of a rebuild.
        let files = record.files.compactMap { path, known in
            inputs.identity(of: path).map { RecordCodec.File(path: path, identity: $0, known: known) }
        }
        replace(recordPath(car), with: RecordCodec.encode(RecordCodec.Header(settings: settings, car: carIdentity), files: files, record: record))
    }

    /// Forgets the record of the car at `car` (before it is compiled again).
    public func removeCompile(car: String) {
        unlink(recordPath(car))
    }

    // MARK: Indexes

    /// The index a read of the same inputs gave last time, kept by ``storeIndex(_:file:)`` under the same `key` (the
    /// digest of what the read sees and of the settings: ``indexKey(snapshot:settings:)``) in the file for `file` (the
    /// settings' digest: the options that change the output, so that `--notices` or `--jobs` find the same file); `nil`
    /// when there is none or it was read from other inputs. A damaged file is set aside with a notice.
    ///
    /// When the files that read opened have new statuses since (a `touch`, a checkout, a fresh clone with this folder
    /// restored), the index is still taken if the read's shape is `shapeKey` (``shapeKey(snapshot:settings:)``) and each
    /// such file of `snapshot` still has the bytes it had (hashed again: docs/COMPILE-CACHE.md, "The index"); it is
    /// then kept again under `key`, so the next run with these statuses finds it at once.
    public func cachedIndex(key: UInt64, shapeKey: UInt64?, snapshot: InputSnapshot, file: UInt64) -> CatalogIndex? {
        let path = indexPath(file)
        guard let bytes = readFile(path) else { return nil }
        let vouched: IndexContents?
        let stored = IndexCodec.key(of: bytes)
        if stored == key || stored == nil {
            vouched = nil  // without a key, not an index: the decoding says what is wrong with it
        } else {
            // Looked at before the index is decoded: a Contents.json edited for real is a miss that costs no decoding.
            guard let shapeKey, let contents = keptContents(file), contents.indexKey == stored,
                var checked = contents.vouched(for: snapshot, shapeKey: shapeKey)
            else { return nil }
            checked.indexKey = key
            vouched = checked
        }
        do {
            let (_, index) = try IndexCodec.decode(bytes)
            if let vouched {
                // The index first, then what vouches for it: a run stopped between finds the index under its new key
                // (these statuses) or not at all, never vouched for by contents of other files.
                replace(path, with: IndexCodec.rekeyed(bytes, key: key))
                replace(contentsPath(file), with: vouched.encoded())
            } else {
                // Both marked as just used, so that the size limit evicts neither before the other.
                touch(path)
                touch(contentsPath(file))
            }
            return index
        } catch {
            setAside(path, error)
            return nil
        }
    }

    /// Keeps, beside the index stored under `indexKey`, what lets a later run use it after a `touch`
    /// (``cachedIndex(key:shapeKey:snapshot:file:)``): the read's shape and each file it opened (`opened`, as
    /// ``InputSnapshot/takeOpenedFiles()`` gives them), with the digest of the bytes the read parsed (`read`), or the
    /// last such record's when it has the file with the same identity, or else the file hashed now if its status is
    /// still the snapshot's. Nothing is kept (and an older record is removed) when a file cannot be vouched for: changed
    /// since the snapshot, unreadable, or the inputs hold a link (`shapeKey` is `nil`).
    public func storeIndexContents(indexKey: UInt64, shapeKey: UInt64?, opened: OpenedFiles, read: ReadContentDigests?, file: UInt64) {
        let path = contentsPath(file)
        let previous = readFile(path).flatMap { try? IndexContents.decode($0) }
        guard let shapeKey,
            let contents = IndexContents.make(indexKey: indexKey, shapeKey: shapeKey, opened: opened, previous: previous, read: read)
        else {
            unlink(path)
            return
        }
        replace(path, with: contents.encoded())
    }

    /// The kept record of the index's opened files, or `nil`; a damaged one is set aside with a notice.
    private func keptContents(_ file: UInt64) -> IndexContents? {
        let path = contentsPath(file)
        guard let bytes = readFile(path) else { return nil }
        do {
            return try IndexContents.decode(bytes)
        } catch {
            setAside(path, error)
            return nil
        }
    }

    /// The key of a read's shape: the digest of the inputs' paths, types and permissions (``InputSnapshot/shapeDigest``)
    /// and of the settings; `nil` when the inputs hold a link.
    public static func shapeKey(snapshot: InputSnapshot, settings: UInt64) -> UInt64? {
        snapshot.shapeDigest.map { key("shape", $0, settings: settings) }
    }

    /// The digest of `magic`, a snapshot's `digest` and the `settings`: the key of a kept index or of a read's shape.
    private static func key(_ magic: String, _ digest: UInt64, settings: UInt64) -> UInt64 {
        var writer = CacheWriter(magic: magic)
        writer.add(digest)
        writer.add(settings)
        return CacheDigest.of(writer.bytes)
    }

    /// The bytes ``storeIndex(_:file:)`` writes for `index` read under `key` (its codec is `IndexCodec`).
    public static func encodedIndex(_ index: CatalogIndex, key: UInt64) -> [UInt8] {
        IndexCodec.encode(index, key: key)
    }

    /// Keeps an index for the next read of the same inputs: `encoded` as ``encodedIndex(_:key:)`` made it.
    public func storeIndex(_ encoded: [UInt8], file: UInt64) {
        replace(indexPath(file), with: encoded)
    }

    /// The key of a read's index: the digest of what the read sees (``InputSnapshot/readDigest``) and of the settings;
    /// `nil` when the inputs hold a link, whose target the snapshot does not vouch for.
    public static func indexKey(snapshot: InputSnapshot, settings: UInt64) -> UInt64? {
        snapshot.readDigest.map { key("index", $0, settings: settings) }
    }

    // MARK: Folder listings

    /// The folder listings the last snapshot of inputs under these `settings` took (``InputSnapshot/listingsToKeep``),
    /// for the next snapshot to reuse; `nil` when there are none. A damaged file is set aside with a notice.
    public func keptListings(file settings: UInt64) -> FolderListings? {
        let path = listingsPath(settings)
        guard let bytes = readFile(path) else { return nil }
        do {
            guard let listings = try FolderListings.decode(bytes, key: settings) else { return nil }
            touch(path)
            return listings
        } catch {
            setAside(path, error)
            return nil
        }
    }

    /// Keeps a snapshot's folder listings for the next snapshot of inputs under the same `settings`.
    public func storeListings(_ listings: ListingsToKeep, file settings: UInt64) {
        var writer = CacheWriter(magic: FolderListings.magic)
        writer.add(settings)
        writer.add(UInt32(listings.count))
        writer.append(listings.bytes)
        writer.seal()
        replace(listingsPath(settings), with: writer.bytes)
    }

    // MARK: Symbols

    /// What a symbol compiled to, kept by ``storeCompiledSymbol(_:key:settings:)`` under `key`
    /// (`CompiledSymbol.key(name:templateBytes:)`) for the same `settings` (which hold the tool's version); `nil` when
    /// there is none. A damaged file is set aside with a notice.
    public func compiledSymbol(key: UInt64, settings: UInt64) -> CompiledSymbol? {
        keptValue(at: symbolPath(key, settings: settings), key: key) { bytes throws(CacheDamage) in
            let (stored, symbol) = try SymbolCodec.decode(bytes)
            return (stored, symbol)
        }
    }

    /// Keeps what a symbol compiled to for the next compile with the same `settings`.
    public func storeCompiledSymbol(_ symbol: CompiledSymbol, key: UInt64, settings: UInt64) {
        guard SymbolCodec.canEncode(symbol) else { return }
        replace(symbolPath(key, settings: settings), with: SymbolCodec.encode(symbol, key: key))
    }

    /// The store a compile with `settings` keeps its symbols in (`CARCompiler(options:symbolStore:)`).
    public func symbolStore(settings: UInt64) -> any CompiledSymbolStore {
        CachedSymbols(cache: self, settings: settings)
    }

    // MARK: Size

    /// Removes the least recently used files (by modification time, which each use sets) until the folder holds at
    /// most ``limit`` bytes.
    public func evict() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        sweepLeftovers(names)
        var entries: [(path: String, size: UInt64, used: Int64)] = []
        var total: UInt64 = 0
        for name in names where Self.evictedSuffixes.contains(where: name.hasSuffix) {
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let size = UInt64(max(0, status.st_size))
            entries.append((path, size, Self.modified(status)))
            total += size
        }
        guard total > limit else { return }
        for entry in entries.sorted(by: { $0.used != $1.used ? $0.used < $1.used : $0.path < $1.path }) {
            guard total > limit else { break }
            if unlink(entry.path) == 0 { total -= entry.size }
        }
    }

    /// How old a temporary file must be before it counts as left by a killed compile: a cache file is written in
    /// milliseconds. Removing one still being written is safe too: its writer's rename fails, and the next compile
    /// starts afresh.
    static let leftoverMinimumAge: Int64 = 60 * 1_000_000_000

    /// Removes the temporary files of ``replace(_:with:)`` that killed compiles left among `names` (`<file>.tmp-` then
    /// the writer's process and a number), older than ``leftoverMinimumAge``: they are not the cache's own files, so the
    /// limit would never reach them.
    private func sweepLeftovers(_ names: [String], now: Date = Date()) {
        let nowNanoseconds = Int64(now.timeIntervalSince1970 * 1e9)
        for name in names where Self.isLeftover(name) {
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if nowNanoseconds - Self.modified(status) >= Self.leftoverMinimumAge { unlink(path) }
        }
    }

    /// A file's modification time in nanoseconds since 1970, which ``evict()`` orders by and a leftover's age is from.
    private static func modified(_ status: stat) -> Int64 {
        #if canImport(Darwin)
            Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
        #else
            Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        #endif
    }

    /// Whether `name` is a temporary name of ``replace(_:with:)``: a cache file's name, `.tmp-`, digits, `-`, digits.
    static func isLeftover(_ name: String) -> Bool {
        guard let marker = name.range(of: ".tmp-"),
            evictedSuffixes.contains(where: { name[..<marker.lowerBound].hasSuffix($0) })
        else { return false }
        let numbers = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        return numbers.count == 2 && numbers.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
    }

    // MARK: Files

    private func recordPath(_ car: String) -> String {
        directory + "/car-" + Self.hex(CacheDigest.of(Self.absolute(car))) + ".record"
    }

    private func runPath(_ key: UInt64) -> String { directory + "/run-" + Self.hex(key) + ".stamp" }

    private func indexPath(_ key: UInt64) -> String { directory + "/index-" + Self.hex(key) + ".index" }

    private func contentsPath(_ key: UInt64) -> String { directory + "/index-" + Self.hex(key) + ".contents" }

    private func listingsPath(_ key: UInt64) -> String { directory + "/listings-" + Self.hex(key) + ".listings" }

    private func symbolPath(_ key: UInt64, settings: UInt64) -> String {
        var writer = CacheWriter(magic: "symbol")
        writer.add(settings)
        writer.add(key)
        return directory + "/symbol-" + Self.hex(CacheDigest.of(writer.bytes)) + ".symbol"
    }

    /// The cache's own files, which count toward ``limit``.
    private static let evictedSuffixes = [".record", ".stamp", ".index", ".contents", ".listings", ".symbol"]

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The file's bytes, or `nil` when it is absent; an unreadable file is a notice.
    private func readFile(_ path: String) -> [UInt8]? {
        switch Self.wholeFile(path, limit: 1 << 32) {
        case .bytes(let bytes):
            return bytes
        case .cannotOpen(let error):
            if error != ENOENT && error != ENOTDIR { note("\(quoted(path)) cannot be read (\(String(cString: strerror(error))))") }
            return nil
        case .unusable:
            return nil
        }
    }

    /// What ``wholeFile(_:identity:limit:)`` found.
    enum WholeFile {
        /// Every byte of the file.
        case bytes([UInt8])
        /// `open` failed, with this `errno`.
        case cannotOpen(Int32)
        /// Not a regular file, larger than the limit, another file than the one expected, or cut short while read.
        case unusable
    }

    /// The bytes of the regular file at `path` (never through a link), at most `limit` of them, and only when the file
    /// opened still has the identity digest `identity`, if one is given (the cache's own files, and an input hashed
    /// again: one read of the descriptor whose status was checked).
    static func wholeFile(_ path: String, identity: UInt64? = nil, limit: Int) -> WholeFile {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return .cannotOpen(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= limit,
            identity.map({ FileIdentity(status).digest == $0 }) ?? true
        else { return .unusable }
        let size = Int(status.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, size - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        return done == size ? .bytes(bytes) : .unusable
    }

    /// Writes `bytes` to `path` whole (a temporary file renamed over it); a failure is a notice, never an error: the
    /// next compile only does more work.
    private func replace(_ path: String, with bytes: [UInt8]) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return note("the cache folder \(quoted(directory)) cannot be created (\(error.localizedDescription)); the next compile starts afresh")
        }
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return note("\(quoted(path)) cannot be written (\(String(cString: strerror(errno)))); the next compile starts afresh")
        }
        var done = 0
        var failure: Int32 = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                // A write of nothing is a failure too (errno is then not set): the file would be cut short.
                failure = count < 0 ? errno : EIO
                break
            }
            done += count
        }
        // A file system that reports a full disk or quota only when the file is closed (NFS) says so here.
        if close(descriptor) != 0, failure == 0 { failure = errno }
        guard failure == 0, FileSystem.moveIntoPlace(temporary, over: path) else {
            unlink(temporary)
            return note("\(quoted(path)) cannot be written (\(String(cString: strerror(failure == 0 ? errno : failure)))); the next compile starts afresh")
        }
    }

    /// The value kept in the file at `path` under `key`, as `decode` reads it (the key stored in the file, the value);
    /// `nil` when the file is absent or holds another key. A damaged file is set aside with a notice; a used one is
    /// marked as just used.
    private func keptValue<Value>(
        at path: String, key: UInt64, decode: ([UInt8]) throws(CacheDamage) -> (key: UInt64, value: Value)
    ) -> Value? {
        guard let bytes = readFile(path) else { return nil }
        do {
            let (stored, value) = try decode(bytes)
            guard stored == key else { return nil }
            touch(path)
            return value
        } catch {
            setAside(path, error)
            return nil
        }
    }

    /// Marks a file as just used, for ``evict()``.
    private func touch(_ path: String) {
        _ = utimensat(AT_FDCWD, path, nil, 0)
    }

    /// Removes a damaged file and says so.
    private func setAside(_ path: String, _ error: any Error) {
        unlink(path)
        let reason = (error as? CacheDamage).map { "\($0.what) (offset \($0.offset))" } ?? "\(error)"
        note("\(quoted(path)) was damaged: \(reason); it was removed and the work done again")
    }

    /// A path in a notice: quoted, its control characters escaped (a name is shown, never acted on by the terminal).
    private func quoted(_ path: String) -> String { "'" + TerminalText.escaped(path) + "'" }

    private func note(_ message: String) {
        noticeLock.lock()
        storedNotices.append("compile cache: " + message)
        noticeLock.unlock()
    }
}

extension CompileCache {
    /// The key of a run's stamp: its command line and working folder.
    public static func runKey(arguments: [String], workingFolder: String) -> UInt64 {
        var writer = CacheWriter(magic: "run")
        writer.add(workingFolder)
        for word in arguments { writer.add(word) }
        return CacheDigest.of(writer.bytes)
    }

    /// The digest of what decides a car's bytes besides its inputs: the settings as words (every option that changes
    /// the output), the working folder (relative paths), the tool's version, and the identity of the program file
    /// itself, so that a new build of assetc never reuses the renditions of another, even under the same version.
    public static func settingsDigest(settings: [String], workingFolder: String, toolVersion: String) -> UInt64 {
        var writer = CacheWriter(magic: "settings")
        writer.add(toolVersion)
        writer.add(workingFolder)
        if let program = FileManager.default.destinationOfSymbolicLinkSafe("/proc/self/exe") ?? CommandLine.arguments.first,
            let identity = FileIdentity.of(program)
        {
            writer.add(program)
            writer.add(identity)
        }
        for word in settings { writer.add(word) }
        return CacheDigest.of(writer.bytes)
    }

    /// Combines the inputs' snapshot with the settings' digest, for a run stamp.
    public static func inputsDigest(snapshot: InputSnapshot, settings: UInt64) -> UInt64 {
        var writer = CacheWriter(magic: "inputs")
        writer.add(snapshot.digest)
        writer.add(settings)
        return CacheDigest.of(writer.bytes)
    }
}

extension FileManager {
    fileprivate func destinationOfSymbolicLinkSafe(_ path: String) -> String? {
        try? destinationOfSymbolicLink(atPath: path)
    }
}

/// A compile's symbols kept in the cache under its settings.
private struct CachedSymbols: CompiledSymbolStore {
    let cache: CompileCache
    let settings: UInt64

    func compiledSymbol(key: UInt64) -> CompiledSymbol? { cache.compiledSymbol(key: key, settings: settings) }

    func store(_ symbol: CompiledSymbol, key: UInt64) { cache.storeCompiledSymbol(symbol, key: key, settings: settings) }
}
