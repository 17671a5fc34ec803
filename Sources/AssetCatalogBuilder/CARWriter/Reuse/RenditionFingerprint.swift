import AssetCatalog

/// What a rendition value is a function of, in 128 bits: the job that makes it (every field the encoder reads), its
/// key, and the content hash of every file it reads. Two renditions with one fingerprint have the same bytes, so a
/// compile may copy a value from the car it wrote last time instead of making it again (``PreviousCompile``).
///
/// The compile's own settings (platform, deployment target, tool version, …) are not in it: a cache keeps the
/// renditions of one set of settings together and drops them all when any setting changes.
public struct RenditionFingerprint: Hashable, Sendable {
    /// The first 64 bits.
    public var high: UInt64
    /// The last 64 bits.
    public var low: UInt64

    /// Creates a fingerprint from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}

/// Serializes the fields of a fingerprint into bytes, each length-prefixed, then hashes them twice (two 64-bit
/// digests of the bytes with different first bytes): collisions would need about 2^64 tries.
///
/// The bytes are in a buffer of its own, grown by doubling, not an array: a rebuild writes 30,000 fingerprints of
/// about a dozen fields each, and an array's append (its capacity and uniqueness checked each time) cost more than the
/// bytes appended (issue 43).
struct FingerprintWriter: ~Copyable {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 1

    init(_ domain: String) {
        // A job's fields take 200–400 bytes: room for them once, not growth by doubling.
        capacity = 512
        storage = .allocate(byteCount: capacity, alignment: 8)
        storage.storeBytes(of: 0, as: UInt8.self)
        add(domain)
    }

    deinit { storage.deallocate() }

    /// Room for `extra` more bytes.
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(2 * capacity, count + extra)
        let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
        larger.copyMemory(from: storage, byteCount: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let base = bytes.baseAddress { (storage + count).copyMemory(from: base, byteCount: bytes.count) }
        count += bytes.count
    }

    private mutating func append(_ byte: UInt8) {
        reserve(1)
        storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    mutating func add(_ string: String) {
        // Through the string's contiguous bytes, lent without a copy (a native string's always are).
        let lent: Void? = string.utf8.withContiguousStorageIfAvailable { add(bytes: UnsafeRawBufferPointer($0)) }
        guard lent == nil else { return }
        var string = string
        string.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// A length, then the bytes.
    private mutating func add(bytes: UnsafeRawBufferPointer) {
        add(UInt64(bytes.count))
        append(bytes)
    }

    mutating func add(_ number: UInt64) {
        reserve(8)
        storage.storeBytes(of: number.littleEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }

    mutating func add(_ flag: Bool) { append(flag ? 1 : 0) }

    mutating func add(_ value: String?) {
        guard let value else { return append(0) }
        append(1)
        add(value)
    }

    mutating func add(_ value: Int?) {
        guard let value else { return append(0) }
        append(1)
        add(value)
    }

    mutating func add(_ raw: [UInt8]) {
        raw.withUnsafeBytes { add(bytes: $0) }
    }

    /// A trait's place among its values (one byte), 0 for "any": the writer's own spelling of a variant's traits, where
    /// their description (`phone 2x dark`) was a string made for each rendition, 7% of a one-image rebuild's fingerprints.
    private mutating func add(trait value: (some TraitValue)?) {
        append(value.map { UInt8(truncatingIfNeeded: $0.ordinal + 1) } ?? 0)
    }

    mutating func add(_ traits: VariantTraits) {
        add(traits.displayScale?.value)
        add(trait: traits.idiom)
        add(trait: traits.displayGamut)
        add(trait: traits.horizontalSizeClass)
        add(trait: traits.verticalSizeClass)
        add(trait: traits.appearance)
        add(trait: traits.contrast)
        add(trait: traits.layoutDirection)
        add(traits.locale?.identifier)
    }

    /// The fingerprint of the bytes written: hashed once as written, once with the first byte changed (the hashes
    /// made in place, where a copy for the second cost an allocation each).
    mutating func finish() -> RenditionFingerprint {
        let written = UnsafeRawBufferPointer(start: storage, count: count)
        let high = ContentHash.hash(written)
        storage.storeBytes(of: 0xA5, as: UInt8.self)
        defer { storage.storeBytes(of: 0, as: UInt8.self) }
        return RenditionFingerprint(high: high, low: ContentHash.hash(written))
    }
}

extension CARCompiler {
    /// The job's fingerprint under `key` (the key's bytes as written), given the content hash of each file it reads
    /// (`RenditionReuse.paths(of:)`, in that order); `nil` for a job that reads no file, which is quicker to make than to look up.
    static func fingerprint(of job: Job, key: [UInt8], contentHashes: [UInt64]) -> RenditionFingerprint? {
        guard !contentHashes.isEmpty else { return nil }
        var writer = FingerprintWriter("rendition")
        writer.add(key)
        writer.add(job.assetName)
        writer.add(job.kind.rawValue)
        writer.add(job.sourceIndex)
        writer.add(job.source)
        writer.add(job.fileName)
        writer.add(job.contentType?.rawValue)
        writer.add(job.traits)
        for (name, value) in job.attributes.sorted(by: { $0.key < $1.key }) {
            writer.add(name)
            writer.add(value)
        }
        writer.add("properties")
        writer.add(job.properties.templateRenderingIntent)
        writer.add(job.properties.preservesVectorRepresentation.map { $0 ? "yes" : "no" })
        writer.add(job.properties.compressionType)
        writer.add(job.properties.localizable.map { $0 ? "yes" : "no" })
        writer.add(job.properties.onDemandResourceTags.joined(separator: "\u{0}"))
        writer.add(job.iconSizeIndex)
        writer.add(job.layerFiles.count)
        for file in job.layerFiles { writer.add(file) }
        writer.add(job.scaledSide)
        writer.add(job.rasterScale)
        writer.add(job.foldsMacIdiom)
        writer.add(job.inspectsFile)
        writer.add(Int(job.deploymentTarget))
        for hash in contentHashes { writer.add(hash) }
        return writer.finish()
    }

    /// An atlas's fingerprint: its key, name, size and format, and each member's fingerprint and frame; `nil` when a
    /// member's is not known.
    static func fingerprint(of atlas: PackedAtlas, key: [UInt8], members: [RenditionFingerprint?]) -> RenditionFingerprint? {
        var writer = FingerprintWriter("atlas")
        writer.add(key)
        writer.add(atlas.name)
        writer.add(atlas.scale)
        writer.add(atlas.width)
        writer.add(atlas.height)
        writer.add(atlas.grey)
        for (member, fingerprint) in zip(atlas.members, members) {
            guard let fingerprint else { return nil }
            writer.add(fingerprint.high)
            writer.add(fingerprint.low)
            writer.add(member.frame.x)
            writer.add(member.frame.y)
            writer.add(member.frame.width)
            writer.add(member.frame.height)
        }
        return writer.finish()
    }
}

/// Collects the digests of the files a job reads, in the order it reads them (one thread, one job: not shared).
final class FileObserver {
    private(set) var hashes: [UInt64] = []

    func record(_ bytes: [UInt8]) { record(contentHash: ContentHash.hash(bytes)) }

    /// Records a file read earlier, by the digest of its bytes then.
    func record(contentHash: UInt64) { hashes.append(contentHash) }
}
