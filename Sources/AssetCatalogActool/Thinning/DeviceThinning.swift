import AssetCatalog
import AssetCatalogBuilder

/// Keeps, of a catalog, only what one device can load: what actool's `--filter-for-device-model` and
/// `--filter-for-thinning-device-configuration` do for a build to a connected device.
///
/// The rule (docs/DEVICES.md, "The thinning rule"), for each set:
/// 1. **Admit** the entries the device can ever select: its idiom or universal; its subtype or none; a
///    `screen-width` its screen meets; a memory and graphics class it has; no Display P3 artwork on an sRGB screen.
/// 2. **Drop the outclassed**: an entry is dropped when another admitted entry of the set is at least as good for
///    the device in every trait the build knows (idiom, scale, gamut, subtype, screen width, memory, graphics
///    class) and better in one, and the same in everything else (appearance, contrast, size classes, direction,
///    locale, an icon's size and role, …). The device's runtime can then never pick the dropped entry, whatever
///    it decides while running and in whichever order it weighs the traits.
/// 3. A set left with no entry is dropped; a set that had none (an image stack, a brand assets folder) stays.
///
/// The result does not depend on the order of the entries: an entry is kept or dropped by what the whole set
/// holds, and the kept ones stay in their order.
public struct DeviceThinning: Sendable {
    /// The device thinned for.
    public let device: ThinningDevice

    /// Creates a thinning for `device`.
    public init(device: ThinningDevice) {
        self.device = device
    }

    /// The index with only what the device can load.
    public func thin(_ index: CatalogIndex) -> CatalogIndex {
        var thinned = index
        thinned.assets = index.assets.compactMap(thin)
        return thinned
    }

    /// The asset with only what the device can load, or `nil` when none of its entries is left.
    public func thin(_ asset: Asset) -> Asset? {
        let hadEntries = !asset.variants.isEmpty || !asset.colors.isEmpty
        var thinned = asset
        // The App Store's icons (`ios-marketing`, `watch-marketing`) are shown by no device: Xcode 15 leaves
        // SwiftUITestProject1's out of its thinned car (../shared). A set of nothing else keeps them.
        let onDevice = asset.variants.filter { $0.attributes["idiom"]?.hasSuffix("marketing") != true }
        let variants = onDevice.isEmpty ? asset.variants : onDevice
        // An empty slot (an entry without a file) gives the device nothing: it never outclasses an entry with a file
        // (SwiftUITestProject1's `Avatar`: a 1x JPEG beside empty 2x and 3x slots, kept by Xcode for a 3x device).
        thinned.variants = kept(variants.map(ThinningFacts.init), of: variants, asset: asset, hasContent: variants.map { $0.source != nil })
        thinned.colors = kept(
            asset.colors.map(ThinningFacts.init), of: asset.colors, asset: asset, hasContent: Array(repeating: true, count: asset.colors.count))
        if hadEntries && thinned.variants.isEmpty && thinned.colors.isEmpty { return nil }
        return thinned
    }

    /// The entries whose facts are admitted and not outclassed by an entry with content, in their order.
    private func kept<Entry>(_ facts: [ThinningFacts], of entries: [Entry], asset: Asset, hasContent: [Bool]) -> [Entry] {
        let candidates = facts.indices.filter { position in
            ThinningDimension.allCases.allSatisfy { $0.admits(facts[position], on: device) }
        }
        let ranks = candidates.map { position in
            ThinningDimension.allCases.map { rank(of: facts[position], in: $0, asset: asset) }
        }
        var result: [Entry] = []
        for (slot, position) in candidates.enumerated() {
            let outclassed = candidates.indices.contains { other in
                other != slot && hasContent[candidates[other]] && facts[candidates[other]].remainder == facts[position].remainder
                    && Self.outclasses(ranks[other], ranks[slot], facts[candidates[other]], facts[position])
            }
            if !outclassed { result.append(entries[position]) }
        }
        return result
    }

    /// The entry's rank in `dimension`, with one exception to ``ThinningDimension/rank(of:on:)``: the vector of a
    /// set that keeps its vectors (`preserves-vector-representation`) is stored beside the bitmaps and drawn when
    /// the image is scaled, so it never competes on scale.
    private func rank(of facts: ThinningFacts, in dimension: ThinningDimension, asset: Asset) -> Int? {
        switch dimension {
        case .scale where facts.displayScale == nil && asset.properties.preservesVectorRepresentation == true:
            return nil
        case .idiom, .scale, .gamut, .subtype, .screenWidth, .memory, .graphics:
            return dimension.rank(of: facts, on: device)
        }
    }

    /// Whether an entry ranked `better` outclasses one ranked `worse`: in every dimension either both are ranked
    /// and `better` is not worse, or neither is ranked and the two have the same value; strictly better in one.
    static func outclasses(_ better: [Int?], _ worse: [Int?], _ betterFacts: ThinningFacts, _ worseFacts: ThinningFacts)
        -> Bool
    {
        var strictly = false
        for (dimension, (betterRank, worseRank)) in zip(ThinningDimension.allCases, zip(better, worse)) {
            switch (betterRank, worseRank) {
            case (.some(let left), .some(let right)):
                if left > right { return false }
                if left < right { strictly = true }
            case (nil, nil):
                if !sameValue(betterFacts, worseFacts, in: dimension) { return false }
            case (.some, nil), (nil, .some):
                return false
            }
        }
        return strictly
    }

    /// Whether two entries have the same value in `dimension` (for dimensions the device cannot rank them in).
    private static func sameValue(_ left: ThinningFacts, _ right: ThinningFacts, in dimension: ThinningDimension) -> Bool {
        switch dimension {
        case .idiom: return left.idiom == right.idiom
        case .scale: return left.displayScale == right.displayScale
        case .gamut: return left.displayGamut == right.displayGamut
        case .subtype: return left.subtype == right.subtype
        case .screenWidth: return left.screenWidth == right.screenWidth
        case .memory: return left.memory == right.memory
        case .graphics: return left.graphicsFeatureSet == right.graphicsFeatureSet
        }
    }
}

extension CatalogIndex {
    /// The index with only what `device` can load (``DeviceThinning``).
    public func thinned(for device: ThinningDevice) -> CatalogIndex {
        DeviceThinning(device: device).thin(self)
    }

    /// The index thinned for the request's device, or unchanged when the request names none.
    public func thinned(for request: ThinningRequest) -> CatalogIndex {
        guard let device = request.device else { return self }
        return thinned(for: device)
    }
}
