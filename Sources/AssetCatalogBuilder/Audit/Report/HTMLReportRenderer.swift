import AssetCatalog

/// Renders a ``ReportDocument`` as one self-contained HTML page: no external files, fonts or scripts
/// (images are embedded as `data:` URIs unless they were too large), readable without JavaScript.
///
/// Each asset is a contact sheet — rows are the trait combinations it has (idiom, size classes,
/// appearance, contrast, gamut, direction, and attributes such as an icon's size), columns are scales —
/// with empty and expected-but-missing slots drawn as dashed red tiles, its findings above it, and the
/// device matrix: what each device preset gets in light and dark, with upscaled choices and devices that
/// get nothing marked.
public enum HTMLReportRenderer {
    /// The page.
    public static func render(_ document: ReportDocument) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <title>\(escape(document.title))</title>
            <style>\(css)</style>
            </head>
            <body>
            <header>
            <h1>\(escape(document.title))</h1>

            """
        html += "<p class=\"sources\">" + document.sources.map { "<code>\(escape($0))</code>" }.joined(separator: " ") + "</p>\n"
        if let remark = document.remark { html += "<p class=\"remark\">\(escape(remark))</p>\n" }
        let summary = document.summary
        html += """
            <p class="summary" id="summary"><span class="count error">\(summary.errors) error\(summary.errors == 1 ? "" : "s")</span> \
            <span class="count warning">\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s")</span> \
            <span class="count note">\(summary.notes) note\(summary.notes == 1 ? "" : "s")</span>\
            \(summary.baselined > 0 ? " <span class=\"count baselined\">\(summary.baselined) in the baseline</span>" : "") \
            in \(document.assets.count) asset\(document.assets.count == 1 ? "" : "s")</p>
            <p class="legend"><span class="tile-sample empty"></span> empty or missing slot \
            <span class="tile-sample broken"></span> unusable file \
            <span class="tile-sample up"></span> device gets a lower-scale image (upscaled) \
            <span class="tile-sample none"></span> device gets nothing</p>
            </header>

            """
        if let sizes = document.sizes {
            var positions: [String: Int] = [:]
            for (position, asset) in document.assets.enumerated() where positions[asset.name] == nil { positions[asset.name] = position }
            html += HTMLTreemapRenderer.section(sizes, assetPositions: positions)
        }
        html += "<nav><h2>Assets</h2><ol class=\"toc\">\n"
        for (position, asset) in document.assets.enumerated() {
            let worst = asset.findings.filter { !$0.isBaselined }.map(\.severity).max()
            let badge = asset.findings.isEmpty ? "" : " <span class=\"badge \(worst?.rawValue ?? "baselined")\">\(asset.findings.count)</span>"
            html += "<li><a href=\"#asset-\(position)\">\(escape(asset.name))</a>\(badge)</li>\n"
        }
        html += "</ol></nav>\n<main>\n"
        if !document.looseFindings.isEmpty {
            html += "<section class=\"asset loose\" data-asset=\"\">\n<h2>Not in any asset</h2>\n"
            html += findingsList(document.looseFindings)
            html += "</section>\n"
        }
        for (position, asset) in document.assets.enumerated() {
            html += section(asset, position: position, expectedScales: document.expectedScales)
        }
        html += "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    // MARK: Asset

    static func section(_ asset: ReportAsset, position: Int, expectedScales: [String: Set<Int>]) -> String {
        var html = "<section class=\"asset\" id=\"asset-\(position)\" data-asset=\"\(escape(asset.name))\">\n"
        html += "<h2>\(escape(asset.name)) <span class=\"kind\">\(kindName(asset.kind))</span></h2>\n"
        html += "<p class=\"location\"><code>\(escape(asset.location))</code></p>\n"
        if !asset.findings.isEmpty { html += findingsList(asset.findings) }
        html += "<div class=\"panels\">\n"
        if !asset.members.isEmpty { html += memberList(asset) }
        if asset.kind == .color {
            html += colorSheet(asset)
        } else if asset.kind == .imageStack || asset.kind == .brandAssets {
            if asset.members.isEmpty { html += "<p class=\"nothing\">No parts could be read from this container.</p>\n" }
        } else if !asset.variants.isEmpty {
            html += contactSheet(asset, position: position, expectedScales: expectedScales)
        } else {
            html += "<p class=\"nothing\">Nothing could be read from this set.</p>\n"
        }
        if asset.kind == .appIcon {
            html += "<p class=\"remark\">App icons are picked by size and platform, not by device traits, so there is no device matrix.</p>\n"
        } else if !asset.deviceChoices.isEmpty {
            html += deviceMatrix(asset, position: position)
        }
        html += "</div>\n</section>\n"
        return html
    }

    /// A container's parts in order: each part's asset (linked when it is in the report) and what the
    /// container says about it (layer, role, idiom, size).
    static func memberList(_ asset: ReportAsset) -> String {
        let heading = asset.kind == .imageStack ? "Layers, front to back" : "Parts"
        var html = "<div class=\"members\"><h3>\(heading)</h3>\n<ol>\n"
        for member in asset.members {
            let details = member.attributes.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                .map { "\(escape($0.key))=\(escape($0.value))" }.joined(separator: ", ")
            let name = member.name.isEmpty ? "(empty slot)" : member.name
            html += "<li><code>\(escape(name))</code> <span class=\"attributes\">\(details)</span></li>\n"
        }
        return html + "</ol></div>\n"
    }

    static func findingsList(_ findings: [Finding]) -> String {
        var html = "<ul class=\"findings\">\n"
        for finding in findings {
            let state = finding.isBaselined ? " baselined" : ""
            html += "<li class=\"finding \(finding.severity.rawValue)\(state)\" data-rule=\"\(escape(finding.rule))\">"
            html += "<span class=\"severity\">\(finding.severity.rawValue)\(finding.isBaselined ? " (baseline)" : "")</span> "
            html += "<span class=\"message\">\(escape(finding.message))</span> "
            html += "<code class=\"rule\">[\(escape(finding.rule))]</code> "
            html += "<code class=\"path\">\(escape(finding.path))</code></li>\n"
        }
        return html + "</ul>\n"
    }

    /// A row of the contact sheet: the traits without the scale, plus distinguishing attributes.
    private struct RowKey: Hashable {
        var traits: VariantTraits
        var attributes: [String]
    }

    static func rowLabel(_ traits: VariantTraits, _ attributes: [String]) -> String {
        var parts = [traits.idiom?.token ?? "universal"]
        if traits.horizontalSizeClass != nil || traits.verticalSizeClass != nil { parts.append(traits.sizeClasses.description) }
        if let appearance = traits.appearance { parts.append(appearance.token) }
        if let contrast = traits.contrast { parts.append(contrast == .high ? "high contrast" : "normal contrast") }
        if let gamut = traits.displayGamut { parts.append(gamut == .displayP3 ? "Display P3" : "sRGB") }
        if let direction = traits.layoutDirection { parts.append(direction.token.uppercased()) }
        return (parts + attributes).joined(separator: " · ")
    }

    static func contactSheet(_ asset: ReportAsset, position: Int, expectedScales: [String: Set<Int>]) -> String {
        var rows: [RowKey] = []
        var cells: [RowKey: [Int: [Int]]] = [:]  // row -> scale (0 = any) -> variant indices
        for (index, variant) in asset.variants.enumerated() {
            var traits = variant.traits
            traits.displayScale = nil
            let key = RowKey(traits: traits, attributes: variant.attributes)
            if cells[key] == nil { rows.append(key) }
            cells[key, default: [:]][variant.traits.displayScale?.value ?? 0, default: []].append(index)
        }
        let isImage = asset.kind == .image
        var expected: [RowKey: Set<Int>] = [:]
        var scales = Set<Int>()
        for row in rows {
            let present = cells[row] ?? [:]
            scales.formUnion(present.keys)
            let raster = present.keys.contains { $0 > 0 }
            let vector = present[0] != nil
            if isImage, raster, !vector {
                let wanted = expectedScales[row.traits.idiom?.token ?? "universal"] ?? []
                expected[row] = wanted
                scales.formUnion(wanted)
            }
        }
        let columns = scales.sorted()
        var html = "<div class=\"panel\"><h3>Variants</h3>\n<table class=\"sheet\">\n<thead><tr><th>traits</th>"
        for scale in columns { html += "<th>\(scale == 0 ? "any scale" : "\(scale)x")</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for row in rows {
            html += "<tr><th class=\"row\">\(escape(rowLabel(row.traits, row.attributes)))</th>"
            for scale in columns {
                let members = cells[row]?[scale] ?? []
                if members.isEmpty {
                    if expected[row]?.contains(scale) == true {
                        html += "<td><div class=\"tile empty\" data-slot=\"empty\"><div class=\"thumb\">empty</div>"
                            + "<div class=\"caption\">no \(scale)x image</div></div></td>"
                    } else {
                        html += "<td class=\"unused\"></td>"
                    }
                    continue
                }
                html += "<td>"
                for index in members { html += tile(asset.variants[index], id: "v-\(position)-\(index)") }
                html += "</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody></table></div>\n"
        return html
    }

    static func tile(_ variant: ReportVariant, id: String) -> String {
        var caption = escape(variant.label)
        if let size = variant.pixelSize { caption += "<br>\(size.width)×\(size.height)" }
        switch variant.content {
        case .image(let mime, let bytes, let link):
            let source: String
            if let bytes {
                source = "data:\(mime);base64,\(base64(bytes))"
            } else if let link {
                source = escape(relativeLink(link))
            } else {
                return "<div class=\"tile broken\" data-slot=\"unembedded\"><div class=\"thumb\">too large to embed</div>"
                    + "<div class=\"caption\">\(caption)</div></div>"
            }
            return "<div class=\"tile\" data-slot=\"image\"><div class=\"thumb checker\"><img id=\"\(id)\" alt=\"\(escape(variant.label))\" src=\"\(source)\"></div>"
                + "<div class=\"caption\">\(caption)</div></div>"
        case .pdf(let link):
            let label = "<div class=\"thumb pdf\">PDF<br><small>vector</small></div>"
            let body = link.map { "<a href=\"\(escape(relativeLink($0)))\">\(label)</a>" } ?? label
            return "<div class=\"tile\" data-slot=\"pdf\">\(body)<div class=\"caption\">\(caption)</div></div>"
        case .file(let description):
            return "<div class=\"tile\" data-slot=\"file\"><div class=\"thumb file\">\(escape(description))</div>"
                + "<div class=\"caption\">\(caption)</div></div>"
        case .emptySlot:
            return "<div class=\"tile empty\" data-slot=\"empty\"><div class=\"thumb\">empty slot</div>"
                + "<div class=\"caption\">no file</div></div>"
        case .unusable(let reason):
            return "<div class=\"tile broken\" data-slot=\"broken\"><div class=\"thumb\">\(escape(reason))</div>"
                + "<div class=\"caption\">\(caption)</div></div>"
        }
    }

    static func colorSheet(_ asset: ReportAsset) -> String {
        var html = "<div class=\"panel\"><h3>Colours</h3>\n<div class=\"swatches\">\n"
        for (index, color) in asset.colors.enumerated() {
            html += "<div class=\"tile\" data-slot=\"color\">\(swatch(color.value, id: "c-\(asset.name)-\(index)"))"
            html += "<div class=\"caption\">\(escape(rowLabel(color.traits, [])))<br>\(escape(colorText(color.value)))</div></div>\n"
        }
        return html + "</div></div>\n"
    }

    static func swatch(_ value: ColorValue, id: String) -> String {
        switch value {
        case .systemReference(let name):
            return "<div class=\"thumb file\">\(escape(name))</div>"
        case .components(let components):
            return "<div class=\"thumb checker\"><div class=\"swatch\" style=\"background:\(cssColor(components))\"></div></div>"
        }
    }

    static func cssColor(_ color: ColorComponents) -> String {
        func clamp(_ value: Double) -> Double { Swift.min(1, Swift.max(0, value)) }
        func number(_ value: Double) -> String { String((clamp(value) * 10_000).rounded() / 10_000) }
        let alpha = number(color.alpha)
        if color.isGray {
            let level = number(color.red)
            return "color(srgb \(level) \(level) \(level) / \(alpha))"
        }
        let space = color.colorSpace.lowercased().contains("p3") ? "display-p3" : "srgb"
        return "color(\(space) \(number(color.red)) \(number(color.green)) \(number(color.blue)) / \(alpha))"
    }

    static func colorText(_ value: ColorValue) -> String {
        switch value {
        case .systemReference(let name): return "system colour \(name)"
        case .components(let components):
            func format(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }
            return "\(components.colorSpace) \(format(components.red)) \(format(components.green)) \(format(components.blue)) α \(format(components.alpha))"
        }
    }

    static func deviceMatrix(_ asset: ReportAsset, position: Int) -> String {
        let themed =
            asset.kind == .color
            ? asset.colors.contains { $0.traits.appearance != nil } : asset.variants.contains { $0.traits.appearance != nil }
        let appearances: [Appearance] = themed ? [.light, .dark] : [.light]
        var byPreset: [String: [Appearance: DeviceChoice]] = [:]
        var order: [String] = []
        for choice in asset.deviceChoices {
            if byPreset[choice.preset] == nil { order.append(choice.preset) }
            byPreset[choice.preset, default: [:]][choice.appearance] = choice
        }
        var html = "<div class=\"panel wide\"><h3>What each device gets</h3>\n<table class=\"devices\">\n<thead><tr><th></th>"
        for preset in order {
            guard let any = byPreset[preset]?.values.first else { continue }
            let target = asset.targetIdioms.contains(any.idiom)
            html += "<th class=\"\(target ? "target" : "other")\">\(escape(preset))<br><small>\(any.idiom.token) \(any.scale)x</small></th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for appearance in appearances {
            html += "<tr><th class=\"row\">\(themed ? appearance.token : "any")</th>"
            for preset in order {
                guard let choice = byPreset[preset]?[appearance] else {
                    html += "<td></td>"
                    continue
                }
                html += choiceCell(asset, choice, position: position, target: asset.targetIdioms.contains(choice.idiom))
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }

    static func choiceCell(_ asset: ReportAsset, _ choice: DeviceChoice, position: Int, target: Bool) -> String {
        let dim = target ? "" : " other"
        guard let chosen = choice.chosen else {
            return "<td class=\"choice none\(dim)\" data-device=\"\(escape(choice.preset))\">nothing</td>"
        }
        if asset.kind == .color {
            let color = asset.colors[chosen]
            return "<td class=\"choice\(dim)\" data-device=\"\(escape(choice.preset))\"><span class=\"mini\">"
                + swatch(color.value, id: "") + "</span><br>colors[\(chosen)]</td>"
        }
        let variant = asset.variants[chosen]
        let scale = variant.traits.displayScale?.value
        let isVector: Bool
        switch variant.content {
        case .pdf: isVector = true
        case .image(let mime, _, _): isVector = mime == "image/svg+xml"
        case .file, .emptySlot, .unusable: isVector = false
        }
        let upscaled = !isVector && (scale.map { $0 < choice.scale } ?? false)
        let thumb: String
        if case .image = variant.content {
            thumb = "<img class=\"mini\" data-ref=\"v-\(position)-\(chosen)\" alt=\"\"><br>"
        } else {
            thumb = ""
        }
        let note = upscaled ? "<br><span class=\"up\">↑ \(scale ?? 1)x → \(choice.scale)x</span>" : ""
        return "<td class=\"choice\(upscaled ? " upscaled" : "")\(dim)\" data-device=\"\(escape(choice.preset))\">\(thumb)<span class=\"label\">\(escape(variant.label))</span>\(note)</td>"
    }

    static func kindName(_ kind: AssetKind) -> String {
        switch kind {
        case .image: return "image set"
        case .color: return "colour set"
        case .data: return "data set"
        case .appIcon: return "app icon"
        case .symbol: return "symbol set"
        case .imageStack: return "image stack"
        case .brandAssets: return "brand assets"
        case .icon: return "Icon Composer icon"
        }
    }

    // MARK: Text

    /// Escapes text for HTML content and attribute values.
    public static func escape(_ text: String) -> String {
        MarkupEscaping.escaped(text, quotes: .doubleAndSingle)
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)], alphabet[Int(value & 63)]]
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let value = UInt32(bytes[index]) << 16
            out += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The page's policy: nothing loads but its own inline style, its one script (by hash), embedded
    /// images and images beside it; no plugins, forms, frames or base URL. A name that slipped markup
    /// or a `javascript:` link into the page still could not run script.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data: file:; style-src 'unsafe-inline'; "
        + "script-src 'sha256-\(base64(SHA256.digest(Array(script.utf8))))'; base-uri 'none'; form-action 'none'; object-src 'none'"

    /// A link from the page to a file: always a relative path that no browser can read as a URL with a
    /// scheme (`javascript:…`) or a host (`//host/…`). Every byte outside the unreserved set, `/` and an
    /// existing `%XX` escape is percent-encoded (`:` included), and `./` is put in front unless the path
    /// already starts with `./` or `../`.
    static func relativeLink(_ link: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        let source = Array(link.utf8)
        for (index, byte) in source.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            case UInt8(ascii: "%") where index + 2 < source.count && isHexDigit(source[index + 1]) && isHexDigit(source[index + 2]):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        let encoded = String(decoding: bytes, as: UTF8.self)
        if encoded.hasPrefix("./") || encoded.hasPrefix("../") { return encoded }
        return "./" + encoded
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): return true
        default: return false
        }
    }

    /// Copies embedded images into the device matrix; fills the treemap's panel with the variants of the asset
    /// pointed at, focused or clicked (a click pins it), the largest asset's when the page opens.
    static let script = """
        document.querySelectorAll('img[data-ref]').forEach(function (img) {
          var source = document.getElementById(img.getAttribute('data-ref'));
          if (source) { img.src = source.src; } else { img.remove(); }
        });
        (function () {
          var panel = document.getElementById('tm-detail');
          if (!panel) { return; }
          var pinned = null;
          function show(tile) {
            var title = tile.querySelector('title');
            var lines = title ? title.textContent.split('\\n') : [];
            panel.textContent = '';
            var heading = document.createElement('h3');
            heading.textContent = lines[0] || '';
            panel.appendChild(heading);
            var list = document.createElement('ul');
            lines.slice(1).forEach(function (line) {
              var item = document.createElement('li');
              item.textContent = line;
              list.appendChild(item);
            });
            panel.appendChild(list);
            var section = tile.getAttribute('data-section');
            if (section) {
              var link = document.createElement('a');
              link.href = '#' + section;
              link.textContent = 'Show the asset';
              panel.appendChild(link);
            }
            panel.setAttribute('data-shown', tile.getAttribute('data-asset'));
          }
          var largest = null;
          document.querySelectorAll('.tm-asset').forEach(function (tile) {
            tile.addEventListener('mouseenter', function () { if (!pinned) { show(tile); } });
            tile.addEventListener('focus', function () { if (!pinned) { show(tile); } });
            tile.addEventListener('click', function () {
              if (pinned) { pinned.classList.remove('pinned'); }
              pinned = pinned === tile ? null : tile;
              if (pinned) { tile.classList.add('pinned'); }
              show(tile);
            });
            if (!largest || Number(tile.getAttribute('data-bytes')) > Number(largest.getAttribute('data-bytes'))) { largest = tile; }
          });
          if (largest) { show(largest); }
        })();
        """

    static let css = """
        :root { color-scheme: light; --error: #c62828; --warning: #b26a00; --note: #1565c0; --line: #d8dbe0; }
        * { box-sizing: border-box; }
        body { font: 14px/1.45 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; margin: 0; color: #1d1f23; background: #f6f7f9; }
        header { padding: 16px 24px; background: #fff; border-bottom: 1px solid var(--line); }
        h1 { margin: 0 0 4px; font-size: 22px; }
        h2 { font-size: 18px; margin: 0 0 4px; }
        h3 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: #5b6270; margin: 0 0 6px; }
        code { font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
        .sources code { background: #eef0f3; padding: 1px 5px; border-radius: 3px; margin-right: 6px; }
        .remark { color: #5b6270; }
        .summary .count { font-weight: 600; margin-right: 8px; }
        .count.error { color: var(--error); } .count.warning { color: var(--warning); } .count.note { color: var(--note); }
        .count.baselined { color: #5b6270; }
        .legend { color: #5b6270; font-size: 12px; }
        .tile-sample { display: inline-block; width: 14px; height: 14px; vertical-align: -2px; margin: 0 4px 0 12px; border-radius: 3px; }
        .tile-sample.empty { border: 2px dashed var(--error); }
        .tile-sample.broken { background: #fde7e7; border: 2px solid var(--error); }
        .tile-sample.up { background: #fff3d6; border: 2px solid var(--warning); }
        .tile-sample.none { background: #f3d3d3; }
        nav { padding: 8px 24px; background: #fff; border-bottom: 1px solid var(--line); }
        nav h2 { display: none; }
        .toc { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 14px; }
        .toc a { color: #1d1f23; text-decoration: none; border-bottom: 1px dotted #9aa1ad; }
        .badge { display: inline-block; min-width: 18px; padding: 0 5px; border-radius: 9px; color: #fff; font-size: 11px; text-align: center; }
        .badge.error { background: var(--error); } .badge.warning { background: var(--warning); } .badge.note { background: var(--note); }
        .badge.baselined { background: #8a909c; }
        main { padding: 12px 24px 40px; }
        .asset { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin: 12px 0; }
        .kind { font-weight: 400; font-size: 12px; color: #5b6270; background: #eef0f3; border-radius: 3px; padding: 1px 6px; vertical-align: 2px; }
        .location { margin: 0 0 8px; color: #5b6270; }
        .findings { list-style: none; padding: 0; margin: 0 0 10px; }
        .finding { padding: 5px 8px; margin: 3px 0; border-left: 4px solid; border-radius: 3px; background: #fafbfc; }
        .finding.error { border-color: var(--error); background: #fdf1f1; }
        .finding.warning { border-color: var(--warning); background: #fff8e8; }
        .finding.note { border-color: var(--note); background: #eef5fd; }
        .finding.baselined { opacity: .6; }
        .finding .severity { font-weight: 700; text-transform: uppercase; font-size: 11px; margin-right: 4px; }
        .finding.error .severity { color: var(--error); } .finding.warning .severity { color: var(--warning); }
        .finding.note .severity { color: var(--note); }
        .finding .rule { color: #5b6270; } .finding .path { color: #8a909c; }
        .panels { display: flex; flex-direction: column; gap: 12px; }
        .panel { min-width: 0; }
        table { border-collapse: collapse; }
        th, td { border: 1px solid var(--line); padding: 6px; vertical-align: top; text-align: center; }
        thead th { background: #f1f3f6; font-size: 12px; }
        th.row { text-align: left; font-weight: 500; font-size: 12px; background: #fafbfc; white-space: nowrap; }
        td.unused { background: repeating-linear-gradient(45deg, #fafbfc, #fafbfc 6px, #f1f3f6 6px, #f1f3f6 12px); min-width: 60px; }
        .tile { display: inline-block; width: 128px; margin: 2px; vertical-align: top; }
        .thumb { height: 96px; display: flex; align-items: center; justify-content: center; border-radius: 4px; border: 1px solid var(--line); overflow: hidden; font-size: 11px; color: #5b6270; padding: 4px; word-break: break-word; }
        .thumb img { max-width: 100%; max-height: 100%; image-rendering: auto; }
        .checker { background-color: #fff; background-image: linear-gradient(45deg, #e6e8eb 25%, transparent 25%), linear-gradient(-45deg, #e6e8eb 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #e6e8eb 75%), linear-gradient(-45deg, transparent 75%, #e6e8eb 75%); background-size: 12px 12px; background-position: 0 0, 0 6px, 6px -6px, -6px 0; }
        .tile.empty .thumb { border: 2px dashed var(--error); color: var(--error); font-weight: 600; background: #fff; }
        .tile.broken .thumb { border: 2px solid var(--error); background: #fde7e7; color: var(--error); }
        .thumb.pdf { background: #f4efe6; color: #7a4b00; font-weight: 700; font-size: 16px; flex-direction: column; }
        .thumb.file { background: #eef0f3; }
        .caption { font-size: 11px; color: #5b6270; margin-top: 2px; word-break: break-all; }
        .swatches { display: flex; flex-wrap: wrap; gap: 6px; }
        .swatch { width: 100%; height: 100%; }
        .devices td, .devices th { font-size: 11px; padding: 4px; width: 92px; max-width: 92px; }
        .devices th.row { width: auto; }
        .devices .other { opacity: .4; }
        .choice .label { word-break: break-all; }
        .choice img.mini { width: 40px; height: 40px; object-fit: contain; background: #fff; border: 1px solid var(--line); }
        .choice .mini .thumb { display: inline-flex; width: 40px; height: 40px; padding: 0; }
        .choice.upscaled { background: #fff3d6; }
        .choice .up { color: var(--warning); font-weight: 600; }
        .choice.none { background: #f3d3d3; color: var(--error); font-weight: 600; }
        .nothing { color: #5b6270; font-style: italic; }
        .sizes { background: #fff; border-bottom: 1px solid var(--line); padding: 12px 24px 16px; }
        .sizes .remark { margin: 0 0 6px; max-width: 1100px; }
        .tm-legend { font-size: 12px; color: #3b414b; display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0 0 8px; }
        .tm-key { display: inline-block; width: 12px; height: 12px; border-radius: 2px; vertical-align: -1px; margin-right: 5px; }
        .tm-wrap { display: flex; gap: 16px; align-items: flex-start; }
        .treemap { flex: 1 1 auto; min-width: 0; width: 100%; height: auto; border-radius: 4px; background: #f1f3f6; }
        .tm-frame { fill: #e6e9ee; stroke: #fff; stroke-width: 2; }
        .tm-group-label { font-size: 11px; font-weight: 600; fill: #3b414b; }
        .tm-asset { cursor: pointer; }
        .tm-asset rect { stroke: #fff; stroke-width: .7; }
        .tm-asset:hover rect, .tm-asset:focus rect, .tm-asset.pinned rect { stroke: #1d1f23; stroke-width: 2; }
        .tm-asset:focus { outline: none; }
        .tm-label { font-size: 11px; pointer-events: none; }
        .tm-size { font-size: 10px; opacity: .85; }
        .tm-detail { flex: 0 0 280px; font-size: 12px; max-height: 560px; overflow: auto; border-left: 3px solid var(--line); padding-left: 12px; }
        .tm-detail h3 { text-transform: none; letter-spacing: 0; color: #1d1f23; font-size: 13px; overflow-wrap: anywhere; }
        .tm-detail ul { padding-left: 16px; margin: 4px 0 8px; }
        .tm-detail li { word-break: break-word; margin: 1px 0; }
        .tm-hint { color: #5b6270; }
        @media (max-width: 900px) { .tm-wrap { flex-direction: column; } .tm-detail { flex-basis: auto; border-left: 0; padding-left: 0; } }
        """
}
