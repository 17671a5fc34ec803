import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// Compiled catalogs (`Assets.car`) as a source for every command that reads an archive: recognised by their
/// first bytes (`BOMStore`), opened with the library's reader, and turned into the same index as a source catalog.
enum CARSource {
    /// Whether `path` is a regular file that starts like a BOM container.
    static func isCAR(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return false
        }
        let head = (try? handle.read(upToCount: 8)) ?? Data()
        return head == Data("BOMStore".utf8)
    }

    /// The `Assets.car` inside an application bundle (`.app` folder), so commands accept the bundle itself:
    /// `path` unchanged when it is not a `.app` folder; the one compiled catalog it holds; or an error listing
    /// them when there are several (the user picks one). Symbolic links are not followed.
    /// An `.ipa` file is handled the same way (see ``IPASource``): its one `Assets.car` is extracted to a private
    /// temporary file whose path is returned.
    static func expandingApplication(_ path: String) throws -> String {
        if IPASource.isIPA(path) { return try IPASource.extractCatalog(path) }
        var isDirectory: ObjCBool = false
        guard path.hasSuffix(".app") || path.hasSuffix(".app/"),
            FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return path }
        let root = URL(fileURLWithPath: path)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isSymbolicLinkKey]) else {
            throw CLIError("\(path): cannot list the application bundle")
        }
        var found: [String] = []
        for case let url as URL in walker where url.lastPathComponent.hasSuffix(".car") {
            if (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) == true { continue }
            if isCAR(url.path) { found.append(url.path) }
        }
        found.sort()
        guard let first = found.first else { throw CLIError("\(path): the application bundle has no Assets.car") }
        guard found.count == 1 else {
            throw CLIError("\(path) holds \(found.count) compiled catalogs; give one of them:\n  " + found.joined(separator: "\n  "))
        }
        return first
    }

    /// Opens a `.car`, or throws a CLIError naming the file, the structure and the offset.
    static func open(_ path: String) throws -> CARFile {
        do {
            return try CARFile(path: path)
        } catch {
            throw CLIError("\(path): not a readable Assets.car: \(error)")
        }
    }
}

/// The `car` object of `info --json` (docs/INFO-JSON.md): header facts, byte sizes per asset and in total,
/// and the renditions that belong to no facet.
struct CARFacts {
    let file: CARFile

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
    var text: String {
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
