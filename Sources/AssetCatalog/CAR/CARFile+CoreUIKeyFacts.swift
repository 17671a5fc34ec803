/// The rendition-key attributes CoreUI ranks by that have no assetc trait (``CoreUIKeyFacts``), read from a key.
/// Attributes a file's key format leaves out read as 0, as CoreUI reads them.
extension CARFile {
    /// Which of CoreUI's named lookups an asset is asked through.
    public enum CoreUILookup: String, Hashable, Sendable {
        /// `imageWithName:…`: bitmaps (layouts 10–999, 1003 for an image in a packed atlas) and PDF vectors (layout 9).
        case image
        /// `dataWithName:`: data renditions (layout 1000).
        case data
    }

    /// The facts of `rendition` (one of `facet`'s) for a lookup of kind `lookup`.
    public func coreUIKeyFacts(of rendition: CARRendition, in facet: CARFacet, lookup: CoreUILookup) -> CoreUIKeyFacts {
        let key = rendition.key
        let count = { (attributes: [CARAttribute]) in attributes.filter { key[$0] != 0 }.count }
        return CoreUIKeyFacts(
            notReturned: Self.coreUIExclusion(rendition, lookup),
            isInFacetPart: key[.part] == facet.attributes[.part], isVector: rendition.layout == 9,
            subtype: key[.subtype], idiomWithoutTrait: Self.traits(of: rendition, appearances: []).idiom == nil ? key[.idiom] : 0,
            deploymentTarget: key[.deploymentTarget],
            classesSet: count([.memoryClass, .graphicsClass, .glyphWeight, .glyphSize]),
            otherAttributesSet: count([
                .state, .value, .dimension1, .layer, .presentationState, .previousState, .previousValue, .size,
            ]),
            dimension2: key[.dimension2])
    }

    /// Why a lookup of kind `lookup` never returns `rendition`, from its layout and pixel format; `nil` when it may.
    static func coreUIExclusion(_ rendition: CARRendition, _ lookup: CoreUILookup) -> String? {
        let layout = Int(rendition.layout)
        switch lookup {
        case .image:
            if (10..<1000).contains(layout) || layout == 1003 { return nil }
            if layout == 9 {
                return rendition.pixelFormat.hasPrefix("PDF")
                    ? nil : "an image lookup returns PDF vectors, not \(rendition.pixelFormat) ones (layout 9)"
            }
            return "an image lookup returns bitmaps and PDF vectors, not layout \(layout)\(Self.layoutName(layout))"
        case .data:
            return layout == 1000 ? nil : "a data lookup returns data renditions (layout 1000), not layout \(layout)"
        }
    }

    private static func layoutName(_ layout: Int) -> String {
        switch layout {
        case 1002: return " (a layer stack)"
        case 1004: return " (a packed atlas)"
        case 1009: return " (a colour)"
        case 1010: return " (a multisize image set)"
        case 1000: return " (data)"
        case 1019, 1020: return " (an icon stack or group)"
        default: return ""
        }
    }
}
