import AssetCatalog

/// A catalog root that exists and is a folder.
struct RootContext: Sendable {
    /// Its index in ``CatalogIndex/sources``.
    let sourceIndex: Int
    /// The path as the user gave it (used in diagnostics).
    let given: String
    /// The path used for system calls.
    let ioPath: String
    /// The canonical path, links resolved: nothing outside it is read.
    let realPath: String
    /// The kind of root.
    let kind: CatalogSource.Kind
    /// Links at these paths may lead out of the root (``ReaderOptions/declaredInputs``).
    var declaredInputs: DeclaredInputs? = nil
    /// Where each `Contents.json` parsed is recorded (``ReaderOptions/readDigests``).
    var readDigests: ReadContentDigests? = nil
    /// The root is an Icon Composer `.icon` bundle given as it is, read as one asset.
    var isIconComposer = false
}

/// A file found in a folder, with links already checked: `ioPath` is where to read it.
struct FoundFile: Sendable {
    /// The name in its folder.
    var name: String
    /// Where to read it: the path itself, or the link's target once it is known to be inside the root.
    var ioPath: String
    /// Whether the path is expected to be a regular file (open with `O_NOFOLLOW`).
    var noFollow: Bool
}

/// One piece of the second, parallel phase: a set to read, or a plain folder's files to group into assets.
enum WorkUnit: Sendable {
    case set(SetJob)
    case plainFolder(PlainFolderJob)
    case container(ContainerJob)

    var rootIndex: Int {
        switch self {
        case .set(let job): return job.rootIndex
        case .container(let job): return job.rootIndex
        case .plainFolder(let job): return job.rootIndex
        }
    }
}

/// A set folder inside an `.xcassets` catalog.
struct SetJob: Sendable {
    /// Index into the reader's list of roots.
    var rootIndex: Int
    /// The set type.
    var type: SetType
    /// The asset's full name, namespaces included.
    var name: String
    /// The folder, relative to the catalog root.
    var folder: String
    /// The folder for system calls.
    var ioFolder: String
}

/// A container folder (image stack, brand assets, icon set, Icon Composer icon).
struct ContainerJob: Sendable {
    /// Index into the reader's list of roots.
    var rootIndex: Int
    /// The container type.
    var type: ContainerType
    /// The asset's full name, namespaces included.
    var name: String
    /// The folder, relative to the catalog root.
    var folder: String
    /// The folder for system calls.
    var ioFolder: String
}

/// The image files of one folder of a plain asset folder.
struct PlainFolderJob: Sendable {
    /// Index into the reader's list of roots.
    var rootIndex: Int
    /// The folder, relative to the root (empty for the root).
    var folder: String
    /// The files, sorted by name; links already checked.
    var files: [FoundFile]
}

/// A plain-folder file to inspect in the third phase, and the variant waiting for the result.
struct FileRequest: Sendable {
    /// The root the file belongs to.
    var rootIndex: Int
    /// Index of the asset in its unit's result.
    var assetIndex: Int
    /// Index of the variant in that asset.
    var variantIndex: Int
    /// The file relative to the catalog root (the variant's `source`).
    var relativePath: String
    /// Where to read it.
    var ioPath: String
    /// Whether to refuse a link in the last path component.
    var noFollow: Bool
    /// The kind of asset it belongs to.
    var kind: AssetKind
}

extension Variant {
    /// Records what inspecting the variant's file found.
    mutating func attach(_ outcome: FileInspector.Outcome) {
        inspection = outcome.inspection
        contentType = outcome.problemKind == .unreadable ? nil : outcome.inspection.contentType
    }
}

/// What the second phase produces for one unit.
struct UnitResult: Sendable {
    var assets: [Asset] = []
    /// Files still to inspect (plain folders; sets inspect theirs themselves).
    var files: [FileRequest] = []
    var diagnostics: [Diagnostic] = []
}
