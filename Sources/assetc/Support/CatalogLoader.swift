import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// Opens what the user named: a source catalog folder (read with the reader) or a packed archive file.
enum CatalogLoader {
    static func load(
        _ given: String, maxPixels: Int? = nil, declaredInputs: DeclaredInputs? = nil, glyph: GlyphOptions? = nil
    ) throws -> any ResolvableCatalog {
        let path = try CARSource.expandingApplication(given)
        let isCAR = try InputPaths.requireExisting([path]) == [.file] && CARSource.isCAR(path)
        if glyph?.isGiven == true && !isCAR {
            throw CLIError("--glyph-weight and --glyph-size choose a compiled symbol's glyph in an Assets.car; \(path) is not one")
        }
        if try InputPaths.requireExisting([path]) == [.file] {
            if isCAR { return CARCatalog(file: try CARSource.open(path), path: path, glyphWeight: glyph?.weight, glyphSize: glyph?.size) }
            do {
                return ArchiveCatalog(archive: try AssetArchive(path: path))
            } catch {
                throw CLIError("\(path): not a usable assetc archive: \(error)")
            }
        }
        var options = ReaderOptions(declaredInputs: declaredInputs)
        if let maxPixels { options.maxPixels = maxPixels }
        return CatalogReader(options: options).read([path])
    }
}
