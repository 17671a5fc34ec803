#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

internal import CMemoryHints

/// The catalog: an archive written by `assetc pack`, opened for lookups.
///
/// Opening maps the file read-only and checks its header, its section table and the checksums of the
/// tables a lookup reads; it does not read the payloads, so it takes the same time for a 1 MB and a
/// 1 GB archive. The payload records are checked on the first payload lookup, the metadata tables
/// (sources, file paths, attributes) on the first metadata access, and each payload's bytes on its
/// first lookup; ``verify()`` checks everything at once.
///
/// ```swift
/// let catalog = try AssetArchive(path: "App.assetc")
/// if let image = try catalog.image(named: "Hero", compatibleWith: DevicePreset.named("iphone-portrait")!.traits) {
///     image.withUnsafeBytes { bytes in upload(bytes) }
/// }
/// ```
///
/// ## Thread safety
/// An archive is immutable after opening except for the "already verified" flags, one byte per payload
/// and one for the payload table. Several threads may set a flag at once; they all write the same
/// value after checking the same bytes, so the race is benign: a thread that does not see another's
/// store simply checks again. No lookup takes a lock. The metadata tables (sources, paths, attributes),
/// which are stored compressed, are inflated once under a mutex on first use.
///
/// ## What a lookup costs
/// ``image(named:compatibleWith:)-(_,CompiledRequest)``, ``data(named:compatibleWith:)-(_,CompiledRequest)`` and
/// ``color(named:compatibleWith:)-(_,CompiledRequest)`` hash the name's UTF-8 bytes in place (FNV-1a), probe
/// the name index, compare the name once, rank the asset's variants with the ``CompiledRequest`` (a few
/// table loads per variant) and read one payload or colour record. They allocate nothing (a colour whose
/// colour-space or system name is longer than 15 UTF-8 bytes allocates that one string), take no lock
/// and write no memory shared with other threads: no reference count (results borrow the archive, see
/// below), no atomic, no cache. The one exception is the first lookup of each payload, which checks its
/// CRC and sets that payload's "verified" flag; ``verify()`` at open moves all of them out of the lookup
/// path. Measured against a `Dictionary<String, Int>` hit in docs/PERFORMANCE.md.
///
/// ## Lifetime
/// The mapping lives as long as the archive object. ``ImageVariant`` and ``DataVariant`` **borrow** their
/// archive rather than keep it alive, so that a lookup touches no reference count shared by every
/// thread: keep the archive alive as long as you use the values its lookups return. The buffers they
/// lend out are valid only inside the closures that receive them.
///
/// ## A file changed while it is open
/// Opened with ``OpenMode/mapped`` (the default), the archive reads the file's pages as it needs them,
/// so it sees the file as it is on disk, not as it was at open. What that means, like SQLite's
/// memory-mapped I/O:
/// - Replacing the file by renaming another over it (what `assetc pack` does) is safe: the open archive
///   keeps the old file's pages until it is released.
/// - Changing bytes in place is not detected by lookups that already checked those bytes' CRCs: they may
///   return the new bytes. ``verify()`` and first accesses check CRCs and throw.
/// - Truncating the file in place (`cp other.assetc open.assetc`, `truncate`) makes the next access to a
///   page beyond the new end raise SIGBUS, which ends the process unless it handles the signal. The
///   library does not install a handler (a signal handler is the application's choice); it offers
///   ``hasChangedOnDisk()`` to check between operations, and ``OpenMode/inMemory``, which reads the file
///   once at open so nothing done to the file afterwards can affect the archive.
/// The `assetc` command line checks ``hasChangedOnDisk()`` between batch requests and handles SIGBUS by
/// saying that a mapped archive changed and exiting with status 3.
public final class AssetArchive: @unchecked Sendable {
    private enum Storage {
        case mapped
        case allocated
    }

