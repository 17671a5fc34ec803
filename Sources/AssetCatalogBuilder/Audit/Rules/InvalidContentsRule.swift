/// `invalid-contents`: a `Contents.json` that is not JSON, or has values of the wrong type.
public struct InvalidContentsRule: ReaderDiagnosticRule {
    public static let identifier = "invalid-contents"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "A Contents.json that is missing, is not JSON, or has a value of the wrong type."
    public static let rationale = """
        Xcode refuses such a set and the build fails; assetc skips what it cannot use. The usual culprits are \
        unresolved merge conflicts, trailing commas from hand edits, and numbers where Xcode writes strings \
        (`"scale" : 2` instead of `"2x"`). The message gives the line and column or the key. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "An unresolved merge conflict in Contents.json",
            files: [
                "Icon.imageset/Contents.json": .text(
                    "{\n  \"images\" : [\n<<<<<<< HEAD\n    { \"idiom\" : \"universal\" }\n=======\n    { \"idiom\" : \"universal\", }\n>>>>>>> feature\n  ]\n}\n")
            ]),
        AuditExample(
            "'images' is a string instead of an array",
            files: ["Icon.imageset/Contents.json": .text(#"{"images":"oops","info":{"author":"xcode","version":1}}"#)]),
        AuditExample(
            "A scale written as a number",
            files: [
                "Icon.imageset/Contents.json": .images([#""filename":"Icon@2x.png","idiom":"universal","scale":2"#]),
                "Icon.imageset/Icon@2x.png": .png(32, 32),
            ]),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.healthy("Well-formed Contents.json files"),
        AuditExample(
            "A colour set entry without a colour, as Xcode's AccentColor and WidgetBackground templates write it (the system default colour)",
            files: ["AccentColor.colorset/Contents.json": .colors([#""idiom":"universal""#])]),
    ]

    public init() {}
}
