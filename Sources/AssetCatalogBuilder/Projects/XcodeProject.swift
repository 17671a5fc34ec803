/// What an Xcode project says about which files each target builds as resources, read from its
/// `project.pbxproj`: the files and folder references of every target's resources build phase, and the
/// folders of its synchronized groups (Xcode 16's `PBXFileSystemSynchronizedRootGroup`) minus their
/// membership exceptions.
///
/// Paths are resolved the way Xcode does: a `<group>` path is relative to its parent group's folder,
/// `SOURCE_ROOT` to the project's folder, `<absolute>` as written. References relative to build settings
/// (`BUILT_PRODUCTS_DIR`, `SDKROOT`, …) cannot be resolved without a build and are left out.
public struct XcodeProject: Hashable, Sendable {
    /// One target and the resource paths it builds.
    public struct Target: Hashable, Sendable {
        /// The target's name.
        public var name: String
        /// Absolute, lexically normalised paths of resource files and folders (folder references and
        /// synchronized groups: everything inside them belongs to the target).
        public var resourcePaths: [String]
        /// Paths inside ``resourcePaths`` that are excluded (synchronized groups' membership exceptions).
        public var excludedPaths: [String]

        /// Whether the target builds the file or folder at `path` (absolute, normalised).
        public func builds(_ path: String) -> Bool {
            guard resourcePaths.contains(where: { ProjectPaths.isInside(path, $0) }) else { return false }
            return !excludedPaths.contains { ProjectPaths.isInside(path, $0) }
        }
    }

    /// The `project.pbxproj` file it was read from.
    public var file: String
    /// The targets, in the project's order.
    public var targets: [Target]

    /// Interprets a parsed `project.pbxproj`. `projectFolder` is the folder that holds the `.xcodeproj`.
    public init(plist: OldStylePlist, file: String, projectFolder: String) throws(OldStylePlistError) {
        self.file = file
        guard let objects = plist["objects"]?.dictionary else {
            throw OldStylePlistError(offset: 0, line: 0, message: "no 'objects' dictionary")
        }
        guard let rootID = plist["rootObject"]?.string, let project = objects[rootID]?.dictionary else {
            throw OldStylePlistError(offset: 0, line: 0, message: "no 'rootObject', or it names no object")
        }
        var resolver = PathResolver(objects: objects, projectFolder: projectFolder)
        if let projectDir = project["projectDirPath"]?.string, !projectDir.isEmpty {
            resolver.sourceRoot = ProjectPaths.join(projectFolder, projectDir)
        }
        // Parent links, from every group's children (a hostile file may give a child two parents: first wins).
        for id in objects.keys.sorted() {
            guard let children = objects[id]?["children"]?.array else { continue }
            for child in children {
                if let childID = child.string, resolver.parents[childID] == nil { resolver.parents[childID] = id }
            }
        }
        var targets: [Target] = []
        for targetValue in project["targets"]?.array ?? [] {
            guard let targetID = targetValue.string, let target = objects[targetID]?.dictionary else { continue }
            var resources: [String] = []
            var excluded: [String] = []
            for phaseValue in target["buildPhases"]?.array ?? [] {
                guard let phaseID = phaseValue.string, let phase = objects[phaseID]?.dictionary,
                    phase["isa"]?.string == "PBXResourcesBuildPhase"
                else { continue }
                for fileValue in phase["files"]?.array ?? [] {
                    guard let buildFileID = fileValue.string, let reference = objects[buildFileID]?["fileRef"]?.string,
                        let path = resolver.path(of: reference)
                    else { continue }
                    resources.append(path)
                }
            }
            for groupValue in target["fileSystemSynchronizedGroups"]?.array ?? [] {
                guard let groupID = groupValue.string, let group = objects[groupID]?.dictionary,
                    let folder = resolver.path(of: groupID)
                else { continue }
                resources.append(folder)
                for exceptionValue in group["exceptions"]?.array ?? [] {
                    guard let exceptionID = exceptionValue.string, let exception = objects[exceptionID]?.dictionary,
                        exception["target"]?.string == targetID
                    else { continue }
                    for name in exception["membershipExceptions"]?.array ?? [] {
                        if let relative = name.string { excluded.append(ProjectPaths.join(folder, relative)) }
                    }
                }
            }
            targets.append(Target(name: target["name"]?.string ?? targetID, resourcePaths: resources, excludedPaths: excluded))
        }
        self.targets = targets
    }

    /// Reads and interprets a `project.pbxproj` (at most 64 MB).
    public static func load(pbxproj path: String) throws(OldStylePlistError) -> XcodeProject {
        let bytes: [UInt8]
        switch FileSystem.read(path, limit: maxFileBytes) {
        case .success(let result):
            guard result.bytes.count >= result.size else {
                throw OldStylePlistError(offset: 0, line: 0, message: "is larger than \(maxFileBytes >> 20) MB")
            }
            bytes = result.bytes
        case .failure(let failure):
            throw OldStylePlistError(offset: 0, line: 0, message: "cannot be read: \(failure)")
        }
        let plist: OldStylePlist
        switch OldStylePlist.parse(bytes) {
        case .success(let value): plist = value
        case .failure(let error): throw error
        }
        // …/App.xcodeproj/project.pbxproj → …
        let projectFolder = ProjectPaths.parent(ProjectPaths.parent(path))
        return try XcodeProject(plist: plist, file: path, projectFolder: projectFolder)
    }

    /// The largest `project.pbxproj` read.
    public static let maxFileBytes = 64 << 20
}

/// Resolves a file reference or group to an absolute path through its parent groups.
private struct PathResolver {
    let objects: [String: OldStylePlist]
    let projectFolder: String
    var sourceRoot: String
    var parents: [String: String] = [:]

    init(objects: [String: OldStylePlist], projectFolder: String) {
        self.objects = objects
        self.projectFolder = projectFolder
        self.sourceRoot = projectFolder
    }

    /// The absolute path of an object, or `nil` when it depends on a build setting or the chain of
    /// parents is broken, loops or is implausibly deep.
    func path(of id: String) -> String? {
        // From the object up to the first ancestor that is anchored (SOURCE_ROOT, absolute or the main group).
        var components: [String] = []
        var current = id
        for _ in 0..<256 {
            guard let object = objects[current]?.dictionary else { return nil }
            let own = object["path"]?.string ?? ""
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<absolute>":
                return ProjectPaths.join("/", ([own] + components.reversed()).joined(separator: "/"))
            case "SOURCE_ROOT":
                return ProjectPaths.join(sourceRoot, ([own] + components.reversed()).joined(separator: "/"))
            case "<group>":
                if !own.isEmpty { components.append(own) }
                guard let parent = parents[current] else {
                    // The main group (or an orphan): its folder is the source root.
                    return ProjectPaths.join(sourceRoot, components.reversed().joined(separator: "/"))
                }
                current = parent
            default:
                return nil
            }
        }
        return nil
    }
}

/// Lexical path arithmetic for project files (no file system access).
enum ProjectPaths {
    /// `base` joined with `relative` (absolute `relative` replaces it), with `.`, `..` and repeated slashes removed.
    static func join(_ base: String, _ relative: String) -> String {
        let combined = relative.hasPrefix("/") ? relative : base + "/" + relative
        return normalize(combined)
    }

    /// An absolute path with `.`, `..` and empty components removed (`..` at the root stays at the root).
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The folder that holds `path`.
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether `path` is `folder` or inside it.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        FileSystem.isInside(path, root: folder)
    }
}
