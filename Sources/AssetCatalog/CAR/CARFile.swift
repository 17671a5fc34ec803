#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A compiled asset catalog (`Assets.car`), read whole when opened: the header facts, the key format, the
/// named appearances, every facet (named asset) and every rendition with its parsed header and payload
/// location. Payload bytes stay in the mapped file until ``CARDecoder`` decodes them.
///
/// Opening checks every structure the listing needs (BOM block table, trees, CSI headers, info tags, payload
/// records) and throws the first ``CARError`` it meets; payload streams are checked when decoded.
public final class CARFile: @unchecked Sendable {
    /// The CARHEADER facts.
    public let header: CARHeader
    /// The EXTENDED_METADATA facts, when the file has them (Xcode 9 and later).
    public let metadata: CARExtendedMetadata?
    /// The attributes of a rendition key, in the order the keys store them.
    public let keyFormat: [CARAttribute]
    /// Named appearances (`UIAppearanceDark`, `NSAppearanceNameDarkAqua`, …) by identifier.
    public let appearances: [(name: String, identifier: UInt16)]
    /// Named localizations by identifier, when the file has a LOCALIZATIONKEYS tree.
    public let localizations: [(name: String, identifier: UInt16)]
    /// The facets (named assets) in tree order.
    public let facets: [CARFacet]
    /// Every rendition in tree order.
    public let renditions: [CARRendition]
    /// The file's size in bytes.
    public let byteCount: Int
    /// The BOM container's variables (block names), in file order.
    public let blockNames: [String]
    /// The BITMAPKEYS entries (per facet identifier, the values each key attribute takes), in tree order;
    /// empty when the file has none (CoreUI 366 and older).
    public let bitmapKeys: [CARBitmapKeys]

    private let mapping: UnsafeRawBufferPointer
    private let ownsAllocation: Bool
    private let renditionByKey: [[UInt16]: Int]
    /// The name index of ``renditionIndex(named:compatibleWith:)-(_,CompiledRequest)`` (CARFile+Lookup.swift).
    let lookupIndex: CARLookupIndex
    /// ``appearances`` as traits (``traits(of:)``).
    let appearanceTraits: [AppearanceTraits]

    /// Opens and memory-maps the file at `path`.
    public convenience init(path: String) throws(CARError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CARError(.cannotOpen, path, offset: nil, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw CARError(.cannotOpen, path, offset: nil, String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw CARError(.cannotOpen, path, offset: nil, "not a regular file") }
        let size = Int(status.st_size)
        guard size >= BOMStore.headerSize else {
            throw CARError(.truncated, "BOM header", offset: 0, "the file has \(size) bytes, the header needs 32")
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else {
            throw CARError(.cannotOpen, path, offset: nil, String(cString: strerror(errno)))
        }
        try self.init(buffer: UnsafeRawBufferPointer(start: address, count: size), ownsAllocation: false)
    }

    /// Reads a `.car` held in memory (the bytes are copied).
    public convenience init(bytes: [UInt8]) throws(CARError) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { memory.copyMemory(from: base, byteCount: source.count) }
        }
        try self.init(buffer: UnsafeRawBufferPointer(start: memory, count: bytes.count), ownsAllocation: true)
    }

    private init(buffer: UnsafeRawBufferPointer, ownsAllocation: Bool) throws(CARError) {
        do {
            let file = CARBytes(buffer: buffer, base: 0, structure: "file")
            let store = try BOMStore(file: file)
            let parsed = try Self.parse(store)
            header = parsed.header
            metadata = parsed.metadata
            keyFormat = parsed.keyFormat
            appearances = parsed.appearances
            localizations = parsed.localizations
            facets = parsed.facets
            renditions = parsed.renditions
            renditionByKey = parsed.byKey
            blockNames = store.variables.map(\.name)
            bitmapKeys = try CARBitmapKeys.read(store)
        } catch {
            Self.release(buffer, ownsAllocation)
            throw error
        }
        byteCount = buffer.count
        mapping = buffer
        self.ownsAllocation = ownsAllocation
        let appearanceTraits = appearances.map { AppearanceTraits(name: $0.name, identifier: $0.identifier) }
        self.appearanceTraits = appearanceTraits
        lookupIndex = CARLookupIndex(
            facets: facets, renditions: renditions, traits: { Self.traits(of: $0, appearances: appearanceTraits) })
    }

