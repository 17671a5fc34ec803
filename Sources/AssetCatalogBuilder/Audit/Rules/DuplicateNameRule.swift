/// `duplicate-name`: one name in two sets of a catalog, or in two catalogs built into one target.
public struct DuplicateNameRule: AuditRule {
    public static let identifier = "duplicate-name"
    public static let defaultSeverity = Diagnostic.Severity.error
    public static let summary = "Two assets with the same name in one catalog, or in two catalogs built into the same target."
    public static let rationale = """
        `UIImage(named:)` can return only one of them, and which one depends on build order. Groups without \
        "Provides Namespace" do not make names unique. Rename one, or tick "Provides Namespace" on its group. \
        Catalogs of different targets share names on purpose (every app, widget and watch extension has its own \
        `AppIcon` and `AccentColor`), so across catalogs a duplicate is an error only when both are built into one \
        target. Which target builds a catalog is read from the Xcode projects (`*.xcodeproj/project.pbxproj`: \
        each target's resources build phase, folder references and synchronized folders) and `Package.swift` \
        manifests (a catalog belongs to the target whose folder holds it) found from the catalog up to the \
        repository root, and from `targets:` in `.assetc.yml`. When membership cannot be known for one of the \
        two catalogs, the duplicate is a warning naming both and saying how to declare the grouping.
        """
    public static let triggeringExamples = [
        AuditExample(
            "Icon at the root and in a group that provides no namespace",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon")),
                [
                    "Group/Contents.json": .text(#"{"info":{"author":"xcode","version":1}}"#),
                    "Group/Icon.imageset/Contents.json": .images([AuditExampleFile.entry("Icon@2x.png", scale: "2x")]),
                    "Group/Icon.imageset/Icon@2x.png": .png(32, 32),
                ])),
        AuditExample(
            "Two catalogs that one target of the Xcode project beside them builds (an error)",
            roots: ["App/Assets.xcassets", "Shared/Assets.xcassets"],
            files: AuditExample.merged(
                twoCatalogsWithIcon(["App/Assets.xcassets", "Shared/Assets.xcassets"]),
                ["Birds.xcodeproj/project.pbxproj": .text(examplePBXProject(targets: [("App", ["App", "Shared"]), ("Widget", [])]))])),
        AuditExample(
            "The same name in two catalogs whose targets cannot be known (a warning)",
            roots: ["A.xcassets", "B.xcassets"], files: twoCatalogsWithIcon(["A.xcassets", "B.xcassets"])),
        AuditExample(
            "Two catalogs declared in one target by `.assetc.yml`",
            roots: ["A.xcassets", "B.xcassets"],
            files: AuditExample.merged(
                twoCatalogsWithIcon(["A.xcassets", "B.xcassets"]),
                ["A.xcassets/.assetc.yml": .text("targets: [App]\n"), "B.xcassets/.assetc.yml": .text("targets: [App, Widget]\n")])),
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "The same set name in a group that provides a namespace",
            files: AuditExample.merged(
                AuditExample.imageSet("Icon", AuditExample.scaled("Icon")),
                [
                    "Group/Contents.json": .text(
                        #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#),
                    "Group/Icon.imageset/Contents.json": .images([AuditExampleFile.entry("Icon@2x.png", scale: "2x")]),
                    "Group/Icon.imageset/Icon@2x.png": .png(32, 32),
                ])),
        AuditExample(
            "The app's and the widget's catalogs, built by different targets of the Xcode project beside them",
            roots: ["App/Assets.xcassets", "Widget/Assets.xcassets"],
            files: AuditExample.merged(
                twoCatalogsWithIcon(["App/Assets.xcassets", "Widget/Assets.xcassets"]),
                ["Birds.xcodeproj/project.pbxproj": .text(examplePBXProject(targets: [("App", ["App"]), ("Widget", ["Widget"])]))])),
        AuditExample(
            "Two targets of a Swift package, each with its own catalog",
            roots: ["Sources/Core/Media.xcassets", "Sources/UI/Media.xcassets"],
            files: AuditExample.merged(
                twoCatalogsWithIcon(["Sources/Core/Media.xcassets", "Sources/UI/Media.xcassets"]),
                [
                    "Package.swift": .text(
                        """
                        // swift-tools-version:5.9
                        import PackageDescription
                        let package = Package(
                            name: "Birds",
                            targets: [
                                .target(name: "Core", resources: [.process("Media.xcassets")]),
                                .target(name: "UI", dependencies: ["Core"]),
                            ])

                        """)
                ])),
        AuditExample(
            "Two catalogs declared in different targets by `.assetc.yml`",
            roots: ["A.xcassets", "B.xcassets"],
            files: AuditExample.merged(
                twoCatalogsWithIcon(["A.xcassets", "B.xcassets"]),
                ["A.xcassets/.assetc.yml": .text("targets: [App]\n"), "B.xcassets/.assetc.yml": .text("targets: [Widget]\n")])),
    ]

    public init() {}

