/// The report's picture of where the bytes go: every asset of a car or archive as a rectangle whose area is its
/// bytes (a squarified ``Treemap``), grouped by namespace, coloured by the encoding that holds most of its bytes,
/// with its variants in the tile's tooltip and, on hover, focus or click, in the panel beside the map.
///
/// Pure inline SVG and CSS; the panel is filled by the page's one script, and without script the tooltips
/// still list every asset's variants.
enum HTMLTreemapRenderer {
    /// The map's coordinate space (the SVG scales to the page's width).
    static let width = 960.0, height = 560.0
    /// Variants listed per asset in a tooltip; the rest are counted.
    static let listedVariants = 40

    /// The section, or the empty string when the inventory holds no bytes.
    static func section(_ sizes: SizeInventory, assetPositions: [String: Int]) -> String {
        let total = sizes.totalBytes
        guard total > 0 else { return "" }
        let drawn = sizes.assets.filter { $0.bytes > 0 }
        let named = drawn.filter { !$0.isInternal }.count
        let internalCount = drawn.count - named
        let empty = sizes.assets.count - drawn.count
        let unit = sizes.kind == .car ? "renditions" : sizes.kind == .archive ? "payloads" : "files"

        var html = "<section class=\"sizes\" id=\"sizes\" data-total-bytes=\"\(total)\">\n<h2>Where the bytes go</h2>\n"
        var remark = "\(ByteText.short(total)) (\(ByteText.grouped(total)) bytes) of \(unit) in \(named) asset\(named == 1 ? "" : "s")"
        if internalCount > 0 { remark += " and \(internalCount) internal rendition\(internalCount == 1 ? "" : "s") (records no asset names)" }
        if sizes.assets.contains(where: { $0.variants.contains { $0.atlasShare > 0 } }) {
            remark += ". Each packed atlas's bytes are shared out among the images packed in it, by pixel area"
        }
        remark += ". Each rectangle is an asset, its area its bytes, grouped by namespace and coloured by the compression that holds most of its bytes. Point at one, or click it, for its variants."
        if empty > 0 { remark += " \(empty) asset\(empty == 1 ? " takes" : "s take") no bytes of its own (colours in an archive's tables, variants sharing a payload) and \(empty == 1 ? "is" : "are") not drawn." }
        html += "<p class=\"remark\">\(HTMLReportRenderer.escape(remark))</p>\n"
        html += legend(sizes, total: total)
        html += "<div class=\"tm-wrap\">\n"
        html += "<svg class=\"treemap\" viewBox=\"0 0 \(number(width)) \(number(height))\" role=\"img\" aria-label=\"Treemap of \(drawn.count) assets by bytes\">\n"

        // Groups: namespaces, the top level, and a car's internal renditions apart.
        var groups: [(name: String, assets: [SizedAsset])] = []
        var groupPosition: [String: Int] = [:]
        for asset in drawn {
            let name = asset.isInternal ? "\u{0}internal" : asset.namespace
            if let position = groupPosition[name] {
                groups[position].assets.append(asset)
            } else {
                groupPosition[name] = groups.count
                groups.append((name, [asset]))
            }
        }
        let groupBytes = groups.map { $0.assets.reduce(0) { $0 + $1.bytes } }
        let groupRects = Treemap.layout(groupBytes.map(Double.init), in: Treemap.Rect(x: 0, y: 0, width: width, height: height))
        for (position, group) in groups.enumerated() {
            let frame = groupRects[position]
            let label = group.name == "\u{0}internal" ? "internal renditions" : group.name.isEmpty ? "top level" : group.name
            let headed = frame.width >= 48 && frame.height >= 40
            html += "<g class=\"tm-group\" data-namespace=\"\(HTMLReportRenderer.escape(label))\" data-bytes=\"\(groupBytes[position])\">"
            html += "<rect class=\"tm-frame\" x=\"\(number(frame.x))\" y=\"\(number(frame.y))\" width=\"\(number(frame.width))\" height=\"\(number(frame.height))\"/>"
            if headed {
                let text = fitted("\(label) · \(ByteText.short(groupBytes[position]))", width: frame.width - 8, characterWidth: 6.4)
                html += "<text class=\"tm-group-label\" x=\"\(number(frame.x + 4))\" y=\"\(number(frame.y + 12))\">\(HTMLReportRenderer.escape(text))</text>"
            }
            html += "\n"
            let inner = frame.inset(left: 1.5, top: headed ? 16 : 1.5, right: 1.5, bottom: 1.5)
            let rects = Treemap.layout(group.assets.map { Double($0.bytes) }, in: inner)
            for (asset, rect) in zip(group.assets, rects) {
                html += tile(asset, rect, section: asset.isInternal ? nil : assetPositions[asset.name]) + "\n"
            }
            html += "</g>\n"
        }
        html += "</svg>\n"
        html += "<aside class=\"tm-detail\" id=\"tm-detail\" aria-live=\"polite\"><p class=\"tm-hint\">Point at an asset, or click it, to list its variants here.</p></aside>\n"
        html += "</div>\n</section>\n"
        return html
    }

