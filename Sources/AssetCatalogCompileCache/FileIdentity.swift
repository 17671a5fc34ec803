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
    /// The fields in a fixed order: device, inode, mode, size, modification seconds and nanoseconds, change seconds
    /// and nanoseconds.
    public var fields: [UInt64]

    /// The number of fields.
    static let fieldCount = 8

    init(fields: [UInt64]) { self.fields = fields }

    init(_ status: stat) {
        #if canImport(Darwin)
            let modified = status.st_mtimespec, changed = status.st_ctimespec
        #else
            let modified = status.st_mtim, changed = status.st_ctim
        #endif
        fields = [
            UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino),
            UInt64(truncatingIfNeeded: status.st_mode), UInt64(truncatingIfNeeded: status.st_size),
            UInt64(truncatingIfNeeded: modified.tv_sec), UInt64(truncatingIfNeeded: modified.tv_nsec),
            UInt64(truncatingIfNeeded: changed.tv_sec), UInt64(truncatingIfNeeded: changed.tv_nsec),
        ]
    }

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

    /// The file's size in bytes.
    var size: UInt64 { fields[3] }
}
