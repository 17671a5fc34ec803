/// `unknown-key`: a key, or a value of a known key, that the reader does not know.
public struct UnknownKeyRule: ReaderDiagnosticRule {
    public static let identifier = "unknown-key"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let summary = "A Contents.json key, or a value of a known key, that is not part of the format."
    public static let rationale = """
        Usually a typo (`"idom"`), a value Xcode does not write (`"idiom" : "toaster"`), or a hand edit. The \
        entry is still used, but the misspelt trait counts as "any", so the variant may be shown on devices \
        it was not meant for. Fix the spelling or remove the key. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "An entry with an unknown key 'resolution'",
            files: AuditExample.imageSet(
                "Icon", [ExampleVariant("Icon@2x.png", scale: "2x", #""resolution":"high""#, .png(32, 32))])),
        AuditExample(
            "An unknown idiom value",
            files: AuditExample.imageSet("Icon", [ExampleVariant("Icon@2x.png", idiom: "toaster", scale: "2x", .png(32, 32))])),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.healthy("Only keys Xcode writes"),
        AuditExample(
            "Known keys such as appearances, display-gamut and resizing",
            files: AuditExample.imageSet(
                "Icon",
                [
                    ExampleVariant(
                        "Icon@2x.png", scale: "2x",
                        #""appearances":[{"appearance":"luminosity","value":"dark"}],"display-gamut":"sRGB""#, .png(32, 32))
                ])),
    ]

    public init() {}
}
