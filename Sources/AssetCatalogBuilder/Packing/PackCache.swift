import AssetCatalog
import Foundation

/// What the packer remembers between packs, in a folder (by default `.<output>.assetc-cache` beside the
/// archive): per input file its path, size, modification time, content hash and the results of checking
/// and optimising it, the optimised bytes themselves, and a fingerprint of the last archive written.
///
/// A file whose path, size and modification time are unchanged is trusted not to have changed: its
/// results are reused without reading it for checking. A file that changed only its time is read and
/// hashed; if its content hash is known, its optimisation is reused. The cache never changes what is
/// written: an archive packed with a cache is byte-identical to one packed without.
///
/// The cache is two private binary files: `index` (the entries) and `output` (the last archive's
/// record, read alone by the up-to-date check so a no-change repack does not parse the entries). Any
/// damage or version change just makes the cache empty. Both are replaced atomically after each
/// successful pack.
final class PackCache: @unchecked Sendable {
    /// Results for one input file.
    struct Entry: Sendable, Hashable {
        var path: String
        var size: UInt64
        var modified: Int64
        var contentHash: UInt64
        var crc: UInt32
        var contentType: ContentType
        var width: UInt32
        var height: UInt32
        /// Why the file cannot be packed (structure), or `nil`.
        var problem: String?
        /// The full decode (`verifyPixels`) was done and passed or failed (`pixelProblem`).
        var pixelsChecked: Bool
        var pixelProblem: String?
        /// The optimiser ran; `optimized` holds its result when it was kept.
        var optimizationChecked: Bool
        var optimized: Optimized?
    }

    /// A kept lossless re-encoding, stored in the cache folder as `o-<hash>-<length>.png`.
    struct Optimized: Sendable, Hashable {
        var length: UInt64
        var crc: UInt32
        var contentHash: UInt64

        var fileName: String { "o-" + String(contentHash, radix: 16) + "-" + String(length) + ".png" }
    }

    /// The last archive written, to recognise a repack with nothing to do.
    struct OutputRecord: Sendable, Hashable {
        var path: String
        var size: UInt64
        var modified: Int64
        var inode: UInt64
        var fingerprint: UInt64
        var summary: PackSummary
    }

    let directory: String
    private(set) var entries: [String: Entry] = [:]
    private(set) var byContent: [UInt64: Entry] = [:]
    var output: OutputRecord?

    private static let magic = Array("ACCACHE3".utf8)

    init(directory: String) {
        self.directory = directory
    }

    /// Loads the cache in `directory`; an absent or unreadable cache is empty.
    static func load(directory: String) -> PackCache {
        let cache = PackCache(directory: directory)
        cache.output = loadOutputRecord(directory: directory)
        guard let data = try? FileBytes.read(directory + "/index").bytes.array else { return cache }
        var reader = ByteReader(data)
        guard reader.bytes(magic.count) == magic, let entries = try? decodeEntries(&reader) else { return cache }
        for entry in entries {
            cache.entries[entry.path] = entry
            cache.byContent[entry.contentHash] = entry
        }
        return cache
    }

    /// Reads only the record of the last archive written (a few hundred bytes).
    static func loadOutputRecord(directory: String) -> OutputRecord? {
        guard let data = try? FileBytes.read(directory + "/output").bytes.array else { return nil }
        var reader = ByteReader(data)
        guard reader.bytes(magic.count) == magic else { return nil }
        return try? decodeOutput(&reader)
    }

    func entry(path: String) -> Entry? { entries[path] }
    func entry(contentHash: UInt64) -> Entry? { byContent[contentHash] }

    /// The optimised bytes of an entry, when its file is still in the cache folder and has the right size.
    func optimizedBytes(_ optimized: Optimized) -> OwnedBytes? {
        guard let bytes = try? FileBytes.read(directory + "/" + optimized.fileName).bytes,
            bytes.count == optimized.length
        else { return nil }
        return bytes
    }

    /// Stores optimised bytes in the cache folder (best effort).
    func storeOptimized(_ bytes: OwnedBytes, as optimized: Optimized) {
        let path = directory + "/" + optimized.fileName
        if FileManager.default.fileExists(atPath: path) { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = path + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes.buffer)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Replaces the cache with `entries` and `output`, and deletes optimised files no entry uses.
    func save(entries newEntries: [Entry], output: OutputRecord?) {
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil
        else { return }
        var index: [UInt8] = Self.magic
        index.store(UInt32(newEntries.count))
        for entry in newEntries { Self.encode(entry, into: &index) }
        var record: [UInt8] = Self.magic
        if let output {
            record.putString(output.path)
            record.store(output.size)
            record.store(UInt64(bitPattern: output.modified))
            record.store(output.inode)
            record.store(output.fingerprint)
            let summary = (try? JSONEncoder().encode(output.summary)).map { Array($0) } ?? []
            record.store(UInt32(summary.count))
            record.append(contentsOf: summary)
        }
        // The record goes last: until then a stale record cannot pair with new entries and vice versa
        // (a record only ever says "nothing to do" when the archive and every input are unchanged).
        unlink(directory + "/output")
        replace("index", with: index)
        if output != nil { replace("output", with: record) }
        let used = Set(newEntries.compactMap { $0.optimized?.fileName })
        if let files = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for file in files where file.hasPrefix("o-") && !used.contains(file) {
                unlink(directory + "/" + file)
            }
        }
    }

