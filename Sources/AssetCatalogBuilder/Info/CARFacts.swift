import AssetCatalog

/// The `car` object of `info --json` (docs/INFO-JSON.md): header facts, byte sizes per asset and in total,
/// and the renditions that belong to no facet.
public struct CARFacts: Sendable {
    /// The opened file.
    public let file: CARFile

    /// The facts of `file`.
    public init(file: CARFile) {
        self.file = file
    }

    func write(to json: inout InfoJSONWriter) {
        json.open("{")
        json.key("appearances")
        json.open("[")
        for appearance in file.appearances {
            json.open("{")
            json.key("identifier")
            json.int(Int(appearance.identifier))
            json.key("name")
            json.string(appearance.name)
            json.close("}")
        }
        json.close("]")
        var assetBytes: [String: Int] = [:]
        for facet in file.facets {
            assetBytes[facet.name, default: 0] += facet.renditions.reduce(0) { $0 + file.renditions[$1].byteCount }
        }
        json.key("assetByteCounts")
        json.countDictionary(assetBytes)
        json.key("authoringTool")
        json.optionalString(file.metadata?.authoringTool)
        json.key("byteCount")
        json.int(file.byteCount)
        json.key("coreUIVersion")
        json.int(Int(file.header.coreUIVersion))
        json.key("deploymentPlatform")
        json.optionalString(file.metadata?.deploymentPlatform)
        json.key("deploymentTarget")
        json.optionalString(file.metadata?.deploymentPlatformVersion)
        json.key("internalRenditions")
        json.open("[")
        for index in file.internalRenditions {
            let rendition = file.renditions[index]
            json.open("{")
            json.key("attributes")
            json.stringDictionary(file.attributes(of: rendition))
            json.key("byteCount")
            json.int(rendition.byteCount)
            json.key("pixelHeight")
            json.int(rendition.height)
            json.key("pixelWidth")
            json.int(rendition.width)
            json.close("}")
        }
        json.close("]")
        json.key("keyFormat")
        json.open("[")
        for attribute in file.keyFormat { json.string(attribute.name) }
        json.close("]")
        json.key("mainVersion")
        json.string(file.header.mainVersion)
        json.key("renditionByteCount")
        json.int(file.renditions.reduce(0) { $0 + $1.byteCount })
        json.key("renditions")
        json.int(file.renditions.count)
        json.key("schemaVersion")
        json.int(Int(file.header.schemaVersion))
        json.key("storageVersion")
        json.int(Int(file.header.storageVersion))
        json.key("thinningArguments")
        json.optionalString(file.metadata?.thinningArguments)
        json.key("uuid")
        json.string(file.header.uuid)
        json.key("version")
        json.string(file.header.version)
        json.close("}")
    }

    /// The header facts as text lines for `info`.
    public var text: String {
        var out = "Assets.car: CoreUI \(file.header.coreUIVersion), storage \(file.header.storageVersion), "
        out += "\(file.renditions.count) renditions, \(file.byteCount) bytes\n"
        if let metadata = file.metadata {
            out += "  platform \(metadata.deploymentPlatform.isEmpty ? "?" : metadata.deploymentPlatform) "
            out += "\(metadata.deploymentPlatformVersion), authoring tool \(metadata.authoringTool)\n"
        }
        out += "  internal renditions (no facet): \(file.internalRenditions.count)\n"
        return out
    }
}
