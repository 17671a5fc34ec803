import AssetCatalog
import Gallery
import Testing

@Test func theStarIsFoundThroughTheGeneratedAccessor() throws {
    // Only a 2x file exists: every scale gets it.
    let width = try Gallery.starPixelWidth(scale: 3)
    #expect(width != nil && width! > 0)
}
