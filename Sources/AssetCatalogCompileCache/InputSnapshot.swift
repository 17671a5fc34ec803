import AssetCatalogBuilder
import CFileSystemCalls
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The status of every entry below a compile's inputs, taken with `lstat` alone before the compile reads anything:
/// a digest of all of it (names, types, sizes, times), which tells a rebuild with nothing changed, and each regular
/// file's ``FileIdentity/digest`` by path (the input's path as given, `/`, the path below it: the path the compile
/// opens), kept under the path's 128-bit `PathKey` rather than its text, which would be most of the memory the
/// cache adds to a compile.
///
/// Links are listed, never followed: a file reached through a link has no identity here, so the compile cache never
/// trusts it unchanged and hashes it again each time.
///
/// Cost: one `fstatat` per file, relative to an open folder above it; for a folder whose listing was kept
/// (``FolderListings``) and whose status is unchanged, one `fstatat` (and an `openat` when it holds folders); for any
/// other folder, its `openat` and an `fstat` of it, and its listing; the inputs' subfolders on every core. Each entry
/// goes into the digest as three words
/// (its path's key and its status's digest), and the table of files by path is made on the first question, which a
/// rebuild with nothing changed never asks: that rebuild is little more than the walk (docs/PERFORMANCE.md).
public struct InputSnapshot: Sendable {
    /// The digest of every entry's path, type and status, in sorted order (the same for any listing order).
    public let digest: UInt64
    /// The digest of what a read that defers PNG inspection sees (`UnopenedFiles`): every entry's path and type, and
    /// the status of every file but the PNGs of set folders, which that read names and never opens. `nil` when the
    /// inputs hold a symbolic link (or a root is one), whose target the read follows wherever it lies.
    public let readDigest: UInt64?
    /// The digest of the shape of what the read sees: every entry's path, type and permissions, and no file's other
    /// status. Equal shapes and equal bytes of every file the read opens (``openedFiles``) mean the same read, whatever
    /// the times and inodes (a `touch`, a checkout, a fresh clone). `nil` when ``readDigest`` is.
    public let shapeDigest: UInt64?
    /// The regular files the read opens (every file but the PNGs of set folders), in the walk's order, each with its
    /// path (the path the compile opens) and identity digest; empty once taken (``takeOpenedFiles()``).
    public private(set) var openedFiles: OpenedFiles
    /// Every regular file's identity digest, by path key.
    private let files: FileTable

    struct Entry: Sendable {
        var path: PathKey
        var identity: UInt64
    }

    /// A file the read opens: its path and its ``FileIdentity/digest`` when the snapshot was taken.
    public struct OpenedFile: Hashable, Sendable {
        /// The path the compile opens.
        public var path: String
        /// The file's identity digest.
        public var identity: UInt64
    }

    /// The folder listings this snapshot took or reused, to keep for the next one; `nil` when they are the ones it was
    /// given (``CompileCache/storeListings(_:file:)``).
    public private(set) var listingsToKeep: ListingsToKeep?

    /// Hands over ``openedFiles`` and forgets them: their paths (0.7 MB for the benchmark's catalog) need not live
    /// through the compile, whose peak memory has a target.
    public mutating func takeOpenedFiles() -> OpenedFiles {
        defer { openedFiles = OpenedFiles() }
        return openedFiles
    }

    /// Hands over ``listingsToKeep`` and forgets them: the snapshot lives as long as the compile, and the listings of a
    /// large catalog (1.4 MB for the benchmark's) need not.
    public mutating func takeListingsToKeep() -> ListingsToKeep? {
        defer { listingsToKeep = nil }
        return listingsToKeep
    }

