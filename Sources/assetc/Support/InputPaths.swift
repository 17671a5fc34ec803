import AssetCatalogBuilder
import Foundation

/// What every subcommand checks about the paths it is given, with the same words and exit status (2).
enum InputPaths {
    /// What a path on the command line turned out to be.
    enum Kind {
        case folder
        case file
    }

    /// Checks that every path exists; reports each missing one as `error: PATH: no such file or folder`.
    ///
    /// - Throws: ``CLIError`` (exit 2) listing every missing path.
    @discardableResult
    static func requireExisting(_ paths: [String]) throws(CLIError) -> [Kind] {
        var kinds: [Kind] = []
        var missing: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                kinds.append(isDirectory.boolValue ? .folder : .file)
            } else {
                missing.append(path)
            }
        }
        guard missing.isEmpty else {
            throw CLIError.usage(missing.map { "\(MessageText.quote($0)): no such file or folder" }.joined(separator: "\nerror: "))
        }
        return kinds
    }

    /// Checks that every path is an existing folder (a catalog or a plain asset folder).
    ///
    /// - Throws: ``CLIError`` (exit 2): missing paths, or a file given where a catalog folder is needed.
    static func requireFolders(_ paths: [String], command: String) throws(CLIError) {
        let kinds = try requireExisting(paths)
        for (path, kind) in zip(paths, kinds) where kind == .file {
            throw CLIError.usage(
                "\(MessageText.quote(path)) is a file, not an asset catalog; '\(command)' reads .xcassets folders and plain asset folders")
        }
    }

    /// Checks that no root came out empty (no asset catalog, no image): a mistyped or empty path must
    /// not pass a CI gate or produce an empty archive. `--allow-empty` accepts them.
    ///
    /// An `.xcassets` root with no sets is not such a mistake: it is an empty asset catalog (the "Preview
    /// Assets" catalog of every new SwiftUI project holds only its `Contents.json`). It is accepted with a
    /// note on standard error, as `info` reads it.
    ///
    /// - Throws: ``CLIError`` (exit 2) naming every empty root that is not an asset catalog.
    static func requireContent(_ index: CatalogIndex, roots: [String], allowEmpty: Bool) throws(CLIError) {
        guard !allowEmpty else { return }
        var used = Set<String>()
        for asset in index.assets where index.sources.indices.contains(asset.sourceIndex) {
            used.insert(index.sources[asset.sourceIndex].path)
        }
        // A root whose sets were all refused (a link out of the root, a broken Contents.json) is a
        // catalog with errors to report, not an empty or mistyped path.
        for diagnostic in index.diagnostics { used.insert(diagnostic.catalog) }
        // Sets of kinds assetc does not pack still show the root is a real catalog.
        let hasUnsupportedSets = !index.unsupportedSets.isEmpty && roots.count == 1
        let catalogs = Set(index.sources.filter { $0.kind == .xcassets }.map(\.path))
        let unused = roots.filter { !used.contains($0) && !hasUnsupportedSets }
        for root in unused where catalogs.contains(root) {
            Console.error("note: \(MessageText.quote(root)): an empty asset catalog (no sets)")
        }
        let empty = unused.filter { !catalogs.contains($0) }
        guard empty.isEmpty else {
            throw CLIError.usage(
                empty.map { "\(MessageText.quote($0)): no asset catalog and no image found (give --allow-empty to accept an empty root)" }
                    .joined(separator: "\nerror: "))
        }
    }
}

extension InputPaths {
    /// Checks that `path` is an existing file (an archive), not a folder.
    ///
    /// - Throws: ``CLIError`` (exit 2): a missing path, or a catalog folder where an archive is needed.
    static func requireArchive(_ path: String, command: String) throws(CLIError) {
        if try requireExisting([path]) == [.folder] {
            throw CLIError.usage(
                "\(MessageText.quote(path)) is a folder; '\(command)' needs an archive written by 'assetc pack' (a .assetc file)")
        }
    }
}