    private func replace(_ name: String, with bytes: [UInt8]) {
        let temporary = directory + "/\(name).tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { return }
        if rename(temporary, directory + "/" + name) != 0 { unlink(temporary) }
    }

    // MARK: Encoding

    private static func encode(_ entry: Entry, into writer: inout [UInt8]) {
        writer.putString(entry.path)
        writer.store(entry.size)
        writer.store(UInt64(bitPattern: entry.modified))
        writer.store(entry.contentHash)
        writer.store(entry.crc)
        writer.append(entry.contentType.archiveCode)
        writer.store(entry.width)
        writer.store(entry.height)
        writer.putOptionalString(entry.problem)
        writer.append(entry.pixelsChecked ? 1 : 0)
        writer.putOptionalString(entry.pixelProblem)
        writer.append(entry.optimizationChecked ? 1 : 0)
        if let optimized = entry.optimized {
            writer.append(1)
            writer.store(optimized.length)
            writer.store(optimized.crc)
            writer.store(optimized.contentHash)
        } else {
            writer.append(0)
        }
    }

    private struct Malformed: Error {}

    private static func decodeEntries(_ reader: inout ByteReader) throws -> [Entry] {
        let count = Int(try reader.u32())
        guard count <= reader.remaining / 16 else { throw Malformed() }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let path = try reader.string()
            let size = try reader.u64()
            let modified = Int64(bitPattern: try reader.u64())
            let contentHash = try reader.u64()
            let crc = try reader.u32()
            let type = ContentType(archiveCode: try reader.u8())
            let width = try reader.u32()
            let height = try reader.u32()
            let problem = try reader.optionalString()
            let pixelsChecked = try reader.u8() == 1
            let pixelProblem = try reader.optionalString()
            let optimizationChecked = try reader.u8() == 1
            var optimized: Optimized?
            if try reader.u8() == 1 {
                optimized = Optimized(length: try reader.u64(), crc: try reader.u32(), contentHash: try reader.u64())
            }
            entries.append(
                Entry(
                    path: path, size: size, modified: modified, contentHash: contentHash, crc: crc, contentType: type,
                    width: width, height: height, problem: problem, pixelsChecked: pixelsChecked,
                    pixelProblem: pixelProblem, optimizationChecked: optimizationChecked, optimized: optimized))
        }
        return entries
    }

    private static func decodeOutput(_ reader: inout ByteReader) throws -> OutputRecord? {
        let path = try reader.string()
        let size = try reader.u64()
        let modified = Int64(bitPattern: try reader.u64())
        let inode = try reader.u64()
        let fingerprint = try reader.u64()
        let summaryLength = Int(try reader.u32())
        let summaryBytes = try reader.bytesOrThrow(summaryLength)
        guard let summary = try? JSONDecoder().decode(PackSummary.self, from: Data(summaryBytes)) else { return nil }
        return OutputRecord(
            path: path, size: size, modified: modified, inode: inode, fingerprint: fingerprint, summary: summary)
    }

    fileprivate struct ByteReader {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var remaining: Int { bytes.count - position }

        mutating func bytes(_ count: Int) -> [UInt8]? {
            guard count >= 0, remaining >= count else { return nil }
            defer { position += count }
            return Array(bytes[position..<(position + count)])
        }
        mutating func bytesOrThrow(_ count: Int) throws -> [UInt8] {
            guard let result = bytes(count) else { throw Malformed() }
            return result
        }
        mutating func integer<Value: FixedWidthInteger>(_: Value.Type) throws -> Value {
            let size = MemoryLayout<Value>.size
            guard remaining >= size else { throw Malformed() }
            var value: Value = 0
            for index in 0..<size { value |= Value(bytes[position + index]) << (index * 8) }
            position += size
            return value
        }
        mutating func u8() throws -> UInt8 { try integer(UInt8.self) }
        mutating func u32() throws -> UInt32 { try integer(UInt32.self) }
        mutating func u64() throws -> UInt64 { try integer(UInt64.self) }
        mutating func string() throws -> String {
            String(decoding: try bytesOrThrow(Int(try u32())), as: UTF8.self)
        }
        mutating func optionalString() throws -> String? {
            try u8() == 1 ? try string() : nil
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate mutating func putString(_ string: String) {
        store(UInt32(string.utf8.count))
        append(contentsOf: string.utf8)
    }

    fileprivate mutating func putOptionalString(_ string: String?) {
        if let string {
            append(1)
            putString(string)
        } else {
            append(0)
        }
    }
}
