import AssetCatalog
import Foundation

/// The gallery's artwork: the archive AssetCatalogPlugin packed from Assets.xcassets at build time.
public enum Gallery {
    /// Opens the packed catalog from the module's resource bundle.
    public static func artwork() throws -> AssetArchive {
        guard let url = Bundle.module.url(forResource: "Gallery", withExtension: "assetc") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try AssetArchive(path: url.path)
    }

    /// The star for a display of `scale`, looked up through the generated accessor `.star`.
    public static func starPixelWidth(scale: Int) throws -> Int? {
        let archive = try artwork()
        return try withExtendedLifetime(archive) {
            try archive.image(.star, compatibleWith: TraitCollection(displayScale: DisplayScale(scale)))?.pixelWidth
        }
    }
}
