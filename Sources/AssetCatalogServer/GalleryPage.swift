import AssetCatalog

/// `GET /`: every asset as this browser gets it (the image requests carry the browser's client hints), with its
/// variants, each linked on its own.
struct GalleryPage {
    let snapshot: CatalogSnapshot
    let assetsPrefix: String
    /// The traits the page's own request hinted, shown at the top so a person sees what the server read.
    let hints: TraitCollection

    /// Assets listed at most; a larger catalog's page says how many were left out.
    static let maximumAssets = 2000

    func html() -> String {
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="color-scheme" content="light dark">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>assetc serve</title>
            <style>
            :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
            body { margin: 1.5rem; background: #fafafa; color: #111; }
            main { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 1rem; }
            figure { margin: 0; padding: .75rem; background: #fff; border-radius: .5rem; box-shadow: 0 1px 3px #0003; }
            figure img { display: block; max-width: 100%; max-height: 8rem; margin: 0 auto .5rem; }
            figcaption { font-size: .85rem; overflow-wrap: anywhere; }
            .chosen { font-family: ui-monospace, monospace; font-size: .75rem; opacity: .8; }
            details { font-size: .75rem; } details li.is-chosen { font-weight: bold; }
            @media (prefers-color-scheme: dark) { body { background: #15161a; color: #eee; } figure { background: #23252b; } }
            </style></head><body>
            <h1>assetc serve</h1>

            """
        let names = snapshot.names
        page += "<p id=\"hints\">This page's request: \(escape(hints.description)). "
        page += "\(names.count) assets from \(snapshot.catalogs.map { escape($0.path) }.joined(separator: ", ")).</p>\n<main>\n"
        for name in names.prefix(Self.maximumAssets) {
            guard let (_, asset) = snapshot.asset(named: name) else { continue }
            page += figure(asset)
        }
        page += "</main>\n"
        if names.count > Self.maximumAssets {
            page += "<p>\(names.count - Self.maximumAssets) more assets not shown.</p>\n"
        }
        page += Self.script
        page += "</body></html>\n"
        return page
    }

    private func figure(_ asset: ServedAsset) -> String {
        let url = assetsPrefix + PercentDecoding.encodePath(asset.name)
        var html = "<figure class=\"asset\" data-name=\"\(escape(asset.name))\" data-json=\"\(escape(url)).json\">\n"
        switch asset.kind {
        case .image, .appIcon, .symbol, .icon:
            if asset.noFileReason == nil { html += "<img src=\"\(escape(url))\" alt=\"\(escape(asset.name))\">\n" }
        case .data:
            html += "<p><a href=\"\(escape(url))\">download</a></p>\n"
        case .color, .imageStack, .brandAssets:
            break
        }
        html += "<figcaption><strong>\(escape(asset.name))</strong> <span>(\(asset.kind.rawValue))</span><br>"
        html += "<span class=\"chosen\">\(escape(asset.noFileReason ?? ""))</span>"
        if !asset.varyingHints.isEmpty {
            html += "<br><span>varies on \(asset.varyingHints.map(\.rawValue).joined(separator: ", "))</span>"
        }
        html += "</figcaption>\n"
        if !asset.variants.isEmpty {
            html += "<details><summary>\(asset.variants.count) variants</summary><ol start=\"0\">\n"
            for (index, variant) in asset.variants.enumerated() {
                html += "<li data-index=\"\(index)\"><a href=\"\(escape(url))?variant=\(index)\">\(escape(variant.label))</a>"
                html += " \(escape(variant.traits.description))</li>\n"
            }
            html += "</ol></details>\n"
        }
        return html + "</figure>\n"
    }

    /// Asks `GET /assets/{name}.json` (with the same hints as the image) which variant each asset gave this browser.
    private static let script = """
        <script>
        for (const figure of document.querySelectorAll('figure.asset')) {
          fetch(figure.dataset.json).then(r => r.ok ? r.json() : null).then(doc => {
            if (!doc || doc.chosen == null) return;
            figure.querySelector('.chosen').textContent = 'you get: ' + doc.chosenSource;
            figure.dataset.chosen = doc.chosenSource;
            const item = figure.querySelector('li[data-index="' + doc.chosen + '"]');
            if (item) item.classList.add('is-chosen');
          });
        }
        </script>

        """

    private func escape(_ text: String) -> String {
        MarkupEscaping.escaped(text, quotes: .doubleAndSingle)
    }
}
