/// A build target that compiles catalogs together into one namespace: a target of an Xcode project, of
/// a Swift package, or one declared with `targets:` in `.assetc.yml`.
public struct BuildTarget: Hashable, Sendable, CustomStringConvertible {
    /// Where the target is declared: the `project.pbxproj` or `Package.swift` path, or `.assetc.yml`.
    public var declaredIn: String
    /// The target's name.
    public var name: String

    /// Creates a target.
    public init(declaredIn: String, name: String) {
        self.declaredIn = declaredIn
        self.name = name
    }

    /// `target 'Widgets' of Birds.xcodeproj`.
    public var description: String {
        let components = declaredIn.split(separator: "/")
        // `…/Birds.xcodeproj/project.pbxproj` → `Birds.xcodeproj`; `…/Package.swift` → `Package.swift`.
        let shown = declaredIn.hasSuffix("project.pbxproj") && components.count >= 2
            ? String(components[components.count - 2]) : components.last.map(String.init) ?? declaredIn
        return "target '\(name)' of \(shown)"
    }
}

/// Which build targets each catalog root belongs to, worked out from the Xcode projects and Swift
/// package manifests in the folders above it and from `targets:` in the configurations.
///
/// Projects are looked for in every folder from the catalog's own up to the repository root (the first
/// folder holding `.git`), at most ``maxLevels`` folders up. Only the project files are read, once each,
/// and nothing in them is executed.
public struct CatalogMembership: Sendable {
    /// Per catalog root (in the index's source order), the targets it belongs to; empty when unknown.
    public var targets: [Set<BuildTarget>]
    /// Project files that could not be read or parsed, with the reason (for messages).
    public var unreadableProjects: [String: String]

    /// How many folders up from a catalog projects are looked for.
    public static let maxLevels = 16

    /// Creates a membership table directly.
    public init(targets: [Set<BuildTarget>], unreadableProjects: [String: String] = [:]) {
        self.targets = targets
        self.unreadableProjects = unreadableProjects
    }

    /// Works out the membership of `roots` (paths as given) under their configurations
    /// (`configurations[i]` applies to `roots[i]`; map-form `targets:` entries of any of them apply to all).
    public static func discover(roots: [String], configurations: [AuditConfiguration]) -> CatalogMembership {
        var discovery = ProjectDiscovery()
        var result: [Set<BuildTarget>] = []
        for (position, given) in roots.enumerated() {
            var targets: Set<BuildTarget> = []
            let real = FileSystem.realPath(given)
            if let real {
                for target in discovery.targets(building: real) { targets.insert(target) }
            }
            let own = position < configurations.count ? configurations[position] : AuditConfiguration()
            for name in own.catalogTargets {
                targets.insert(BuildTarget(declaredIn: ".assetc.yml", name: name))
            }
            let trimmed = trimmedRoot(given)
            for configuration in Set(configurations) {
                for (name, patterns) in configuration.targetCatalogs
                where patterns.contains(where: { pattern in
                    Glob.matches(pattern, trimmed) || (real.map { Glob.matches(pattern, $0) } ?? false)
                }) {
                    targets.insert(BuildTarget(declaredIn: ".assetc.yml", name: name))
                }
            }
            result.append(targets)
        }
        return CatalogMembership(targets: result, unreadableProjects: discovery.failures)
    }

    /// A root as given, without `./` in front or `/` behind, for matching `targets:` patterns.
    static func trimmedRoot(_ given: String) -> String {
        var text = Substring(given)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }

    /// The targets both catalogs belong to.
    public func sharedTargets(_ first: Int, _ second: Int) -> Set<BuildTarget> {
        guard first < targets.count, second < targets.count else { return [] }
        return targets[first].intersection(targets[second])
    }

    /// Whether membership is known for a catalog.
    public func isKnown(_ position: Int) -> Bool {
        position < targets.count && !targets[position].isEmpty
    }
}

/// Finds and reads the projects above catalogs, each folder listed and each project read once.
struct ProjectDiscovery {
    private var projectsInFolder: [String: [String]] = [:]
    private var xcodeProjects: [String: XcodeProject] = [:]
    private var packages: [String: PackageManifest] = [:]
    private(set) var failures: [String: String] = [:]

    /// The targets of every project above `path` (absolute, canonical) that build it.
    mutating func targets(building path: String) -> [BuildTarget] {
        var found: [BuildTarget] = []
        var folder = ProjectPaths.parent(path)
        for _ in 0..<CatalogMembership.maxLevels {
            let (files, isRepositoryRoot) = projectFiles(in: folder)
            for file in files {
                if file.hasSuffix("/Package.swift") {
                    guard let manifest = package(file) else { continue }
                    for target in manifest.targets where target.builds(path) {
                        found.append(BuildTarget(declaredIn: file, name: target.name))
                    }
                } else {
                    guard let project = xcodeProject(file) else { continue }
                    for target in project.targets where target.builds(path) {
                        found.append(BuildTarget(declaredIn: file, name: target.name))
                    }
                }
            }
            if isRepositoryRoot || folder == "/" { break }
            folder = ProjectPaths.parent(folder)
        }
        return found
    }

    /// The project files directly in a folder (`*.xcodeproj/project.pbxproj`, `Package.swift`), and
    /// whether the folder is a repository root.
    private mutating func projectFiles(in folder: String) -> (files: [String], isRepositoryRoot: Bool) {
        let repositoryKey = "\u{0}repo:" + folder
        if let cached = projectsInFolder[folder] {
            return (cached, projectsInFolder[repositoryKey] != nil)
        }
        var files: [String] = []
        var isRepositoryRoot = false
        if case .success(let entries) = FileSystem.list(folder) {
            let base = folder == "/" ? "" : folder
            for entry in entries {
                if entry.name == ".git" { isRepositoryRoot = true }
                if entry.name == "Package.swift", entry.kind == .file {
                    files.append(base + "/Package.swift")
                } else if entry.name.hasSuffix(".xcodeproj"), entry.kind == .directory {
                    let file = base + "/" + entry.name + "/project.pbxproj"
                    if FileSystem.linkStatus(file)?.kind == .file { files.append(file) }
                }
            }
        }
        projectsInFolder[folder] = files
        if isRepositoryRoot { projectsInFolder[repositoryKey] = [] }
        return (files, isRepositoryRoot)
    }

    private mutating func xcodeProject(_ file: String) -> XcodeProject? {
        if let cached = xcodeProjects[file] { return cached }
        if failures[file] != nil { return nil }
        do throws(OldStylePlistError) {
            let project = try XcodeProject.load(pbxproj: file)
            xcodeProjects[file] = project
            return project
        } catch {
            failures[file] = error.description
            return nil
        }
    }

    private mutating func package(_ file: String) -> PackageManifest? {
        if let cached = packages[file] { return cached }
        if failures[file] != nil { return nil }
        guard let manifest = PackageManifest.load(file) else {
            failures[file] = "cannot be read"
            return nil
        }
        packages[file] = manifest
        return manifest
    }
}