    deinit {
        lookupIndex.deallocate()
        Self.release(mapping, ownsAllocation)
    }

    private static func release(_ buffer: UnsafeRawBufferPointer, _ owned: Bool) {
        guard let base = buffer.baseAddress else { return }
        if owned {
            base.deallocate()
        } else {
            munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
        }
    }

    /// The renditions that belong to no facet (packed atlases, theme parts): internal records.
    public var internalRenditions: [Int] {
        var linked = Set<Int>()
        for facet in facets { linked.formUnion(facet.renditions) }
        return renditions.indices.filter { !linked.contains($0) }
    }

    /// The rendition an internal reference points at (a packed atlas), or `nil` when no rendition has that key.
    public func renditionIndex(for reference: CARInternalReference) -> Int? {
        var values = [UInt16](repeating: 0, count: keyFormat.count)
        for token in reference.atlasKey {
            guard let position = keyFormat.firstIndex(of: CARAttribute(identifier: UInt32(token.attribute))) else {
                return nil
            }
            values[position] = token.value
        }
        return renditionByKey[values]
    }

    /// The appearance name for an identifier, when the file names it.
    public func appearanceName(_ identifier: UInt16) -> String? {
        appearances.first { $0.identifier == identifier }?.name
    }

    // MARK: Parsing

    private struct Parsed {
        var header: CARHeader
        var metadata: CARExtendedMetadata?
        var keyFormat: [CARAttribute]
        var appearances: [(name: String, identifier: UInt16)]
        var localizations: [(name: String, identifier: UInt16)]
        var facets: [CARFacet]
        var renditions: [CARRendition]
        var byKey: [[UInt16]: Int]
    }

    private static func parse(_ store: BOMStore) throws(CARError) -> Parsed {
        guard let headerBlock = store.variable("CARHEADER") else {
            throw CARError(.missing, "CARHEADER", offset: nil, "the file has no CARHEADER block (not an asset catalog)")
        }
        let header = try CARHeader(try store.block(headerBlock, as: "CARHEADER"))
        let metadata = try store.variable("EXTENDED_METADATA").map { block throws(CARError) in
            try CARExtendedMetadata(try store.block(block, as: "EXTENDED_METADATA"))
        }
        guard let formatBlock = store.variable("KEYFORMAT") else {
            throw CARError(.missing, "KEYFORMAT", offset: nil, "the file has no KEYFORMAT block")
        }
        let format = try store.block(formatBlock, as: "KEYFORMAT")
        guard try format.tag(0) == "tmfk" else { throw format.error(.badMagic, at: 0, "expected the tag kfmt") }
        let attributeCount = Int(try format.u32(8))
        guard attributeCount <= (format.count - 12) / 4 else {
            throw format.error(.outOfRange, at: 8, "\(attributeCount) attributes do not fit in \(format.count) bytes")
        }
        var keyFormat: [CARAttribute] = []
        for index in 0..<attributeCount { keyFormat.append(CARAttribute(identifier: try format.u32(12 + 4 * index))) }
        // Older files list a placeholder (5) where the keys really hold another attribute; KEYFORMATWORKAROUND
        // gives, per slot, the attribute that replaces it (0: unchanged). Internal references name the real one.
        if let workaroundBlock = store.variable("KEYFORMATWORKAROUND") {
            let workaround = try store.block(workaroundBlock, as: "KEYFORMATWORKAROUND")
            for slot in 0..<min(keyFormat.count, workaround.count / 4) {
                let replacement = try workaround.u32(4 * slot)
                if replacement != 0 { keyFormat[slot] = CARAttribute(identifier: replacement) }
            }
        }

        func names(_ tree: String) throws(CARError) -> [(name: String, identifier: UInt16)] {
            guard store.variable(tree) != nil else { return [] }
            var result: [(name: String, identifier: UInt16)] = []
            for (key, value) in try store.tree(tree) {
                result.append((key.text, try value.u16(0)))
            }
            return result
        }
        let appearances = try names("APPEARANCEKEYS")
        let localizations = try names("LOCALIZATIONKEYS")

        let entries = try store.tree("RENDITIONS")
        let (renditions, keys) = try Self.renditions(entries, keyFormat: keyFormat)
        var byKey: [[UInt16]: Int] = [:]
        // Sized once: growing a table of 30,000 array keys rehashes every key at each doubling.
        byKey.reserveCapacity(entries.count)
        for (index, values) in keys.enumerated() { byKey[values] = index }

        var facets: [CARFacet] = []
        if store.variable("FACETKEYS") != nil {
            // Renditions by identifier, so linking is linear in the number of renditions.
            var byIdentifier: [UInt16: [Int]] = [:]
            for (index, rendition) in renditions.enumerated() {
                byIdentifier[rendition.key[.identifier], default: []].append(index)
            }
            for (key, value) in try store.tree("FACETKEYS") {
                let name = key.text
                let record = value.labelled(.facet(name))
                let count = Int(try record.u16(4))
                try record.require(6, 4 * count)
                var attributes: [(attribute: CARAttribute, value: UInt16)] = []
                for index in 0..<count {
                    attributes.append(
                        (CARAttribute(identifier: UInt32(try record.u16(6 + 4 * index))), try record.u16(8 + 4 * index)))
                }
                let facetKey = CARKey(values: attributes)
                let linked: [Int]
                if let identifier = attributes.first(where: { $0.attribute == .identifier })?.value {
                    linked = byIdentifier[identifier] ?? []
                } else {
                    linked = renditions.indices.filter { index in
                        attributes.allSatisfy { renditions[index].key[$0.attribute] == $0.value }
                    }
                }
                facets.append(
                    CARFacet(
                        name: name, attributes: facetKey,
                        hotSpot: (Int(try record.u16(0)), Int(try record.u16(2))), renditions: linked))
            }
        }
        return Parsed(
            header: header, metadata: metadata, keyFormat: keyFormat, appearances: appearances,
            localizations: localizations, facets: facets, renditions: renditions, byKey: byKey)
    }

