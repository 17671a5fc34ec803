import AssetCatalog

/// The second phase for a container folder: an image stack, a brand assets folder, a macOS `.iconset`
/// or an Icon Composer `.icon` bundle.
///
/// Image stacks and brand assets become assets listing their parts in source order (the parts' image
/// sets are read by ``SetReader`` like any other, under names that show where they sit); an icon set
/// becomes an app icon whose variants are its files; an Icon Composer icon becomes an asset whose
/// variants are its layer files, each inspected, with the appearances that specialise the layer.
struct ContainerReader {
    let job: ContainerJob
    let root: RootContext
    let inspector: FileInspector

    func read() -> UnitResult {
        var sink = DiagnosticSink(catalog: root.given)
        var result = UnitResult()
        let asset: Asset?
        switch job.type {
        case .imageStack: asset = readStack(sink: &sink)
        case .brandAssets: asset = readBrandAssets(sink: &sink)
        case .iconSet: asset = readIconSet(sink: &sink)
        case .iconComposer: asset = readIconComposer(sink: &sink)
        }
        if let asset { result.assets = [asset] }
        result.diagnostics = sink.diagnostics
        return result
    }

    private func newAsset(_ kind: AssetKind) -> Asset {
        Asset(name: job.name, kind: kind, sourceIndex: root.sourceIndex, path: job.folder)
    }

    private func listing(sink: inout DiagnosticSink) -> [FileSystem.Entry]? {
        switch FileSystem.list(job.ioFolder) {
        case .success(let entries): return entries.filter { !$0.isHidden }
        case .failure(let failure):
            sink.emit(.unreadablePath, at: job.folder, "cannot be listed: \(failure)")
            return nil
        }
    }

    private func contents(sink: inout DiagnosticSink) -> ContentsDocument? {
        switch ContentsDocument.load(ioFolder: job.ioFolder, folder: job.folder, root: root, sink: &sink) {
        case .document(let document): return document
        case .missing:
            sink.emit(.invalidContents, at: job.folder, "has no Contents.json; its parts are read but not listed in order")
            return nil
        case .invalid: return nil
        }
    }

    // MARK: Image stacks

    /// `layers`: `[{ "filename": "Front.imagestacklayer" }, …]`, front to back.
    private func readStack(sink: inout DiagnosticSink) -> Asset? {
        var asset = newAsset(.imageStack)
        guard let entries = listing(sink: &sink), let document = contents(sink: &sink) else { return asset }
        document.checkKeys(document.root, known: ["layers", "info", "properties"], place: "the top level", sink: &sink)
        let layers = document.array("layers", in: document.root, name: "layers", sink: &sink)
        for (index, value) in layers.enumerated() {
            let place = EntryPlace(key: "layers", index: index)
            guard case .object(let layer) = value else {
                sink.emit(.invalidContents, at: document.path, "\(place) should be an object but is \(value.typeDescription)")
                continue
            }
            document.checkKeys(layer, known: ["filename"], place: "\(place)", sink: &sink)
            guard let filename = document.string("filename", in: layer, name: "\(place).filename", sink: &sink) else {
                sink.emit(.invalidContents, at: document.path, "\(place) has no 'filename'")
                continue
            }
            guard let found = entries.first(where: { $0.name == filename && $0.kind == .directory }) else {
                sink.emit(.missingFile, at: document.path, "\(place) names \(MessageQuote.quoted(filename)), which is not a folder in \(job.folder)")
                continue
            }
            let layerName = CatalogWalker.stem(found.name)
            // The layer's content is its image set (Xcode writes `Content.imageset`).
            let content = layerContent(joinPath(job.folder, found.name), ioFolder: job.ioFolder + "/" + found.name)
            let member = content.map { job.name + "/" + layerName + "/" + $0 } ?? job.name + "/" + layerName
            if content == nil {
                sink.emit(.missingFile, at: joinPath(job.folder, found.name), "holds no image set; the layer has no content")
            }
            asset.members.append(AssetMember(name: member, attributes: ["layer": layerName]))
        }
        if layers.count < 2 {
            sink.emit(
                .invalidContents, at: document.path,
                "lists \(layers.count) layer\(layers.count == 1 ? "" : "s"); an image stack needs at least two (front and back)",
                severity: .warning)
        }
        return asset
    }

