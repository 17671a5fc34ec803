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