    /// Takes the snapshot of `roots` (folders or files); `nil` when a root cannot be examined. A folder whose status is
    /// the one `keptListings` recorded is not listed again: its kept entries are examined instead. `settledBefore`
    /// (seconds since 1970; by default ``FolderListings/settleSeconds`` before now) is the time before which a
    /// folder's times must lie for its listing to be kept for the next snapshot.
    public init?(roots: [String], keptListings: FolderListings? = nil, settledBefore: Int64? = nil) {
        let recorder = ListingRecorder(kept: keptListings, settledBefore: settledBefore ?? ListingRecorder.settledBeforeNow())
        var digests = Digests()
        var files: [Entry] = []
        var opened = OpenedFiles()
        var listings = recorder
        for root in roots {
            let key = PathKey("root:" + root)
            guard let identity = FileIdentity.of(root) else { return nil }
            digests.add(key, identity, unopenedIfFile: false)
            if identity.isFile {
                files.append(Entry(path: PathKey(root), identity: identity.digest))
                opened.append(path: root.utf8, identity: identity.digest)
            }
            guard identity.isFolder else { continue }
            guard let walk = Self.walk(root, scope: UnopenedFiles.scope(ofRoot: root), recorder: recorder) else { return nil }
            digests.add(walk.digests)
            files += walk.found
            opened.append(contentsOf: walk.opened)
            listings.add(walk.recorder)
        }
        digest = digests.all.value
        readDigest = digests.sawLink ? nil : digests.read.value
        shapeDigest = digests.sawLink ? nil : digests.shape.value
        openedFiles = opened
        self.files = FileTable(files)
        listingsToKeep = listings.listingsToKeep(foldersMayRepeat: roots.count > 1)
    }

    /// The identity digest of the regular file at `path` as the snapshot found it, or `nil` when the snapshot has no
    /// such file (outside the inputs, reached through a link, or not a regular file).
    public func identity(of path: String) -> UInt64? {
        files.identity(of: PathKey(path))
    }

    /// The number of regular files found.
    public var fileCount: Int { files.count }

    /// Every entry below the folder `root` (folders before what they hold, names in byte order): the files, the files
    /// the read opens, the digests and the folders' listings; the root's entries walked on every core, each into its own
    /// part, combined in order.
    private static func walk(_ root: String, scope: UnopenedFiles.Scope, recorder: ListingRecorder) -> Walk? {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let top = list(descriptor, path: root) else { return nil }
        let results = SlotArray<Walk>(count: top.count)
        DispatchQueue.concurrentPerform(iterations: top.count) { position in
            var part = Walk(recorder: ListingRecorder(kept: recorder.kept, settledBefore: recorder.settledBefore))
            guard part.add(top[position], in: descriptor, scope: scope) else { return }
            results.set(position, part)
        }
        var whole = Walk(recorder: recorder)
        whole.found.reserveCapacity(results.values.reduce(0) { $0 + ($1?.found.count ?? 0) })
        whole.opened.reserve(
            files: results.values.reduce(0) { $0 + ($1?.opened.count ?? 0) },
            bytes: results.values.reduce(0) { $0 + ($1?.opened.byteCount ?? 0) })
        for result in results.values {
            guard let part = result else { return nil }
            whole.found += part.found
            whole.opened.append(contentsOf: part.opened)
            whole.digests.add(part.digests)
            whole.recorder.add(part.recorder)
        }
        return whole
    }

    /// One part of the walk: what it found, its digests, and the listings it made or reused.
    private struct Walk {
        var found: [Entry] = []
        var opened = OpenedFiles()
        var digests = Digests()
        var recorder: ListingRecorder
        /// A kept folder's file's path and its path from the open folder, made in place (no strings or arrays per
        /// file: for 40,000 files they were most of the walk's own time).
        private var filePath: [UInt8] = []
        private var fileRelative: [CChar] = []

        init(recorder: ListingRecorder) {
            self.recorder = recorder
        }

