import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

/// The write order after the pack stage adds its atlases: merged into the order the plan settled (issue 24), it must
/// be the order a sort of every item gives, key format and key bytes included.
@Suite("Key order with added atlases")
struct KeyOrderTests {
    /// Random image keys (some sharing a key, some preferred), then atlas keys that add attributes to the format
    /// (element 9, dimension 1): the merge gives what ordering them all afresh gives, on both kinds of platform, and
    /// so do keys made on several threads (in runs of 4,096 items) and on one.
    @Test func mergingTheAddedItemsGivesTheOrderOfASortOfThemAll() {
        var generator = SystemRandomNumberGenerator()
        for platform in [CompilePlatform.iphoneos, .macosx] {
            for round in 0..<20 {
                var items = (0..<(round == 0 ? 9000 : Int.random(in: 1...400, using: &generator))).map { number in
                    var key = CARCompiler.baseKey(identifier: UInt16.random(in: 1...40, using: &generator), part: 181)
                    key[.scale] = UInt16.random(in: 1...3, using: &generator)
                    if Bool.random(using: &generator) { key[.appearance] = 1 }
                    return StreamItem(key: key, preferred: platform == .macosx && number % 7 == 0, work: .job(number))
                }
                let known = CARCompiler.keyOrder(items, platform: platform, width: 3)
                let firstNew = items.count
                for number in 0..<Int.random(in: 0...12, using: &generator) {
                    var key = RenditionKey()
                    key[.element] = 9
                    key[.part] = 181
                    key[.scale] = UInt16.random(in: 1...3, using: &generator)
                    key[.dimension1] = UInt16(number % 3)
                    items.append(StreamItem(key: key, preferred: false, work: .atlas(number)))
                }
                let merged = CARCompiler.keyOrder(items, adding: firstNew, to: known, platform: platform, width: 2)
                let sorted = CARCompiler.keyOrder(items, platform: platform)
                #expect(merged.keyFormat == sorted.keyFormat)
                #expect(merged.keyBytes == sorted.keyBytes)
                #expect(merged.order == sorted.order)
            }
        }
    }
}
