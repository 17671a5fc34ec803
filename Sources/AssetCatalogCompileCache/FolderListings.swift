#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The listings of the inputs' folders as the last snapshot took them, so that the next one lists only the folders
/// that changed since (docs/COMPILE-CACHE.md, "The folder listings").
///
/// Why: listing a folder costs four system calls besides the one that says its status (open, two reads of its
/// entries, close), and a catalog is mostly small folders: for the 10,000-set benchmark the listings were 40,000 of
/// the snapshot's 90,000 calls and about half its time. A folder's entries change only with its status: adding,
/// removing or renaming an entry sets its change time, which no program can set back, so a folder whose status is the
/// one recorded with its listing holds the same entries.
///
/// Except within one tick of the file system's clock: a folder changed twice in the same tick, listed in between,
/// keeps one status for two listings. So a listing is kept only when the folder's change and modification times were
/// already ``settleSeconds`` old when the walk began (as Git trusts its index only for files older than the index
/// itself); a folder changed more recently is listed each time until it settles.
///
/// The file: the magic, the key (the settings' digest), the number of folders, each folder as its path's key, its
/// status digest, the number of its entries and each entry (a type byte, 1 for a folder as listed, and its name as a
/// 32-bit length and bytes, in the listing's byte order), then the digest of it all. Every name is checked to be one
/// entry of one folder (not empty, no `/`, no NUL, not `.` or `..`, in strictly increasing order), so a damaged or
/// forged file can never send the walk outside the folder it lists.
public struct FolderListings: Sendable {
    /// A folder's kept listing: the status digest it was listed under and where its record lies in `bytes`.
    struct Listing: Sendable {
        var identity: UInt64
        /// The folder's record in `bytes`: its path key, status, entry count (``recordHeaderSize`` bytes in all), then
        /// its entries, as the file holds it.
        var record: Range<Int>
        /// Whether an entry is listed as a folder.
        var holdsFolders: Bool
    }

    /// The bytes of a folder's record before its entries: the path key (16), the status digest (8), the entry count (4).
    static let recordHeaderSize = 28

    /// The file's bytes, which the listings point into.
    let bytes: [UInt8]
    let listings: [PathKey: Listing]

    /// The format; a change makes every file written before unused.
    static let magic = "ACLIST02"
    /// How old a folder's times must be when the walk begins for its listing to be kept.
    public static let settleSeconds: Int64 = 5

    /// The number of folders whose listings are kept.
    public var count: Int { listings.count }

    init(bytes: [UInt8], listings: [PathKey: Listing]) {
        self.bytes = bytes
        self.listings = listings
    }

    /// The listings of a file written under `key`; `nil` when it was written under another.
    static func decode(_ file: [UInt8], key: UInt64) throws(CacheDamage) -> FolderListings? {
        var reader = try CacheReader(file, magic: magic)
        guard try reader.u64("the listings' key") == key else { return nil }
        let count = try reader.count("the number of folders", minimumSize: recordHeaderSize)
        var listings: [PathKey: Listing] = [:]
        listings.reserveCapacity(count)
        for _ in 0..<count {
            let start = reader.position
            let path = PathKey(high: try reader.u64("a folder's path key"), low: try reader.u64("a folder's path key"))
            let identity = try reader.u64("a folder's status")
            let entryCount = try reader.count("the number of a folder's entries", minimumSize: 6)
            var previous: Range<Int>?
            var holdsFolders = false
            for _ in 0..<entryCount {
                let type = try reader.u8("an entry's type")
                guard type <= 1 else { throw CacheDamage(what: "an entry's type (\(type)) is unknown", offset: reader.position - 1) }
                holdsFolders = holdsFolders || type == 1
                let name = try reader.field("an entry's name")
                try checkName(name, after: previous, in: reader.bytes)
                previous = name
            }
            let listing = Listing(identity: identity, record: start..<reader.position, holdsFolders: holdsFolders)
            guard listings.updateValue(listing, forKey: path) == nil else {
                throw CacheDamage(what: "a folder is listed twice", offset: start)
            }
        }
        guard reader.isAtEnd else { throw CacheDamage(what: "bytes follow the listings", offset: reader.position) }
        return FolderListings(bytes: file, listings: listings)
    }

    /// Checks that the name at `name` is one entry of a folder, after `previous` in byte order. (Over the bytes in place:
    /// a kept file holds tens of thousands of names, and a slice compared with a literal array allocated that array.)
    private static func checkName(_ name: Range<Int>, after previous: Range<Int>?, in bytes: [UInt8]) throws(CacheDamage) {
        let problem: String? = bytes.withUnsafeBufferPointer { all in
            let count = name.count
            guard count > 0 else { return "an entry's name is not a name in a folder" }
            let start = all.baseAddress! + name.lowerBound
            if start[0] == 0x2E && (count == 1 || (count == 2 && start[1] == 0x2E)) { return "an entry's name is not a name in a folder" }
            for index in 0..<count where start[index] == 0x2F || start[index] == 0 {
                return "an entry's name is not a name in a folder"
            }
            guard let previous else { return nil }
            let common = min(previous.count, count)
            let order = memcmp(all.baseAddress! + previous.lowerBound, start, common)
            return order < 0 || (order == 0 && previous.count < count) ? nil : "a folder's entries are out of order"
        }
        if let problem { throw CacheDamage(what: problem, offset: name.lowerBound) }
    }