        /// Adds `entry` (named relative to the open folder `anchor`, of scope `scope`) and, for a folder, everything
        /// below it.
        mutating func add(_ entry: Listed, in anchor: Int32, scope: UnopenedFiles.Scope) -> Bool {
            let key = PathKey(entry.path)
            var child: Int32 = -1
            defer { if child >= 0 { close(child) } }
            let identity: FileIdentity
            let keptListing = entry.isListedAsFolder ? recorder.keptListing(of: key) : nil
            if entry.isListedAsFolder, keptListing == nil {
                // Listed as a folder (never a link) and no listing of it kept: opened first and its status taken from
                // the open folder, which spares the kernel a second lookup of the name; the same status `fstatat`
                // gives. Something else by now (replaced since the listing) is examined by name below.
                child = InputSnapshot.openFolder(entry, in: anchor)
            }
            if child >= 0 {
                guard let opened = FileIdentity.of(descriptor: child) else { return false }
                identity = opened
            } else {
                var status = stat()
                guard entry.relative.withUnsafeBufferPointer({ fstatat(anchor, $0.baseAddress!, &status, AT_SYMLINK_NOFOLLOW) }) == 0
                else { return false }
                identity = FileIdentity(status)
            }
            let unopened = identity.isFile && scope == .set && entry.isUnopenedInSet
            digests.add(key, identity, unopenedIfFile: unopened)
            // Only files are kept (the compile cache asks for no other entry); the rest is in the digest.
            if identity.isFile {
                found.append(Entry(path: key, identity: identity.digest))
                if !unopened { opened.append(path: entry.path.utf8, identity: identity.digest) }
            }
            guard identity.isFolder else { return true }
            let innerScope = UnopenedFiles.scope(ofFolderNamed: entry.text, in: scope)
            if child < 0, let kept = recorder.kept, let listing = keptListing ?? recorder.keptListing(of: key),
                listing.identity == identity.digest
            {
                recorder.reuse(listing, of: key)
                // Unchanged since its listing was kept, so not listed. A folder that holds folders is opened, and what
                // is below it examined from there; the entries of one that does not (most of a catalog's: an image
                // set's files) are examined through the folder open above it, by their paths from there (each folder
                // on the way checked unchanged, as this one was). Each name of a path costs the kernel a lookup.
                if listing.holdsFolders { child = InputSnapshot.openFolder(entry, in: anchor) }
                let folder = child >= 0 ? child : anchor
                let pathPrefix = Array(entry.path.utf8) + (entry.path.hasSuffix("/") ? [] : [0x2F])
                let relativePrefix = child >= 0 ? [] : entry.relative.dropLast() + [0x2F]
                var succeeded = true
                kept.forEachEntry(of: listing) { name, isFolder in
                    guard succeeded else { return }
                    if isFolder || !name.allSatisfy({ $0 < 0x80 }) {
                        // A folder, or a name that is not ASCII (its path is the text's, bad bytes replaced, as a
                        // listing's): the general way.
                        let next = Listed(named: name, isFolder: isFolder, pathPrefix: pathPrefix, relativePrefix: relativePrefix)
                        succeeded = add(next, in: folder, scope: innerScope)
                    } else {
                        succeeded = addFile(named: name, pathPrefix: pathPrefix, relativePrefix: relativePrefix, in: folder, scope: innerScope)
                    }
                }
                return succeeded
            }
            if child < 0 { child = InputSnapshot.openFolder(entry, in: anchor) }
            guard child >= 0, let entries = InputSnapshot.list(child, path: entry.path) else { return false }
            recorder.record(key, identity: identity, entries: entries)
            for next in entries {
                guard add(next, in: child, scope: innerScope) else { return false }
            }
            return true
        }

