import AssetCatalog

/// `unreachable-variant`: a variant that no fully specified trait collection selects.
public struct UnreachableVariantRule: AuditRule {
    public static let identifier = "unreachable-variant"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "A variant that no device can ever get: for every fully specified trait collection another variant matches better."
    public static let rationale = """
        Proved by search, not guessed: every fully specified trait collection (7 idioms × the scales 1x, 2x, 3x \
        and those the set uses × 2 gamuts × 2 widths × 2 heights × 2 appearances × 2 contrasts × 2 directions) is \
        resolved with the configured fallback order, and variants never chosen are reported. A typical case is \
        an "any gamut" image beside both an sRGB and a display-P3 one: every device specifies a gamut, and an \
        exact match beats "any". The image still ships and costs size. Delete it, or give it the traits it was \
        meant for. Exact duplicates are left to `ambiguous-variant`, and sets with entries the resolver does not \
        model (`subtype`, `screen-width`, …) are skipped.
        """
    public static let triggeringExamples = [
        AuditExample(
            "An any-gamut image beside sRGB and display-P3 images",
            files: AuditExample.imageSet(
                "Photo",
                AuditExample.scaled("Any", scales: [2])
                    + AuditExample.scaled("P3", scales: [2], #""display-gamut":"display-P3""#)
                    + AuditExample.scaled("SRGB", scales: [2], #""display-gamut":"sRGB""#))),
        AuditExample(
            "A dark image beside dark images for both contrasts",
            files: AuditExample.imageSet(
                "Icon",
                AuditExample.scaled("Icon", scales: [2])
                    + AuditExample.scaled("Dark", scales: [2], #""appearances":[{"appearance":"luminosity","value":"dark"}]"#)
                    + AuditExample.scaled(
                        "DarkNormal", scales: [2],
                        #""appearances":[{"appearance":"luminosity","value":"dark"},{"appearance":"contrast","value":"normal"}]"#)
                    + AuditExample.scaled(
                        "DarkHigh", scales: [2],
                        #""appearances":[{"appearance":"luminosity","value":"dark"},{"appearance":"contrast","value":"high"}]"#))),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.healthy("Universal 1x, 2x and 3x: each is chosen on devices of its scale"),
        AuditExample(
            "Any-gamut and display-P3 images (sRGB devices get the any-gamut one)",
            files: AuditExample.imageSet(
                "Photo", AuditExample.scaled("Any", scales: [2]) + AuditExample.scaled("P3", scales: [2], #""display-gamut":"display-P3""#))),
        AuditExample(
            "iPhone artwork with a universal fallback for other devices",
            files: AuditExample.imageSet(
                "Badge", AuditExample.scaled("Phone", scales: [2, 3], idiom: "iphone") + AuditExample.scaled("Any", scales: [2]))),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        let asset = context.asset
        switch asset.kind {
        case .appIcon, .imageStack, .brandAssets, .icon:
            return []
        case .color:
            return checkColors(context)
        case .image, .data, .symbol:
            break
        }
        var candidates: [Variant] = []
        var seen: Set<UInt32> = []
        for variant in asset.variants where variant.isSelectable && !VariantGrouping.isUnassigned(variant) {
            guard VariantGrouping.isPlain(variant) else { return [] }
            if seen.insert(PackedVariantTraits(variant.traits).rawValue).inserted { candidates.append(variant) }
        }
        guard candidates.count > 1 else { return [] }
        let traits = candidates.map(\.traits)
        let reachable = context.traitSpace.reachable(traits)
        var findings: [Finding] = []
        for (position, variant) in candidates.enumerated() where !reachable[position] {
            let example = Self.nearestRequest(for: variant.traits)
            let winner = Resolver(order: context.configuration.fallbackOrder).bestVariant(among: traits, for: example)
                .map { context.describe(candidates[$0]) } ?? "nothing"
            findings.append(
                finding(
                    context, at: context.path(of: variant),
                    "\(context.describe(variant)) is never chosen: on every device another variant matches better (a \(example) device gets \(winner)); delete it or give it the traits it was meant for"
                ))
        }
        return findings
    }

    private func checkColors(_ context: AssetAuditContext) -> [Finding] {
        var candidates: [(position: Int, traits: VariantTraits)] = []
        var seen: Set<VariantTraits> = []
        for (position, color) in context.asset.colors.enumerated() where seen.insert(color.traits).inserted {
            candidates.append((position, color.traits))
        }
        guard candidates.count > 1 else { return [] }
        let reachable = context.traitSpace.reachable(candidates.map(\.traits))
        return candidates.indices.filter { !reachable[$0] }.map { index in
            let candidate = candidates[index]
            return finding(
                context, at: context.setFile,
                "colors[\(candidate.position)] (\(AmbiguousVariantRule.colorLabel(candidate.traits))) is never chosen: on every device another colour of the set matches better; delete it or give it the traits it was meant for"
            )
        }
    }

    /// The fully specified request closest to a variant: its own traits, with common values where it says "any".
    static func nearestRequest(for traits: VariantTraits) -> TraitCollection {
        TraitSpace.nearestRequest(for: traits)
    }
}
