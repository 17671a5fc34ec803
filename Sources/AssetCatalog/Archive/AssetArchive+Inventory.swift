/// A catalog root an archive was packed from.
public struct ArchiveSource: Hashable, Sendable, Codable {
    /// The root's path as it was given to the packer.
    public var path: String
    /// Its kind, as the reader named it (`xcassets`, `folder`).
    public var kind: String

    /// Creates a source description.
    public init(path: String, kind: String) {
        self.path = path
        self.kind = kind
    }
}

/// A payload's record: where its bytes are and what they are, without reading them.
public struct ArchivePayloadInfo: Hashable, Sendable, Codable {
    /// The payload's index; variants with identical bytes share one.
    public var index: Int
    /// The offset of the bytes in the file (a multiple of 16).
    public var offset: Int
    /// The size of the bytes.
    public var byteCount: Int
    /// The stored CRC-32 of the bytes.
    public var crc32: UInt32
    /// What the bytes are.
    public var contentType: ContentType
    /// Width in pixels, `nil` for vectors and non-images.
    public var pixelWidth: Int?
    /// Height in pixels, `nil` for vectors and non-images.
    public var pixelHeight: Int?
    /// Whether the packer re-encoded the bytes losslessly.
    public var isOptimized: Bool

    /// Creates a payload description.
    public init(
        index: Int, offset: Int, byteCount: Int, crc32: UInt32, contentType: ContentType, pixelWidth: Int?,
        pixelHeight: Int?, isOptimized: Bool
    ) {
        self.index = index
        self.offset = offset
        self.byteCount = byteCount
        self.crc32 = crc32
        self.contentType = contentType
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.isOptimized = isOptimized
    }
}

/// One variant of an archived asset, as listed by ``AssetArchive/asset(named:)``.
public struct ArchiveVariant: Hashable, Sendable {
    /// What the variant holds.
    public enum Content: Hashable, Sendable {
        /// Bytes (image, data and app icon sets).
        case payload(ArchivePayloadInfo)
        /// A colour (colour sets).
        case color(ColorValue)
    }

    /// Its position among the asset's variants.
    public var index: Int
    /// The traits it was made for.
    public var traits: VariantTraits
    /// Its bytes or its colour.
    public var content: Content
    /// The file it came from, relative to the catalog root; empty for colours.
    public var sourcePath: String
    /// The entry's other `Contents.json` keys.
    public var attributes: [String: String]

    /// The payload record, when the variant has bytes.
    public var payload: ArchivePayloadInfo? {
        if case .payload(let info) = content { return info }
        return nil
    }

    /// The colour, when the variant is one.
    public var color: ColorValue? {
        if case .color(let value) = content { return value }
        return nil
    }
}

/// An archived asset with all its variants and metadata, as listed by ``AssetArchive/asset(named:)``.
public struct ArchiveAsset: Hashable, Sendable {
    /// The full name: `Icons/Settings`.
    public var name: String
    /// What it holds.
    public var kind: AssetKind
    /// The index in ``AssetArchive/sources()`` of the root it came from.
    public var sourceIndex: Int
    /// Its folder or first file, relative to the catalog root.
    public var path: String
    /// Set-level properties from `Contents.json`, by their `Contents.json` keys
    /// (`template-rendering-intent`, `preserves-vector-representation`, …).
    public var properties: [String: String]
    /// Its variants in source order (empty slots and unusable files were left out when packing).
    public var variants: [ArchiveVariant]
}

extension AssetArchive {
    /// The catalog roots the archive was packed from.
    ///
    /// - Throws: ``ArchiveError`` when the metadata tables are damaged.
    public func sources() throws(ArchiveError) -> [ArchiveSource] {
        let metadata = try metadata()
        var result: [ArchiveSource] = []
        for index in 0..<metadata.sources.count {
            let record = metadata.sources.record(index)
            result.append(
                ArchiveSource(
                    path: try metadata.string(record.u32(0), record.u32(4), section: "SRCS", index: index),
                    kind: try metadata.string(record.u32(8), record.u32(12), section: "SRCS", index: index)))
        }
        return result
    }

    /// The asset called `name` with all its variants, or `nil` when there is none.
    ///
    /// - Throws: ``ArchiveError`` when its records or the metadata tables are damaged. Payload bytes are
    ///   not read.
    public func asset(named name: String) throws(ArchiveError) -> ArchiveAsset? {
        guard let index = assetIndex(named: name) else { return nil }
        return try asset(at: index)
    }

