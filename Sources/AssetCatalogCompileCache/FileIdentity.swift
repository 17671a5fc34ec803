#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says of a file that changes whenever its bytes can have: device, inode, type and mode, size, and the
/// modification and change times to the nanosecond. The change time is there because tools that put a modification
/// time back (`touch -r`, archivers) cannot put it back, so an edited file is always noticed.
public struct FileIdentity: Hashable, Sendable {
    /// Device and inode.
    public var device: UInt64, inode: UInt64
    /// Type and permission bits.
    public var mode: UInt64
    /// Size in bytes.
    public var size: UInt64
    /// Modification time, seconds and nanoseconds.
    public var modifiedSeconds: UInt64, modifiedNanoseconds: UInt64
    /// Change time (of the inode), seconds and nanoseconds.
    public var changedSeconds: UInt64, changedNanoseconds: UInt64

    /// The fields in a fixed order: device, inode, mode, size, modification seconds and nanoseconds, change seconds
    /// and nanoseconds.
    var fields: [UInt64] {
        [device, inode, mode, size, modifiedSeconds, modifiedNanoseconds, changedSeconds, changedNanoseconds]
    }

    /// The number of fields.
    static let fieldCount = 8

    init(fields: [UInt64]) {
        (device, inode, mode, size) = (fields[0], fields[1], fields[2], fields[3])
        (modifiedSeconds, modifiedNanoseconds, changedSeconds, changedNanoseconds) = (fields[4], fields[5], fields[6], fields[7])
    }

    init(_ status: stat) {
        #if canImport(Darwin)
            let modified = status.st_mtimespec, changed = status.st_ctimespec
        #else
            let modified = status.st_mtim, changed = status.st_ctim
        #endif
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        mode = UInt64(truncatingIfNeeded: status.st_mode)
        size = UInt64(truncatingIfNeeded: status.st_size)
        modifiedSeconds = UInt64(truncatingIfNeeded: modified.tv_sec)
        modifiedNanoseconds = UInt64(truncatingIfNeeded: modified.tv_nsec)
        changedSeconds = UInt64(truncatingIfNeeded: changed.tv_sec)
        changedNanoseconds = UInt64(truncatingIfNeeded: changed.tv_nsec)
    }

    /// The fields mixed into 64 bits: what the input snapshot and the car records keep of a file. Two identities
    /// with one digest are taken as the same file unchanged, so a file is hashed again unless its device, inode, size
    /// and both times mix to the very value recorded (a chance of one in 2⁶⁴ for a changed file).
    public var digest: UInt64 {
        // Field by field (no array to allocate): the snapshot takes one digest per file of the inputs.
        var hasher = WordHasher()
        hasher.add(device)
        hasher.add(inode)
        hasher.add(mode)
        hasher.add(size)
        hasher.add(modifiedSeconds)
        hasher.add(modifiedNanoseconds)
        hasher.add(changedSeconds)
        hasher.add(changedNanoseconds)
        return hasher.value
    }

    /// Whether the entry is a folder.
    var isFolder: Bool { mode & UInt64(S_IFMT) == UInt64(S_IFDIR) }
    /// Whether the entry is a regular file.
    var isFile: Bool { mode & UInt64(S_IFMT) == UInt64(S_IFREG) }
    var isLink: Bool { mode & UInt64(S_IFMT) == UInt64(S_IFLNK) }

    /// The identity of the file at `path` (a link itself, not followed), or `nil` when it cannot be examined.
    public static func of(_ path: String) -> FileIdentity? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileIdentity(status)
    }

    /// The identity of the open file `descriptor`.
    static func of(descriptor: Int32) -> FileIdentity? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return FileIdentity(status)
    }
}
