import AssetCatalogBuilder

/// The cache's own binary files, written and read back: little-endian numbers, strings as a 32-bit length and
/// UTF-8 bytes, and a digest of everything before it at the end. Every length and count read is checked against
/// the bytes left before it is used, so a damaged or truncated file is an error, never a crash.
struct CacheWriter {
    private(set) var bytes: [UInt8]

    init(magic: String) { bytes = Array(magic.utf8) }

    mutating func add(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func add(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func add(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func add(_ value: UInt8) { bytes.append(value) }
    mutating func add(_ string: String) {
        add(UInt32(string.utf8.count))
        bytes.append(contentsOf: string.utf8)
    }
    mutating func add(_ raw: [UInt8]) {
        add(UInt32(raw.count))
        bytes.append(contentsOf: raw)
    }
    /// Appends `raw` as it is (no length before it).
    mutating func append(_ raw: [UInt8]) { bytes += raw }
    mutating func add(_ identity: FileIdentity) { for field in identity.fields { add(field) } }
    mutating func add(_ fingerprint: RenditionFingerprint) {
        add(fingerprint.high)
        add(fingerprint.low)
    }
    /// The pack stage's answer: packable, width, height, grey, decoded (7 bytes).
    mutating func add(_ probe: AtlasProbe) {
        add(UInt8(probe.packable ? 1 : 0))
        add(probe.width)
        add(probe.height)
        add(UInt8(probe.grey ? 1 : 0))
        add(UInt8(probe.decoded ? 1 : 0))
    }

    /// Appends the digest of the bytes so far (the last field of every cache file).
    mutating func seal() {
        add(CacheDigest.of(bytes))
    }
}

/// Why a cache file was not used.
struct CacheDamage: Error, Sendable {
    let what: String
    let offset: Int
}

struct CacheReader {
    /// The whole file (for a reader that checks a field in place).
    let bytes: [UInt8]
    private(set) var position: Int
    private let end: Int

    /// A reader of `bytes`, which must start with `magic` and end with the digest of what comes before.
    init(_ bytes: [UInt8], magic: String) throws(CacheDamage) {
        let magicBytes = Array(magic.utf8)
        guard bytes.count >= magicBytes.count + 8 else { throw CacheDamage(what: "the file is too short", offset: 0) }
        guard Array(bytes[0..<magicBytes.count]) == magicBytes else {
            throw CacheDamage(what: "not a cache file of this version", offset: 0)
        }
        let end = bytes.count - 8
        var stored: UInt64 = 0
        for index in 0..<8 { stored |= UInt64(bytes[end + index]) << (8 * index) }
        guard bytes.withUnsafeBytes({ CacheDigest.of(UnsafeRawBufferPointer(rebasing: $0[0..<end])) }) == stored else {
            throw CacheDamage(what: "its digest does not match its bytes", offset: end)
        }
        self.bytes = bytes
        self.end = end
        position = magicBytes.count
    }

    var remaining: Int { end - position }
    var isAtEnd: Bool { position == end }

    private mutating func integer<Value: FixedWidthInteger>(_: Value.Type, _ what: String) throws(CacheDamage) -> Value {
        let size = MemoryLayout<Value>.size
        guard remaining >= size else { throw CacheDamage(what: "\(what) is cut off", offset: position) }
        var value: Value = 0
        for index in 0..<size { value |= Value(bytes[position + index]) << (8 * index) }
        position += size
        return value
    }

    mutating func u64(_ what: String) throws(CacheDamage) -> UInt64 { try integer(UInt64.self, what) }
    mutating func u32(_ what: String) throws(CacheDamage) -> UInt32 { try integer(UInt32.self, what) }
    mutating func u16(_ what: String) throws(CacheDamage) -> UInt16 { try integer(UInt16.self, what) }
    mutating func u8(_ what: String) throws(CacheDamage) -> UInt8 { try integer(UInt8.self, what) }
    mutating func fingerprint(_ what: String) throws(CacheDamage) -> RenditionFingerprint {
        RenditionFingerprint(high: try u64(what), low: try u64(what))
    }
    /// A pack stage's answer, as the writer's `add(_:)` of an `AtlasProbe` writes it.
    mutating func probe(_ what: String) throws(CacheDamage) -> AtlasProbe {
        AtlasProbe(
            packable: try u8(what) == 1, width: try u16(what), height: try u16(what), grey: try u8(what) == 1,
            decoded: try u8(what) == 1)
    }

    /// A count of records of at least `minimumSize` bytes each, checked against the bytes left.
    mutating func count(_ what: String, minimumSize: Int) throws(CacheDamage) -> Int {
        let start = position
        let count = Int(try u32(what))
        guard count <= remaining / max(minimumSize, 1) else {
            throw CacheDamage(what: "\(what) (\(count)) is more than the file holds", offset: start)
        }
        return count
    }

    /// The range of a field written as a 32-bit length and its bytes, checked against the bytes left; the reader moves
    /// past it.
    mutating func field(_ what: String) throws(CacheDamage) -> Range<Int> {
        let start = position
        let length = Int(try u32(what))
        guard length <= remaining else { throw CacheDamage(what: "\(what) is longer than the file", offset: start) }
        defer { position += length }
        return position..<(position + length)
    }

    mutating func raw(_ what: String) throws(CacheDamage) -> [UInt8] {
        Array(bytes[try field(what)])
    }

    mutating func string(_ what: String) throws(CacheDamage) -> String {
        // Decoded in place (no array between): an index holds tens of thousands of names and paths.
        let range = try field(what)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    mutating func identity(_ what: String) throws(CacheDamage) -> FileIdentity {
        var fields: [UInt64] = []
        for _ in 0..<FileIdentity.fieldCount { fields.append(try u64(what)) }
        return FileIdentity(fields: fields)
    }
}

/// The digest that tells a damaged cache file from a whole one (not a defence against an adversary: whoever can write
/// the cache folder can write the car), and the cache's keys: the first lane of ``PathKey``'s mix (multiply–xorshift
/// over 8-byte words, then the length, finished with splitmix64's finaliser). A rebuild digests megabytes of cache
/// files (the benchmark's index and record are 3 MB each): FNV-1a, a multiply per byte, took 4.2 ms per 3.2 MB, the
/// mix 0.75 ms, its second lane costing nothing more beside the first (docs/PERFORMANCE.md).
enum CacheDigest {
    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        PathKey(bytes: bytes).high
    }

    static func of(_ string: String) -> UInt64 { of(Array(string.utf8)) }
}