    /// Renditions parsed by one task at a time: enough that a task's start costs nothing beside it.
    private static let renditionsPerRun = 2048

    /// Every rendition of the RENDITIONS tree, in tree order, with its key's values (for ``renditionByKey``).
    ///
    /// The renditions are parsed in runs on every core (each is read from its own bytes alone), each straight into its
    /// place in the array (no copy of the records afterwards); the first error in tree order is the one thrown, as a
    /// reading in order would throw it.
    private static func renditions(
        _ entries: [(key: CARBytes, value: CARBytes)], keyFormat: [CARAttribute]
    ) throws(CARError) -> ([CARRendition], [[UInt16]]) {
        var failure: CARError?
        var keys: [[UInt16]] = []
        let renditions = [CARRendition](unsafeUninitializedCapacity: entries.count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            let runs = CARParallel.map(count: entries.count, run: renditionsPerRun) { range throws(CARError) in
                var keys: [[UInt16]] = []
                keys.reserveCapacity(range.count)
                var done = 0
                do throws(CARError) {
                    for index in range {
                        let (rendition, values) = try Self.rendition(entries[index], keyFormat: keyFormat)
                        (base + index).initialize(to: rendition)
                        keys.append(values)
                        done += 1
                    }
                } catch {
                    (base + range.lowerBound).deinitialize(count: done)
                    throw error
                }
                return keys
            }
            // Every run either initialized its whole range or none of it.
            if let first = runs.firstIndex(where: { if case .failure = $0 { return true } else { return false } }) {
                if case .failure(let error) = runs[first] { failure = error }
                for (number, run) in runs.enumerated() {
                    guard case .success = run else { continue }
                    let start = number * renditionsPerRun
                    (base + start).deinitialize(count: min(entries.count, start + renditionsPerRun) - start)
                }
                initialized = 0
                return
            }
            keys.reserveCapacity(entries.count)
            for case .success(let runKeys) in runs { keys += runKeys }
            initialized = entries.count
        }
        if let failure { throw failure }
        return (renditions, keys)
    }

