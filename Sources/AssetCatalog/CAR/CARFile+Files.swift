/// The file a device gets for a name in an `Assets.car`: what `assetc extract` writes and `assetc serve` answers.
///
/// Only renditions that can become a file compete (pixels, written as PNG, or a stored file such as a PDF or
/// JPEG), unlike ``CARFile/renditionIndex(named:compatibleWith:)-(_,CompiledRequest)``, where colours compete
/// too: a colour has no bytes to hand out.
public struct CARFileChoice: Sendable {
    /// The indices into ``CARFile/renditions`` of the facet's renditions that can become a file, in tree order.
    public let candidates: [Int]
    /// Why the resolver chose as it did; its indices are positions in ``candidates``.
    public let explanation: ResolutionExplanation

    /// The index into ``CARFile/renditions`` of the chosen rendition, or `nil` when every candidate was eliminated.
    public var chosenRendition: Int? { explanation.chosenIndex.map { candidates[$0] } }
}

/// A rendition turned into the bytes `assetc extract` writes.
public enum CARFileBytes: Sendable {
    /// The file's bytes and the extension it is written under (`png` for pixels, else the stored file's kind).
    case file(bytes: [UInt8], fileExtension: String)
    /// The rendition is a colour, which has no file.
    case color
    /// The rendition is a gradient, which has no file.
    case gradient
    /// The rendition cannot be decoded, and why (plainly).
    case notDecodable(reason: String)
}

extension CARFile {
    /// Which rendition of the facet called `name` a device with `traits` gets as a file; `nil` when no facet has
    /// that name (the first facet in tree order answers for a shared name, as in lookups).
    ///
    /// Finds the facet by a linear search and explains every candidate, so it allocates: cache what it returns
    /// when the same question comes often.
    public func fileChoice(named name: String, compatibleWith traits: TraitCollection, resolver: Resolver = Resolver())
        -> CARFileChoice?
    {
        guard let facet = facets.first(where: { $0.name == name }) else { return nil }
        let candidates = fileCandidates(of: facet)
        let explanation = resolver.explain(candidates.map { self.traits(of: renditions[$0]) }, for: traits)
        return CARFileChoice(candidates: candidates, explanation: explanation)
    }

    /// The indices into ``renditions`` of the facet's renditions that can become a file (pixels or a stored file),
    /// in tree order: the candidates of ``fileChoice(named:compatibleWith:resolver:)``.
    public func fileCandidates(of facet: CARFacet) -> [Int] {
        facet.renditions.filter { CARFile.outputExtension(renditions[$0]) != nil }
    }

    /// The bytes of rendition `index` as a file: pixels encoded as a PNG (un-premultiplied; 16 bits a sample where the
    /// rendition's pixels are deeper than 8 bits, `RGBW` and `GA16`), a stored file as it is.
    ///
    /// - Throws: ``CARError`` when the rendition's payload is damaged, ``PNGError`` when its pixels cannot be
    ///   encoded.
    public func fileBytes(ofRendition index: Int, decoder: CARDecoder) throws -> CARFileBytes {
        switch try decoder.decode(index) {
        case .image(let image): return .file(bytes: try PNGCodec.encode(image), fileExtension: "png")
        case .file(let bytes, let fileExtension): return .file(bytes: bytes, fileExtension: fileExtension)
        case .color: return .color
        case .gradient: return .gradient
        case .notDecodable(let reason): return .notDecodable(reason: reason)
        }
    }
}
