import AssetCatalog

/// `assetc diff --json`: the schema of docs/DIFF-JSON.md. Object keys are sorted, every key is always present
/// (`null` where there is no value), and arrays keep the order of ``SizeDiff`` (by growth). One asset per line,
/// so a line-oriented tool can grep it.
public struct SizeDiffJSON: Sendable {
    /// The schema version: raised when a change could break a consumer.
    public static let schemaVersion = 1

    /// The comparison to write.
    public var diff: SizeDiff

    /// Creates the document for `diff`.
    public init(diff: SizeDiff) {
        self.diff = diff
    }

    /// The document, ending in a line break.
    public func render() -> String {
        var out = "{\n"
        out += "\"assets\": ["
        for (position, asset) in diff.assets.enumerated() {
            out += position == 0 ? "\n" : ",\n"
            object(&out, [
                ("delta", { $0 += String(asset.delta) }),
                ("internal", { $0 += asset.kind == nil ? "true" : "false" }),
                ("kind", { out in Self.nullable(&out, asset.kind?.rawValue) }),
                ("name", { Self.string(&$0, asset.name) }),
                ("newBytes", { $0 += String(asset.newBytes) }),
                ("oldBytes", { $0 += String(asset.oldBytes) }),
                ("status", { Self.string(&$0, asset.status.rawValue) }),
                ("variants", { out in
                    out += "["
                    for (index, variant) in asset.variants.enumerated() {
                        if index > 0 { out += "," }
                        self.object(&out, [
                            ("delta", { $0 += String(variant.delta) }),
                            ("key", { Self.string(&$0, variant.key) }),
                            ("new", { self.variant(&$0, variant.new) }),
                            ("old", { self.variant(&$0, variant.old) }),
                            ("status", { Self.string(&$0, variant.status.rawValue) }),
                        ])
                    }
                    out += "]"
                }),
            ])
        }
        out += diff.assets.isEmpty ? "],\n" : "\n],\n"
        out += "\"delta\": \(diff.delta),\n"
        out += "\"encodings\": "
        buckets(&out, diff.encodings)
        out += ",\n\"equal\": \(diff.isEqual ? "true" : "false"),\n"
        out += "\"new\": "
        side(&out, diff.new)
        out += ",\n\"old\": "
        side(&out, diff.old)
        out += ",\n\"schemaVersion\": \(Self.schemaVersion),\n"
        let count = { (status: SizeDiff.Status) in diff.assets.filter { $0.status == status }.count }
        out += "\"summary\": {\"added\": \(count(.added)), \"changed\": \(count(.changed)), \"removed\": \(count(.removed)), "
            + "\"unchanged\": \(diff.unchangedAssets)},\n"
        out += "\"traits\": "
        buckets(&out, diff.traits)
        out += ",\n\"unchangedDelta\": \(diff.unchangedDelta)"
        out += "\n}\n"
        return out
    }

    private func object(_ out: inout String, _ members: [(String, (inout String) -> Void)]) {
        out += "{"
        for (index, member) in members.enumerated() {
            if index > 0 { out += ", " }
            Self.string(&out, member.0)
            out += ": "
            member.1(&out)
        }
        out += "}"
    }

    private func variant(_ out: inout String, _ variant: SizedVariant?) {
        guard let variant else {
            out += "null"
            return
        }
        object(&out, [
            ("atlasShare", { $0 += String(variant.atlasShare) }),
            ("bytes", { $0 += String(variant.bytes) }),
            ("encoding", { Self.string(&$0, variant.encoding) }),
            ("name", { Self.string(&$0, variant.name) }),
            ("pixelHeight", { out in Self.nullable(&out, variant.pixelHeight.map(String.init), quoted: false) }),
            ("pixelWidth", { out in Self.nullable(&out, variant.pixelWidth.map(String.init), quoted: false) }),
            ("sharesPayload", { $0 += variant.sharesPayload ? "true" : "false" }),
        ])
    }

    private func side(_ out: inout String, _ side: SizeDiff.Side) {
        object(&out, [
            ("assets", { $0 += String(side.assetCount) }),
            ("bytes", { $0 += String(side.bytes) }),
            ("kind", { Self.string(&$0, side.kind.rawValue) }),
            ("path", { Self.string(&$0, side.path) }),
            ("variants", { $0 += String(side.variantCount) }),
        ])
    }

    private func buckets(_ out: inout String, _ buckets: [SizeDiff.Bucket]) {
        out += "["
        for (index, bucket) in buckets.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            object(&out, [
                ("delta", { $0 += String(bucket.delta) }),
                ("name", { Self.string(&$0, bucket.name) }),
                ("newBytes", { $0 += String(bucket.newBytes) }),
                ("newVariants", { $0 += String(bucket.newVariants) }),
                ("oldBytes", { $0 += String(bucket.oldBytes) }),
                ("oldVariants", { $0 += String(bucket.oldVariants) }),
            ])
        }
        out += buckets.isEmpty ? "]" : "\n]"
    }

    private static func string(_ out: inout String, _ text: String) {
        JSONString.append(text, to: &out, escapingLineSeparators: true)
    }

    private static func nullable(_ out: inout String, _ text: String?, quoted: Bool = true) {
        guard let text else {
            out += "null"
            return
        }
        if quoted { string(&out, text) } else { out += text }
    }
}
