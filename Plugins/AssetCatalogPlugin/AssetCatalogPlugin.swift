import Foundation
import PackagePlugin

/// Packs a target's asset catalogs at build time and compiles typed accessors for them into the target.
///
/// A target that holds `.xcassets` folders, or a plain asset folder named `Assets` (docs/PLAIN-FOLDERS.md),
/// gets (exclude them from the target's sources in Package.swift, as SwiftPM does not know them) `<Target>.assetc`, the packed archive, as a bundle resource
/// (`Bundle.module.url(forResource: "<Target>", withExtension: "assetc")`), and the output of
/// `assetc generate swift` compiled in (`archive.image(.hero, compatibleWith: traits)`). Both commands
/// declare every catalog file as an input, so nothing runs again when nothing changed.
@main
struct AssetCatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let catalogs = Self.catalogs(in: target.directoryURL)
        guard !catalogs.isEmpty else { return [] }
        let tool = try context.tool(named: "assetc")
        let archive = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name).assetc")
        let accessors = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name)+Assets.swift")
        let inputs = catalogs.flatMap(Self.files(in:))
        return [
            .buildCommand(
                displayName: "Packing the asset catalogs of \(target.name)", executable: tool.url,
                arguments: ["pack"] + catalogs.map(\.path) + ["--output", archive.path, "--quiet"],
                inputFiles: inputs, outputFiles: [archive]),
            .buildCommand(
                displayName: "Generating typed accessors for \(target.name)", executable: tool.url,
                arguments: ["generate", "swift"] + catalogs.map(\.path) + ["--output", accessors.path],
                inputFiles: inputs, outputFiles: [accessors]),
        ]
    }

    /// The `.xcassets` folders in `folder` or below it, and a plain asset folder `Assets` directly in it, in
    /// path order.
    static func catalogs(in folder: URL) -> [URL] {
        var found = xcassets(in: folder)
        let plain = folder.appendingPathComponent("Assets")
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: plain.path, isDirectory: &isFolder), isFolder.boolValue {
            found.append(plain)
        }
        return found.sorted { $0.path < $1.path }
    }

    private static func xcassets(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker where url.pathExtension == "xcassets" {
            found.append(url)
            walker.skipDescendants()
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Every file in a catalog, for the build system's change tracking.
    static func files(in catalog: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: catalog, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }
}
