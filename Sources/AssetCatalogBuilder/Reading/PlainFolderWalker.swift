/// The first, sequential phase for a plain asset folder: walks every subfolder (sorted; each one a
/// namespace), checks links, and hands each folder's files to the second phase.
struct PlainFolderWalker {
    let root: RootContext
    private(set) var sink: DiagnosticSink
    private(set) var units: [WorkUnit] = []

    init(root: RootContext) {
        self.root = root
        self.sink = DiagnosticSink(catalog: root.given)
    }

    mutating func walk() {
        var ancestors: Set<FileSystem.Identity> = []
        if let identity = FileSystem.status(root.ioPath)?.identity { ancestors.insert(identity) }
        walkFolder(folder: "", ioFolder: root.ioPath, ancestors: ancestors)
    }

    private mutating func walkFolder(folder: String, ioFolder: String, ancestors: Set<FileSystem.Identity>) {
        let entries: [FileSystem.Entry]
        switch FileSystem.list(ioFolder) {
        case .success(let listing): entries = listing
        case .failure(let failure):
            sink.emit(.unreadablePath, at: folder, "cannot be listed: \(failure)")
            return
        }
        var files: [FoundFile] = []
        var folders: [(name: String, ioPath: String)] = []
        for entry in entries where !entry.isHidden {
            let path = joinPath(folder, entry.name)
            guard
                let (ioPath, kind, isLink) = SymbolicLinks.walkTarget(
                    ioPath: ioFolder + "/" + entry.name, kind: entry.kind, path: path, root: root, sink: &sink)
            else { continue }
            let noFollow = !isLink
            switch kind {
            case .file:
                files.append(FoundFile(name: entry.name, ioPath: ioPath, noFollow: noFollow))
            case .directory:
                if case .group = FolderRole(folderName: entry.name), !entry.name.lowercased().hasSuffix(".xcassets") {
                    folders.append((entry.name, ioPath))
                } else {
                    sink.emit(
                        .ignoredFile, at: path,
                        "is an asset catalog folder inside a plain folder; it is not read (give it as a root of its own)")
                }
            case .symbolicLink, .other:
                sink.emit(.ignoredFile, at: path, "is neither a file nor a folder")
            }
        }
        if !files.isEmpty {
            units.append(.plainFolder(PlainFolderJob(rootIndex: root.sourceIndex, folder: folder, files: files)))
        }
        for child in folders {
            let path = joinPath(folder, child.name)
            guard
                let inner = SymbolicLinks.ancestors(entering: child.ioPath, path: path, ancestors: ancestors, sink: &sink)
            else { continue }
            walkFolder(folder: path, ioFolder: child.ioPath, ancestors: inner)
        }
    }
}
