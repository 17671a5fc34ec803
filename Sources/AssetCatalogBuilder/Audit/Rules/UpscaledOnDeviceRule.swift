import AssetCatalog

/// `upscaled-on-device`: for some device preset the resolver must pick a lower-scale image.
public struct UpscaledOnDeviceRule: AuditRule {
    public static let identifier = "upscaled-on-device"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "A device the set is meant for gets an image of a lower scale than its screen (a 1x image on a 3x iPhone), so it is scaled up and blurry."
    public static let rationale = """
        Every device preset (`assetc presets`) whose idiom the set targets is resolved in light and dark \
        appearance, exactly as the archive would resolve it. A set targets the idioms it names; universal \
        artwork targets the catalog's idioms (those its app icon and idiom-specific sets name, or `idioms` in \
        `.assetc.yml`). Vector artwork is never reported, and a gap that `missing-scale` already reports (the \
        group has some of its required scales) is left to that rule. The pixel size counts too: an image whose \
        longer side has at least `resized-from-pixels` pixels (a 1024×1024 photo in the 1x slot) is drawn \
        resized to fit, not at its point size, and has pixels enough for any screen, so it is not reported.
        """
    public static let options = [
        AuditRuleOption(
            name: "resized-from-pixels", kind: .positiveNumber, defaultValue: "1024",
            summary: "Images with at least this many pixels on their longer side are taken to be drawn resized, not upscaled.")
    ]
    public static let triggeringExamples = [
        AuditExample("A universal image with only 1x", files: AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [1]))),
        AuditExample(
            "iPhone artwork at 2x only, with missing-scale turned off",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [2], idiom: "iphone")),
                [".assetc.yml": .text("rules:\n  missing-scale: off\n")])),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.healthy("Universal 1x, 2x and 3x"),
        AuditExample("A Watch image at 2x (every Watch is 2x)", files: AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [2], idiom: "watch"))),
        AuditExample("A single-scale PDF", files: AuditExample.imageSet("Icon", [ExampleVariant("Icon.pdf", .pdf)])),
        AuditExample(
            "A 1024×1024 image in the universal 1x slot, other slots empty (drawn resized)",
            files: AuditExample.imageSet(
                "Artwork",
                [
                    ExampleVariant("Artwork.png", scale: "1x", .png(1024, 1024)), ExampleVariant(nil, scale: "2x", nil),
                    ExampleVariant(nil, scale: "3x", nil),
                ])),
        AuditExample(
            "iPhone artwork at 2x only: missing-scale reports it",
            files: AuditExample.imageSet("Icon", AuditExample.scaled("Icon", scales: [2], idiom: "iphone"))),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard context.asset.kind == .image else { return [] }
        let candidates = context.asset.variants.filter {
            $0.isSelectable && VariantGrouping.isPlain($0) && !VariantGrouping.isUnassigned($0)
        }
        guard !candidates.isEmpty else { return [] }
        var idioms = Set(candidates.compactMap(\.traits.idiom))
        if candidates.contains(where: { $0.traits.idiom == nil }) { idioms.formUnion(context.targetIdioms) }
        let requests = context.shared.presetRequests(for: context.configuration.fallbackOrder)
        let packed = candidates.map { PackedVariantTraits($0.traits) }
        // Without appearance-specific artwork, dark requests resolve exactly like light ones.
        let themed = candidates.contains { $0.traits.appearance != nil }

        // First the cheap part: which presets get a lower-scale raster image at all.
        let resizedFrom = context.number("resized-from-pixels", of: Self.self)
        var lower: [(entry: Int, best: Int, wanted: Int)] = []
        var chosenByPreset: [String: Int] = [:]
        for (position, entry) in requests.enumerated()
        where (themed || entry.appearance == .light) && idioms.contains(entry.preset.traits.idiom ?? .phone) {
            guard let wanted = entry.preset.traits.displayScale?.value, let best = entry.request.bestIndex(in: packed) else {
                continue
            }
            // The light and dark requests of a preset often pick the same variant: report it once.
            if entry.appearance == .dark, chosenByPreset[entry.preset.name] == best { continue }
            chosenByPreset[entry.preset.name] = best
            let chosen = candidates[best]
            guard let scale = chosen.traits.displayScale?.value, scale < wanted, !VariantGrouping.isVector(chosen) else {
                continue
            }
            if let width = chosen.inspection?.pixelWidth, let height = chosen.inspection?.pixelHeight,
                Double(max(width, height)) >= resizedFrom
            {
                continue
            }
            lower.append((position, best, wanted))
        }
        guard !lower.isEmpty else { return [] }

        // Gaps missing-scale reports: (group, scale) pairs to leave to it.
        var reported: Set<GapKey> = []
        if context.isEnabled(MissingScaleRule.identifier) {
            for gap in context.scaleGaps {
                for scale in gap.missing { reported.insert(GapKey(key: gap.key, scale: scale)) }
            }
        }
        let presets = DevicePreset.all.filter { idioms.contains($0.traits.idiom ?? .phone) }
        var upscaled: [Int: [String]] = [:]
        for (position, best, wanted) in lower {
            if reported.contains(GapKey(key: VariantGrouping.ScalelessKey(candidates[best]), scale: wanted)) { continue }
            let entry = requests[position]
            let label = entry.preset.name + (entry.appearance == .dark ? " (dark)" : "")
            if !(upscaled[best]?.contains(label) ?? false) { upscaled[best, default: []].append(label) }
        }
        return upscaled.keys.sorted().map { position in
            let variant = candidates[position]
            let scale = variant.traits.displayScale?.value ?? 1
            let devices = upscaled[position]!
            let needed = Set(presets.filter { devices.contains($0.name) || devices.contains($0.name + " (dark)") }
                .compactMap { $0.traits.displayScale?.value })
            return finding(
                context, at: context.path(of: variant),
                "\(context.describe(variant)) is the best image for \(devices.joined(separator: ", ")), which show it scaled up from \(scale)x to \(needed.scaleList) and blurry; add \(needed.scaleList) artwork"
            )
        }
    }

    private struct GapKey: Hashable {
        var key: VariantGrouping.ScalelessKey
        var scale: Int
    }
}
