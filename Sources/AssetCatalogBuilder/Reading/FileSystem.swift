#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CFileSystemCalls

/// Thin POSIX wrappers used by the reader: listing folders without following symbolic links,
/// resolving links, and reading files whole. No Foundation in the hot path.
package enum FileSystem {
    /// What a directory entry is, as the directory itself reports it (links are not followed).
    enum EntryKind: Sendable, Hashable {
        case file
        case directory
        case symbolicLink
        case other
    }

    /// One entry of a folder listing.
    struct Entry: Sendable, Hashable {
        /// The name as stored on disk.
        var name: String
        /// Its kind, without following links.
        var kind: EntryKind

        /// Whether the name starts with a dot (`.DS_Store`, `.git`).
        var isHidden: Bool { name.utf8.first == UInt8(ascii: ".") }
    }

    /// A failed system call, with the reason as `strerror` words it.
    struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        var code: Int32
        var description: String

        init(code: Int32) {
            self.code = code
            self.description = FileSystem.describe(code)
        }

        init(message: String) {
            self.code = 0
            self.description = message
        }
    }

    /// File identity, used to detect directory loops.
    struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// What `stat` says about a path.
    struct Status: Sendable {
        var kind: EntryKind
        var size: Int
        var identity: Identity
    }

    static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }

    /// Opens a folder for ``list(directory:)`` and ``read(_:in:limit:noFollow:)``; close it with ``close(_:)``.
    /// `noFollow` refuses a symbolic link as the last component.
    static func openDirectory(_ path: String, noFollow: Bool = false) -> Result<Int32, Failure> {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (noFollow ? O_NOFOLLOW : 0))
        guard descriptor >= 0 else { return .failure(Failure(code: errno)) }
        return .success(descriptor)
    }

    /// Closes a descriptor from ``openDirectory(_:)``.
    static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// Lists a folder, sorted by name, without `.` and `..`. Links are reported as links.
    static func list(_ path: String) -> Result<[Entry], Failure> {
        switch openDirectory(path) {
        case .failure(let failure): return .failure(failure)
        case .success(let descriptor):
            defer { close(descriptor) }
            return list(directory: descriptor)
        }
    }

    /// Lists an open folder (the descriptor stays open), sorted by name, without `.` and `..`.
    static func list(directory descriptor: Int32) -> Result<[Entry], Failure> {
        var entries: [Entry] = []
        switch readEntries(descriptor, into: &entries) {
        case .success:
            entries.sort { Bytewise.less($0.name, $1.name) }
            return .success(entries)
        case .failure(let failure) where failure.code == ENOSYS:
            return listThroughDirectoryStream(descriptor)
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// The entries of an open folder read with `getdents64` straight from `descriptor`: what `readdir` does,
    /// without the five calls `fdopendir` costs around it (a `dup` to keep the caller's descriptor, an `fstat`,
    /// two `fcntl` and a second `close`), which were a fifth of the calls made to read a set's folder.
    /// `ENOSYS` where the system has no such call.
    private static func readEntries(_ descriptor: Int32, into entries: inout [Entry]) -> Result<Void, Failure> {
        let size = 32 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        // A record: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), then the name and its NUL.
        let nameOffset = 19
        while true {
            let count = acat_read_directory_entries(descriptor, buffer.baseAddress, UInt(size))
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(code: errno))
            }
            if count == 0 { return .success(()) }
            var offset = 0
            while offset < count {
                // The kernel's records, checked all the same: a record inside what was read, a name inside it.
                guard offset + nameOffset < count else { return .failure(Failure(message: "a folder listing record is cut short")) }
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 16, as: UInt16.self))
                guard length > nameOffset, offset + length <= count else {
                    return .failure(Failure(message: "a folder listing record has a bad length"))
                }
                let name = UnsafeRawBufferPointer(rebasing: buffer[(offset + nameOffset)..<(offset + length)])
                guard let end = name.firstIndex(of: 0) else { return .failure(Failure(message: "a folder listing name is not ended")) }
                let nameBytes = UnsafeBufferPointer(rebasing: name.bindMemory(to: UInt8.self)[..<end])
                let type = buffer[offset + 18]
                offset += length
                if nameBytes.elementsEqual([0x2E]) || nameBytes.elementsEqual([0x2E, 0x2E]) { continue }
                guard let decoded = StrictUTF8.decode(nameBytes) else {
                    // Not valid UTF-8: report it under a repaired name so the user can find it.
                    entries.append(Entry(name: String(decoding: nameBytes, as: UTF8.self), kind: .other))
                    continue
                }
                entries.append(Entry(name: decoded, kind: kind(ofType: type, name: decoded, in: descriptor)))
            }
        }
    }

    /// What a listing's type byte says an entry is; for `DT_UNKNOWN`, what the file system says without
    /// following links.
    private static func kind(ofType type: UInt8, name: String, in descriptor: Int32) -> EntryKind {
        switch type {
        case 4: return .directory  // DT_DIR
        case 8: return .file  // DT_REG
        case 10: return .symbolicLink  // DT_LNK
        case 0:  // DT_UNKNOWN: ask the file system without following links.
            var info = stat()
            return fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? makeStatus(info).kind : .other
        default: return .other
        }
    }

    /// ``list(directory:)`` through `fdopendir` and `readdir`, where `getdents64` is not available.
    private static func listThroughDirectoryStream(_ descriptor: Int32) -> Result<[Entry], Failure> {
        let copy = dup(descriptor)
        guard copy >= 0 else { return .failure(Failure(code: errno)) }
        guard let directory = fdopendir(copy) else {
            let code = errno
            _ = systemClose(copy)
            return .failure(Failure(code: code))
        }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while true {
            errno = 0
            guard let pointer = readdir(directory) else {
                if errno != 0 { return .failure(Failure(code: errno)) }
                break
            }
            let type = pointer.pointee.d_type
            let name: String? = withUnsafePointer(to: &pointer.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    StrictUTF8.decode(cString: $0)
                }
            }
            guard let name else {
                // Not valid UTF-8: report it under a repaired name so the user can find it.
                let repaired = withUnsafePointer(to: &pointer.pointee.d_name) { tuple in
                    tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                        String(cString: $0)
                    }
                }
                entries.append(Entry(name: repaired, kind: .other))
                continue
            }
            if name == "." || name == ".." { continue }
            entries.append(Entry(name: name, kind: kind(ofType: type, name: name, in: descriptor)))
        }
        entries.sort { Bytewise.less($0.name, $1.name) }
        return .success(entries)
    }

    private static func makeStatus(_ info: stat) -> Status {
        let kind: EntryKind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        return Status(
            kind: kind, size: Int(info.st_size),
            identity: Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    /// `stat`: follows links.
    static func status(_ path: String) -> Status? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return makeStatus(info)
    }

    /// `lstat`: does not follow links.
    static func linkStatus(_ path: String) -> Status? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return makeStatus(info)
    }

    /// Puts the written and closed file `temporary` at `path` at once: the path names the old file or the new one,
    /// whole, at every moment. An existing regular file is exchanged with the new one (`renameat2` with
    /// `RENAME_EXCHANGE`) and then removed, rather than renamed over: on ext4 a rename over a file first writes the new
    /// file's pages to disk (its guard for programs that do not `fsync`), so it takes as long as writing the file out
    /// (0.15 s for a 334 MB car, 5–10 ms for the compile cache's 3.5 MB record), where the exchange leaves the writing
    /// to the kernel's own pace. Where the exchange is not available, or nothing is at `path` yet, the rename.
    /// `false` (`errno` set) when the rename failed. A large old file's blocks are freed on another thread
    /// (``ReplacedFiles``).
    package static func moveIntoPlace(_ temporary: String, over path: String) -> Bool {
        var existing = stat()
        if lstat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG, acat_exchange_files(temporary, path) == 0 {
            // The temporary name now holds the old file. Kept open past its removal when large, so that freeing its
            // blocks is the release's work, not the removal's.
            let old = existing.st_size >= ReplacedFiles.backgroundReleaseSize ? open(temporary, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) : -1
            unlink(temporary)
            if old >= 0 { ReplacedFiles.release(old) }
            return true
        }
        return rename(temporary, path) == 0
    }

    /// The canonical absolute path (links resolved), or `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `root` or inside it (both canonical).
    static func isInside(_ path: String, root: String) -> Bool {
        if path == root { return true }
        if root == "/" { return true }
        return path.utf8.starts(with: root.utf8) && path.utf8.dropFirst(root.utf8.count).first == UInt8(ascii: "/")
    }

    /// Reads a file whole, or at most `limit` bytes from its start. `noFollow` refuses a link in the last
    /// component. Returns the bytes read and the file's full size.
    /// With `directory`, `path` is relative to that open folder (`openat`), which spares the kernel
    /// walking the whole path again for every file of a set.
    static func read(
        _ path: String, in directory: Int32? = nil, limit: Int = Int.max, noFollow: Bool = false
    ) -> Result<(bytes: [UInt8], size: Int), Failure> {
        read(path, in: directory, noFollow: noFollow, wholeUpTo: limit, head: limit) { _, _ in false }
    }

    /// Reads a file for inspection with one `open`: whole when it is at most `wholeUpTo` bytes; otherwise
    /// its first `head` bytes, and then the rest only if `needsWhole(head, size)` says so. Returns what was read
    /// and the file's full size (more than the bytes when only the head was read).
    static func read(
        _ path: String, in directory: Int32?, noFollow: Bool, wholeUpTo: Int, head: Int,
        needsWhole: (_ head: [UInt8], _ size: Int) -> Bool
    ) -> Result<(bytes: [UInt8], size: Int), Failure> {
        // O_NONBLOCK: a FIFO swapped in after the listing must not hang the reader (no effect on files).
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        if noFollow { flags |= O_NOFOLLOW }
        let descriptor = openat(directory ?? AT_FDCWD, path, flags)
        guard descriptor >= 0 else { return .failure(Failure(code: errno)) }
        defer { _ = systemClose(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Failure(code: errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(Failure(message: (info.st_mode & S_IFMT == S_IFDIR) ? "is a folder" : "is not a regular file"))
        }
        let size = Int(info.st_size)
        if size <= wholeUpTo {
            return readFully(descriptor, count: size).map { ($0, size) }
        }
        switch readFully(descriptor, count: min(head, size)) {
        case .failure(let failure): return .failure(failure)
        case .success(var bytes):
            guard bytes.count < size, needsWhole(bytes, size) else { return .success((bytes, size)) }
            switch readFully(descriptor, count: size - bytes.count) {
            case .failure(let failure): return .failure(failure)
            case .success(let rest):
                bytes.append(contentsOf: rest)
                return .success((bytes, size))
            }
        }
    }

    /// Reads up to `count` bytes from the current position (fewer if the file shrank).
    private static func readFully(_ descriptor: Int32, count wanted: Int) -> Result<[UInt8], Failure> {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            var offset = 0
            while offset < wanted {
                let count = systemRead(descriptor, buffer.baseAddress! + offset, wanted - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }  // Shrunk while reading.
                offset += count
            }
            initialized = offset
        }
        if failure != 0 { return .failure(Failure(code: failure)) }
        return .success(bytes)
    }
}

/// `close(2)` under a name that does not clash with ``FileSystem/close(_:)``.
@inline(__always)
private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    return Glibc.close(descriptor)
    #elseif canImport(Musl)
    return Musl.close(descriptor)
    #else
    return Darwin.close(descriptor)
    #endif
}

/// `read(2)` under a name that does not clash with ``FileSystem/read(_:in:limit:noFollow:)``; also used
/// by the packer's file reader.
@inline(__always)
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    return Musl.read(descriptor, buffer, count)
    #else
    return Darwin.read(descriptor, buffer, count)
    #endif
}
