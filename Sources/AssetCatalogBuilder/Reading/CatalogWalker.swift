/// The first phase for an `.xcassets` root: walks the group folders (each listing sorted), reads their
/// `Contents.json`, applies namespaces, and lists the sets to read in the second phase.
///
/// Set folders themselves are not opened here; unsupported set types are recorded and not descended into,
/// except sprite atlases, whose image sets are read like a group's. Containers (image stacks, brand assets,
/// icon sets, Icon Composer icons) become units of their own, and the sets inside stacks and brand assets are
/// listed under names that show where they sit (`Brand/App Icon/Front/Content`, see `docs/INFO-JSON.md`). The root's entries are walked on
/// `width` threads (large catalogs keep their sets in a few top-level groups) and their results joined
/// in listing order, so the outcome is the same for any thread count.
struct CatalogWalker {
    let root: RootContext
    private(set) var sink: DiagnosticSink
    private(set) var units: [WorkUnit] = []
    private(set) var unsupported: [UnsupportedSet] = []

    init(root: RootContext) {
        self.root = root
        self.sink = DiagnosticSink(catalog: root.given)
    }

    mutating func walk(width: Int = 1) {
        var ancestors: Set<FileSystem.Identity> = []
        if let identity = FileSystem.status(root.ioPath)?.identity { ancestors.insert(identity) }
        walkGroup(folder: "", ioFolder: root.ioPath, namespace: "", namespaceName: "", ancestors: ancestors, width: width)
    }

    /// What walking one entry of a group found.
    private struct EntryResult: Sendable {
        var diagnostics: [Diagnostic]
        var units: [WorkUnit]
        var unsupported: [UnsupportedSet]
    }

    /// The name without its last extension: `Hero.imageset` → `Hero`.
    static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `namespaceName` is what the group adds to its children's names when it provides a namespace:
    /// its folder name (a sprite atlas's without the extension).
    private mutating func walkGroup(
        folder: String, ioFolder: String, namespace: String, namespaceName: String, ancestors: Set<FileSystem.Identity>,
        width: Int = 1, isContainer: Bool = false
    ) {
        let entries: [FileSystem.Entry]
        switch FileSystem.list(ioFolder) {
        case .success(let listing): entries = listing
        case .failure(let failure):
            sink.emit(.unreadablePath, at: folder, "cannot be listed: \(failure)")
            return
        }
        var childNamespace = namespace
        // A container's Contents.json describes its parts; its reader (phase 2) reads it.
        if !isContainer, entries.contains(where: { $0.name == "Contents.json" }) {
            if case .document(let document) = ContentsDocument.load(ioFolder: ioFolder, folder: folder, root: root, sink: &sink) {
                document.checkKeys(document.root, known: ["info", "properties"], place: "the top level", sink: &sink)
                if PropertiesParser.parseGroup(document, sink: &sink), !folder.isEmpty {
                    childNamespace = namespace + namespaceName + "/"
                }
            }
        }
        let visible = entries.filter { !$0.isHidden && $0.name != "Contents.json" }
        if width > 1 && visible.count > 1 {
            let root = self.root
            let namespace = childNamespace
            let results = parallelMap(count: visible.count, width: width) { position -> EntryResult in
                var walker = CatalogWalker(root: root)
                walker.visitEntry(visible[position], folder: folder, ioFolder: ioFolder, namespace: namespace, ancestors: ancestors)
                return EntryResult(diagnostics: walker.sink.diagnostics, units: walker.units, unsupported: walker.unsupported)
            }
            for result in results {
                sink.append(contentsOf: result.diagnostics)
                units.append(contentsOf: result.units)
                unsupported.append(contentsOf: result.unsupported)
            }
            return
        }
        for entry in visible {
            visitEntry(entry, folder: folder, ioFolder: ioFolder, namespace: childNamespace, ancestors: ancestors)
        }
    }

    /// One entry of a group folder: a folder to visit, or a file that does not belong there.
    private mutating func visitEntry(
        _ entry: FileSystem.Entry, folder: String, ioFolder: String, namespace: String, ancestors: Set<FileSystem.Identity>
    ) {
        let path = joinPath(folder, entry.name)
        guard
            let (ioPath, kind, _) = SymbolicLinks.walkTarget(
                ioPath: ioFolder + "/" + entry.name, kind: entry.kind, path: path, root: root, sink: &sink)
        else { return }
        switch kind {
        case .directory:
            visitFolder(entry.name, path: path, ioPath: ioPath, namespace: namespace, ancestors: ancestors)
        case .file:
            sink.emit(.ignoredFile, at: path, "is not inside any set; Xcode ignores files in groups")
        case .symbolicLink, .other:
            sink.emit(.ignoredFile, at: path, "is neither a file nor a folder")
        }
    }

