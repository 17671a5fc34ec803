#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole files with plain system calls: one `open`, one `fstat`, `read` until done.
enum FileBytes {
    /// A file's identity as the cache sees it.
    struct Status: Hashable, Sendable {
        var size: UInt64
        /// Modification time in nanoseconds since 1970.
        var modified: Int64
        var inode: UInt64
    }

    /// Why a file could not be read.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func status(_ status: stat) -> Status {
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        return Status(
            size: UInt64(max(0, status.st_size)), modified: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec),
            inode: UInt64(status.st_ino))
    }

    /// The status of the file at `path`, or `nil` when it cannot be stat'ed.
    static func status(_ path: String) -> Status? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return status(info)
    }

    /// Opens `path` and returns its status; the caller reads and closes the descriptor.
    static func open(_ path: String) throws(Failure) -> (descriptor: Int32, status: Status) {
        let descriptor = systemOpen(path)
        guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let message = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: message)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Failure(description: "not a regular file")
        }
        return (descriptor, status(info))
    }

    /// Reads `count` bytes from the start of an open file and closes it.
    static func read(descriptor: Int32, count: Int) throws(Failure) -> OwnedBytes {
        defer { close(descriptor) }
        let bytes = OwnedBytes(count: count)
        let base = UnsafeMutableRawPointer(mutating: bytes.buffer.baseAddress!)
        var done = 0
        while done < count {
            let result = systemRead(descriptor, base + done, count - done)
            if result < 0, errno == EINTR { continue }
            if result < 0 { throw Failure(description: String(cString: strerror(errno))) }
            if result == 0 { throw Failure(description: "the file shrank while it was read") }
            done += result
        }
        return bytes
    }

    /// Reads the whole file at `path`.
    static func read(_ path: String) throws(Failure) -> (bytes: OwnedBytes, status: Status) {
        let opened = try open(path)
        guard opened.status.size <= UInt64(Int.max / 2) else {
            close(opened.descriptor)
            throw Failure(description: "the file is too large")
        }
        return (try read(descriptor: opened.descriptor, count: Int(opened.status.size)), opened.status)
    }
}

/// Bytes in memory this process allocated itself, so pointers to them stay valid for the object's life
/// (unlike pointers escaping an array's `withUnsafeBytes`). Immutable once filled.
final class OwnedBytes: @unchecked Sendable {
    /// The bytes.
    let buffer: UnsafeRawBufferPointer

    /// Uninitialised room for `count` bytes, to be filled before anyone reads it.
    init(count: Int) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        buffer = UnsafeRawBufferPointer(start: memory, count: count)
    }

    /// A copy of `array`.
    convenience init(_ array: [UInt8]) {
        self.init(count: array.count)
        array.withUnsafeBytes { source in
            if let from = source.baseAddress {
                UnsafeMutableRawPointer(mutating: buffer.baseAddress!).copyMemory(from: from, byteCount: source.count)
            }
        }
    }

    /// `count` zero bytes.
    static func zeros(_ count: Int) -> OwnedBytes {
        let bytes = OwnedBytes(count: count)
        UnsafeMutableRawPointer(mutating: bytes.buffer.baseAddress!).initializeMemory(
            as: UInt8.self, repeating: 0, count: count)
        return bytes
    }

    deinit { UnsafeMutableRawPointer(mutating: buffer.baseAddress!).deallocate() }

    var count: Int { buffer.count }

    /// A copy as an array.
    var array: [UInt8] { Array(buffer) }

    func contentEquals(_ other: OwnedBytes) -> Bool { Self.equal(buffer, other.buffer) }

    static func equal(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard lhs.count > 0 else { return true }
        return memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0
    }
}

@inline(__always)
private func systemOpen(_ path: String) -> Int32 {
    #if canImport(Darwin)
        return Darwin.open(path, O_RDONLY | O_CLOEXEC)
    #elseif canImport(Musl)
        return Musl.open(path, O_RDONLY | O_CLOEXEC)
    #else
        return Glibc.open(path, O_RDONLY | O_CLOEXEC)
    #endif
}
