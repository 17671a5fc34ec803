import AssetCatalog
import AssetCatalogBuilder

/// What thinning reads from one entry of a set: the traits a build knows for its device (idiom, scale, gamut,
/// subtype, watch screen width, memory and graphics classes), and everything else as one opaque key.
///
/// Entries with different ``remainder``s differ in something the device decides only while running
/// (appearance, contrast, size classes, layout direction, locale, an icon's size or role, …), so thinning
/// never lets one of them replace another.
struct ThinningFacts: Hashable, Sendable {
    /// The `Contents.json` keys thinning judges; every other key is part of ``remainder``.
    static let judgedAttributes: Set<String> = ["subtype", "screen-width", "memory", "graphics-feature-set"]

    var idiom: Idiom?
    var displayScale: DisplayScale?
    var displayGamut: DisplayGamut?
    var subtype: String?
    var screenWidth: String?
    var memory: String?
    var graphicsFeatureSet: String?
    /// Everything thinning does not judge: the traits without idiom, scale and gamut, the other attributes.
    var remainder: Remainder

    /// What is left of an entry once the judged traits are taken out.
    struct Remainder: Hashable, Sendable {
        var traits: VariantTraits
        var attributes: [String: String]
    }

    /// The facts of an image, data or app icon set's entry.
    init(_ variant: Variant) {
        self.init(traits: variant.traits, attributes: variant.attributes)
    }

    /// The facts of a colour set's entry (colours have no attributes).
    init(_ color: ColorVariant) {
        self.init(traits: color.traits, attributes: [:])
    }

    private init(traits: VariantTraits, attributes: [String: String]) {
        idiom = traits.idiom
        displayScale = traits.displayScale
        displayGamut = traits.displayGamut
        subtype = attributes["subtype"]
        screenWidth = attributes["screen-width"]
        memory = attributes["memory"]
        graphicsFeatureSet = attributes["graphics-feature-set"]
        var rest = traits
        rest.idiom = nil
        rest.displayScale = nil
        rest.displayGamut = nil
        remainder = Remainder(traits: rest, attributes: attributes.filter { !Self.judgedAttributes.contains($0.key) })
    }
}
