import AssetCatalog
import Foundation

extension CARCompiler {
    /// A glyph rendition of a symbol, and the locale its entry names (its key's localization is numbered once every
    /// locale of the compile is known).
    struct SymbolGlyphRendition: Sendable {
        var rendition: CompiledRendition
        var locale: String?
    }

    /// The renditions of a symbol set's entries (one template each, usually one universal entry): every glyph the
    /// template gives (``SymbolRenditions``), keyed by the entry's idiom, appearance, layout direction and locale (as an
    /// image set's entries are keyed), scale 1, deployment target 2019, glyph weight and glyph size. A template that
    /// cannot be read or interpolated is an error in the inputs, naming the file and the problem, and fails the compile.
    /// Two entries with the same key (a `mac` and a universal entry on macOS) give the first's glyphs.
    ///
    /// The bitmap caches come back as jobs (``DrawnBitmap``) holding their pixels, so that the pack stage puts them in
    /// atlases as Xcode does (MediaMate's car).
    func symbolRenditions(
        _ asset: Asset, facet: Int, identifier: UInt16, root: String, sourceIndex: Int, keep: (VariantTraits, [String: String]) -> Bool
    ) -> (glyphs: [SymbolGlyphRendition], caches: [Job], errors: [Diagnostic]) {
        var made: [SymbolGlyphRendition] = []
        var caches: [Job] = []
        var errors: [Diagnostic] = []
        // An entry's key and locale (its localization is numbered later): one template each.
        struct EntryID: Hashable {
            var key: RenditionKey
            var locale: String?
        }
        var seen = Set<EntryID>()
        for variant in asset.variants where keep(variant.traits, variant.attributes) {
            guard let source = variant.source else { continue }
            // The entry as a job: its key (idiom, appearance, direction) is an image's, at scale 1.
            var entry = Job(
                facet: facet, assetName: asset.name, kind: .symbol, source: source, fileName: "\(asset.name).svg",
                contentType: .svg, traits: variant.traits, attributes: variant.attributes, properties: asset.properties, color: nil,
                iconSizeIndex: 0)
            entry.traits.displayScale = DisplayScale(1)
            entry.sourceIndex = sourceIndex
            entry.deploymentTarget = SymbolRenditions.deploymentTarget
            entry.foldsMacIdiom = options.platform.isMac
            let entryKey = Self.key(for: entry, identifier: identifier, platform: options.platform)
            let locale = variant.attributes["locale"]
            guard seen.insert(EntryID(key: entryKey, locale: locale)).inserted else { continue }
            func fail(_ message: String) {
                errors.append(
                    Diagnostic(severity: .error, rule: ReaderRule.corruptImage.rawValue, catalog: root, path: source, message: message))
            }
            guard case .success(let file) = FileSystem.read(joinPath(root, source), limit: SymbolXML.maximumSize + 1, noFollow: true) else {
                fail("cannot be read")
                continue
            }
            let compiled: CompiledSymbol
            switch compiledSymbol(name: asset.name, templateBytes: file.bytes) {
            case .success(let symbol): compiled = symbol
            case .failure(let problem):
                fail("cannot be compiled as a symbol: \(problem.message)")
                continue
            }
            for glyph in compiled.glyphs {
                var key = entryKey
                key[.part] = SymbolRenditions.glyphPart
                key[.glyphWeight] = UInt16(glyph.weight)
                key[.glyphSize] = UInt16(glyph.size)
                made.append(SymbolGlyphRendition(rendition: CompiledRendition(key: key, value: glyph.value), locale: locale))
            }
            // The bitmap caches: part 181, keyed as the glyphs but by their scale and by dimension 2 (the point size's
            // number) (``key(for:identifier:platform:)``); named `<symbol>.svg`, flags 4.
            for cache in compiled.bitmaps {
                var job = entry
                job.traits.displayScale = DisplayScale(cache.scale)
                job.drawn = DrawnBitmap(
                    image: cache.image,
                    glyph: GlyphCache(weight: UInt16(cache.weight), size: UInt16(cache.size), dimension2: UInt16(cache.dimension2)))
                caches.append(job)
            }
        }
        return (made, caches, errors)
    }

    /// The symbol called `name` compiled from `templateBytes`: from ``symbolStore`` when it holds it, else compiled and
    /// given to the store. (A template that cannot be compiled is not stored: the compile fails on it each time.)
    func compiledSymbol(name: String, templateBytes: [UInt8]) -> Result<CompiledSymbol, SymbolTemplate.Problem> {
        let key = symbolStore.map { _ in CompiledSymbol.key(name: name, templateBytes: templateBytes) }
        if let symbolStore, let key, let stored = symbolStore.compiledSymbol(key: key) { return .success(stored) }
        do {
            let compiled = try SymbolRenditions.compile(name: name, templateBytes: templateBytes)
            if let symbolStore, let key { symbolStore.store(compiled, key: key) }
            return .success(compiled)
        } catch {
            return .failure(error)
        }
    }
}