    /// Every asset, sorted by name.
    ///
    /// - Throws: ``ArchiveError`` when a record or the metadata tables are damaged.
    public func assets() throws(ArchiveError) -> [ArchiveAsset] {
        var result: [ArchiveAsset] = []
        result.reserveCapacity(count)
        for index in 0..<count { result.append(try asset(at: index)) }
        return result
    }

    func asset(at index: Int) throws(ArchiveError) -> ArchiveAsset {
        let metadata = try metadata()
        try ensurePayloadTable()
        let record = assetRecord(index)
        guard let nameBytes = nameBytes(record) else {
            throw .invalidRecord(section: "ASET", index: index, reason: "name lies outside the name table")
        }
        let kind = try kind(record, index)
        let range = try variantRange(record, index)
        let meta = metadata.assets.record(index)
        let sourceIndex = Int(meta.u32(0))
        guard sourceIndex < metadata.sources.count else {
            throw .invalidRecord(
                section: "AMET", index: index,
                reason: "source \(sourceIndex) is not in the source table (\(metadata.sources.count) sources)")
        }
        let path = try metadata.string(meta.u32(4), meta.u32(8), section: "AMET", index: index)
        let properties = try metadata.attributes(meta.u32(12), meta.u32(16), section: "AMET", index: index)
        var variants: [ArchiveVariant] = []
        let localized = try isLocalized(record, index)
        for variant in range {
            guard var traits = variantTraits[variant].unpacked else {
                throw .invalidRecord(section: "VTRT", index: variant, reason: "unknown trait code")
            }
            if localized { traits.locale = try locale(ofVariant: variant) }
            let target = target(variant)
            let content: ArchiveVariant.Content
            if kind == .color {
                content = .color(try colorValue(target, variant: variant))
            } else {
                content = .payload(try payloadInfo(target))
            }
            let variantMeta = metadata.variants.record(variant)
            let source = try metadata.string(variantMeta.u32(0), variantMeta.u32(4), section: "VMET", index: variant)
            let attributes = try metadata.attributes(
                variantMeta.u32(8), variantMeta.u32(12), section: "VMET", index: variant)
            variants.append(
                ArchiveVariant(
                    index: variant - range.lowerBound, traits: traits, content: content, sourcePath: source,
                    attributes: Dictionary(attributes, uniquingKeysWith: { first, _ in first })))
        }
        return ArchiveAsset(
            name: String(decoding: nameBytes, as: UTF8.self), kind: kind, sourceIndex: sourceIndex, path: path,
            properties: Dictionary(properties, uniquingKeysWith: { first, _ in first }), variants: variants)
    }

    func payloadInfo(_ index: Int) throws(ArchiveError) -> ArchivePayloadInfo {
        let record = try payloadRecord(index)
        return ArchivePayloadInfo(
            index: index, offset: record.offset, byteCount: record.length, crc32: record.crc,
            contentType: record.contentType, pixelWidth: record.pixelWidth == 0 ? nil : Int(record.pixelWidth),
            pixelHeight: record.pixelHeight == 0 ? nil : Int(record.pixelHeight),
            isOptimized: record.flags & ArchiveFormat.payloadFlagOptimized != 0)
    }

    /// The bytes of payload `index`, checked against their CRC, passed to `body` in place.
    ///
    /// - Throws: ``ArchiveError`` when the payload record or its bytes are damaged, or what `body` throws.
    public func withPayloadBytes<Result>(
        _ index: Int, _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        try ensurePayloadTable()
        let record = try payloadRecord(index)
        try ensurePayload(index, record)
        return try withExtendedLifetime(self) { try body(payloadBytes(record)) }
    }

    // MARK: Verification

    /// Checks everything: every section checksum, every record's references, every payload's CRC, and
    /// the zero padding between payloads.
    ///
    /// - Throws: the first problem found; ``problems(limit:)`` lists them all.
    public func verify() throws(ArchiveError) {
        if let first = problems(limit: 1).first { throw first }
    }

