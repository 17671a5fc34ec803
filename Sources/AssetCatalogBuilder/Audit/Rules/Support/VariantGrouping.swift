import AssetCatalog

/// How the analysis rules tell variants apart and group them.
enum VariantGrouping {
    /// Entry keys that describe how a variant is stored or drawn, not which device gets it.
    static let nonDistinguishingKeys: Set<String> = [
        "compression-type", "resizing", "alignment-insets", "universal-type-identifier", "template-rendering-intent",
        "preserves-vector-representation",
    ]

    /// The attributes that make two entries with the same traits different entries (`subtype`,
    /// `screen-width`, `memory`, `locale`, an app icon's `size`, a tinted `luminosity`, the raw text of a
    /// trait value the reader did not understand, …), sorted by key.
    static func distinguishingAttributes(_ variant: Variant) -> [String] {
        if variant.attributes.isEmpty { return [] }
        return variant.attributes.filter { !nonDistinguishingKeys.contains($0.key) }
            .map { "\($0.key)=\($0.value)" }.sorted()
    }

    /// Whether the resolver's trait model describes the variant completely (no distinguishing attributes).
    static func isPlain(_ variant: Variant) -> Bool {
        variant.attributes.isEmpty || distinguishingAttributes(variant).isEmpty
    }

    /// Keys under which the reader keeps the raw text of a trait value it did not understand.
    static let rawTraitKeys: Set<String> = [
        "idiom", "scale", "display-gamut", "width-class", "height-class", "language-direction", "contrast",
    ]

    /// Whether the reader could not understand one of the entry's trait values (`unknown-key` reports it),
    /// so its traits are not what the author meant and scale checks would only repeat that finding.
    static func hasUnknownTraitValue(_ variant: Variant) -> Bool {
        !variant.attributes.isEmpty && variant.attributes.keys.contains { key in
            rawTraitKeys.contains(key) || key.hasPrefix("appearance.")
                || (key == "luminosity" && variant.attributes[key] != "tinted")
        }
    }

    /// Whether the entry is marked `"unassigned": true` (Xcode keeps such entries but never uses them).
    static func isUnassigned(_ variant: Variant) -> Bool {
        !variant.attributes.isEmpty && variant.attributes["unassigned"] == "true"
    }

    /// Whether the variant's file is vector artwork (or, without a sniffed type, named like it).
    static func isVector(_ variant: Variant) -> Bool {
        if let type = variant.inspection?.contentType ?? variant.contentType { return type.isVector }
        guard let source = variant.source, let ext = PlainFileName.fileExtension(of: source) else { return false }
        return ext == "pdf" || ext == "svg"
    }

    /// The key of a variant without its scale: variants with equal keys are the same artwork at different scales.
    struct ScalelessKey: Hashable {
        var traits: VariantTraits
        var attributes: [String]

        init(_ variant: Variant) {
            var traits = variant.traits
            traits.displayScale = nil
            self.traits = traits
            attributes = VariantGrouping.distinguishingAttributes(variant)
        }

        /// `universal dark`, `phone wR hAny` for messages.
        var label: String {
            var text = traits.description.replacingOccurrences(of: " any-scale", with: "")
            if !attributes.isEmpty { text += " (" + attributes.joined(separator: ", ") + ")" }
            return text
        }
    }

    /// Whether `traits` equals `scaleless` in every dimension but the scale.
    static func sameExceptScale(_ traits: VariantTraits, _ scaleless: VariantTraits) -> Bool {
        var copy = traits
        copy.displayScale = nil
        return copy == scaleless
    }

    /// The variants grouped by ``ScalelessKey``, groups in the order of their first variant.
    static func scaleGroups(_ variants: [Variant]) -> [(key: ScalelessKey, members: [Variant])] {
        // The usual set: one artwork at several scales, with nothing but the scale telling them apart.
        if let first = variants.first, first.attributes.isEmpty {
            var traits = first.traits
            traits.displayScale = nil
            if variants.allSatisfy({ $0.attributes.isEmpty && Self.sameExceptScale($0.traits, traits) }) {
                return [(ScalelessKey(first), variants)]
            }
        }
        var order: [ScalelessKey] = []
        var groups: [ScalelessKey: [Variant]] = [:]
        for variant in variants {
            let key = ScalelessKey(variant)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(variant)
        }
        return order.map { ($0, groups[$0]!) }
    }
}

/// The scales each idiom needs, as `missing-scale` and `upscaled-on-device` apply them.
struct RequiredScales {
    /// Per idiom token (`phone`, …) and `universal`, the required scales.
    let byIdiom: [String: Set<Int>]
    /// The idioms the catalog's app runs on.
    let targets: Set<Idiom>

    init(context: AssetAuditContext) {
        byIdiom = context.requiredScaleTable
        targets = context.targetIdioms
    }

    /// The scales artwork for `idiom` (`nil`: universal) must have. Universal artwork needs the universal
    /// scales that some target idiom needs: a Mac-only catalog's universal images need no 3x.
    func required(for idiom: Idiom?) -> Set<Int> {
        guard let idiom else {
            let needed = targets.reduce(into: Set<Int>()) { $0.formUnion(byIdiom[$1.token] ?? []) }
            return (byIdiom["universal"] ?? []).intersection(needed)
        }
        return byIdiom[idiom.token] ?? []
    }

    /// For each raster scale group: the scales it has and the required ones it lacks. A group is reported
    /// only when it has at least one required scale (otherwise `upscaled-on-device` speaks for it).
    func gaps(in asset: Asset) -> [ScaleGap] {
        var gaps: [ScaleGap] = []
        let candidates = asset.variants.filter { $0.source != nil && !VariantGrouping.isUnassigned($0) }
        for (key, members) in VariantGrouping.scaleGroups(candidates) {
            if members.contains(where: {
                VariantGrouping.isVector($0) || $0.traits.displayScale == nil || VariantGrouping.hasUnknownTraitValue($0)
            }) { continue }
            let present = Set(members.compactMap { $0.traits.displayScale?.value })
            let required = required(for: key.traits.idiom)
            let missing = required.subtracting(present)
            guard !missing.isEmpty, !present.isDisjoint(with: required) else { continue }
            gaps.append(ScaleGap(key: key, present: present, missing: missing, members: members))
        }
        return gaps
    }
}

/// A raster scale group that lacks required scales.
struct ScaleGap {
    var key: VariantGrouping.ScalelessKey
    var present: Set<Int>
    var missing: Set<Int>
    var members: [Variant]
}

extension Set where Element == Int {
    /// `1x, 2x and 3x`.
    var scaleList: String {
        let names = sorted().map { "\($0)x" }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

/// Formats a number of points or pixels: `96`, `33.3`.
func formatDimension(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String((value * 10).rounded() / 10)
}
