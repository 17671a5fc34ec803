import AssetCatalog
import Foundation
import Testing

@testable import AssetCatalogBuilder

/// The search behind `unreachable-variant`, checked against brute force with the reference resolver, and
/// the colour maths behind `wide-gamut-unused`.
@Suite("Audit: trait-space search and gamut maths")
struct AuditResolutionTests {
    /// A small deterministic generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        mutating func maybe<T>(_ values: [T]) -> T? {
            let pick = next(values.count + 1)
            return pick == values.count ? nil : values[pick]
        }
    }

    static func randomVariants(_ random: inout Random) -> [VariantTraits] {
        (0..<(2 + random.next(6))).map { _ in
            VariantTraits(
                idiom: random.maybe([.phone, .pad, .watch]), displayScale: random.maybe([1, 2, 3]),
                displayGamut: random.maybe(DisplayGamut.allCases), horizontalSizeClass: random.maybe(SizeClass.allCases),
                verticalSizeClass: random.next(4) == 0 ? random.maybe(SizeClass.allCases) : nil,
                appearance: random.maybe(Appearance.allCases), contrast: random.next(3) == 0 ? random.maybe(Contrast.allCases) : nil,
                layoutDirection: random.next(4) == 0 ? random.maybe(LayoutDirection.allCases) : nil)
        }
    }

    @Test("The precompiled search finds exactly the variants some fully specified request chooses", arguments: [1, 2, 3, 4])
    func searchMatchesBruteForce(seed: UInt64) {
        var random = Random(state: seed)
        let orders = [FallbackOrder.default, try! FallbackOrder(parsing: "gamut,scale,idiom")]
        for order in orders {
            let space = TraitSpace(order: order)
            let resolver = Resolver(order: order)
            for _ in 0..<40 {
                let variants = Self.randomVariants(&random)
                var expected = [Bool](repeating: false, count: variants.count)
                for request in TraitSpace.collections(scales: [1, 2, 3]) {
                    if let best = resolver.bestVariant(among: variants, for: request) { expected[best] = true }
                }
                #expect(space.reachable(variants) == expected, "\(variants.map(\.description)) with \(order)")
            }
        }
    }

    @Test("The trait space covers every fully specified collection once")
    func traitSpace() {
        let collections = TraitSpace.collections(scales: [1, 2, 3])
        #expect(collections.count == 7 * 3 * 64)
        #expect(Set(collections).count == collections.count)
        #expect(collections.allSatisfy { $0.isFullySpecified })
    }

    @Test("A set with a 4x variant is searched at 4x too")
    func extraScales() {
        let variants = [VariantTraits(displayScale: 3), VariantTraits(displayScale: 4)]
        #expect(TraitSpace(order: .default).reachable(variants) == [true, true])
    }

    @Test(
        "Display P3 pixels inside and outside sRGB",
        arguments: [
            ([128, 128, 128], true), ([255, 255, 255], true), ([0, 0, 0], true), ([80, 110, 160], true),
            ([255, 0, 0], false), ([0, 255, 0], false), ([0, 0, 255], false), ([234, 51, 35], true),
        ] as [([UInt8], Bool)])
    func gamut(pixel: [UInt8], inside: Bool) {
        #expect(Gamut.insideSRGB(pixel[0], pixel[1], pixel[2]) == inside)
    }

    @Test("sRGB red, encoded in Display P3, lies inside sRGB; the matrix maps white to white")
    func matrix() {
        // sRGB (255, 0, 0) is about (234, 51, 35) in Display P3 (checked above); white stays white.
        let row = { (index: Int) in Gamut.matrix[index * 3] + Gamut.matrix[index * 3 + 1] + Gamut.matrix[index * 3 + 2] }
        for index in 0..<3 { #expect(abs(row(index) - 1) < 0.001) }
    }
}