    /// The stem of the first image set inside a layer folder, or `nil`.
    private func layerContent(_ folder: String, ioFolder: String) -> String? {
        guard case .success(let entries) = FileSystem.list(ioFolder) else { return nil }
        return entries.first { !$0.isHidden && $0.name.lowercased().hasSuffix(".imageset") }.map { CatalogWalker.stem($0.name) }
    }

    // MARK: Brand assets

    /// `assets`: `[{ "filename": "App Icon - Large.imagestack", "idiom": "tv", "role": "primary-app-icon",
    /// "size": "400x240" }, …]`.
    private func readBrandAssets(sink: inout DiagnosticSink) -> Asset? {
        var asset = newAsset(.brandAssets)
        // The parts live in the brand assets folder's own namespace (see CatalogWalker.visitFolder).
        let ownStem = CatalogWalker.stem(String(job.folder.split(separator: "/").last ?? ""))
        let namespace = job.name.hasSuffix(ownStem) ? String(job.name.dropLast(ownStem.count)) : ""
        guard let entries = listing(sink: &sink), let document = contents(sink: &sink) else { return asset }
        document.checkKeys(document.root, known: ["assets", "info", "properties"], place: "the top level", sink: &sink)
        let parts = document.array("assets", in: document.root, name: "assets", sink: &sink)
        for (index, value) in parts.enumerated() {
            let place = EntryPlace(key: "assets", index: index)
            guard case .object(let part) = value else {
                sink.emit(.invalidContents, at: document.path, "\(place) should be an object but is \(value.typeDescription)")
                continue
            }
            let keys = ["filename", "idiom", "role", "size", "subtype", "scale"]
            document.checkKeys(part, known: Set(keys), place: "\(place)", sink: &sink)
            var attributes: [String: String] = [:]
            for key in keys.dropFirst() {
                if let text = document.string(key, in: part, name: "\(place).\(key)", sink: &sink) { attributes[key] = text }
            }
            if attributes["role"] == nil {
                sink.emit(.invalidContents, at: document.path, "\(place) has no 'role'", severity: .warning)
            }
            // An entry without a file is an empty slot: listed with its role, pointing at no asset.
            guard let filename = document.string("filename", in: part, name: "\(place).filename", sink: &sink) else {
                asset.members.append(AssetMember(name: "", attributes: attributes))
                continue
            }
            guard let found = entries.first(where: { $0.name == filename && $0.kind == .directory }) else {
                sink.emit(.missingFile, at: document.path, "\(place) names \(MessageQuote.quoted(filename)), which is not a folder in \(job.folder)")
                continue
            }
            if let dot = found.name.lastIndex(of: ".") { attributes["type"] = String(found.name[found.name.index(after: dot)...]) }
            asset.members.append(AssetMember(name: namespace + CatalogWalker.stem(found.name), attributes: attributes))
        }
        return asset
    }

    // MARK: macOS icon sets

    /// No `Contents.json`: every file is `icon_<w>x<h>[@2x].png`, an app icon for the `mac` idiom.
    private func readIconSet(sink: inout DiagnosticSink) -> Asset? {
        var asset = newAsset(.appIcon)
        guard let entries = listing(sink: &sink) else { return asset }
        for entry in entries {
            let path = joinPath(job.folder, entry.name)
            guard entry.kind == .file, let (size, scale) = ContainerReader.iconSetSlot(entry.name) else {
                sink.emit(
                    .unassignedFile, at: path,
                    "is in \(job.folder) but is not named icon_<size>x<size>[@2x].png; iconutil ignores it")
                continue
            }
            var variant = Variant(
                traits: VariantTraits(idiom: .mac, displayScale: DisplayScale(scale)), source: path,
                attributes: ["size": size])
            let outcome = inspector.examine(path: job.ioFolder + "/" + entry.name, noFollow: true)
            FileDiagnostics.diagnose(outcome, path: path, kind: .appIcon, sink: &sink)
            variant.attach(outcome)
            asset.variants.append(variant)
        }
        return asset
    }

    /// `icon_16x16@2x.png` → (`16x16`, 2); `nil` for any other name.
    static func iconSetSlot(_ name: String) -> (size: String, scale: Int)? {
        guard name.hasPrefix("icon_"), name.lowercased().hasSuffix(".png") else { return nil }
        var core = name.dropFirst(5).dropLast(4)
        var scale = 1
        if core.hasSuffix("@2x") {
            scale = 2
            core = core.dropLast(3)
        }
        let sides = core.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, sides[0] == sides[1], !sides[0].isEmpty, sides[0].count <= 5,
            sides[0].allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return (String(core), scale)
    }

