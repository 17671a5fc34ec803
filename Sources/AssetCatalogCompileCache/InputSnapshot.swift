import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The status of every entry below a compile's inputs, taken with `lstat` alone before the compile reads anything:
/// a digest of all of it (names, types, sizes, times), which tells a rebuild with nothing changed, and each regular
/// file's ``FileIdentity`` by path (the input's path as given, `/`, the path below it: the path the compile opens).
///
/// Links are listed, never followed: a file reached through a link has no identity here, so the compile cache never
/// trusts it unchanged and hashes it again each time.
public struct InputSnapshot: Sendable {
    /// The digest of every entry's name, type and status, in sorted order (the same for any listing order).
    public let digest: UInt64
    /// Each regular file's identity, by path.
    public let files: [String: FileIdentity]

    /// Takes the snapshot of `roots` (folders or files); `nil` when a root cannot be examined.
    public init?(roots: [String]) {
        var hasher = SnapshotHasher()
        var files: [String: FileIdentity] = [:]
        for root in roots {
            hasher.add("root:" + root)
            var status = stat()
            guard lstat(root, &status) == 0 else { return nil }
            hasher.add(FileIdentity(status))
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                guard let found = Self.walk(root) else { return nil }
                for entry in found {
                    hasher.add(entry.path)
                    hasher.add(entry.identity)
                    if entry.identity.fields[2] & UInt64(S_IFMT) == UInt64(S_IFREG) { files[entry.path] = entry.identity }
                }
            case S_IFREG:
                files[root] = FileIdentity(status)
            default:
                break
            }
        }
        digest = hasher.value
        self.files = files
    }

    /// Every entry below the folder `root`, each with its path and `lstat`, folders before what they hold, names in
    /// byte order; the root's subfolders on every core, joined in order.
    private static func walk(_ root: String) -> [(path: String, identity: FileIdentity)]? {
        guard let top = list(root) else { return nil }
        let results = UnsafeSendableBox(Array(repeating: [(path: String, identity: FileIdentity)]?.none, count: top.count))
        DispatchQueue.concurrentPerform(iterations: top.count) { position in
            let (path, identity) = top[position]
            var found: [(path: String, identity: FileIdentity)] = [(path, identity)]
            if identity.fields[2] & UInt64(S_IFMT) == UInt64(S_IFDIR) {
                guard walkFolder(path, into: &found) else { return }
            }
            results.set(position, found)
        }
        var all: [(path: String, identity: FileIdentity)] = []
        for result in results.values {
            guard let result else { return nil }
            all += result
        }
        return all
    }

    private static func walkFolder(_ folder: String, into found: inout [(path: String, identity: FileIdentity)]) -> Bool {
        guard let entries = list(folder) else { return false }
        for (path, identity) in entries {
            found.append((path, identity))
            if identity.fields[2] & UInt64(S_IFMT) == UInt64(S_IFDIR) {
                guard walkFolder(path, into: &found) else { return false }
            }
        }
        return true
    }

    /// The entries of `folder` (`.` and `..` aside), sorted by name bytes, each with its `lstat`.
    private static func list(_ folder: String) -> [(path: String, identity: FileIdentity)]? {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0, let stream = fdopendir(descriptor) else {
            if descriptor >= 0 { close(descriptor) }
            return nil
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
                let bytes = raw.bindMemory(to: UInt8.self)
                return Array(bytes[0..<(bytes.firstIndex(of: 0) ?? bytes.count)])
            }
            if name == [46] || name == [46, 46] { continue }
            names.append(name)
        }
        names.sort { $0.lexicographicallyPrecedes($1) }
        var entries: [(path: String, identity: FileIdentity)] = []
        entries.reserveCapacity(names.count)
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        for name in names {
            var status = stat()
            let result = name.withUnsafeBufferPointer { buffer -> Int32 in
                var terminated = Array(buffer)
                terminated.append(0)
                return terminated.withUnsafeBufferPointer { fstatat(dirfd(stream), UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), &status, AT_SYMLINK_NOFOLLOW) }
            }
            guard result == 0 else { return nil }
            entries.append((base + String(decoding: name, as: UTF8.self), FileIdentity(status)))
        }
        return entries
    }
}

/// One slot per task, each written once by the task that owns it (`concurrentPerform`), read after all are done.
final class UnsafeSendableBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Value]
    init(_ values: [Value]) { self.values = values }
    func set(_ index: Int, _ value: Value) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
}

/// FNV-1a over the snapshot's fields.
struct SnapshotHasher {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
        value ^= 0xFF
        value &*= 0x0000_0100_0000_01B3
    }

    mutating func add(_ string: String) { add(string.utf8) }

    mutating func add(_ identity: FileIdentity) {
        for field in identity.fields { withUnsafeBytes(of: field.littleEndian) { add($0) } }
    }
}
