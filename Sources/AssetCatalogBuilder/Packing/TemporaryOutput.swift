import CFileSystemCalls
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file an archive is written to before it is renamed over the output: `.<name>.tmp-XXXXXX` in the
/// output's folder, created by `mkstemp`. Until ``commit(synchronize:)`` succeeds the output path is not
/// touched; ``discard()`` (or deinit) removes the temporary file.
///
/// The writer holds an exclusive `flock` on its temporary file for as long as it is open. A process
/// killed with SIGKILL cannot remove its file, but the kernel drops its lock; so each new run on the
/// same output first sweeps leftovers (``sweepLeftovers(of:)``): files named exactly
/// `.<name>.tmp-XXXXXX`, regular, at least a minute old, whose lock it can take. Nothing else is touched.
final class TemporaryOutput {
    let finalPath: String
    let path: String
    private(set) var descriptor: Int32
    private var slot: Int?
    private var savedMask: sigset_t?
    private var finished = false

    init(finalPath: String, handleSignals: Bool) throws(PackError) {
        self.finalPath = finalPath
        let url = URL(fileURLWithPath: finalPath)
        let folder = url.deletingLastPathComponent().path
        Self.sweepLeftovers(of: finalPath)
        var template = Array((folder + "/.\(url.lastPathComponent).tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .cannotWrite(path: finalPath, reason: "cannot create a file in '\(folder)': \(String(cString: strerror(errno)))")
        }
        // The lock tells a later run that this file has a live owner (see the type's notes).
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        self.descriptor = descriptor
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if handleSignals {
            slot = InterruptCleanup.register(path)
            // A process may start with the signals blocked (inherited from a thread that blocked them,
            // as libdispatch's do); make sure this thread can take them while the temporary file exists.
            var unblock = sigset_t()
            var previous = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, SIGINT)
            sigaddset(&unblock, SIGTERM)
            if pthread_sigmask(SIG_UNBLOCK, &unblock, &previous) == 0 { savedMask = previous }
        }
    }

    deinit { discard() }

    /// How old a leftover must be before it is swept: covers the instant between `mkstemp` and `flock`
    /// of a concurrent writer.
    static let leftoverMinimumAge: TimeInterval = 60

    /// Removes the temporary files earlier runs writing `finalPath` left behind when they were killed:
    /// exactly `.<name>.tmp-` plus six letters or digits, regular files (not links), older than
    /// ``leftoverMinimumAge``, and not locked by a live writer. Returns the names removed.
    @discardableResult
    static func sweepLeftovers(of finalPath: String, now: Date = Date()) -> [String] {
        let url = URL(fileURLWithPath: finalPath)
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent).tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            let suffix = name.utf8.dropFirst(prefix.utf8.count)
            guard suffix.count == 6, suffix.allSatisfy({ isAlphanumeric($0) }) else { continue }
            let path = folder + "/" + name
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            #if canImport(Darwin)
                let modified = TimeInterval(status.st_mtimespec.tv_sec)
            #else
                let modified = TimeInterval(status.st_mtim.tv_sec)
            #endif
            guard now.timeIntervalSince1970 - modified >= leftoverMinimumAge else { continue }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }  // a live writer holds it
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Writes `buffers` at the current position, in order, retrying short writes.
    func write(_ buffers: [UnsafeRawBufferPointer]) throws(PackError) {
        var index = 0
        var skip = 0
        while index < buffers.count {
            var vectors: [iovec] = []
            var position = index
            var first = true
            while position < buffers.count, vectors.count < 512 {
                let buffer = buffers[position]
                let start = first ? skip : 0
                first = false
                if buffer.count > start {
                    vectors.append(
                        iovec(
                            iov_base: UnsafeMutableRawPointer(mutating: buffer.baseAddress! + start),
                            iov_len: buffer.count - start))
                }
                position += 1
            }
            if vectors.isEmpty { return }
            let written = vectors.withUnsafeBufferPointer { writev(descriptor, $0.baseAddress!, Int32($0.count)) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: finalPath, reason: String(cString: strerror(errno)))
            }
            // Advance over what was written.
            var left = written
            while left > 0, index < buffers.count {
                let available = buffers[index].count - skip
                if left >= available {
                    left -= available
                    index += 1
                    skip = 0
                } else {
                    skip += left
                    left = 0
                }
            }
            while index < buffers.count, buffers[index].count - skip == 0 {
                index += 1
                skip = 0
            }
        }
    }

    /// Appends `count` bytes of the open file `source` from `offset` at the current position: in the kernel where it
    /// can (`copy_file_range`), else read and written through a buffer. A source shorter than that is an error.
    func copy(from source: Int32, offset: Int, count: Int) throws(PackError) {
        var sourceOffset = Int64(offset)
        var left = count
        var kernelCopies = true
        while left > 0 {
            if kernelCopies {
                let copied = acat_copy_file_range(source, &sourceOffset, descriptor, UInt(left))
                if copied > 0 {
                    left -= copied
                    continue
                }
                if copied < 0 && errno == EINTR { continue }
                if copied < 0 && (errno == ENOSYS || errno == EXDEV || errno == EINVAL || errno == EOPNOTSUPP) {
                    kernelCopies = false
                    continue
                }
                if copied == 0 { throw .cannotWrite(path: finalPath, reason: "the previous car ended before the rendition to copy") }
                throw .cannotWrite(path: finalPath, reason: String(cString: strerror(errno)))
            }
            let chunk = try TemporaryOutput.readRange(source, offset: Int(sourceOffset), count: min(left, 1 << 20), path: finalPath)
            var failure: PackError?
            chunk.withUnsafeBytes { bytes in
                do throws(PackError) { try write([bytes]) } catch { failure = error }
            }
            if let failure { throw failure }
            sourceOffset += Int64(chunk.count)
            left -= chunk.count
        }
    }

    /// `count` bytes of the open file `source` from `offset`; an error when it has fewer.
    static func readRange(_ source: Int32, offset: Int, count: Int, path: String) throws(PackError) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let read = pread(source, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if read == 0 { break }
                done += read
            }
            initialized = done
        }
        if failure != 0 { throw .cannotWrite(path: path, reason: String(cString: strerror(failure))) }
        guard bytes.count == count else { throw .cannotWrite(path: path, reason: "the previous car ended before the rendition to copy") }
        return bytes
    }

    /// Writes `bytes` at `offset` without moving the position.
    func write(_ bytes: [UInt8], at offset: Int) throws(PackError) {
        var done = 0
        while done < bytes.count {
            let result = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: finalPath, reason: String(cString: strerror(errno)))
            }
            done += result
        }
    }

    /// Reads `count` bytes at `offset` (to compare a payload with one already written).
    func read(at offset: Int, count: Int) throws(PackError) -> [UInt8] {
        var failure: PackError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let result = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                if result < 0, errno == EINTR { continue }
                if result <= 0 {
                    failure = .cannotWrite(path: finalPath, reason: "cannot read back the temporary file")
                    break
                }
                done += result
            }
            initialized = done
        }
        if let failure { throw failure }
        return bytes
    }

    /// Makes the file readable like any new file, optionally syncs it, and renames it over the output.
    func commit(synchronize: Bool) throws(PackError) {
        var mode: mode_t = 0o644
        var existing = stat()
        if stat(finalPath, &existing) == 0 { mode = existing.st_mode & 0o7777 }
        fchmod(descriptor, mode)
        if synchronize, fsync(descriptor) != 0 {
            throw .cannotWrite(path: finalPath, reason: "fsync failed: \(String(cString: strerror(errno)))")
        }
        guard close(descriptor) == 0 else {
            descriptor = -1
            throw .cannotWrite(path: finalPath, reason: String(cString: strerror(errno)))
        }
        descriptor = -1
        // Exchanged with an existing output rather than renamed over it (ext4 would write the whole car out first).
        guard FileSystem.moveIntoPlace(path, over: finalPath) else {
            throw .cannotWrite(path: finalPath, reason: String(cString: strerror(errno)))
        }
        finished = true
        release()
    }

    /// Removes the temporary file (idempotent).
    func discard() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(path)
        release()
    }

    private func release() {
        if var mask = savedMask { pthread_sigmask(SIG_SETMASK, &mask, nil) }
        savedMask = nil
        if let slot { InterruptCleanup.unregister(slot) }
        slot = nil
    }
}

