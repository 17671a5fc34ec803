import AssetCatalog

/// One rendition of an `Assets.car` asset as a resolution candidate: what `resolve`, `matrix` and `extract` rank.
public struct CARResolutionCandidate: Hashable, Sendable {
    /// Its index in `CARFile/renditions`.
    public var rendition: Int
    /// Its traits (`CARFile/traits(of:)`).
    public var traits: VariantTraits
    /// What CoreUI ranks it by beyond its traits.
    public var keyFacts: CoreUIKeyFacts
    /// The path `extract --all` writes it to (`CARFile/outputPaths()`), or `nil` when it writes none.
    public var source: String?
    /// What `extract` writes for it, when anything.
    public var contentType: ContentType?
    /// Why its pixels cannot be decoded (the `not-decoded` attribute), or `nil`.
    public var notDecoded: String?
}

extension CARFile {
    /// The candidates of the asset called `name` (the first facet of that name, as ``CatalogIndex/asset(named:)``
    /// answers), or `nil` when there is none: every rendition with content, whatever its compression — which
    /// rendition a device gets does not depend on whether assetc can decode its pixels. A rendition that has a file
    /// to write competes, and so does one CoreUI's lookup for the asset's kind returns (`CoreUIKeyFacts/notReturned`
    /// is `nil`) even without one. `outputPaths` is `outputPaths()`, passed in so a caller asking for many names
    /// works it out once.
    public func resolutionCandidates(named name: String, kind: AssetKind, outputPaths: [Int: String]) -> [CARResolutionCandidate]? {
        guard let facet = facets.first(where: { $0.name == name }) else { return nil }
        let lookup: CoreUILookup = kind == .data ? .data : .image
        return facet.renditions.compactMap { index in
            let rendition = renditions[index]
            let facts = coreUIKeyFacts(of: rendition, in: facet, lookup: lookup)
            guard outputPaths[index] != nil || facts.notReturned == nil else { return nil }
            return CARResolutionCandidate(
                rendition: index, traits: traits(of: rendition), keyFacts: facts, source: outputPaths[index],
                contentType: CatalogIndex.contentType(of: rendition), notDecoded: attributes(of: rendition)["not-decoded"])
        }
    }
}
