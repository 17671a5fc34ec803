import AssetCatalogBuilder
import Foundation

/// What vouches for a kept index when the files its read opened have new statuses but the same bytes (docs/COMPILE-CACHE.md,
/// "The index"): a `touch`, a checkout that rewrote files, a fresh clone with the cache folder restored.
///
/// The index is kept under the digest of those files' statuses, so any such change missed it, and the catalog was read
/// again (256–334 ms of the benchmark's rebuild). Beside it this file keeps the key the index was stored under, the
/// digest of the read's shape (``InputSnapshot/shapeDigest``: every path, type and permission) and each opened file's
/// path, identity and content digest, in the walk's order. An index is still the read's when the shape is the same and
/// every opened file whose status changed still has the bytes digested; the check hashes only those.
struct IndexContents: Equatable, Sendable {
    /// The format; a change makes every file written before unused.
    static let magic = "ACICON01"

    /// A file the read opened, as it was when the index was kept.
    struct File: Equatable, Sendable {
        var path: String
        var identity: UInt64
        var contentHash: UInt64
    }

    /// The key the index file was stored under.
    var indexKey: UInt64
    /// The digest of the read's shape and of the settings (``CompileCache/shapeKey(snapshot:settings:)``).
    var shapeKey: UInt64
    /// The files the read opened, in the snapshot's order.
    var files: [File]

    /// The file's bytes: the magic, both keys, the files, the digest of all of it.
    func encoded() -> [UInt8] {
        var writer = CacheWriter(magic: Self.magic)
        writer.add(indexKey)
        writer.add(shapeKey)
        writer.add(UInt32(files.count))
        for file in files {
            writer.add(file.path)
            writer.add(file.identity)
            writer.add(file.contentHash)
        }
        writer.seal()
        return writer.bytes
    }

    /// The contents ``encoded()`` wrote; a damaged file is a ``CacheDamage`` naming what and where.
    static func decode(_ bytes: [UInt8]) throws(CacheDamage) -> IndexContents {
        var reader = try CacheReader(bytes, magic: magic)
        let indexKey = try reader.u64("the index's key")
        let shapeKey = try reader.u64("the shape's key")
        // A file is at least its path's length and two digests.
        let count = try reader.count("the number of files", minimumSize: 20)
        var files: [File] = []
        files.reserveCapacity(count)
        for _ in 0..<count {
            let path = try reader.string("a file's path")
            let identity = try reader.u64("a file's identity")
            files.append(File(path: path, identity: identity, contentHash: try reader.u64("a file's digest")))
        }
        guard reader.isAtEnd else { throw CacheDamage(what: "bytes follow the files", offset: reader.position) }
        return IndexContents(indexKey: indexKey, shapeKey: shapeKey, files: files)
    }

    /// The largest opened file hashed (a catalog's JSON, PDF or SVG); a larger one is not vouched for, and the index is
    /// then kept by status alone.
    static let largestHashedFile = 1 << 30

    /// The content digest of the file at `path`, read only if it is still the file of `identity` (its digest); `nil`
    /// when it cannot be opened or read, or is another file by now (changed since the snapshot: its bytes need not be
    /// the ones the read saw).
    static func contentHash(of path: String, identity: UInt64) -> UInt64? {
        guard case .bytes(let bytes) = CompileCache.wholeFile(path, identity: identity, limit: largestHashedFile) else { return nil }
        return KnownFile.contentHash(of: bytes)
    }

    /// The contents for a snapshot's opened files (`opened`), read under `indexKey` with the read's shape `shapeKey`:
    /// each file's digest taken from `read` (the bytes the read parsed: if the file changed after the snapshot, the next run finds
    /// another status and compares the bytes then), else from `previous` when its identity is the one recorded there,
    /// else hashed now (on every core) if the file is unchanged since the snapshot. `nil` when a file cannot be vouched
    /// for (changed since the snapshot, unreadable, too large).
    static func make(
        indexKey: UInt64, shapeKey: UInt64, opened: OpenedFiles, previous: IndexContents?, read: ReadContentDigests? = nil
    ) -> IndexContents? {
        let known = Dictionary(previous?.files.map { ($0.path, $0) } ?? [], uniquingKeysWith: { first, _ in first })
        let hashes = UnsafeMutableBufferPointer<UInt64?>.allocate(capacity: opened.count)
        hashes.initialize(repeating: nil)
        defer { hashes.deallocate() }
        let runs = (opened.count + 255) / 256
        let shared = UncheckedBuffer(hashes)
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            for position in (run * 256)..<min(opened.count, run * 256 + 256) {
                let file = opened[position]
                if let digest = read?.digest(of: file.path) {
                    shared.buffer[position] = digest
                } else if let kept = known[file.path], kept.identity == file.identity {
                    shared.buffer[position] = kept.contentHash
                } else {
                    shared.buffer[position] = contentHash(of: file.path, identity: file.identity)
                }
            }
        }
        var files: [File] = []
        files.reserveCapacity(opened.count)
        for (position, file) in opened.enumerated() {
            guard let hash = hashes[position] else { return nil }
            files.append(File(path: file.path, identity: file.identity, contentHash: hash))
        }
        return IndexContents(indexKey: indexKey, shapeKey: shapeKey, files: files)
    }

    /// These contents with each file's identity now in `snapshot`, when the index they vouch for is still the read of
    /// `snapshot`'s inputs: the same shape (`shapeKey`), the same files in the same order, and each file whose identity
    /// changed still holding the bytes digested. `nil` otherwise.
    func vouched(for snapshot: InputSnapshot, shapeKey: UInt64) -> IndexContents? {
        guard shapeKey == self.shapeKey, snapshot.openedFiles.count == files.count,
            zip(snapshot.openedFiles, files).allSatisfy({ $0.path == $1.path }),
            let now = Self.make(indexKey: indexKey, shapeKey: shapeKey, opened: snapshot.openedFiles, previous: self),
            zip(now.files, files).allSatisfy({ $0.contentHash == $1.contentHash })
        else { return nil }
        return now
    }
}

/// A buffer each worker of `concurrentPerform` writes its own slots of, read after all are done.
private struct UncheckedBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
