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
/// Cost: one `lstat` per file and one directory listing per folder, about 2 µs per file.
public struct InputTreeStamp: Hashable, Sendable {
    /// The 64-bit digest of the inputs, options and output.
    public let digest: UInt64

    /// Takes the stamp of `roots`, the pack `options` (as a stable description) and `output`.
    /// Returns `nil` when a root or the output cannot be examined (a fresh pack is then needed anyway).
    public init?(roots: [String], optionsDescription: String, output: String) {
        var hasher = StampHasher()
        hasher.add(optionsDescription)
        for root in roots {
            hasher.add("root:" + root)
            guard Self.walk(root, relative: "", into: &hasher) else { return nil }
        }
        var outputStatus = stat()
        guard lstat(output, &outputStatus) == 0 else { return nil }
        hasher.add("output:" + output)
        hasher.add(outputStatus)
        digest = hasher.value
    }

    private init(digest: UInt64) { self.digest = digest }

    /// Lists a folder in sorted order (so the digest does not depend on the file system's order) and
    /// adds every entry; symbolic links are stamped as links and their targets' status too.
    private static func walk(_ path: String, relative: String, into hasher: inout StampHasher) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        hasher.add("entry:" + relative)
        hasher.add(status)
        if (status.st_mode & S_IFMT) == S_IFLNK {
            var target = stat()
            if stat(path, &target) == 0 { hasher.add(target) }
            return true
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else { return true }
        guard let directory = opendir(path) else { return false }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names.sorted() {
            guard walk(path + "/" + name, relative: relative + "/" + name, into: &hasher) else { return false }
        }
        return true
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

/// FNV-1a over the stamped fields; collisions would need an adversary editing files to order.
private struct StampHasher {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }

    mutating func add(_ string: String) {
        var copy = string
        copy.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        add(UInt64(0))  // a separator, so "ab"+"c" differs from "a"+"bc"
    }

    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }

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