    /// How ``init(path:mode:)`` gets the file's bytes.
    public enum OpenMode: Sendable {
        /// Memory-map the file: opening takes the same time for any size and only touched pages are read.
        /// See "A file changed while it is open" above.
        case mapped
        /// Read the whole file into memory at open: costs its size in memory, and nothing done to the
        /// file afterwards (truncation included) can affect the archive.
        case inMemory
    }

    /// The descriptor of a mapped file, kept open to notice changes; -1 otherwise.
    private let descriptor: Int32
    /// The size and modification time the file had at open.
    private let openedSize: Int
    private let openedModification: timespec

    /// The archive's bytes.
    let file: UnsafeRawBufferPointer
    private let storage: Storage
    let layout: ArchiveLayout

    // Hot-path copies of the layout, all validated at open.
    let nameIndex: UnsafeRawPointer
    let nameSlots: Int
    let assetRecords: UnsafeRawPointer
    let assetStride: Int
    /// The number of assets.
    public let count: Int
    let variantTraits: UnsafePointer<PackedVariantTraits>
    let variantCount: Int
    let variantTargets: UnsafeRawPointer
    let variantTargetStride: Int
    /// The `VLOC` records, when the archive has localized variants.
    let variantLocales: UnsafeRawPointer?
    let variantLocaleStride: Int
    let payloadRecords: UnsafeRawPointer
    let payloadStride: Int
    let payloadCount: Int
    let colorRecords: UnsafeRawPointer
    let colorStride: Int
    let colorCount: Int
    let nameTable: UnsafeRawBufferPointer
    /// The name index as plain values, for lookups (see ``ArchiveNameIndex``).
    let nameLookup: ArchiveNameIndex
    let dataStart: Int
    let dataEnd: Int

    /// Verified flags: index 0 the payload table, then one per payload.
    /// 0: not verified yet, 1: verified. Only ever set to 1 after a successful check (see the class notes).
    private let verified: UnsafeMutablePointer<UInt8>
    private static let payloadTableFlag = 0
    private static let firstPayloadFlag = 1

    /// Guards ``metadataCache`` (metadata is never read on the lookup path, so a lock is fine there).
    private let metadataLock: UnsafeMutablePointer<pthread_mutex_t>
    /// The checked (and, where compressed, inflated) metadata tables, once first needed.
    private var metadataCache: Metadata?
    /// Memory holding inflated sections, freed in deinit.
    private var inflatedBuffers: [UnsafeMutableRawBufferPointer] = []

    /// The format version the file was written with.
    public var formatVersion: (major: Int, minor: Int) { (layout.major, layout.minor) }

    /// The file's size in bytes.
    public var byteCount: Int { file.count }

    /// Opens the archive at `path`: memory-mapped (read-only, private) or read into memory.
    ///
    /// - Throws: ``ArchiveError/cannotOpen(path:errno:message:)`` when the file cannot be opened, read or
    ///   mapped, or the error for the first rule of `docs/FORMAT.md` the file breaks.
    public convenience init(path: String, mode: OpenMode = .mapped) throws(ArchiveError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.systemError(path) }
        var keepDescriptor = false
        defer { if !keepDescriptor { close(descriptor) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.systemError(path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .cannotOpen(path: path, errno: EISDIR, message: "not a regular file")
        }
        let size = Int(status.st_size)
        guard size >= ArchiveFormat.headerSize else { throw .truncatedHeader(size: size) }
        switch mode {
        case .mapped:
            guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
                mapping != UnsafeMutableRawPointer(bitPattern: -1)
            else {
                throw Self.systemError(path)
            }
            keepDescriptor = true
            do {
                try self.init(
                    file: UnsafeRawBufferPointer(start: mapping, count: size), storage: .mapped, descriptor: descriptor,
                    status: status)
            } catch {
                close(descriptor)
                throw error
            }
        case .inMemory:
            let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            var done = 0
            while done < size {
                let count = read(descriptor, memory + done, min(size - done, 1 << 30))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    let code = count < 0 ? errno : EIO
                    memory.deallocate()
                    throw .cannotOpen(
                        path: path, errno: code,
                        message: count < 0 ? String(cString: strerror(code)) : "the file became shorter while it was read")
                }
                done += count
            }
            try self.init(file: UnsafeRawBufferPointer(start: memory, count: size), storage: .allocated)
        }
    }

