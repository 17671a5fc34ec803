import Foundation

/// The digests of the bytes a read parsed, by the path it opened each file at (the catalog's path, `/`, the file's path
/// in it): the compile cache keeps them beside the index, to tell later whether a file touched since still has the bytes
/// the read saw, without reading every file again after the read (docs/COMPILE-CACHE.md, "The index").
///
/// Filled by the reader's threads (``ReaderOptions/readDigests``). A path read twice with different bytes has no digest:
/// the read saw two files there. Paths are kept as 64-bit digests of their bytes (the same odds as the cache's other
/// digests), not as text: this lives through the compile, whose peak memory has a target, and 10,000 paths as strings
/// were 1.5 MB of it.
public final class ReadContentDigests: @unchecked Sendable {
    private let lock = NSLock()
    private var digests: [UInt64: UInt64] = [:]
    private var conflicting: Set<UInt64> = []

    /// An empty collection.
    public init() {}

    /// Records that the read parsed `bytes` from `path`.
    package func record(path: String, bytes: [UInt8]) {
        let digest = ContentHash.hash(bytes)
        let key = Self.key(path)
        lock.lock()
        defer { lock.unlock() }
        guard !conflicting.contains(key) else { return }
        if let known = digests[key], known != digest {
            digests[key] = nil
            conflicting.insert(key)
        } else {
            digests[key] = digest
        }
    }

    /// Forgets every digest (once used: 10,000 paths for the benchmark's catalog need not live through the compile).
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        digests = [:]
        conflicting = []
    }

    /// The digest of the bytes read from `path` (`KnownFile.contentHash(of:)`'s), or `nil` when the read did not record
    /// that file, or saw two different contents there.
    public func digest(of path: String) -> UInt64? {
        let key = Self.key(path)
        lock.lock()
        defer { lock.unlock() }
        return digests[key]
    }

    private static func key(_ path: String) -> UInt64 {
        var path = path
        return path.withUTF8 { ContentHash.hash(UnsafeRawBufferPointer($0)) }
    }
}

extension ReadContentDigests: Hashable {
    /// The same collection (options that record into one place are the same options).
    public static func == (lhs: ReadContentDigests, rhs: ReadContentDigests) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