    /// Every problem ``verify()`` would find, in file order, up to `limit` of them.
    public func problems(limit: Int = 100) -> [ArchiveError] {
        var problems: [ArchiveError] = []
        func note(_ error: ArchiveError) -> Bool {
            problems.append(error)
            return problems.count < limit
        }
        for section in ArchiveSection.writeOrder {
            do throws(ArchiveError) { try Self.checkSection(section, in: layout, file: file) } catch {
                if !note(error) { return problems }
            }
        }
        if problems.isEmpty { markPayloadTableVerified() }
        do throws(ArchiveError) {
            _ = try metadata()
            _ = try sources()
        } catch {
            if !note(error) { return problems }
        }
        // Assets: kinds, names (sorted, unique, findable), variant ranges and targets.
        var previousName: UnsafeRawBufferPointer?
        for index in 0..<count {
            let record = assetRecord(index)
            do throws(ArchiveError) {
                let kind = try kind(record, index)
                guard let name = nameBytes(record) else {
                    throw ArchiveError.invalidRecord(section: "ASET", index: index, reason: "name lies outside the name table")
                }
                if let previous = previousName, !previous.lexicographicallyPrecedes(name) {
                    throw ArchiveError.invalidRecord(section: "ASET", index: index, reason: "names are not sorted")
                }
                previousName = name
                guard assetIndex(utf8: name) == index else {
                    throw ArchiveError.invalidRecord(section: "NIDX", index: index, reason: "name index does not find it")
                }
                let localized = try isLocalized(record, index)
                for variant in try variantRange(record, index) {
                    guard PackedVariantTraits(rawValue: variantTraits[variant].rawValue) != nil else {
                        throw ArchiveError.invalidRecord(section: "VTRT", index: variant, reason: "unknown trait code")
                    }
                    // A locale on a variant of an asset not flagged as localized would be ignored by lookups.
                    if !localized, try locale(ofVariant: variant) != nil {
                        throw ArchiveError.invalidRecord(
                            section: "VLOC", index: variant, reason: "a locale on an asset not marked as localized")
                    }
                    if kind == .color {
                        _ = try colorValue(target(variant), variant: variant)
                    } else if target(variant) >= payloadCount {
                        throw ArchiveError.invalidRecord(section: "VPAY", index: variant, reason: "no such payload")
                    }
                }
                _ = try asset(at: index)
            } catch {
                if !note(error) { return problems }
            }
        }
        // Payloads: bounds, CRCs, no overlaps, zero padding.
        var ranges: [(offset: Int, end: Int)] = []
        for index in 0..<payloadCount {
            do throws(ArchiveError) {
                let record = try payloadRecord(index)
                ranges.append((record.offset, record.offset + record.length))
                guard record.offset % ArchiveFormat.payloadAlignment == 0 else {
                    throw ArchiveError.invalidRecord(section: "PAYL", index: index, reason: "offset is not a multiple of 16")
                }
                let computed = CRC32.checksum(payloadBytes(record))
                guard computed == record.crc else {
                    throw ArchiveError.payloadChecksumMismatch(payload: index, stored: record.crc, computed: computed)
                }
                markPayloadVerified(index)
            } catch {
                if !note(error) { return problems }
            }
        }
        ranges.sort { $0.offset < $1.offset }
        var position = dataStart
        for range in ranges {
            if range.offset < position {
                if range.end > range.offset,
                    !note(.invalidRecord(section: "PAYL", index: 0, reason: "payloads overlap at offset \(range.offset)"))
                {
                    return problems
                }
                position = max(position, range.end)
                continue
            }
            if let bad = firstNonZero(position..<range.offset) {
                if !note(.nonZeroPadding(offset: UInt64(bad))) { return problems }
            }
            position = max(position, range.end)
        }
        if let bad = firstNonZero(position..<dataEnd), !note(.nonZeroPadding(offset: UInt64(bad))) {
            return problems
        }
        // Bytes that belong to no section (alignment gaps) must be zero too, so every byte is covered.
        var end = 0
        for extent in layout.extents {
            if extent.lowerBound > end, let bad = firstNonZero(end..<extent.lowerBound),
                !note(.nonZeroPadding(offset: UInt64(bad)))
            {
                return problems
            }
            end = max(end, extent.upperBound)
        }
        if let bad = firstNonZero(end..<file.count) { _ = note(.nonZeroPadding(offset: UInt64(bad))) }
        return problems
    }

    private func firstNonZero(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        return range.first { file[$0] != 0 }
    }
}