    public func check(catalog context: CatalogAuditContext) -> [Finding] {
        let assets = context.index.assets  // sorted by name, then root, then path
        let sources = context.index.sources
        var findings: [Finding] = []
        var membership: CatalogMembership?
        var start = 0
        while start < assets.count {
            var end = start + 1
            while end < assets.count && Bytewise.equal(assets[end].name, assets[start].name) { end += 1 }
            defer { start = end }
            guard end - start > 1 else { continue }
            // Within each catalog: every later set against the first one of that catalog.
            var firstInCatalog: [(source: Int, asset: Asset)] = []
            for asset in assets[start..<end] {
                guard let first = firstInCatalog.first(where: { $0.source == asset.sourceIndex }) else {
                    firstInCatalog.append((asset.sourceIndex, asset))
                    continue
                }
                findings.append(
                    Finding(
                        rule: Self.identifier, severity: .error, asset: asset.name, catalog: sources[asset.sourceIndex].path,
                        path: asset.path, message: "the name \(MessageQuote.quoted(asset.name)) is also used by \(first.asset.path); names must be unique"))
            }
            guard firstInCatalog.count > 1 else { continue }
            // Across catalogs: only for catalogs built together, or that may be.
            if membership == nil {
                membership = CatalogMembership.discover(roots: sources.map(\.path), configurations: context.configurations)
            }
            guard let membership else { continue }
            for (later, entry) in firstInCatalog.enumerated().dropFirst() {
                let earlier = firstInCatalog[..<later]
                let root = sources[entry.source].path
                if let together = earlier.first(where: { !membership.sharedTargets($0.source, entry.source).isEmpty }) {
                    let target = membership.sharedTargets(together.source, entry.source).sorted { "\($0)" < "\($1)" }[0]
                    findings.append(
                        Finding(
                            rule: Self.identifier, severity: .error, asset: entry.asset.name, catalog: root, path: entry.asset.path,
                            message:
                                "the name \(MessageQuote.quoted(entry.asset.name)) is also used by \(joinPath(sources[together.source].path, together.asset.path)), and both catalogs are built into \(target); names must be unique within a target"
                        ))
                } else if let unsure = earlier.first(where: { !membership.isKnown($0.source) || !membership.isKnown(entry.source) }) {
                    let other = sources[unsure.source].path
                    let unknown = [unsure.source, entry.source].filter { !membership.isKnown($0) }.map { "'\(sources[$0].path)'" }
                    findings.append(
                        Finding(
                            rule: Self.identifier, severity: .warning, asset: entry.asset.name, catalog: root, path: entry.asset.path,
                            message:
                                "the name \(MessageQuote.quoted(entry.asset.name)) is also used by \(joinPath(other, unsure.asset.path)); if \(MessageQuote.quoted(root)) and \(MessageQuote.quoted(other)) are built into one target, only one of them is used. No Xcode project or Package.swift above \(unknown.count == 1 ? unknown[0] : "either") says which target builds it: if they are, or are not, built together, say so with 'targets: [<target name>]' in each catalog's .assetc.yml"
                        ))
                }
            }
        }
        return findings
    }
}

// MARK: - Example files

extension DuplicateNameRule {
    /// Catalogs at `roots`, each with an `Icon` image set.
    static func twoCatalogsWithIcon(_ roots: [String]) -> [String: AuditExampleFile] {
        var files: [String: AuditExampleFile] = [:]
        for root in roots {
            files[root + "/Icon.imageset/Contents.json"] = .images([AuditExampleFile.entry("Icon@2x.png", scale: "2x")])
            files[root + "/Icon.imageset/Icon@2x.png"] = .png(32, 32)
        }
        return files
    }

    /// A small `project.pbxproj`: a main group with one group per folder holding `Assets.xcassets`, and
    /// targets whose resources build phase holds the catalogs of the folders listed.
    static func examplePBXProject(targets: [(name: String, folders: [String])]) -> String {
        let folders = targets.flatMap(\.folders).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var objects: [String] = []
        for (position, folder) in folders.enumerated() {
            objects.append("G\(position) = {isa = PBXGroup; children = (F\(position) /* Assets.xcassets */, ); path = \(folder); sourceTree = \"<group>\"; };")
            objects.append("F\(position) = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = \"<group>\"; };")
        }
        objects.append("MAIN = {isa = PBXGroup; children = (\(folders.indices.map { "G\($0), " }.joined())); sourceTree = \"<group>\"; };")
        for (position, target) in targets.enumerated() {
            let buildFiles = target.folders.compactMap { folders.firstIndex(of: $0) }.map { "B\(position)_\($0)" }
            for (file, folder) in zip(buildFiles, target.folders.compactMap { folders.firstIndex(of: $0) }) {
                objects.append("\(file) /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = F\(folder); };")
            }
            objects.append("R\(position) /* Resources */ = {isa = PBXResourcesBuildPhase; files = (\(buildFiles.map { $0 + ", " }.joined())); };")
            objects.append("T\(position) = {isa = PBXNativeTarget; buildPhases = (R\(position), ); name = \(target.name); };")
        }
        objects.append("PROJECT = {isa = PBXProject; mainGroup = MAIN; projectDirPath = \"\"; targets = (\(targets.indices.map { "T\($0), " }.joined())); };")
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 56;\n\tobjects = {\n"
            + objects.map { "\t\t" + $0 + "\n" }.joined() + "\t};\n\trootObject = PROJECT;\n}\n"
    }
}
