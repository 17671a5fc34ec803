import AssetCatalog
import Foundation

extension CARCompiler {
    /// The renditions of a symbol set's entries (one template each, usually one universal entry): every glyph the
    /// template gives (``SymbolRenditions``), keyed by the entry's idiom, scale 1, deployment target 2019, glyph weight
    /// and glyph size. A template that cannot be read or interpolated is an error in the inputs, naming the file and
    /// the problem, and fails the compile.
    ///
    /// The bitmap caches come back as jobs (``GlyphCache``) holding their pixels, so that the pack stage puts them in
    /// atlases as Xcode does (MediaMate's car).
    func symbolRenditions(
        _ asset: Asset, facet: Int, identifier: UInt16, root: String, sourceIndex: Int, keep: (VariantTraits, [String: String]) -> Bool
    ) -> (renditions: [CompiledRendition], caches: [Job], errors: [Diagnostic]) {
        var renditions: [CompiledRendition] = []
        var caches: [Job] = []
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
            let drawn: [SymbolRenditions.Cache]
            do {
                (glyphs, drawn) = try SymbolRenditions.glyphs(name: asset.name, templateBytes: file.bytes)
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
            // The bitmap caches: part 181, keyed by the entry's idiom, scale, deployment target 2019, dimension 2 (the
            // point size's number), weight and size (``key(for:identifier:platform:)``); named `<symbol>.svg`, flags 4.
            for cache in drawn {
                var job = Job(
                    facet: facet, assetName: asset.name, kind: .symbol, source: source, fileName: "\(asset.name).svg",
                    contentType: .svg, traits: VariantTraits(idiom: variant.traits.idiom, displayScale: DisplayScale(cache.scale)),
                    attributes: variant.attributes, properties: asset.properties, color: nil, iconSizeIndex: 0)
                job.sourceIndex = sourceIndex
                job.deploymentTarget = SymbolRenditions.deploymentTarget
                job.glyphCache = GlyphCache(
                    weight: UInt16(cache.weight), size: UInt16(cache.size), dimension2: UInt16(cache.dimension2), image: cache.image)
                caches.append(job)
            }
        }
        return (renditions, caches, errors)
    }
}
