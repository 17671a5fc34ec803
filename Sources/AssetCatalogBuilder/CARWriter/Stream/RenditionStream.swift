import AssetCatalog

/// One rendition to be written, as planned before any file is read: its key, whether it wins a shared key,
/// and either its value already made (layered image stacks, multisize sets), the job that makes it, or, after the
/// pack stage, a packed atlas or an internal reference into one (``CompilePlan/atlases``).
struct StreamItem: Sendable {
    enum Work: Sendable {
        case ready([UInt8])
        case job(Int)
        /// The atlas of this number, drawn from its members' files.
        case atlas(Int)
        /// The image of member `member` of atlas `atlas`, stored as a reference to its frame there.
        case reference(atlas: Int, member: Int)
    }

    var key: RenditionKey
    var preferred: Bool
    var work: Work
}

/// A rendition value and its digest, taken on the thread that made it while the bytes are still in its
/// cache (``CARCompiler/contentUUID(_:_:)`` combines the digests instead of reading the car again).
struct BuiltValue: Sendable {
    var bytes: [UInt8]
    var digest: UInt64
    /// A value not made but to be copied from the previous car (``PreviousCompile``), from there.
    var reused: StoredRendition?
    /// The value's fingerprint, for the next compile (only with a ``CompileRecord`` being kept).
    var fingerprint: RenditionFingerprint?
    /// What is known of the files the value was made from, by path (with a record being kept).
    var files: [(path: String, file: KnownFile)] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        digest = bytes.withUnsafeBytes { ContentHash.hash($0) }
    }

    /// A value copied from the previous car.
    init(reused place: StoredRendition, fingerprint: RenditionFingerprint, files: [(path: String, file: KnownFile)]) {
        bytes = []
        digest = place.digest
        reused = place
        self.fingerprint = fingerprint
        self.files = files
    }

    /// The value's length in bytes.
    var length: Int { reused.map { Int($0.length) } ?? bytes.count }
}

/// The renditions of a compile on their way into the car: each value is appended to the sink right after
/// the header area, on 16-byte boundaries, in the order the compile hands them over; the stream remembers
/// where each went so the rendition tree can point at it.
///
/// Used from one thread at a time (``parallelForEachInOrder(count:width:produce:consume:)`` hands its
/// consumer to one thread at a time), so it needs no lock; the first write failure stops further writes and
/// is thrown by ``finish()``.
final class RenditionStream: @unchecked Sendable {
    /// Where a rendition's value went.
    struct Entry {
        var key: [UInt8]
        var address: Int
        var length: Int
        var digest: UInt64
    }

    private let sink: CARSink
    /// The most bytes the file may hold (what 32-bit offsets address).
    private let limit: Int
    /// Where the next value goes: the end of what was appended.
    private(set) var end = 0
    /// The renditions written, in the order they were written.
    private(set) var written: [Entry] = []
    /// Which value won each key so far.
    private var claims = KeyClaims()
    private var failure: CARCompileError?
    /// Entries that could not be compiled: the job's number (to list them in asset order) and why.
    var failures: [(job: Int, message: String)] = []
    /// Notices for entries left out because an earlier one had the same key.
    var duplicates: [String] = []
    /// Errors in files inspected while compiling, which fail the compile.
    var inputErrors: [Diagnostic] = []

    /// The previous car that reused values are copied from.
    private let previousCar: Int32?
    /// What the previous compile knew of the files unchanged since (``PreviousCompile/files``).
    private let knownFiles: [String: KnownFile]
    /// What the next compile may reuse of this one (filled when values carry fingerprints).
    var record = CompileRecord()

    init(sink: CARSink, limit: Int = BOMWriter.maximumFileSize, previous: PreviousCompile? = nil) {
        self.sink = sink
        self.limit = limit
        previousCar = previous?.car
        knownFiles = previous?.files ?? [:]
    }

    /// Appends the header area as zeros (``CARSink/writeHeaderArea(_:)`` fills it in at the end).
    func reserveHeaderArea() throws(CARCompileError) {
        try sink.append([UInt8](repeating: 0, count: BOMWriter.headerSize))
        end = BOMWriter.headerSize
    }

    /// Writes `value` under `key`; `false`, and nothing written, when a rendition with that key was written already.
    ///
    /// Values must come as the compile orders them: the `preferred` ones first, in key order, then the others in
    /// key order.
    func write(_ value: BuiltValue, key: [UInt8], preferred: Bool = false) -> Bool {
        guard claims.claim(key, preferred: preferred) else { return false }
        let address = end
        let length = value.length
        end = (address + length + 15) & ~15
        written.append(Entry(key: key, address: address, length: length, digest: value.digest))
        if let fingerprint = value.fingerprint, let offset = UInt64(exactly: address), let count = UInt32(exactly: length) {
            record.renditions[fingerprint] = StoredRendition(offset: offset, length: count, digest: value.digest)
            if value.reused != nil {
                // The files as the previous record knew them, probes included.
                for (path, file) in value.files { record.files[path] = file }
                record.reusedCount += 1
            } else {
                // A value made again from unchanged files (an atlas one of whose members changed) keeps what the previous
                // record knew of them, probes included: a value made now lists only its files' digests, the pack stage
                // took the same answers from the previous record (``CARCompiler/packAtlases``), and returns only the
                // answers it found afresh, so that no lookup by path is made for every file.
                for (path, file) in value.files {
                    if let known = knownFiles[path], known.contentHash == file.contentHash {
                        record.files[path] = known
                    } else {
                        record.files[path] = file
                    }
                }
                record.builtCount += 1
            }
        }
        // Past 4 GiB nothing more is written, but the sizes are still added up, to say how large it would be.
        guard failure == nil, end <= limit else { return true }
        do {
            if let place = value.reused, let previousCar {
                try sink.appendCopy(from: previousCar, offset: Int(place.offset), count: end - address)
            } else {
                try sink.append(value.bytes)
                try sink.appendZeros(end - address - length)
            }
        } catch {
            failure = error
        }
        return true
    }

    /// Throws the first write failure, or ``CARCompileError/tooLarge(byteCount:)`` when the values alone pass
    /// the limit (then `byteCount` is what they alone would take: the file would be larger still).
    func finish() throws(CARCompileError) {
        if end > limit { throw .tooLarge(byteCount: end) }
        if let failure { throw failure }
    }
}