/// A signal-safe list of temporary files to delete when SIGINT or SIGTERM arrives during a pack.
///
/// Paths live in a fixed block of C memory allocated once; the handler only reads it, calls `unlink`
/// for each path in use and `_exit(130)`, all async-signal-safe. Handlers are installed while at least
/// one pack is registered and the previous ones restored afterwards.
enum InterruptCleanup {
    static let slotCount = 64
    static let slotSize = 4096
    /// Per slot: byte 0 is 1 when in use, then the NUL-terminated path.
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<CChar> = {
        let memory = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
        memory.initialize(repeating: 0, count: slotCount * slotSize)
        return memory
    }()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered = 0
    nonisolated(unsafe) private static var previousInterrupt = sigaction()
    nonisolated(unsafe) private static var previousTerminate = sigaction()

    /// Records `path`; returns its slot, or `nil` when it cannot be recorded (too long, no free slot).
    static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < slotSize - 2 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        let memory = slots
        guard let slot = (0..<slotCount).first(where: { memory[$0 * slotSize] == 0 }) else { return nil }
        let base = memory + slot * slotSize
        for (index, byte) in bytes.enumerated() { base[1 + index] = CChar(bitPattern: byte) }
        base[1 + bytes.count] = 0
        base[0] = 1
        if registered == 0 { install() }
        registered += 1
        return slot
    }

    /// Forgets a slot.
    static func unregister(_ slot: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[slot * slotSize] = 0
        registered -= 1
        if registered == 0 {
            sigaction(SIGINT, &previousInterrupt, nil)
            sigaction(SIGTERM, &previousTerminate, nil)
        }
    }

    private static func install() {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = interruptHandler
        #else
            action.__sigaction_handler.sa_handler = interruptHandler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, &previousInterrupt)
        sigaction(SIGTERM, &action, &previousTerminate)
    }
}

/// Deletes every registered temporary file and exits with status 130. Async-signal-safe.
private func interruptHandler(_: Int32) {
    let memory = InterruptCleanup.slots
    for slot in 0..<InterruptCleanup.slotCount {
        let base = memory + slot * InterruptCleanup.slotSize
        if base[0] == 1 { unlink(base + 1) }
    }
    _exit(130)
}