        /// Adds the entry `name` of a kept listing, not listed as a folder and named in ASCII, whose folder's path is
        /// `pathPrefix` and its path from the open folder `anchor` `relativePrefix` (each with its `/`, or empty): what
        /// ``add(_:in:scope:)`` does for such an entry, without making its ``Listed``.
        mutating func addFile(
            named name: UnsafeBufferPointer<UInt8>, pathPrefix: [UInt8], relativePrefix: [CChar], in anchor: Int32,
            scope: UnopenedFiles.Scope
        ) -> Bool {
            fileRelative.removeAll(keepingCapacity: true)
            fileRelative += relativePrefix
            for byte in name { fileRelative.append(CChar(bitPattern: byte)) }
            fileRelative.append(0)
            var status = stat()
            guard fileRelative.withUnsafeBufferPointer({ fstatat(anchor, $0.baseAddress!, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                return false
            }
            let identity = FileIdentity(status)
            if identity.isFolder {
                // A folder its listing did not call one (a file system that does not say): examined the general way.
                let entry = Listed(named: name, isFolder: false, pathPrefix: pathPrefix, relativePrefix: relativePrefix)
                return add(entry, in: anchor, scope: scope)
            }
            filePath.removeAll(keepingCapacity: true)
            filePath += pathPrefix
            filePath += name
            let key = filePath.withUnsafeBytes { PathKey(bytes: $0) }
            let unopened = identity.isFile && scope == .set && UnopenedFiles.isUnopened(fileNamed: name, in: .set)
            digests.add(key, identity, unopenedIfFile: unopened)
            if identity.isFile {
                found.append(Entry(path: key, identity: identity.digest))
                if !unopened { opened.append(path: filePath, identity: identity.digest) }
            }
            return true
        }
    }

    /// Opens `entry` (named relative to the open folder `anchor`) as a folder, never through a link: its descriptor, or
    /// -1.
    private static func openFolder(_ entry: Listed, in anchor: Int32) -> Int32 {
        entry.relative.withUnsafeBufferPointer { openat(anchor, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
    }

    /// An entry of a listing: its name in its folder (the bytes as listed, NUL-terminated: a name that is not UTF-8 is
    /// still found), its path from the open folder the walk examines it through (its name, or for an entry of a kept
    /// listing the names of the unopened folders above it too, NUL-terminated), its path, and whether the listing says
    /// it is a folder (`DT_DIR`; a file system that does not say gives `DT_UNKNOWN`, and the entry is examined by name).
    struct Listed: Sendable {
        var name: [CChar]
        var relative: [CChar]
        var path: String
        var isListedAsFolder: Bool

        /// The name as text (for a folder's role; a name that is not UTF-8 has its bad bytes replaced).
        var text: String { String(decoding: name.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) }

        /// Whether, as a regular file in a set folder, the read would never open it (``UnopenedFiles``).
        var isUnopenedInSet: Bool {
            name.withUnsafeBufferPointer { raw in
                UnsafeRawBufferPointer(raw).withMemoryRebound(to: UInt8.self) { bytes in
                    UnopenedFiles.isUnopened(fileNamed: UnsafeBufferPointer(rebasing: bytes.dropLast()), in: .set)
                }
            }
        }

        /// The entry `name` of a folder whose path is `pathPrefix` and whose path from the open folder the walk examines
        /// it through is `relativePrefix` (each ending in `/`, or empty).
        init(named name: UnsafeBufferPointer<UInt8>, isFolder: Bool, pathPrefix: [UInt8], relativePrefix: [CChar]) {
            self.name = name.map { CChar(bitPattern: $0) } + [0]
            relative = relativePrefix + self.name
            // The prefix is text ending in `/`, so the name's bad bytes, if any, are replaced as in the name's own text.
            path = String(decoding: pathPrefix + Array(name), as: UTF8.self)
            isListedAsFolder = isFolder
        }
    }

    /// The entries of the open folder `descriptor` at `path` (`.` and `..` aside), sorted by name bytes.
    private static func list(_ descriptor: Int32, path: String) -> [Listed]? {
        var names: [(name: [UInt8], isFolder: Bool)] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 32 * 1024, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = acat_read_directory_entries(descriptor, buffer.baseAddress, UInt(buffer.count))
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            // getdents64 records: inode (8), offset (8), record length (2), type (1), then the name, NUL-terminated.
            var offset = 0
            while offset + 19 < count {
                let length = Int(buffer.load(fromByteOffset: offset + 16, as: UInt16.self))
                guard length > 19, offset + length <= count else { return nil }
                var end = offset + 19
                while end < offset + length, buffer[end] != 0 { end += 1 }
                let name = Array(buffer[(offset + 19)..<end])
                if name != [46] && name != [46, 46] { names.append((name, buffer[offset + 18] == directoryType)) }
                offset += length
            }
        }
        names.sort { $0.name.lexicographicallyPrecedes($1.name) }
        let pathPrefix = Array(path.utf8) + (path.hasSuffix("/") ? [] : [0x2F])
        return names.map { entry in
            entry.name.withUnsafeBufferPointer {
                Listed(named: $0, isFolder: entry.isFolder, pathPrefix: pathPrefix, relativePrefix: [])
            }
        }
    }

    /// getdents64's type of a folder (`DT_DIR`).
    private static let directoryType: UInt8 = 4
}

/// One slot per task, each written once by the task that owns it (`concurrentPerform`), read after all are done.
final class SlotArray<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Value?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Value) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
}

/// A digest fed whole 64-bit words, each mixed in with splitmix64's finaliser: a file's status digest
/// (``FileIdentity/digest``, its eight fields) and the snapshot's digest, where an entry is its path's key and its status's
/// digest (each already a mix of every byte), so an entry costs three steps where the bytes of its path and status
/// cost 140.
struct WordHasher {
    private(set) var value: UInt64 = 0x6A09_E667_F3BC_C908