    /// The entries of `listing` as a walk meets them.
    func forEachEntry(of listing: Listing, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ isFolder: Bool) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            var position = listing.record.lowerBound + Self.recordHeaderSize
            while position < listing.record.upperBound {
                let isFolder = all[position] == 1
                var length = 0
                for index in 0..<4 { length |= Int(all[position + 1 + index]) << (8 * index) }
                let start = position + 5
                body(UnsafeBufferPointer(rebasing: all[start..<(start + length)]), isFolder)
                position = start + length
            }
        }
    }
}

/// The listings a walk made or reused, for the next walk: one per part of the walk, joined in order. A reused listing
/// is noted by where it lies in the kept file, and copied only when the file is written again (most walks write none).
struct ListingRecorder {
    /// The listings the walk may reuse.
    let kept: FolderListings?
    /// A folder whose change and modification times are both before this (seconds since 1970) is settled.
    let settledBefore: Int64
    /// The folders recorded, in the order met.
    private(set) var pieces: [Piece] = []
    /// The records of the folders listed afresh, one after another, as the file holds them (one buffer, not one array
    /// per folder: a cold compile lists every folder).
    private(set) var listed: [UInt8] = []
    /// Folders whose kept listing was used; folders listed afresh and recorded.
    private(set) var reused = 0
    private(set) var listedAfresh = 0

    /// A recorded folder: where its record lies in the kept file, or in ``listed``.
    enum Piece {
        case kept(PathKey, Range<Int>)
        case listed(PathKey, Range<Int>)
    }

    init(kept: FolderListings?, settledBefore: Int64) {
        self.kept = kept
        self.settledBefore = settledBefore
    }

    /// The kept listing of the folder at `path`, if any.
    func keptListing(of path: PathKey) -> FolderListings.Listing? {
        kept?.listings[path]
    }

    /// Notes that `listing`, kept for the folder at `path`, was used, so it is kept again.
    mutating func reuse(_ listing: FolderListings.Listing, of path: PathKey) {
        pieces.append(.kept(path, listing.record))
        reused += 1
    }

    /// Records the folder at `path` as just listed (`entries` in byte order), when its times are settled.
    mutating func record(_ path: PathKey, identity: FileIdentity, entries: [InputSnapshot.Listed]) {
        guard Int64(bitPattern: identity.changedSeconds) < settledBefore,
            Int64(bitPattern: identity.modifiedSeconds) < settledBefore
        else { return }
        let start = listed.count
        append(path.high)
        append(path.low)
        append(identity.digest)
        append(UInt32(entries.count))
        for entry in entries {
            listed.append(entry.isListedAsFolder ? 1 : 0)
            entry.name.withUnsafeBytes { name in
                let bytes = name.dropLast()  // the NUL
                append(UInt32(bytes.count))
                listed.append(contentsOf: bytes)
            }
        }
        pieces.append(.listed(path, start..<listed.count))
        listedAfresh += 1
    }

    private mutating func append<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { listed.append(contentsOf: $0) }
    }

    /// Adds the folders another part of the walk recorded, after these.
    mutating func add(_ part: ListingRecorder) {
        let base = listed.count
        listed += part.listed
        pieces.reserveCapacity(pieces.count + part.pieces.count)
        for piece in part.pieces {
            switch piece {
            case .kept: pieces.append(piece)
            case .listed(let path, let record): pieces.append(.listed(path, (record.lowerBound + base)..<(record.upperBound + base)))
            }
        }
        reused += part.reused
        listedAfresh += part.listedAfresh
    }

    /// The listings to keep for the next walk, when they differ from the kept ones: a folder listed afresh and settled,
    /// or a kept one not reused (changed, gone, or not settled); `nil` when they are the same. A folder met twice (below
    /// two roots, one inside the other) is kept once; `foldersMayRepeat` says whether that can be (more than one root).
    func listingsToKeep(foldersMayRepeat: Bool) -> ListingsToKeep? {
        // The keys already written, only where a folder can be met twice: for one root, the common case, no set of
        // 10,000 keys is made.
        var seen: Set<PathKey>? = foldersMayRepeat ? Set(minimumCapacity: pieces.count) : nil
        let distinctReused: Int
        if foldersMayRepeat {
            var reusedPaths = Set<PathKey>(minimumCapacity: reused)
            for case .kept(let path, _) in pieces { reusedPaths.insert(path) }
            distinctReused = reusedPaths.count
        } else {
            distinctReused = reused
        }
        guard listedAfresh > 0 || distinctReused != (kept?.count ?? 0) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(listed.count + (kept?.bytes.count ?? 0))
        var count = 0
        for piece in pieces {
            let path: PathKey
            let record: ArraySlice<UInt8>
            switch piece {
            case .kept(let keptPath, let range):
                guard let kept else { continue }
                (path, record) = (keptPath, kept.bytes[range])
            case .listed(let listedPath, let range):
                (path, record) = (listedPath, listed[range])
            }
            if seen?.insert(path).inserted == false { continue }
            bytes += record
            count += 1
        }
        return ListingsToKeep(count: count, bytes: bytes)
    }

    /// The seconds since 1970 before which a folder's times are settled for a walk that begins now.
    static func settledBeforeNow() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) - FolderListings.settleSeconds
    }
}

/// The folder listings a snapshot took, to keep for the next one (``CompileCache/storeListings(_:file:)``).
public struct ListingsToKeep: Sendable {
    let count: Int
    let bytes: [UInt8]
}