    // MARK: Icon Composer

    /// `icon.json`: `groups[].layers[]` with `name`, `image-name` (a file in `Assets/`) and
    /// `*-specializations` arrays whose entries may carry an `appearance` (`light`, `dark`, `tinted`).
    private func readIconComposer(sink: inout DiagnosticSink) -> Asset? {
        var asset = newAsset(.icon)
        let document: ContentsDocument
        switch ContentsDocument.load(ioFolder: job.ioFolder, folder: job.folder, fileName: "icon.json", root: root, sink: &sink) {
        case .document(let loaded): document = loaded
        case .missing:
            sink.emit(.invalidContents, at: job.folder, "has no icon.json; the icon cannot be read")
            return asset
        case .invalid: return asset
        }
        var rootAppearances: Set<String> = []
        ContainerReader.appearances(in: document.root, into: &rootAppearances)
        if !rootAppearances.isEmpty {
            asset.members.append(AssetMember(name: job.name, attributes: ["appearances": rootAppearances.sorted().joined(separator: ",")]))
        }
        let groups = document.array("groups", in: document.root, name: "groups", sink: &sink)
        for (groupIndex, groupValue) in groups.enumerated() {
            guard case .object(let group) = groupValue else { continue }
            let layers = document.array("layers", in: group, name: "groups[\(groupIndex)].layers", sink: &sink)
            for (layerIndex, layerValue) in layers.enumerated() {
                let place = "groups[\(groupIndex)].layers[\(layerIndex)]"
                guard case .object(let layer) = layerValue else { continue }
                var appearances: Set<String> = []
                ContainerReader.appearances(in: layer, into: &appearances)
                let layerName = document.string("name", in: layer, name: "\(place).name", sink: &sink)
                var files: [(name: String, appearance: String?)] = []
                if let image = document.string("image-name", in: layer, name: "\(place).image-name", sink: &sink) {
                    files.append((image, nil))
                }
                if case .array(let specialisations)? = layer["image-name-specializations"] {
                    for case .object(let entry) in specialisations {
                        guard case .string(let image)? = entry["value"] else { continue }
                        var appearance: String?
                        if case .string(let text)? = entry["appearance"] { appearance = text }
                        if !files.contains(where: { $0.name == image && $0.appearance == appearance }) {
                            files.append((image, appearance))
                        }
                    }
                }
                for (file, appearance) in files {
                    var attributes = ["group": String(groupIndex), "layer": layerName ?? CatalogWalker.stem(file)]
                    if !appearances.isEmpty { attributes["appearances"] = appearances.sorted().joined(separator: ",") }
                    if let appearance { attributes["appearance"] = appearance }
                    var traits = VariantTraits()
                    if appearance == "dark" { traits.appearance = .dark }
                    if let problem = SetReader.unsafeFilenameProblem(file) {
                        sink.emit(.unsafePath, at: document.path, "\(place) names \(MessageQuote.quoted(file)), \(problem); the layer is skipped")
                        continue
                    }
                    let source = joinPath(job.folder, "Assets/" + file)
                    var variant = Variant(traits: traits, source: source, attributes: attributes)
                    let ioPath = job.ioFolder + "/Assets/" + file
                    guard FileSystem.status(ioPath)?.kind == .file else {
                        sink.emit(.missingFile, at: document.path, "\(place) names \(MessageQuote.quoted(file)), which is not in \(job.folder)/Assets")
                        asset.variants.append(variant)
                        continue
                    }
                    let outcome = inspector.examine(path: ioPath, noFollow: true)
                    FileDiagnostics.diagnose(outcome, path: source, kind: .icon, sink: &sink)
                    variant.attach(outcome)
                    asset.variants.append(variant)
                }
            }
        }
        return asset
    }

    /// The `appearance` values of every `*-specializations` array directly in `object`.
    static func appearances(in object: JSONObject, into result: inout Set<String>) {
        for member in object.members where member.key.hasSuffix("-specializations") {
            guard case .array(let entries) = member.value else { continue }
            for case .object(let entry) in entries {
                if case .string(let appearance)? = entry["appearance"] { result.insert(appearance) }
            }
        }
    }
}
