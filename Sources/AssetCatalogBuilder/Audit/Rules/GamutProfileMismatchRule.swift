import AssetCatalog

/// `gamut-profile-mismatch`: an image whose colour profile contradicts its gamut slot.
public struct GamutProfileMismatchRule: AuditRule {
    public static let identifier = "gamut-profile-mismatch"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "A display-P3 slot whose PNG has no wide-gamut profile, or an sRGB slot (or the any-gamut fallback beside a display-P3 slot) whose PNG carries a Display P3 profile."
    public static let rationale = """
        The slot decides which devices get the image; the profile decides how its numbers are read. A P3 slot \
        filled with an sRGB export gives P3 devices the dull sRGB colours the slot exists to avoid. A Display \
        P3 image in an sRGB slot, or in the any-gamut slot of a set that also has a display-P3 slot, is what \
        sRGB devices get, converted and clipped. A set with only any-gamut slots may hold Display P3 artwork \
        (Xcode derives the sRGB rendition), and app icon sets have no gamut slots, so neither is reported. \
        Export each image with the profile of its slot, or move it to the right slot.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A display-P3 slot holding an sRGB-tagged PNG",
            files: AuditExample.imageSet(
                "Photo",
                AuditExample.scaled("Photo", scales: [2], #""display-gamut":"sRGB""#) { ExamplePNG(width: $0, height: $0, profile: .sRGB) }
                    + AuditExample.scaled("Photo-P3", scales: [2], #""display-gamut":"display-P3""#) {
                        ExamplePNG(width: $0, height: $0, profile: .sRGB)
                    })),
        AuditExample(
            "An sRGB slot holding a Display P3 PNG",
            files: AuditExample.imageSet(
                "Photo",
                AuditExample.scaled("Photo", scales: [2], #""display-gamut":"sRGB""#) {
                    ExamplePNG(width: $0, height: $0, profile: .displayP3, color: [255, 0, 0])
                }
                    + AuditExample.scaled("Photo-P3", scales: [2], #""display-gamut":"display-P3""#) {
                        ExamplePNG(width: $0, height: $0, profile: .displayP3, color: [255, 0, 0])
                    })),
        AuditExample(
            "The any-gamut slot beside a display-P3 slot holding a Display P3 PNG",
            files: AuditExample.imageSet(
                "Photo",
                AuditExample.scaled("Photo", scales: [2]) { ExamplePNG(width: $0, height: $0, profile: .displayP3, color: [255, 0, 0]) }
                    + AuditExample.scaled("Photo-P3", scales: [2], #""display-gamut":"display-P3""#) {
                        ExamplePNG(width: $0, height: $0, profile: .displayP3, color: [255, 0, 0])
                    })),
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "sRGB and display-P3 slots with matching profiles",
            files: AuditExample.imageSet(
                "Photo",
                AuditExample.scaled("Photo", scales: [2], #""display-gamut":"sRGB""#) { ExamplePNG(width: $0, height: $0, profile: .sRGB) }
                    + AuditExample.scaled("Photo-P3", scales: [2], #""display-gamut":"display-P3""#) {
                        ExamplePNG(width: $0, height: $0, profile: .displayP3, color: [255, 0, 0])
                    })),
        AuditExample.healthy("Untagged images in any-gamut slots"),
        AuditExample(
            "Display P3 artwork in the only (any-gamut) slots",
            files: AuditExample.imageSet(
                "Photo", AuditExample.scaled("Photo", scales: [2, 3]) { ExamplePNG(width: $0, height: $0, profile: .displayP3, color: [255, 0, 0]) })),
        AuditExample(
            "A Display P3 app icon",
            files: AuditExample.imageSet(
                "AppIcon",
                [ExampleVariant("Icon.png", #""platform":"ios","size":"1024x1024""#, .png(ExamplePNG(width: 1024, height: 1024, profile: .displayP3)))],
                folderExtension: "appiconset")),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard context.asset.kind == .image || context.asset.kind == .data else { return [] }
        let variants = context.asset.variants
        let hasP3Slot = variants.contains { $0.traits.displayGamut == .displayP3 }
        var findings: [Finding] = []
        for position in variants.indices {
            // Only the fields needed, without copying whole inspections.
            guard variants[position].inspection?.problem == nil, variants[position].inspection?.png != nil else { continue }
            let profile = variants[position].inspection?.png?.iccProfile?.colorSpace
            let gamut = variants[position].traits.displayGamut
            if profile == nil, gamut != .displayP3 { continue }
            let variant = variants[position]
            guard let png = variant.inspection?.png else { continue }
            let name = context.fileName(variant)
            switch variant.traits.displayGamut {
            case .displayP3?:
                if profile == nil || profile == .sRGB {
                    let has = profile == .sRGB ? "an sRGB profile" : png.hasSRGBChunk ? "only an sRGB chunk" : "no colour profile"
                    findings.append(
                        finding(
                            context, at: context.path(of: variant),
                            "\(name) fills a display-P3 slot but has \(has), so P3 devices get sRGB colours; export it with the Display P3 profile"
                        ))
                }
            case .sRGB?:
                if profile == .displayP3 {
                    findings.append(
                        finding(
                            context, at: context.path(of: variant),
                            "\(name) fills an sRGB slot but carries a Display P3 profile: sRGB devices get converted, clipped colours; export it as sRGB"
                        ))
                }
            case nil:
                // Any-gamut artwork may well be wide-gamut (Xcode makes the sRGB rendition); it is a mismatch
                // only when the set also has a display-P3 slot, which makes this slot the sRGB fallback.
                if profile == .displayP3, hasP3Slot {
                    findings.append(
                        finding(
                            context, at: context.path(of: variant),
                            "\(name) carries a Display P3 profile but fills the any-gamut slot, which beside the set's display-P3 slot is what sRGB devices get; export it as sRGB"
                        ))
                }
            }
        }
        return findings
    }
}
