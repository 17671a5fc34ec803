import AssetCatalog

/// `ambiguous-variant`: two entries with the same traits.
public struct AmbiguousVariantRule: AuditRule {
    public static let identifier = "ambiguous-variant"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "Two entries of a set (images, data, icons or colours) for exactly the same traits."
    public static let rationale = """
        No device can tell them apart, so only the first listed is ever used; which image you see depends on \
        the order of Contents.json, and Xcode reports "ambiguous content". It usually comes from a bad merge \
        or a hand edit. Delete one entry, or give it the trait it was meant for. Entries that differ in an \
        attribute the resolver does not model (`subtype`, `screen-width`, `locale`, an icon's `size`, a tinted \
        luminosity) are not ambiguous.
        """
    public static let triggeringExamples = [
        AuditExample(
            "Two universal 2x entries",
            files: AuditExample.imageSet(
                "Icon",
                AuditExample.scaled("Icon") + [ExampleVariant("Icon-other@2x.png", scale: "2x", .png(32, 32))])),
        AuditExample(
            "A colour set with two dark entries",
            files: [
                "Tint.colorset/Contents.json": .colors([
                    #""color":{"color-space":"srgb","components":{"red":"1","green":"0","blue":"0","alpha":"1"}},"idiom":"universal""#,
                    #""appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"red":"0.5","green":"0","blue":"0","alpha":"1"}},"idiom":"universal""#,
                    #""appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"red":"0.6","green":"0","blue":"0","alpha":"1"}},"idiom":"universal""#,
                ])
            ]),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.healthy("One entry per scale"),
        AuditExample(
            "Watch images that differ only in screen-width",
            files: AuditExample.imageSet(
                "Face",
                [
                    ExampleVariant("Face-small@2x.png", idiom: "watch", scale: "2x", #""screen-width":"<=145""#, .png(40, 40)),
                    ExampleVariant("Face-large@2x.png", idiom: "watch", scale: "2x", #""screen-width":">183""#, .png(50, 50)),
                ])),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        guard context.catalogKind == .xcassets else { return [] }  // plain folders: duplicate-variant
        var findings: [Finding] = []
        if context.asset.kind == .color {
            var first: [VariantTraits: Int] = [:]
            for (position, color) in context.asset.colors.enumerated() {
                if let earlier = first[color.traits] {
                    findings.append(
                        finding(
                            context, at: context.setFile,
                            "colors[\(position)] and colors[\(earlier)] are both for \(Self.colorLabel(color.traits)); only the first can ever be used"
                        ))
                } else {
                    first[color.traits] = position
                }
            }
            return findings
        }
        struct Key: Hashable {
            var traits: VariantTraits
            var attributes: [String]
        }
        var first: [Key: Variant] = [:]
        for variant in context.asset.variants where variant.source != nil && !VariantGrouping.isUnassigned(variant) {
            let key = Key(traits: variant.traits, attributes: VariantGrouping.distinguishingAttributes(variant))
            if let earlier = first[key] {
                findings.append(
                    finding(
                        context, at: context.setFile,
                        "\(MessageQuote.quoted(context.fileName(variant))) and \(MessageQuote.quoted(context.fileName(earlier))) are both for \(variant.traits)\(key.attributes.isEmpty ? "" : " (" + key.attributes.joined(separator: ", ") + ")"); only the first listed can ever be chosen, so \(MessageQuote.quoted(context.fileName(variant))) is never shown"
                    ))
            } else {
                first[key] = variant
            }
        }
        return findings
    }

    static func colorLabel(_ traits: VariantTraits) -> String {
        traits.description.replacingOccurrences(of: " any-scale", with: "")
    }
}
