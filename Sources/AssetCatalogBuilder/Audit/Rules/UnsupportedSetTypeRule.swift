/// `unsupported-set-type`: a set type assetc recognises but does not index.
public struct UnsupportedSetTypeRule: ReaderDiagnosticRule {
    public static let identifier = "unsupported-set-type"
    public static let defaultSeverity = Diagnostic.Severity.note
    public static let summary = "A set type assetc recognises but does not index yet (.launchimage, .textureset, .stickerpack, …)."
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
            "A texture set",
            files: ["Grass.textureset/Contents.json": .text(#"{"info":{"author":"xcode","version":1},"textures":[]}"#)]),
    ]
    public static let nonTriggeringExamples = [
        AuditExample.healthy("Image sets only"),
        AuditExample(
            "An image stack: read, its layers' image sets read as assets",
            files: [
                "Poster.imagestack/Contents.json": .text(
                    #"{"info":{"author":"xcode","version":1},"layers":[{"filename":"Front.imagestacklayer"},{"filename":"Back.imagestacklayer"}]}"#),
                "Poster.imagestack/Front.imagestacklayer/Contents.json": .text(#"{"info":{"author":"xcode","version":1}}"#),
                "Poster.imagestack/Front.imagestacklayer/Content.imageset/Contents.json": .text(
                    #"{"images":[{"filename":"f.svg","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#),
                "Poster.imagestack/Front.imagestacklayer/Content.imageset/f.svg": .svg,
                "Poster.imagestack/Back.imagestacklayer/Contents.json": .text(#"{"info":{"author":"xcode","version":1}}"#),
                "Poster.imagestack/Back.imagestacklayer/Content.imageset/Contents.json": .text(
                    #"{"images":[{"filename":"b.svg","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#),
                "Poster.imagestack/Back.imagestacklayer/Content.imageset/b.svg": .svg,
            ]),
    ]

    public init() {}
}
