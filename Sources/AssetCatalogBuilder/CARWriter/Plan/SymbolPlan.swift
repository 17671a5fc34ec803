import AssetCatalog
import Foundation

extension CARCompiler {
    /// The renditions of a symbol set's entries (one template each, usually one universal entry): every glyph the
    /// template gives (``SymbolRenditions``), keyed by the entry's idiom, scale 1, deployment target 2019, glyph weight
    /// and glyph size. A template that cannot be read or interpolated is an error in the inputs, naming the file and
    /// the problem, and fails the compile.
    func symbolRenditions(
        _ asset: Asset, identifier: UInt16, root: String, keep: (VariantTraits, [String: String]) -> Bool
    ) -> (renditions: [CompiledRendition], errors: [Diagnostic]) {
        var renditions: [CompiledRendition] = []
        var errors: [Diagnostic] = []
        var seenIdioms = Set<UInt16>()
        for variant in asset.variants where keep(variant.traits, variant.attributes) {
            guard let source = variant.source else { continue }
            let idiom = variant.traits.idiom == .mac && options.platform.isMac ? 0 : Self.idiomValue(variant.traits, variant.attributes)
            guard seenIdioms.insert(idiom).inserted else { continue }
            func fail(_ message: String) {
                errors.append(
                    Diagnostic(severity: .error, rule: ReaderRule.corruptImage.rawValue, catalog: root, path: source, message: message))
            }
            guard case .success(let file) = FileSystem.read(joinPath(root, source), limit: SymbolXML.maximumSize + 1, noFollow: true) else {
                fail("cannot be read")
                continue
            }
            let glyphs: [SymbolRenditions.Glyph]
            let caches: [SymbolRenditions.Cache]
            do {
                (glyphs, caches) = try SymbolRenditions.glyphs(
                    name: asset.name, templateBytes: file.bytes,
                    compression: BitmapCompression(platform: options.platform, minimumDeploymentTarget: options.minimumDeploymentTarget))
            } catch {
                fail("cannot be compiled as a symbol: \(error.message)")
                continue
            }
            for glyph in glyphs {
                var key = Self.baseKey(identifier: identifier, part: SymbolRenditions.glyphPart)
                key[.idiom] = idiom
                key[.scale] = 1
                key[.deploymentTarget] = SymbolRenditions.deploymentTarget
                key[.glyphWeight] = UInt16(glyph.weight)
                key[.glyphSize] = UInt16(glyph.size)
                renditions.append(CompiledRendition(key: key, value: glyph.value))
            }
            // The bitmap caches: part 181, keyed by scale, dimension 2 (the point size's number), weight and size.
            for cache in caches {
                var key = Self.baseKey(identifier: identifier, part: Self.imagePart)
                key[.idiom] = idiom
                key[.scale] = UInt16(cache.scale)
                key[.deploymentTarget] = SymbolRenditions.deploymentTarget
                key[.dimension2] = UInt16(cache.dimension2)
                key[.glyphWeight] = UInt16(cache.weight)
                key[.glyphSize] = UInt16(cache.size)
                renditions.append(CompiledRendition(key: key, value: cache.value))
            }
        }
        return (renditions, errors)
    }
}