    /// One RENDITIONS entry's rendition, with its key's values.
    private static func rendition(
        _ entry: (key: CARBytes, value: CARBytes), keyFormat: [CARAttribute]
    ) throws(CARError) -> (CARRendition, [UInt16]) {
        let key = entry.key.named("rendition key")
        try key.require(0, 2 * keyFormat.count)
        var values: [UInt16] = []
        var attributes: [(attribute: CARAttribute, value: UInt16)] = []
        values.reserveCapacity(keyFormat.count)
        attributes.reserveCapacity(keyFormat.count)
        for (index, attribute) in keyFormat.enumerated() {
            let number = try key.u16(2 * index)
            values.append(number)
            attributes.append((attribute, number))
        }
        return (try CARRendition(key: CARKey(values: attributes), value: entry.value), values)
    }
}

/// A named asset in FACETKEYS: its name, its attributes, and the renditions linked to it.
public struct CARFacet: Sendable {
    /// The asset name.
    public var name: String
    /// The facet's attributes (element, part, identifier, …).
    public var attributes: CARKey
    /// The cursor hot spot stored with the facet.
    public var hotSpot: (x: Int, y: Int)
    /// Indices into ``CARFile/renditions`` of the renditions that carry this facet's identifier.
    public var renditions: [Int]
}

/// The CARHEADER block.
public struct CARHeader: Sendable, Hashable {
    /// CoreUI version the file was made for.
    public var coreUIVersion: UInt32
    /// Storage format version.
    public var storageVersion: UInt32
    /// Storage time stamp (seconds since 1970).
    public var storageTimestamp: UInt32
    /// The rendition count the header states.
    public var renditionCount: UInt32
    /// The main version string (the tool that wrote the file, e.g. `@(#)PROGRAM:CoreUI  PROJECT:CoreUI-...`).
    public var mainVersion: String
    /// The version string.
    public var version: String
    /// The UUID as 32 hex digits.
    public var uuid: String
    /// The associated checksum.
    public var associatedChecksum: UInt32
    /// The schema version.
    public var schemaVersion: UInt32
    /// The colour-space identifier.
    public var colorSpaceID: UInt32
    /// The key semantics.
    public var keySemantics: UInt32

    /// Parses the 436-byte block.
    public init(_ block: CARBytes) throws(CARError) {
        try block.require(0, 436)
        guard try block.tag(0) == "RATC" else { throw block.error(.badMagic, at: 0, "expected the tag CTAR") }
        coreUIVersion = try block.u32(4)
        storageVersion = try block.u32(8)
        storageTimestamp = try block.u32(12)
        renditionCount = try block.u32(16)
        mainVersion = try block.fixedString(20, 128)
        version = try block.fixedString(148, 256)
        let uuidBytes = try block.slice(404, 16).bytes
        uuid = uuidBytes.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
        associatedChecksum = try block.u32(420)
        schemaVersion = try block.u32(424)
        colorSpaceID = try block.u32(428)
        keySemantics = try block.u32(432)
    }
}

/// The EXTENDED_METADATA block: how the catalog was built.
public struct CARExtendedMetadata: Sendable, Hashable {
    /// The thinning arguments.
    public var thinningArguments: String
    /// The deployment target (e.g. `15.0`).
    public var deploymentPlatformVersion: String
    /// The platform (`ios`, `macosx`, `appletvos`, …).
    public var deploymentPlatform: String
    /// The authoring tool (e.g. `@(#)PROGRAM:CoreThemeDefinition  PROJECT:CoreThemeDefinition-...`).
    public var authoringTool: String

    /// Parses the 1028-byte block.
    public init(_ block: CARBytes) throws(CARError) {
        try block.require(0, 1028)
        guard try block.tag(0) == "META" else { throw block.error(.badMagic, at: 0, "expected the tag META") }
        thinningArguments = try block.fixedString(4, 256)
        deploymentPlatformVersion = try block.fixedString(260, 256)
        deploymentPlatform = try block.fixedString(516, 256)
        authoringTool = try block.fixedString(772, 256)
    }
}
