import AssetCatalog

/// Every fully specified trait collection a device can present, precompiled for one fallback order:
/// 7 idioms × scales × 2 gamuts × 2 widths × 2 heights × 2 appearances × 2 contrasts × 2 directions.
///
/// The requests for the usual scales (1x, 2x, 3x: 1,344 of them) are compiled once per audit; a set
/// with other scales gets those compiled on the spot.
struct TraitSpace: Sendable {
    /// The order the requests were compiled for.
    let order: FallbackOrder
    /// The compiled requests for ``standardScales``.
    let standardRequests: [CompiledRequest]

    /// The scales every search covers.
    static let standardScales = [1, 2, 3]

    init(order: FallbackOrder) {
        self.order = order
        standardRequests = Self.collections(scales: Self.standardScales).map { CompiledRequest($0, order: order) }
    }

    /// Every fully specified collection with one of `scales`.
    static func collections(scales: [Int]) -> [TraitCollection] {
        var result: [TraitCollection] = []
        result.reserveCapacity(Idiom.allCases.count * scales.count * 64)
        for idiom in Idiom.allCases {
            for scaleValue in scales {
                guard let scale = DisplayScale(scaleValue) else { continue }
                for gamut in DisplayGamut.allCases {
                    for width in SizeClass.allCases {
                        for height in SizeClass.allCases {
                            for appearance in Appearance.allCases {
                                for contrast in Contrast.allCases {
                                    for direction in LayoutDirection.allCases {
                                        result.append(
                                            TraitCollection(
                                                idiom: idiom, displayScale: scale, displayGamut: gamut,
                                                horizontalSizeClass: width, verticalSizeClass: height,
                                                appearance: appearance, contrast: contrast, layoutDirection: direction))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The fully specified request closest to a variant: its own traits, with common values where it says "any".
    static func nearestRequest(for traits: VariantTraits) -> TraitCollection {
        TraitCollection(
            idiom: traits.idiom ?? .phone, displayScale: traits.displayScale ?? 2, displayGamut: traits.displayGamut ?? .sRGB,
            horizontalSizeClass: traits.horizontalSizeClass ?? .compact, verticalSizeClass: traits.verticalSizeClass ?? .regular,
            appearance: traits.appearance ?? .light, contrast: traits.contrast ?? .normal,
            layoutDirection: traits.layoutDirection ?? .leftToRight)
    }

    /// For each variant, whether some fully specified request chooses it. The search covers the standard
    /// scales and every scale the variants name, and stops as soon as every variant has been chosen.
    func reachable(_ variants: [VariantTraits]) -> [Bool] {
        var chosen = [Bool](repeating: false, count: variants.count)
        guard variants.count > 1 else { return [Bool](repeating: true, count: variants.count) }
        let packed = variants.map(PackedVariantTraits.init)
        var remaining = variants.count
        packed.withUnsafeBufferPointer { buffer in
            // Most variants are chosen by the request that matches them most closely: try those first, so
            // a healthy set needs a handful of rankings instead of the whole space.
            for (position, variant) in variants.enumerated() where !chosen[position] {
                let request = CompiledRequest(Self.nearestRequest(for: variant), order: order)
                if let best = request.bestIndex(in: buffer), !chosen[best] {
                    chosen[best] = true
                    remaining -= 1
                }
            }
            if remaining == 0 { return }
            func visit(_ request: CompiledRequest) -> Bool {
                if let best = request.bestIndex(in: buffer), !chosen[best] {
                    chosen[best] = true
                    remaining -= 1
                }
                return remaining == 0
            }
            for request in standardRequests where visit(request) { return }
            let extra = Set(variants.compactMap { $0.displayScale?.value }).subtracting(Self.standardScales).sorted()
            if !extra.isEmpty {
                for collection in Self.collections(scales: extra) where visit(CompiledRequest(collection, order: order)) {
                    return
                }
            }
        }
        return chosen
    }
}