    private mutating func visitFolder(
        _ name: String, path: String, ioPath: String, namespace: String, ancestors: Set<FileSystem.Identity>
    ) {
        let stem = CatalogWalker.stem(name)
        switch FolderRole(folderName: name) {
        case .set(let type):
            units.append(.set(SetJob(rootIndex: root.sourceIndex, type: type, name: namespace + stem, folder: path, ioFolder: ioPath)))
        case .unsupported(let type) where FolderRole.readThroughExtensions.contains(type):
            // visionOS solid image stacks (and their layers) and watchOS complication sets hold ordinary image sets:
            // those are read, named after where they sit (`Icon/Front/Content`, `Complication/Circular`), so that
            // every command sees them; the container itself is listed as unsupported (docs/CAR-FORMAT.md).
            if type != "solidimagestacklayer" {
                unsupported.append(UnsupportedSet(name: namespace + stem, type: type, path: path))
                sink.emit(
                    .unsupportedSetType, at: path,
                    "\(FolderRole.describe(type)) (.\(type)) are not compiled as such yet; the image sets inside are read as ordinary assets")
            }
            descend(path: path, ioPath: ioPath, namespace: namespace + stem + "/", namespaceName: "", ancestors: ancestors, isContainer: true)
        case .unsupported(let type):
            unsupported.append(UnsupportedSet(name: namespace + stem, type: type, path: path))
            sink.emit(
                .unsupportedSetType, at: path,
                "\(FolderRole.describe(type)) (.\(type)) are not supported yet; the set is listed but not indexed")
        case .spriteAtlas:
            unsupported.append(UnsupportedSet(name: namespace + stem, type: "spriteatlas", path: path))
            sink.emit(
                .unsupportedSetType, at: path,
                "sprite atlases (.spriteatlas) are not packed as atlases; their image sets are read as ordinary assets")
            descend(path: path, ioPath: ioPath, namespace: namespace, namespaceName: stem, ancestors: ancestors)
        case .container(let type):
            units.append(
                .container(ContainerJob(rootIndex: root.sourceIndex, type: type, name: namespace + stem, folder: path, ioFolder: ioPath)))
            if type.holdsSets {
                // An image stack's layers are named after it (`App Icon/Front/Content`); a brand assets folder
                // adds nothing: Xcode's Assets.car and `CFBundlePrimaryIcon` name its parts `App Icon`.
                let inner = type == .brandAssets ? namespace : namespace + stem + "/"
                descend(path: path, ioPath: ioPath, namespace: inner, namespaceName: "", ancestors: ancestors, isContainer: true)
            }
        case .stackLayer:
            descend(path: path, ioPath: ioPath, namespace: namespace + stem + "/", namespaceName: "", ancestors: ancestors, isContainer: true)
        case .group:
            descend(path: path, ioPath: ioPath, namespace: namespace, namespaceName: name, ancestors: ancestors)
        }
    }

    private mutating func descend(
        path: String, ioPath: String, namespace: String, namespaceName: String, ancestors: Set<FileSystem.Identity>,
        isContainer: Bool = false
    ) {
        guard let inner = SymbolicLinks.ancestors(entering: ioPath, path: path, ancestors: ancestors, sink: &sink) else {
            return
        }
        walkGroup(
            folder: path, ioFolder: ioPath, namespace: namespace, namespaceName: namespaceName, ancestors: inner,
            isContainer: isContainer)
    }
}

extension FolderRole {
    /// "launch image sets" for `launchimage`, for messages.
    static func describe(_ type: String) -> String {
        switch type {
        case "launchimage": return "launch image sets"
        case "imagestack": return "layered images"
        case "imagestacklayer": return "image stack layers"
        case "brandassets": return "brand assets"
        case "symbolset": return "symbol sets"
        case "iconset": return "icon sets"
        case "textureset", "cubetextureset", "mipmapset": return "texture sets"
        case "stickerpack", "sticker", "stickersequence": return "stickers"
        case "arimageset", "arresourcegroup": return "AR resources"
        case "complicationset": return "complication sets"
        case "solidimagestack", "solidimagestacklayer": return "visionOS image stacks"
        default: return "\(MessageQuote.quoted(type)) folders"
        }
    }
}
