import AssetCatalog
import Foundation

extension CARCompiler {
    // MARK: Single-size app icons

    /// The iOS and iPadOS icon sizes (points, scales, idiom) a single-size icon stands for: home screen,
    /// Spotlight, Settings and notifications, at the scales current devices use (iOS 17 and later have no
    /// 1x iPhone or iPad).
    static let singleSizeIconSlots: [(points: Double, scales: [Int], idiom: Idiom)] = [
        (20, [2, 3], .phone), (29, [2, 3], .phone), (40, [2, 3], .phone), (60, [2, 3], .phone),
        (20, [2], .pad), (29, [2], .pad), (40, [2], .pad), (76, [2], .pad), (83.5, [2], .pad),
    ]

    /// For an iOS app icon whose only images are universal 1024 pt entries (Xcode 14's single size, one
    /// per appearance), the variants of every size the platform needs, each to be scaled from its 1024
    /// image (keyed by position after the asset's own variants), so that the car has every size a device
    /// looks up as well as the 1024 one.
    func singleSizeIconVariants(_ asset: Asset) -> (variants: [Variant], sides: [Int: Int])? {
        guard options.platform == .iphoneos || options.platform == .iphonesimulator else { return nil }
        let images = asset.variants.filter { $0.source != nil }
        guard !images.isEmpty,
            images.allSatisfy({ $0.attributes["size"] == "1024x1024" && $0.contentType == .png }),
            images.contains(where: { $0.traits.idiom == nil && $0.attributes["idiom"]?.hasSuffix("marketing") != true })
        else { return nil }
        var variants: [Variant] = []
        var sides: [Int: Int] = [:]
        for image in images where image.traits.idiom == nil && image.attributes["idiom"]?.hasSuffix("marketing") != true {
            for slot in Self.singleSizeIconSlots where options.keptIdioms.contains(slot.idiom) {
                for scale in slot.scales {
                    var variant = image
                    variant.traits.idiom = slot.idiom
                    variant.traits.displayScale = DisplayScale(scale)
                    let points = slot.points.rounded() == slot.points ? String(Int(slot.points)) : String(slot.points)
                    variant.attributes["size"] = "\(points)x\(points)"
                    variant.attributes["idiom"] = slot.idiom == .phone ? "iphone" : "ipad"
                    sides[asset.variants.count + variants.count] = Int((slot.points * Double(scale)).rounded())
                    variants.append(variant)
                }
            }
        }
        return (variants, sides)
    }
}
