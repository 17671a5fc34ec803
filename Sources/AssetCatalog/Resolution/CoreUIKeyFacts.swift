/// What a compiled rendition's key says beyond its traits, in the terms CoreUI's lookup ranks it by.
///
/// An `Assets.car` rendition key has attributes assetc has no trait for (part, subtype, deployment target,
/// dimension 2, memory and graphics classes, …). Under ``ResolutionRules/coreUI`` the resolver ranks them where
/// CoreUI does (`docs/RESOLUTION.md`, "CoreUI's lookup"): `CARFile.coreUIKeyFacts(of:in:lookup:)` fills one per
/// rendition, and ``Resolver/explain(_:keyFacts:for:)`` takes them beside the traits. A source catalog's variants
/// have none; the default value is what a key without those attributes says.
public struct CoreUIKeyFacts: Hashable, Sendable {
    /// Why CoreUI's lookup for this asset's kind never returns the rendition (an image lookup returns bitmaps and
    /// PDF vectors only: not a layer stack, a multisize set record or data), or `nil` when it may.
    public var notReturned: String?
    /// Whether the rendition is under the facet's own part (CoreUI tries those first: an app icon's sizes and an
    /// image's preserved vector have parts of their own).
    public var isInFacetPart: Bool
    /// Whether it is a vector (layout 9): CoreUI takes a bitmap of the same scale first.
    public var isVector: Bool
    /// The subtype (a screen size class such as 568h or 1792); CoreUI takes only the requested one or 0, and
    /// assetc requests name none.
    public var subtype: UInt16
    /// An idiom the key names that is no assetc idiom (6, the App Store's marketing icon), or 0. CoreUI takes only
    /// the requested idiom or universal, and no request names these.
    public var idiomWithoutTrait: UInt16
    /// The deployment target; CoreUI takes the largest.
    public var deploymentTarget: UInt16
    /// The number of memory-class, graphics-class and glyph weight and size attributes set (CoreUI: fewest first).
    public var classesSet: Int
    /// The number of state, value, dimension 1, layer, presentation-state, previous-state, previous-value and size
    /// attributes set (CoreUI: fewest first).
    public var otherAttributesSet: Int
    /// Dimension 2 (an app icon's size index); CoreUI takes the largest.
    public var dimension2: UInt16

    /// Facts for a rendition: by default, a key with none of these attributes.
    public init(
        notReturned: String? = nil, isInFacetPart: Bool = true, isVector: Bool = false, subtype: UInt16 = 0,
        idiomWithoutTrait: UInt16 = 0, deploymentTarget: UInt16 = 0, classesSet: Int = 0, otherAttributesSet: Int = 0, dimension2: UInt16 = 0
    ) {
        self.notReturned = notReturned
        self.isInFacetPart = isInFacetPart
        self.isVector = isVector
        self.subtype = subtype
        self.idiomWithoutTrait = idiomWithoutTrait
        self.deploymentTarget = deploymentTarget
        self.classesSet = classesSet
        self.otherAttributesSet = otherAttributesSet
        self.dimension2 = dimension2
    }

    /// Why the rendition cannot be the answer whatever the request, or `nil`.
    var exclusion: String? {
        if let notReturned { return notReturned }
        if subtype != 0 { return "subtype \(subtype): CoreUI takes a subtype only when asked for it" }
        if idiomWithoutTrait != 0 {
            return "idiom \(idiomWithoutTrait)\(idiomWithoutTrait == 6 ? " (marketing)" : ""): CoreUI takes only the requested idiom or universal"
        }
        return nil
    }

    /// The rank right before the scale's (facet part first), smaller is better.
    var partRank: Int { isInFacetPart ? 0 : 1 }
    /// The rank right after the scale's (a bitmap before a vector of the same scale).
    var vectorRank: Int { isVector ? 1 : 0 }
    /// The rank right after the locale's (the largest deployment target first).
    var deploymentRank: Int { Int(UInt16.max) - Int(deploymentTarget) }
    /// The ranks after every dimension: fewest classes, fewest other attributes, largest dimension 2.
    var trailingRanks: [Int] { [classesSet, otherAttributesSet, Int(UInt16.max) - Int(dimension2)] }
}
