import AssetCatalog

/// The second phase for one folder of a plain asset folder: parses the file names, groups the files
/// with the same name into assets, and queues them for inspection.
struct PlainFolderReader {
    let job: PlainFolderJob
    let root: RootContext

    func read() -> UnitResult {
        var sink = DiagnosticSink(catalog: root.given)
        var result = UnitResult()
        var order: [String] = []
        var groups: [String: [(file: FoundFile, name: PlainFileName)]] = [:]
        for file in job.files {
            let path = joinPath(job.folder, file.name)
            guard let ext = PlainFileName.fileExtension(of: file.name), PlainFileName.imageExtensions.contains(ext) else {
                sink.emit(
                    .ignoredFile, at: path,
                    "is not an image (png, jpg, jpeg, pdf, svg, heic, webp, gif); plain folders index images only")
                continue
            }
            switch PlainFileName.parse(file.name) {
            case .failure(let problem):
                sink.emit(.invalidFileName, at: path, "does not follow name[~token...][@Nx].ext: \(problem); the file is skipped")
            case .success(let parsed):
                if groups[parsed.base] == nil { order.append(parsed.base) }
                groups[parsed.base, default: []].append((file, parsed))
            }
        }
        let namespace = job.folder.isEmpty ? "" : job.folder + "/"
        for base in order {
            guard let members = groups[base], let first = members.first else { continue }
            var asset = Asset(
                name: namespace + base, kind: .image, sourceIndex: root.sourceIndex,
                path: joinPath(job.folder, first.file.name))
            var claimed: [VariantTraits: String] = [:]
            for member in members {
                let source = joinPath(job.folder, member.file.name)
                if let previous = claimed[member.name.traits] {
                    sink.emit(
                        .duplicateVariant, at: source,
                        "has the same traits (\(member.name.traits)) as \(previous); only the first can ever be chosen")
                } else {
                    claimed[member.name.traits] = member.file.name
                }
                result.files.append(
                    FileRequest(
                        rootIndex: job.rootIndex, assetIndex: result.assets.count, variantIndex: asset.variants.count,
                        relativePath: source, ioPath: member.file.ioPath, noFollow: member.file.noFollow, kind: .image))
                asset.variants.append(Variant(traits: member.name.traits, source: source))
            }
            // The index keeps the files' paths as the folder once plus each name, not a full path each.
            Variant.shareSources(&asset.variants, folder: job.folder)
            result.assets.append(asset)
        }
        result.diagnostics = sink.diagnostics
        return result
    }
}
