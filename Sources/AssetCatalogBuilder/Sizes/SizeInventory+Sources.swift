import AssetCatalog

extension SizeInventory {
    /// The sizes of a packed archive: each variant's payload, counted once however many variants share it (an
    /// archive stores equal payloads once; later variants have ``SizedVariant/sharesPayload`` set and 0 bytes).
    /// Colours are stored in the archive's tables, not as payloads: they are variants of 0 bytes.
    ///
    /// - Throws: `ArchiveError` when the archive's records are damaged. Payload bytes are not read: the checksum
    ///   is the one the archive stores.
    public init(archive: AssetArchive, path: String) throws(ArchiveError) {
        var seen = Set<Int>()
        var assets: [SizedAsset] = []
        var positionByName: [String: Int] = [:]
        for stored in try archive.assets() {
            var variants: [SizedVariant] = []
            for variant in stored.variants {
                switch variant.content {
                case .color:
                    variants.append(SizedVariant(traits: variant.traits, name: variant.sourcePath, encoding: "colour", bytes: 0))
                case .payload(let payload):
                    let first = seen.insert(payload.index).inserted
                    variants.append(
                        SizedVariant(
                            traits: variant.traits, name: variant.sourcePath, encoding: Self.encoding(of: payload.contentType),
                            bytes: first ? payload.byteCount : 0, pixelWidth: payload.pixelWidth, pixelHeight: payload.pixelHeight,
                            sharesPayload: !first, checksum: payload.crc32))
                }
            }
            if let position = positionByName[stored.name] {
                assets[position].variants += variants
            } else {
                positionByName[stored.name] = assets.count
                assets.append(SizedAsset(name: stored.name, kind: stored.kind, variants: variants))
            }
        }
        self.init(path: path, kind: .archive, assets: assets)
        finish()
    }

    /// The sizes of source catalogs as read: each variant's file (empty slots and missing files have none and
    /// are left out), each colour a variant of 0 bytes (it lives in `Contents.json`). Assets of the same name in
    /// several roots are one asset. No checksum: the files are not read again.
    public init(index: CatalogIndex) {
        var assets: [SizedAsset] = []
        var positionByName: [String: Int] = [:]
        for asset in index.assets {
            var variants: [SizedVariant] = []
            for variant in asset.variants {
                guard let source = variant.source, let inspection = variant.inspection else { continue }
                variants.append(
                    SizedVariant(
                        traits: variant.traits, name: source, encoding: Self.encoding(of: inspection.contentType),
                        bytes: inspection.byteCount, pixelWidth: inspection.pixelWidth, pixelHeight: inspection.pixelHeight))
            }
            for color in asset.colors {
                variants.append(SizedVariant(traits: color.traits, name: asset.path, encoding: "colour", bytes: 0))
            }
            if let position = positionByName[asset.name] {
                assets[position].variants += variants
            } else {
                positionByName[asset.name] = assets.count
                assets.append(SizedAsset(name: asset.name, kind: asset.kind, variants: variants))
            }
        }
        self.init(path: index.sources.map(\.path).joined(separator: ", "), kind: .catalog, assets: assets)
        finish()
    }

    /// A file's kind as an encoding name: the content type, `data` for anything not recognised.
    static func encoding(of type: ContentType) -> String {
        type == .unknown ? "data" : type.rawValue
    }
}