    mutating func add(_ word: UInt64) {
        value = PathKey.finish((value ^ word) &+ 0x9E37_79B9_7F4A_7C15)
    }

    /// Adds an entry of the snapshot: its path's key, then its status's digest.
    mutating func add(_ path: PathKey, _ identity: UInt64) {
        add(path.high)
        add(path.low)
        add(identity)
    }
}

/// The snapshot's digests as a walk builds them: of every entry's status (``InputSnapshot/digest``), of what a read that
/// defers PNG inspection sees (``InputSnapshot/readDigest``) and of its shape (``InputSnapshot/shapeDigest``), with
/// whether a link was seen.
struct Digests {
    var all = WordHasher()
    var read = WordHasher()
    var shape = WordHasher()
    var sawLink = false

    /// Adds the entry at `path`; `unopenedIfFile` when, as a regular file, the read would never open it. For the read's
    /// digest a folder is its type and permissions (what it holds is listed entry by entry: its own times change with
    /// every file saved by renaming over, which changes nothing read), a PNG the read never opens is its type and
    /// permissions, and any other entry its whole status.
    /// For the shape, a folder or regular file is its type and permissions, any other entry its whole status.
    mutating func add(_ path: PathKey, _ identity: FileIdentity, unopenedIfFile: Bool) {
        all.add(path, identity.digest)
        if identity.isFolder || (identity.isFile && unopenedIfFile) {
            read.add(path, identity.mode)
        } else {
            sawLink = sawLink || identity.isLink
            read.add(path, identity.digest)
        }
        shape.add(path, identity.isFolder || identity.isFile ? identity.mode : identity.digest)
    }

    /// Adds the digests of a part of the walk, in order.
    mutating func add(_ part: Digests) {
        all.add(part.all.value)
        read.add(part.read.value)
        shape.add(part.shape.value)
        sawLink = sawLink || part.sawLink
    }
}

/// The snapshot's files by path key, the table made on the first question from the list the walk found: a rebuild
/// with nothing changed asks none, and 30,000 entries hashed into a dictionary for nothing were a tenth of its work in
/// user space.
final class FileTable: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [InputSnapshot.Entry]
    private var table: [PathKey: UInt64]?

    init(_ entries: [InputSnapshot.Entry]) {
        self.entries = entries
    }

    /// The number of files (a path listed twice, as a root and below another root, counts once).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return made().count
    }

    func identity(of path: PathKey) -> UInt64? {
        lock.lock()
        defer { lock.unlock() }
        return made()[path]
    }

    /// The table; called with the lock held.
    private func made() -> [PathKey: UInt64] {
        if let table { return table }
        var made: [PathKey: UInt64] = [:]
        made.reserveCapacity(entries.count)
        for entry in entries { made[entry.path] = entry.identity }
        table = made
        entries = []
        return made
    }
}
