/// The files a read opens (``InputSnapshot/openedFiles``), in the walk's order: every path's bytes in one buffer, so the
/// walk makes no string per file (10,000 of them for the benchmark's catalog, in every rebuild's walk), and a path is
/// made as text only when asked for (after a read, or when the kept index's files changed status).
public struct OpenedFiles: RandomAccessCollection, Sendable {
    private var pathBytes: [UInt8] = []
    private var ends: [Int] = []
    private var identities: [UInt64] = []

    /// No files.
    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { identities.count }

    /// The file at `position`: its path and identity digest.
    public subscript(position: Int) -> InputSnapshot.OpenedFile {
        let start = position == 0 ? 0 : ends[position - 1]
        let path = pathBytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<ends[position]]), as: UTF8.self)
        }
        return InputSnapshot.OpenedFile(path: path, identity: identities[position])
    }

    /// Adds the file whose path has the UTF-8 bytes `path`.
    mutating func append(path: some Collection<UInt8>, identity: UInt64) {
        pathBytes += path
        ends.append(pathBytes.count)
        identities.append(identity)
    }

    /// Makes room for `files` more files whose paths have `bytes` bytes in all.
    mutating func reserve(files: Int, bytes: Int) {
        pathBytes.reserveCapacity(pathBytes.count + bytes)
        ends.reserveCapacity(ends.count + files)
        identities.reserveCapacity(identities.count + files)
    }

    /// The bytes of all the paths.
    var byteCount: Int { pathBytes.count }

    /// Adds `other`'s files after these.
    mutating func append(contentsOf other: OpenedFiles) {
        let base = pathBytes.count
        pathBytes += other.pathBytes
        ends += other.ends.map { $0 + base }
        identities += other.identities
    }
}
