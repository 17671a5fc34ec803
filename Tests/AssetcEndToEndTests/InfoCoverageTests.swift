import Foundation
import Testing

/// `info --json` must list every `.imageset` folder found anywhere under a catalog, nested ones
/// (brand assets, image stacks, sprite atlases) included: the test walks the folder tree and compares.
@Suite("assetc info lists every image set")
struct InfoCoverageTests {
    /// The shared real catalogs: `$ASSETC_SHARED/corpora`, else `../shared/corpora` beside the package.
    static var corpora: URL? {
        let shared = ProcessInfo.processInfo.environment["ASSETC_SHARED"].map { URL(fileURLWithPath: $0) }
            ?? Assetc.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        let corpora = shared.appendingPathComponent("corpora")
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: corpora.path, isDirectory: &isFolder) && isFolder.boolValue ? corpora : nil
    }

    static var corpusNames: [String] {
        guard let corpora else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpora.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: corpora.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    /// Every folder under `root` whose name ends with `suffix`, as absolute paths; `.xcassets` stops at the
    /// outermost catalog when `outermost` is set.
    static func folders(under root: URL, suffix: String, outermost: Bool = false) -> [String] {
        var found: [String] = []
        var pending = [root.path]
        while let folder = pending.popLast() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() {
                let path = folder + "/" + name
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                if name.lowercased().hasSuffix(suffix) {
                    found.append(path)
                    if outermost { continue }
                }
                pending.append(path)
            }
        }
        return found.sorted()
    }

    /// Runs `info --json` on every catalog under `root` at once and compares its image assets' folders with
    /// the `.imageset` folders on disk.
    func check(root: URL) throws {
        let catalogs = Self.folders(under: root, suffix: ".xcassets", outermost: true)
        try #require(!catalogs.isEmpty, "no catalogs under \(root.path)")
        let run = try Assetc.run(["info", "--json"] + catalogs, in: Assetc.repositoryRoot)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        let assets = try #require(object["assets"] as? [[String: Any]])
        let listed = Set(assets.compactMap { asset -> String? in
            guard let catalog = asset["catalog"] as? String, let path = asset["path"] as? String,
                path.lowercased().hasSuffix(".imageset")
            else { return nil }
            return catalog + "/" + path
        })
        let onDisk = Set(catalogs.flatMap { Self.folders(under: URL(fileURLWithPath: $0), suffix: ".imageset") })
        let missing = onDisk.subtracting(listed).sorted()
        #expect(missing.isEmpty, "info --json leaves out \(missing.count) image sets, such as \(missing.prefix(5))")
        #expect(listed.subtracting(onDisk).isEmpty)
    }

    @Test("the real catalogs in ../shared/corpora", .enabled(if: InfoCoverageTests.corpora != nil, "../shared/corpora is absent"),
        arguments: InfoCoverageTests.corpusNames)
    func realCatalogs(_ name: String) throws {
        try check(root: try #require(Self.corpora).appendingPathComponent(name))
    }

    @Test("a synthetic catalog with every nested type")
    func synthetic() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("assetc-coverage-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: base) }
        let catalog = base.appendingPathComponent("Nested.xcassets")
        func write(_ path: String, _ text: String) throws {
            let url = catalog.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>"#
        let imageSet = #"{"images":[{"filename":"a.svg","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
        try write("Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        let brand = "App Icon & Top Shelf Image.brandassets"
        try write("\(brand)/Contents.json", #"{"assets":[{"filename":"App Icon.imagestack","idiom":"tv","role":"primary-app-icon","size":"400x240"},{"filename":"Top Shelf Image Wide-1.imageset","idiom":"tv","role":"top-shelf-image-wide"}]}"#)
        try write("\(brand)/App Icon.imagestack/Contents.json", #"{"layers":[{"filename":"Front.imagestacklayer"},{"filename":"Back.imagestacklayer"}]}"#)
        for layer in ["Front", "Back"] {
            try write("\(brand)/App Icon.imagestack/\(layer).imagestacklayer/Contents.json", "{}")
            try write("\(brand)/App Icon.imagestack/\(layer).imagestacklayer/Content.imageset/Contents.json", imageSet)
            try write("\(brand)/App Icon.imagestack/\(layer).imagestacklayer/Content.imageset/a.svg", svg)
        }
        for set in ["\(brand)/Top Shelf Image Wide-1.imageset", "Atlas.spriteatlas/Coin.imageset", "Group/Poster.imagestack/Only.imagestacklayer/Content.imageset"] {
            try write("\(set)/Contents.json", imageSet)
            try write("\(set)/a.svg", svg)
        }
        try check(root: base)
        let run = try Assetc.run(["info", catalog.path], in: Assetc.repositoryRoot)
        #expect(run.stdout.contains("\n  App Icon  [image-stack]"))
        #expect(run.stdout.contains("part App Icon/Front/Content  layer=Front"))
        #expect(run.stdout.contains("part Top Shelf Image Wide-1  idiom=tv role=top-shelf-image-wide type=imageset"))
    }
}
