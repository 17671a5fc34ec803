/// `assetc diff` as text: the two sides, the total change, then the assets, the bytes per compression and the
/// bytes per trait value, each sorted by growth (docs/AUDITS.md, "Size differences").
///
/// A changed asset lists its changed variants under it; an added or removed one says how many variants it has
/// and how they are stored (the JSON lists them all). When the unchanged assets' shares of packed atlases moved,
/// a line says by how much, so that the listed deltas and it add up to the total.
public struct SizeDiffText: Sendable {
    /// The comparison to print.
    public var diff: SizeDiff

    /// Creates the listing of `diff`.
    public init(diff: SizeDiff) {
        self.diff = diff
    }

    /// The listing, ending in a line break.
    public func render() -> String {
        var out = "old: \(side(diff.old))\nnew: \(side(diff.new))\n"
        if diff.isEqual {
            out += "no differences: \(diff.unchangedAssets) asset\(plural(diff.unchangedAssets)) the same\n"
            return out
        }
        out += "total: \(ByteText.signed(diff.delta)) bytes (\(percent(diff.delta, of: diff.old.bytes))), "
            + "\(ByteText.short(diff.old.bytes)) → \(ByteText.short(diff.new.bytes))\n"
        let counts = SizeDiff.Status.allCases.map { status in (status, diff.assets.filter { $0.status == status }.count) }
        out += "assets: " + counts.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ") + ", \(diff.unchangedAssets) unchanged\n"
        if diff.unchangedDelta != 0 {
            out += "unchanged assets: \(ByteText.signed(diff.unchangedDelta)) bytes (their shares of packed atlases moved)\n"
        }

        out += "\nassets, by growth:\n"
        var rows: [[String]] = []
        for asset in diff.assets {
            let name = asset.kind == nil ? "\(asset.name) (internal rendition)" : asset.name
            switch asset.status {
            case .changed:
                rows.append([ByteText.signed(asset.delta), asset.status.rawValue, name, "\(ByteText.grouped(asset.oldBytes)) → \(ByteText.grouped(asset.newBytes))"])
                for variant in asset.variants {
                    rows.append([ByteText.signed(variant.delta), variant.status.rawValue, "  " + variant.key, variantText(variant)])
                }
            case .added, .removed:
                let variants = asset.status == .added ? asset.variants.compactMap(\.new) : asset.variants.compactMap(\.old)
                let bytes = asset.status == .added ? asset.newBytes : asset.oldBytes
                rows.append([
                    ByteText.signed(asset.delta), asset.status.rawValue, name,
                    "\(ByteText.grouped(bytes)) in \(variants.count) variant\(plural(variants.count))\(encodings(variants))",
                ])
            }
        }
        out += table(rows, rightAligned: [0])
        for (title, buckets) in [("bytes by compression", diff.encodings), ("bytes by trait", diff.traits)] where !buckets.isEmpty {
            out += "\n\(title), by growth:\n"
            out += table(
                buckets.map { bucket in
                    [
                        ByteText.signed(bucket.delta), bucket.name, "\(ByteText.grouped(bucket.oldBytes)) → \(ByteText.grouped(bucket.newBytes))",
                        "(\(bucket.oldVariants) → \(bucket.newVariants) variants)",
                    ]
                }, rightAligned: [0, 2])
        }
        return out
    }

    private func side(_ side: SizeDiff.Side) -> String {
        "\(side.path) (\(side.kind.rawValue)): \(ByteText.grouped(side.bytes)) bytes in \(side.assetCount) asset\(plural(side.assetCount)), "
            + "\(side.variantCount) variant\(plural(side.variantCount))"
    }

    /// How a variant's storage changed: `lzfse 1,024 → deepmap2 2,048, 10x10 → 20x20`, or one side's.
    private func variantText(_ change: SizeDiff.VariantChange) -> String {
        func describe(_ variant: SizedVariant) -> String { "\(variant.encoding) \(ByteText.grouped(variant.bytes))" }
        func size(_ variant: SizedVariant) -> String? {
            guard let width = variant.pixelWidth, let height = variant.pixelHeight else { return nil }
            return "\(width)x\(height)"
        }
        switch (change.old, change.new) {
        case (let old?, let new?):
            var text = old.encoding == new.encoding
                ? "\(new.encoding) \(ByteText.grouped(old.bytes)) → \(ByteText.grouped(new.bytes))" : "\(describe(old)) → \(describe(new))"
            if size(old) != size(new) { text += ", \(size(old) ?? "no size") → \(size(new) ?? "no size")" }
            if old.bytes == new.bytes && old.encoding == new.encoding && size(old) == size(new) { text += ", other content" }
            return text
        case (let old?, nil): return describe(old) + (size(old).map { ", \($0)" } ?? "")
        case (nil, let new?): return describe(new) + (size(new).map { ", \($0)" } ?? "")
        case (nil, nil): return ""
        }
    }

    private func encodings(_ variants: [SizedVariant]) -> String {
        var names: [String] = []
        for variant in variants where !names.contains(variant.encoding) { names.append(variant.encoding) }
        return names.isEmpty ? "" : " (\(names.joined(separator: ", ")))"
    }

    private func percent(_ delta: Int, of base: Int) -> String {
        guard base > 0 else { return delta == 0 ? "0%" : "new" }
        let tenths = (Double(delta) / Double(base) * 1000).rounded() / 10
        return (tenths > 0 ? "+" : "") + "\(tenths)%"
    }

    private func plural(_ count: Int) -> String { count == 1 ? "" : "s" }

    /// Columns separated by two spaces, padded to the widest cell (counted in characters); the last column is
    /// not padded.
    private func table(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column >= widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        var out = ""
        for row in rows {
            var line = " "
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column == row.count - 1 && !rightAligned.contains(column) {
                    line += " " + cell
                } else {
                    line += " " + (rightAligned.contains(column) ? padding + cell : cell + padding)
                }
                if column < row.count - 1 { line += " " }
            }
            out += line + "\n"
        }
        return out
    }
}
