import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fingerprint of everything a pack depends on, taken with `stat` alone: every file and folder under
/// the inputs (path, type, size, inode, modification and change times), the pack options, and the output
/// file as the last pack left it. When it equals the stamp the last pack wrote, nothing can have changed
/// and the pack is skipped without reading a single input file.
///
/// Why the change time: tools that restore a file's modification time (`touch -r`, some archivers) cannot
/// restore its change time, so an edited file is always noticed.
///
/// Cost: one `fstatat` per entry (relative to its open folder, so the kernel does not resolve the
/// whole path again) and one listing per folder; the root's subtrees are stamped in parallel and their
/// digests combined in order, so the stamp is the same for any thread count.
public struct InputTreeStamp: Hashable, Sendable {
    /// The 64-bit digest of the inputs, options and output.
    public let digest: UInt64

    /// Takes the stamp of `roots`, the pack `options` (as a stable description) and `output`, on `jobs`
    /// threads (`nil`: one per active processor).
    /// Returns `nil` when a root or the output cannot be examined (a fresh pack is then needed anyway).
    public init?(roots: [String], optionsDescription: String, output: String, jobs: Int? = nil) {
        let width = ReaderOptions(jobs: jobs).effectiveJobs  // at least 1: roots are split into subtrees
        var hasher = FNV1aHasher()
        hasher.add(optionsDescription)
        for root in roots {
            hasher.add("root:" + root)
            var status = stat()
            guard lstat(root, &status) == 0 else { return nil }
            guard Self.stampEntry(status: status, descriptor: AT_FDCWD, name: root, into: &hasher, width: width) else {
                return nil
            }
        }
        var outputStatus = stat()
        guard lstat(output, &outputStatus) == 0 else { return nil }
        hasher.add("output:" + output)
        hasher.add(outputStatus)
        digest = hasher.value
    }

    private init(digest: UInt64) { self.digest = digest }

    /// Adds an entry (whose `lstat` is `status`, named `name` in the open folder `descriptor`): its
    /// status, a link's target status, or a folder's entries between markers.
    private static func stampEntry(
        status: stat, descriptor: Int32, name: String, into hasher: inout FNV1aHasher, width: Int
    ) -> Bool {
        hasher.add(status)
        switch status.st_mode & S_IFMT {
        case S_IFLNK:
            var target = stat()
            if fstatat(descriptor, name, &target, 0) == 0 { hasher.add(target) }
            return true
        case S_IFDIR:
            let folder = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard folder >= 0 else { return false }
            hasher.add("{")
            guard stampFolder(folder, into: &hasher, width: width) else { return false }
            hasher.add("}")
            return true
        default:
            return true
        }
    }

    /// Adds the entries of an open folder (the descriptor is consumed) in sorted order, so the digest does
    /// not depend on the file system's order. A root folder (`width` > 0) has each entry's subtree stamped
    /// into its own digest, on `width` threads, and adds the digests in order; deeper folders (`width` 0)
    /// add their entries directly.
    private static func stampFolder(_ descriptor: Int32, into hasher: inout FNV1aHasher, width: Int) -> Bool {
        defer { FileSystem.close(descriptor) }
        // The reader's listing: sorted bytewise, names that are not UTF-8 repaired.
        guard case .success(let entries) = FileSystem.list(directory: descriptor) else { return false }
        let names = entries.map(\.name)
        let folder = descriptor
        if width > 0 {
            let frozen = names
            let digests = parallelMap(count: frozen.count, width: width) { position -> UInt64? in
                var subtree = FNV1aHasher()
                return stampNamed(frozen[position], in: folder, into: &subtree) ? subtree.value : nil
            }
            for digest in digests {
                guard let digest else { return false }
                hasher.add(digest)
            }
            return true
        }
        for name in names {
            guard stampNamed(name, in: folder, into: &hasher) else { return false }
        }
        return true
    }

    /// Adds the entry `name` of the open folder `folder` and, for a folder, everything below it.
    private static func stampNamed(_ name: String, in folder: Int32, into hasher: inout FNV1aHasher) -> Bool {
        var status = stat()
        guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        hasher.add("entry:" + name)
        return stampEntry(status: status, descriptor: folder, name: name, into: &hasher, width: 0)
    }

    // MARK: Storage

    /// Reads the stamp and the summary stored by the last successful pack, if any.
    public static func load(from cacheDirectory: String) -> (stamp: InputTreeStamp, summary: PackSummary)? {
        guard let data = FileManager.default.contents(atPath: cacheDirectory + "/" + fileName),
            let stored = try? JSONDecoder().decode(Stored.self, from: data),
            let digest = UInt64(stored.digest, radix: 16)
        else { return nil }
        return (InputTreeStamp(digest: digest), stored.summary)
    }

    /// Stores the stamp with the summary of the pack that produced the output. Failure to store only
    /// costs the next repack its shortcut, so it is not an error.
    public func store(in cacheDirectory: String, summary: PackSummary) {
        let stored = Stored(digest: String(digest, radix: 16), summary: summary)
        guard let data = try? JSONEncoder().encode(stored) else { return }
        try? FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
        let path = cacheDirectory + "/" + Self.fileName
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Removes a stored stamp (before a pack starts, so a failed pack never leaves a stale shortcut).
    public static func remove(from cacheDirectory: String) {
        unlink(cacheDirectory + "/" + fileName)
    }

    static let fileName = "input-tree-stamp.json"

    private struct Stored: Codable {
        var digest: String
        var summary: PackSummary
    }
}

/// The stamped status fields of an entry; FNV-1a collisions would need an adversary editing files to order.
extension FNV1aHasher {
    mutating func add(_ status: stat) {
        add(UInt64(truncatingIfNeeded: status.st_mode))
        add(UInt64(truncatingIfNeeded: status.st_size))
        add(UInt64(truncatingIfNeeded: status.st_ino))
        add(UInt64(truncatingIfNeeded: status.st_dev))
        #if canImport(Darwin)
            add(UInt64(truncatingIfNeeded: status.st_mtimespec.tv_sec))
            add(UInt64(truncatingIfNeeded: status.st_mtimespec.tv_nsec))
            add(UInt64(truncatingIfNeeded: status.st_ctimespec.tv_sec))
            add(UInt64(truncatingIfNeeded: status.st_ctimespec.tv_nsec))
        #else
            add(UInt64(truncatingIfNeeded: status.st_mtim.tv_sec))
            add(UInt64(truncatingIfNeeded: status.st_mtim.tv_nsec))
            add(UInt64(truncatingIfNeeded: status.st_ctim.tv_sec))
            add(UInt64(truncatingIfNeeded: status.st_ctim.tv_nsec))
        #endif
    }
}
