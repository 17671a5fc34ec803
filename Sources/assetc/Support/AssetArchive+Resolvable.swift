import AssetCatalog

/// A packed archive answers `resolve`, `matrix` and `--batch` exactly as its source catalog does.
struct ArchiveCatalog: ResolvableCatalog {
    let archive: AssetArchive

    var assetNames: [String] { archive.names }

    func candidates(named name: String) -> [CandidateVariant]? {
        // A damaged archive is reported by `verify`; here it simply has no such asset.
        guard let asset = try? archive.asset(named: name) else { return nil }
        return asset.variants.map { variant in
            CandidateVariant(
                traits: variant.traits, source: variant.sourcePath.isEmpty ? nil : variant.sourcePath,
                contentType: variant.payload?.contentType, pixelWidth: variant.payload?.pixelWidth,
                pixelHeight: variant.payload?.pixelHeight, color: variant.color)
        }
    }
}
