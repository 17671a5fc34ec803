/// `tinted-appearance`: an entry for the tinted appearance, which has no trait value.
public struct TintedAppearanceRule: ReaderDiagnosticRule {
    public static let identifier = "tinted-appearance"
    public static let defaultSeverity = Diagnostic.Severity.note
    public static let summary = "An entry for the tinted luminosity (iOS 18 icons), which assetc indexes for any appearance."
    public static let rationale = """
        assetc's trait model knows light and dark but not tinted, so the entry is kept with its `luminosity` \
        attribute and treated as "any appearance" when resolving. This is a note so that you know the tinted \
        artwork is not selected by appearance in assetc's resolver. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "An app icon with a tinted variant",
            files: AuditExample.imageSet(
                "AppIcon",
                [
                    ExampleVariant("Icon.png", #""platform":"ios","size":"1024x1024""#, .png(1024, 1024)),
                    ExampleVariant(
                        "Icon-tinted.png",
                        #""appearances":[{"appearance":"luminosity","value":"tinted"}],"platform":"ios","size":"1024x1024""#,
                        .png(1024, 1024)),
                ], folderExtension: "appiconset"))
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "Light and dark variants only",
            files: AuditExample.imageSet(
                "Icon",
                AuditExample.scaled("Icon", scales: [2, 3])
                    + AuditExample.scaled("Icon-dark", scales: [2, 3], #""appearances":[{"appearance":"luminosity","value":"dark"}]"#)))
    ]

    public init() {}
}