    /// Opens an archive held in memory (the bytes are copied into aligned storage).
    ///
    /// - Throws: the error for the first rule of `docs/FORMAT.md` the bytes break.
    public convenience init(bytes: [UInt8]) throws(ArchiveError) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { memory.copyMemory(from: base, byteCount: source.count) }
        }
        try self.init(file: UnsafeRawBufferPointer(start: memory, count: bytes.count), storage: .allocated)
    }

    private init(
        file: UnsafeRawBufferPointer, storage: Storage, descriptor: Int32 = -1, status: stat = stat()
    ) throws(ArchiveError) {
        let layout: ArchiveLayout
        do {
            layout = try ArchiveLayout.parse(file)
            for section in ArchiveSection.allCases where section.checkGroup == .open {
                try Self.checkSection(section, in: layout, file: file)
            }
        } catch {
            Self.release(file, storage)
            throw error
        }
        self.descriptor = descriptor
        openedSize = Int(status.st_size)
        #if canImport(Darwin)
            openedModification = status.st_mtimespec
        #else
            openedModification = status.st_mtim
        #endif
        let base = file.baseAddress!
        self.file = file
        self.storage = storage
        self.layout = layout
        nameIndex = base + layout[.nameIndex].offset
        nameSlots = layout[.nameIndex].count
        assetRecords = base + layout[.assets].offset
        assetStride = layout[.assets].recordSize
        count = layout[.assets].count
        let traits = layout[.variantTraits]
        variantCount = traits.count
        variantTraits = UnsafePointer(
            UnsafeMutableRawPointer(mutating: base + traits.offset).bindMemory(
                to: PackedVariantTraits.self, capacity: traits.count))
        variantLocales = layout.spans[.variantLocales].map { base + $0.offset }
        variantLocaleStride = layout.spans[.variantLocales]?.recordSize ?? 0
        variantTargets = base + layout[.variantTargets].offset
        variantTargetStride = layout[.variantTargets].recordSize
        payloadRecords = base + layout[.payloads].offset
        payloadStride = layout[.payloads].recordSize
        payloadCount = layout[.payloads].count
        colorRecords = base + layout[.colors].offset
        colorStride = layout[.colors].recordSize
        colorCount = layout[.colors].count
        nameTable = UnsafeRawBufferPointer(rebasing: file[layout[.names].offset..<(layout[.names].offset + layout[.names].length)])
        nameLookup = ArchiveNameIndex(
            slots: nameIndex, slotCount: nameSlots, assetRecords: assetRecords, assetStride: assetStride, assetCount: count,
            nameTable: nameTable)
        dataStart = layout[.data].offset
        dataEnd = layout[.data].offset + layout[.data].length
        let flagCount = Self.firstPayloadFlag + payloadCount
        verified = UnsafeMutablePointer<UInt8>.allocate(capacity: flagCount)
        verified.initialize(repeating: 0, count: flagCount)
        metadataLock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        metadataLock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(metadataLock, nil)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        verified.deallocate()
        pthread_mutex_destroy(metadataLock)
        metadataLock.deallocate()
        for buffer in inflatedBuffers { buffer.deallocate() }
        Self.release(file, storage)
    }

    /// Whether the mapped file has been changed in place (its size or modification time differ from
    /// when it was opened). Always `false` for an archive read into memory, whose bytes cannot change.
    ///
    /// A `true` answer means the next access may see other bytes or, if the file was truncated, raise
    /// SIGBUS: stop using the archive. A `false` answer cannot rule out a change that happens just
    /// after it; use ``OpenMode/inMemory`` when that matters.
    public func hasChangedOnDisk() -> Bool {
        guard descriptor >= 0 else { return false }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return true }
        #if canImport(Darwin)
            let modification = status.st_mtimespec
        #else
            let modification = status.st_mtim
        #endif
        return Int(status.st_size) != openedSize || modification.tv_sec != openedModification.tv_sec
            || modification.tv_nsec != openedModification.tv_nsec
    }

    private static func release(_ file: UnsafeRawBufferPointer, _ storage: Storage) {
        switch storage {
        case .mapped: munmap(UnsafeMutableRawPointer(mutating: file.baseAddress), file.count)
        case .allocated: file.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).deallocate() }
        }
    }

    private static func systemError(_ path: String) -> ArchiveError {
        let code = errno
        return .cannotOpen(path: path, errno: code, message: String(cString: strerror(code)))
    }

    static func checkSection(
        _ section: ArchiveSection, in layout: ArchiveLayout, file: UnsafeRawBufferPointer
    ) throws(ArchiveError) {
        // An optional section (VLOC) that the archive does not have has nothing to check.
        guard let span = layout.spans[section], span.hasChecksum else { return }
        let computed = CRC32.checksum(UnsafeRawBufferPointer(rebasing: file[span.offset..<(span.offset + span.length)]))
        guard computed == span.crc else {
            throw .sectionChecksumMismatch(section: section.fourCC, stored: span.crc, computed: computed)
        }
    }

    // MARK: Lazily checked groups

    func markPayloadTableVerified() { verified[Self.payloadTableFlag] = 1 }

    func markPayloadVerified(_ index: Int) { verified[Self.firstPayloadFlag + index] = 1 }

    /// Starts loading what ``payloadRecord(_:)`` and ``ensurePayload(_:_:)`` will read for payload
    /// `index` (its record and its "verified" flag) without waiting; a hint, it reads nothing.
    @inline(__always)
    func prefetchPayload(_ index: Int) {
        guard index < payloadCount else { return }
        acat_prefetch(payloadRecords + index &* payloadStride)
        acat_prefetch(verified + (Self.firstPayloadFlag &+ index))
    }

    @inline(__always)
    func ensurePayloadTable() throws(ArchiveError) {
        if verified[Self.payloadTableFlag] == 1 { return }
        try Self.checkSection(.payloads, in: layout, file: file)
        verified[Self.payloadTableFlag] = 1
    }

    /// A metadata table: records of `stride` bytes.
    struct MetadataTable {
        var base: UnsafeRawPointer
        var count: Int
        var stride: Int

        func record(_ index: Int) -> UnsafeRawPointer { base + index * stride }
    }

    /// The metadata sections, checked and inflated, ready to read.
    struct Metadata {
        var sources: MetadataTable
        var assets: MetadataTable
        var variants: MetadataTable
        var strings: UnsafeRawBufferPointer

        /// A string in META, bounds-checked.
        func string(_ offset: UInt32, _ length: UInt32, section: String, index: Int) throws(ArchiveError) -> String {
            guard UInt64(offset) + UInt64(length) <= UInt64(strings.count) else {
                throw .invalidRecord(section: section, index: index, reason: "string lies outside the metadata table")
            }
            return String(decoding: strings[Int(offset)..<(Int(offset) + Int(length))], as: UTF8.self)
        }

        /// An attribute list in META, bounds-checked.
        func attributes(_ offset: UInt32, _ length: UInt32, section: String, index: Int) throws(ArchiveError)
            -> [(key: String, value: String)]
        {
            if length == 0 { return [] }
            guard UInt64(offset) + UInt64(length) <= UInt64(strings.count), length >= 4 else {
                throw .invalidRecord(section: section, index: index, reason: "attributes lie outside the metadata table")
            }
            let list = UnsafeRawBufferPointer(rebasing: strings[Int(offset)..<(Int(offset) + Int(length))])
            let entryCount = Int(list.u32(0))
            var position = 4
            var result: [(key: String, value: String)] = []
            func field() throws(ArchiveError) -> String {
                guard list.count - position >= 4 else {
                    throw .invalidRecord(section: section, index: index, reason: "attribute list is truncated")
                }
                let size = Int(list.u32(position))
                position += 4
                guard list.count - position >= size else {
                    throw .invalidRecord(section: section, index: index, reason: "attribute list is truncated")
                }
                defer { position += size }
                return String(decoding: list[position..<(position + size)], as: UTF8.self)
            }
            // Each entry takes at least 8 bytes, which bounds the loop for hostile counts.
            guard entryCount <= list.count / 8 else {
                throw .invalidRecord(section: section, index: index, reason: "attribute count is impossible")
            }
            for _ in 0..<entryCount {
                let key = try field()
                let value = try field()
                result.append((key, value))
            }
            return result
        }
    }

    /// The metadata tables: checked against their CRCs and inflated on first use, then kept.
    func metadata() throws(ArchiveError) -> Metadata {
        pthread_mutex_lock(metadataLock)
        defer { pthread_mutex_unlock(metadataLock) }
        if let metadataCache { return metadataCache }
        var contents: [ArchiveSection: UnsafeRawBufferPointer] = [:]
        for section in ArchiveSection.allCases where section.checkGroup == .metadata {
            try Self.checkSection(section, in: layout, file: file)
            let span = layout[section]
            let stored = UnsafeRawBufferPointer(rebasing: file[span.offset..<(span.offset + span.length)])
            guard span.isCompressed else {
                contents[section] = stored
                continue
            }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(span.inflatedLength, 1), alignment: 16)
            let target = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<span.inflatedLength])
            guard Deflate.decompress(stored, into: target) else {
                buffer.deallocate()
                throw .invalidSectionLayout(section: section.fourCC, reason: "its compressed bytes do not inflate")
            }
            inflatedBuffers.append(buffer)
            contents[section] = UnsafeRawBufferPointer(target)
        }
        func table(_ section: ArchiveSection) -> MetadataTable {
            MetadataTable(
                base: contents[section]!.baseAddress ?? UnsafeRawPointer(file.baseAddress!), count: layout[section].count,
                stride: layout[section].recordSize)
        }
        let metadata = Metadata(
            sources: table(.sources), assets: table(.assetMetadata), variants: table(.variantMetadata),
            strings: contents[.metadata]!)
        metadataCache = metadata
        return metadata
    }

    // MARK: Records (every field read from the file is checked before use)

    struct AssetRecord {
        var nameOffset: Int
        var nameLength: Int
        var firstVariant: Int
        var variantCount: Int
        var kindCode: UInt8
        /// Byte 13: ``ArchiveFormat/assetFlagLocalized`` (version 1.1); other bits are reserved.
        var flags: UInt8
    }

    @inline(__always)
    func assetRecord(_ index: Int) -> AssetRecord { nameLookup.record(index) }

    /// The asset's name bytes, or `nil` when the record points outside the name table.
    @inline(__always)
    func nameBytes(_ record: AssetRecord) -> UnsafeRawBufferPointer? { nameLookup.nameBytes(record) }

    @inline(__always)
    func kind(_ record: AssetRecord, _ index: Int) throws(ArchiveError) -> AssetKind {
        guard let kind = AssetKind(archiveCode: record.kindCode) else {
            throw .invalidRecord(section: "ASET", index: index, reason: "unknown kind \(record.kindCode)")
        }
        return kind
    }

    /// The locale of a variant from `VLOC`: `nil` when it has none (or the archive has no `VLOC`).
    /// - Throws: ``ArchiveError/invalidRecord(section:index:reason:)`` when the string lies outside the
    ///   name table or is not a language tag.
    func locale(ofVariant variant: Int) throws(ArchiveError) -> LocaleTag? {
        guard let variantLocales, variant < variantCount else { return nil }
        let record = variantLocales + variant * variantLocaleStride
        let offset = Int(record.u32(0))
        let length = Int(record.u32(4))
        guard length > 0 else { return nil }
        guard offset <= nameTable.count, length <= nameTable.count - offset else {
            throw .invalidRecord(section: "VLOC", index: variant, reason: "locale lies outside the name table")
        }
        switch LocaleTag.parse(UnsafeRawBufferPointer(rebasing: nameTable[offset..<(offset + length)])) {
        case .success(let tag): return tag
        case .failure(let rejection):
            throw .invalidRecord(section: "VLOC", index: variant, reason: "not a language tag: \(rejection.message)")
        }
    }

    /// Whether the asset's variants must be ranked with their locales.
    /// - Throws: when the asset says it has localized variants but the archive has no `VLOC` section.
    @inline(__always)
    func isLocalized(_ record: AssetRecord, _ index: Int) throws(ArchiveError) -> Bool {
        guard record.flags & ArchiveFormat.assetFlagLocalized != 0 else { return false }
        guard variantLocales != nil else {
            throw .invalidRecord(section: "ASET", index: index, reason: "localized variants but no VLOC section")
        }
        return true
    }

    @inline(__always)
    func variantRange(_ record: AssetRecord, _ index: Int) throws(ArchiveError) -> Range<Int> {
        guard record.firstVariant + record.variantCount <= variantCount else {
            throw .invalidRecord(section: "ASET", index: index, reason: "variants lie outside the variant table")
        }
        return record.firstVariant..<(record.firstVariant + record.variantCount)
    }

    @inline(__always)
    func target(_ variant: Int) -> Int {
        Int((variantTargets + variant * variantTargetStride).u32(0))
    }

    struct PayloadRecord {
        var offset: Int
        var length: Int
        var crc: UInt32
        var pixelWidth: UInt32
        var pixelHeight: UInt32
        var contentType: ContentType
        var flags: UInt8
    }

    /// Reads payload record `index` and checks that its bytes lie inside the payload area.
    @inline(__always)
    func payloadRecord(_ index: Int) throws(ArchiveError) -> PayloadRecord {
        guard index < payloadCount else {
            throw .invalidRecord(section: "PAYL", index: index, reason: "no such payload (\(payloadCount) payloads)")
        }
        let record = payloadRecords + index * payloadStride
        let word = record.u64(0)
        let offset = word & ArchiveFormat.maximumPayloadOffset
        let length = UInt64(record.u32(8))
        guard offset >= UInt64(dataStart), offset <= UInt64(dataEnd), length <= UInt64(dataEnd) - offset else {
            throw .invalidRecord(section: "PAYL", index: index, reason: "bytes lie outside the payload area")
        }
        return PayloadRecord(
            offset: Int(offset), length: Int(length), crc: record.u32(12), pixelWidth: record.u32(16),
            pixelHeight: record.u32(20), contentType: ContentType(archiveCode: UInt8(truncatingIfNeeded: word >> 48)),
            flags: UInt8(truncatingIfNeeded: word >> 56))
    }

    /// Checks a payload's CRC unless it was checked before.
    @inline(__always)
    func ensurePayload(_ index: Int, _ record: PayloadRecord) throws(ArchiveError) {
        if verified[Self.firstPayloadFlag + index] == 1 { return }
        let computed = CRC32.checksum(payloadBytes(record))
        guard computed == record.crc else {
            throw .payloadChecksumMismatch(payload: index, stored: record.crc, computed: computed)
        }
        verified[Self.firstPayloadFlag + index] = 1
    }

    @inline(__always)
    func payloadBytes(_ record: PayloadRecord) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: file[record.offset..<(record.offset + record.length)])
    }

}
