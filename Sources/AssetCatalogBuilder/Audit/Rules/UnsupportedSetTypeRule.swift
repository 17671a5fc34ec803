/// `unsupported-set-type`: a set type assetc recognises but does not index.
public struct UnsupportedSetTypeRule: ReaderDiagnosticRule {
    public static let identifier = "unsupported-set-type"
    public static let defaultSeverity = Diagnostic.Severity.note
    public static let summary = "A set type assetc recognises but does not index yet (.launchimage, .imagestack, .symbolset, …)."
    public static let rationale = """
        The set is valid for Xcode but assetc neither checks nor packs it, so the audit says nothing about its \
        contents. This is a note so that nobody mistakes silence for a clean bill of health. Launch image sets \
        are also deprecated: a launch storyboard replaces them. Detected by the reader.
        """
    public static let triggeringExamples = [
        AuditExample(
            "A launch image set",
            files: [
                "Launch.launchimage/Contents.json": .text(
                    #"{"images":[{"extent":"full-screen","idiom":"iphone","orientation":"portrait","scale":"2x","subtype":"retina4"}],"info":{"author":"xcode","version":1}}"#)
            ]),
        AuditExample(
            "A symbol set",
            files: [
                "Symbol.symbolset/Contents.json": .text(
                    #"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"Symbol.svg","idiom":"universal"}]}"#),
                "Symbol.symbolset/Symbol.svg": .svg,
            ]),
    ]
    public static let nonTriggeringExamples = [AuditExample.healthy("Image sets only")]

    public init() {}
}
