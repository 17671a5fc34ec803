/// `duplicate-name`: one name in two sets or two catalogs.
public struct DuplicateNameRule: ReaderDiagnosticRule {
    public static let identifier = "duplicate-name"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "Two assets with the same name, in one catalog or across the catalogs audited together."
    public static let rationale = """
        `UIImage(named:)` can return only one of them, and which one depends on build order. Groups without \
        "Provides Namespace" do not make names unique. Rename one, or tick "Provides Namespace" on its group. \
        Detected by the reader, across every root given on the command line.
        """
    public static let triggeringExamples = [
        AuditExample(
            "Icon at the root and in a group that provides no namespace",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon")),
                [
                    "Group/Contents.json": .text(#"{"info":{"author":"xcode","version":1}}"#),
                    "Group/Icon.imageset/Contents.json": .images([AuditExampleFile.entry("Icon@2x.png", scale: "2x")]),
                    "Group/Icon.imageset/Icon@2x.png": .png(32, 32),
                ])),
        AuditExample(
            "The same name in two catalogs",
            roots: ["A.xcassets", "B.xcassets"],
            files: [
                "A.xcassets/Icon.imageset/Contents.json": .images([AuditExampleFile.entry("Icon@2x.png", scale: "2x")]),
                "A.xcassets/Icon.imageset/Icon@2x.png": .png(32, 32),
                "B.xcassets/Icon.imageset/Contents.json": .images([AuditExampleFile.entry("Icon@2x.png", scale: "2x")]),
                "B.xcassets/Icon.imageset/Icon@2x.png": .png(32, 32),
            ]),
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "The same set name in a group that provides a namespace",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon")),
                [
                    "Group/Contents.json": .text(
                        #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#),
                    "Group/Icon.imageset/Contents.json": .images([AuditExampleFile.entry("Icon@2x.png", scale: "2x")]),
                    "Group/Icon.imageset/Icon@2x.png": .png(32, 32),
                ]))
    ]

    public init() {}
}
