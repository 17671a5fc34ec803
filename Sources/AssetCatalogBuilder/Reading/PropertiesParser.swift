import AssetCatalog

/// Reads the `properties` object of sets and groups.
enum PropertiesParser {
    /// Known values of `template-rendering-intent`.
    static let renderingIntents: Set<String> = ["template", "original", "automatic"]
    /// Known values of `compression-type`.
    static let compressionTypes: Set<String> = [
        "automatic", "lossless", "lossy", "gpu-optimized-best", "gpu-optimized-smallest", "basic-gpu",
    ]

    /// A set's properties. Unknown keys and values are `unknown-key` warnings; wrong types are errors.
    static func parseSet(_ document: ContentsDocument, setType: SetType, sink: inout DiagnosticSink) -> AssetProperties {
        var properties = AssetProperties()
        guard let object = document.object("properties", in: document.root, name: "properties", sink: &sink) else {
            return properties
        }
        document.checkKeys(object, known: setType.propertyKeys, place: "properties", sink: &sink)
        if let intent = document.string(
            "template-rendering-intent", in: object, name: "properties.template-rendering-intent", sink: &sink)
        {
            properties.templateRenderingIntent = intent
            if !renderingIntents.contains(intent) {
                sink.emit(
                    .unknownKey, at: document.path,
                    "unknown template-rendering-intent \(MessageQuote.quoted(intent)) in properties (expected template or original)")
            }
        }
        properties.preservesVectorRepresentation = document.bool(
            "preserves-vector-representation", in: object, name: "properties.preserves-vector-representation",
            sink: &sink)
        if let compression = document.string("compression-type", in: object, name: "properties.compression-type", sink: &sink) {
            properties.compressionType = compression
            if !compressionTypes.contains(compression) {
                sink.emit(.unknownKey, at: document.path, "unknown compression-type \(MessageQuote.quoted(compression)) in properties")
            }
        }
        properties.localizable = document.bool("localizable", in: object, name: "properties.localizable", sink: &sink)
        properties.onDemandResourceTags = tags(in: object, document: document, sink: &sink)
        return properties
    }

    /// Whether a group's `properties.provides-namespace` is true.
    static func parseGroup(_ document: ContentsDocument, sink: inout DiagnosticSink) -> Bool {
        guard let object = document.object("properties", in: document.root, name: "properties", sink: &sink) else {
            return false
        }
        document.checkKeys(object, known: ["provides-namespace", "on-demand-resource-tags"], place: "properties", sink: &sink)
        _ = tags(in: object, document: document, sink: &sink)
        return document.bool("provides-namespace", in: object, name: "properties.provides-namespace", sink: &sink) ?? false
    }

    private static func tags(in object: JSONObject, document: ContentsDocument, sink: inout DiagnosticSink) -> [String] {
        let elements = document.array("on-demand-resource-tags", in: object, name: "properties.on-demand-resource-tags", sink: &sink)
        var tags: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let tag) = element else {
                document.wrongType("properties.on-demand-resource-tags[\(index)]", expected: "a string", actual: element, sink: &sink)
                continue
            }
            tags.append(tag)
        }
        return tags
    }
}