    /// One asset's tile: its rectangle, its tooltip (name, bytes, variants) and a label when it fits.
    static func tile(_ asset: SizedAsset, _ rect: Treemap.Rect, section: Int?) -> String {
        let encoding = dominantEncoding(asset)
        let fill = color(for: encoding)
        var lines = ["\(asset.name) — \(ByteText.short(asset.bytes)) (\(ByteText.grouped(asset.bytes)) bytes), \(asset.variants.count) variant\(asset.variants.count == 1 ? "" : "s")"]
        for variant in asset.variants.sorted(by: { $0.bytes > $1.bytes }).prefix(listedVariants) {
            var line = "\(variant.key) · \(variant.encoding) · \(ByteText.short(variant.bytes))"
            if let width = variant.pixelWidth, let height = variant.pixelHeight { line += " · \(width)×\(height)" }
            if variant.sharesPayload { line += " · payload shared" }
            lines.append(line)
        }
        if asset.variants.count > listedVariants { lines.append("… and \(asset.variants.count - listedVariants) more") }
        var html = "<g class=\"tm-asset\" tabindex=\"0\" data-asset=\"\(HTMLReportRenderer.escape(asset.name))\" data-bytes=\"\(asset.bytes)\""
        html += " data-encoding=\"\(HTMLReportRenderer.escape(encoding))\""
        if let section { html += " data-section=\"asset-\(section)\"" }
        html += "><rect x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(rect.width))\" height=\"\(number(rect.height))\" fill=\"\(fill)\"/>"
        html += "<title>\(HTMLReportRenderer.escape(lines.joined(separator: "\n")))</title>"
        if rect.width >= 34 && rect.height >= 15 {
            let shortName = asset.name.split(separator: "/").last.map(String.init) ?? asset.name
            let ink = isDark(fill) ? "#fff" : "#1d1f23"
            let name = fitted(shortName, width: rect.width - 6, characterWidth: 6.1)
            html += "<text class=\"tm-label\" x=\"\(number(rect.x + 3))\" y=\"\(number(rect.y + 12))\" fill=\"\(ink)\">\(HTMLReportRenderer.escape(name))"
            if rect.height >= 28 {
                html += "<tspan class=\"tm-size\" x=\"\(number(rect.x + 3))\" dy=\"12\">\(ByteText.short(asset.bytes))</tspan>"
            }
            html += "</text>"
        }
        return html + "</g>"
    }

    /// The legend: every encoding with its colour, bytes and share, largest first.
    static func legend(_ sizes: SizeInventory, total: Int) -> String {
        var bytes: [String: Int] = [:]
        for asset in sizes.assets { for variant in asset.variants { bytes[variant.encoding, default: 0] += variant.bytes } }
        let ordered = bytes.filter { $0.value > 0 }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var html = "<p class=\"tm-legend\">"
        for (encoding, count) in ordered {
            let share = Double(count) / Double(total) * 100
            let percent = share >= 1 || share == 0 ? "\(Int(share.rounded()))%" : "<1%"
            html += "<span class=\"tm-entry\" data-encoding=\"\(HTMLReportRenderer.escape(encoding))\" data-bytes=\"\(count)\">"
            html += "<span class=\"tm-key\" style=\"background:\(color(for: encoding))\"></span>\(HTMLReportRenderer.escape(encoding)) "
            html += "\(ByteText.short(count)) (\(percent))</span> "
        }
        return html + "</p>\n"
    }

    /// The encoding that holds most of an asset's bytes (the first in name order on a tie).
    static func dominantEncoding(_ asset: SizedAsset) -> String {
        var bytes: [String: Int] = [:]
        for variant in asset.variants { bytes[variant.encoding, default: 0] += variant.bytes }
        return bytes.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? "none"
    }

    /// A fixed colour per encoding, so pages compare at a glance; encodings not listed get one of the spare
    /// colours, chosen by their name.
    static func color(for encoding: String) -> String {
        switch encoding {
        case "lzfse", "png": return "#4e79a7"
        case "lzvn": return "#76b7b2"
        case "zip": return "#59a14f"
        case "deepmap2": return "#b07aa1"
        case "deepmap-lzfse": return "#d37295"
        case "palette-img": return "#f28e2b"
        case "jpeg-lzfse", "jpeg": return "#edc948"
        case "astc": return "#e15759"
        case "hevc", "heif": return "#ff9da7"
        case "rle": return "#9c755f"
        case "uncompressed": return "#8c8c8c"
        case "pdf": return "#c98d4f"
        case "svg": return "#a0cbe8"
        case "data": return "#79706e"
        case "blurred": return "#d4a6c8"
        case "colour", "icon-set", "packed", "none": return "#d9dce1"
        default:
            let spare = ["#86bcb6", "#8cd17d", "#b6992d", "#f1ce63", "#499894", "#c7b8e0", "#fabfd2", "#b3b3b3"]
            let hash = encoding.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
            return spare[hash % spare.count]
        }
    }

    /// Whether white text reads better than dark text on `hex` (`#rrggbb`).
    static func isDark(_ hex: String) -> Bool {
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count == 6 else { return false }
        func channel(_ at: Int) -> Double {
            let text = String(decoding: digits[at..<at + 2], as: UTF8.self)
            return Double(Int(text, radix: 16) ?? 0) / 255
        }
        let luminance = 0.299 * channel(0) + 0.587 * channel(2) + 0.114 * channel(4)
        return luminance < 0.55
    }

    /// `text` cut with an ellipsis to about `width` units at `characterWidth` per character ("" when not even
    /// two characters fit).
    static func fitted(_ text: String, width: Double, characterWidth: Double) -> String {
        let fits = Int(width / characterWidth)
        if text.count <= fits { return text }
        if fits < 3 { return "" }
        return String(text.prefix(fits - 1)) + "…"
    }

    /// A coordinate with at most one decimal.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
