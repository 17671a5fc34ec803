import AssetCatalog

extension CatalogIndex {
    /// Rebuilds an index from a packed archive, so everything that reports on a source catalog
    /// (`assetc info --json`, `matrix`, `resolve`) reports on an archive the same way.
    ///
    /// What an archive does not keep is absent: diagnostics, unsupported sets, empty slots and unusable
    /// files (left out when packing), and PNG details beyond the pixel size (``FileInspection/png`` is `nil`).
    /// Each variant's ``FileInspection`` holds the stored payload's size and type, which differ from the
    /// source file's when the archive was packed with `optimize`.
    ///
    /// - Throws: `ArchiveError` when the archive's records or metadata are damaged. Payload bytes are not read.
    public init(archive: AssetArchive) throws(ArchiveError) {
        let sources = try archive.sources().map { source in
            CatalogSource(path: source.path, kind: CatalogSource.Kind(rawValue: source.kind) ?? .xcassets)
        }
        var assets: [Asset] = []
        for stored in try archive.assets() {
            var asset = Asset(
                name: stored.name, kind: stored.kind, sourceIndex: stored.sourceIndex, path: stored.path,
                properties: Self.properties(stored.properties),
                members: stored.properties[AssetMember.archiveKey].map { AssetMember.members(archiveValue: $0) } ?? [])
            for variant in stored.variants {
                switch variant.content {
                case .color(let value):
                    asset.colors.append(ColorVariant(traits: variant.traits, value: value))
                case .payload(let payload):
                    asset.variants.append(
                        Variant(
                            traits: variant.traits, source: variant.sourcePath, contentType: payload.contentType,
                            inspection: FileInspection(
                                byteCount: payload.byteCount, contentType: payload.contentType,
                                pixelWidth: payload.pixelWidth, pixelHeight: payload.pixelHeight),
                            attributes: variant.attributes))
                }
            }
            assets.append(asset)
        }
        self.init(sources: sources, assets: assets)
    }

    private static func properties(_ stored: [String: String]) -> AssetProperties {
        func flag(_ key: String) -> Bool? { stored[key].map { $0 == "true" } }
        return AssetProperties(
            templateRenderingIntent: stored["template-rendering-intent"],
            preservesVectorRepresentation: flag("preserves-vector-representation"),
            compressionType: stored["compression-type"], localizable: flag("localizable"),
            onDemandResourceTags: stored["on-demand-resource-tags"].map {
                $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            } ?? [])
    }
}
