import AssetCatalog

/// CoreUI's image lookup written a second time, straight from its published rules and independently of assetc's
/// resolver: no `VariantTraits`, no `DimensionMatch`, no `CoreUIKeyFacts`, only the raw numbers of each rendition
/// key sorted by the documented attribute order. The rules are the facts calebtrueman/finch gives for Apple's
/// CoreUI (`userland/CoreUI/CUICatalog.m`, `best_rendition`; `docs/design/ASSETS.md`, "Looking things up"):
///
/// - the candidates are the renditions carrying the facet's identifier (and its other fixed attributes; any part);
/// - an image lookup takes bitmaps (layouts 10–999, or 1003 for an image in a packed atlas) and PDF vectors
///   (layout 9, pixel format `PDF `); nothing else;
/// - the appearance must equal the requested one; idiom, subtype and gamut must be the requested value or 0;
/// - then, best first: the facet's own part; the scale (exact, else the largest lower, else any, else the smallest
///   higher; a vector just after a bitmap of the same scale); the idiom, subtype and gamut (exact before 0); the
///   direction (exact, 0, other); no localization; the largest deployment target; the most zeros among the size,
///   memory, graphics and glyph classes, then among state, value, dimension 1, layer, presentation state, previous
///   state and value, and size; the largest dimension 2; and last the order of the RENDITIONS tree.
enum CoreUIReferenceLookup {
    /// What the app asks CoreUI for, as CoreUI's own numbers.
    struct Query: CustomStringConvertible {
        /// The display scale (1, 2, 3).
        var scale: Int
        /// CoreUI's idiom number: 0 universal, 1 phone, 2 pad, 3 tv, 5 watch, 7 mac.
        var idiom: Int
        /// The appearance identifier (0: the default appearance).
        var appearance: Int = 0

        var description: String { "scale \(scale), idiom \(idiom), appearance \(appearance)" }
    }

    /// The index into `file.renditions` of the image CoreUI returns for `facet`, or `nil` for none.
    static func image(_ facet: CARFacet, in file: CARFile, _ query: Query) -> Int? {
        func number(_ rendition: CARRendition, _ attribute: UInt32) -> Int {
            Int(rendition.key[CARAttribute(identifier: attribute)])
        }
        func exactOrZero(_ have: Int, _ want: Int) -> Int { have == want ? 2 : (have == 0 ? 1 : 0) }
        let facetPart = Int(facet.attributes[.part])
        let fixed = facet.attributes.values.filter { $0.attribute != .part }
        var ranked: [(score: [Int], index: Int)] = []
        // The reader's list of the renditions carrying the facet's identifier (a superset: the element is checked below).
        for index in facet.renditions {
            let rendition = file.renditions[index]
            guard fixed.allSatisfy({ rendition.key[$0.attribute] == $0.value }) else { continue }
            guard number(rendition, 7) == query.appearance else { continue }
            let layout = Int(rendition.layout)
            let isBitmap = (10..<1000).contains(layout) || layout == 1003
            let isPDF = layout == 9 && rendition.pixelFormat.hasPrefix("PDF")
            guard isBitmap || isPDF else { continue }
            let idiom = exactOrZero(number(rendition, 15), query.idiom)
            let subtype = exactOrZero(number(rendition, 16), 0)
            let gamut = exactOrZero(number(rendition, 24), 0)
            guard idiom > 0, subtype > 0, gamut > 0 else { continue }
            let scale = number(rendition, 12)
            let scaleScore: Int
            if scale == query.scale {
                scaleScore = 1000
            } else if scale != 0 && scale < query.scale {
                scaleScore = 500 + scale
            } else if scale == 0 {
                scaleScore = 400
            } else {
                scaleScore = 300 - scale
            }
            let direction = number(rendition, 4) == 0 ? 2 : 1
            let zeros = { (attributes: [UInt32]) in attributes.filter { number(rendition, $0) == 0 }.count }
            ranked.append(
                (
                    [
                        number(rendition, 2) == facetPart ? 1 : 0, 2 * scaleScore - (isPDF ? 1 : 0), idiom, subtype, gamut,
                        direction, number(rendition, 13) == 0 ? 1 : 0, number(rendition, 25), zeros([20, 21, 22, 23, 26, 27]),
                        zeros([10, 6, 8, 11, 14, 19, 18, 3]), number(rendition, 9),
                    ], index
                ))
        }
        // Highest score first; equal scores keep the tree's order.
        return ranked.max { lhs, rhs in
            lhs.score != rhs.score ? lhs.score.lexicographicallyPrecedes(rhs.score) : lhs.index > rhs.index
        }?.index
    }

    /// The idioms an app on the catalog's platform asks with: phone and pad on iOS, tv on tvOS, universal (0) on
    /// macOS. The platform is the one the catalog's metadata names, else what its appearances and idioms show.
    static func idioms(of file: CARFile) -> [Int] {
        let platform = file.metadata?.deploymentPlatform.lowercased() ?? ""
        if platform.contains("appletv") || platform.contains("tvos") { return [3] }
        if platform.contains("mac") { return [0] }
        if platform.contains("ios") || platform.contains("iphone") { return [1, 2] }
        if file.appearances.contains(where: { $0.name.hasPrefix("NSAppearance") }) { return [0] }
        if file.renditions.contains(where: { $0.key[.idiom] == 3 }) { return [3] }
        return [1, 2]
    }

    /// The facets an image lookup is asked for: all but colours (layout 1009) and data sets (layout 1000).
    static func imageFacets(of file: CARFile) -> [CARFacet] {
        file.facets.filter { facet in
            !facet.renditions.allSatisfy { [1000, 1009].contains(Int(file.renditions[$0].layout)) }
        }
    }
}
