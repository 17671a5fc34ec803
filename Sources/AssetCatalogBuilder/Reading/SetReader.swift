import AssetCatalog

/// The second phase for one set folder: lists it, parses its `Contents.json`, turns the entries into
/// variants or colours, matches file names against the folder, and inspects the files.
///
/// The folder is opened once and everything in it is read relative to that descriptor; files are
/// inspected here rather than in a later phase, while the folder is hot.
struct SetReader {
    let job: SetJob
    let root: RootContext
    let inspector: FileInspector
    /// ``ReaderOptions/defersPNGInspection``.
    var defersPNGInspection = false

    func read() -> UnitResult {
        var sink = DiagnosticSink(catalog: root.given)
        var result = UnitResult()
        // The set folder is a real folder (links were resolved by the walker): refuse a link swapped in since.
        switch FileSystem.openDirectory(job.ioFolder, noFollow: true) {
        case .failure(let failure):
            sink.emit(.unreadablePath, at: job.folder, "cannot be opened: \(failure)")
        case .success(let directory):
            if var asset = readSet(directory: directory, sink: &sink) {
                // The index keeps the set's file paths as the folder once plus each name, not a full path each.
                Variant.shareSources(&asset.variants, folder: job.folder)
                result.assets = [asset]
            }
            FileSystem.close(directory)
        }
        result.diagnostics = sink.diagnostics
        return result
    }

    private func readSet(directory: Int32, sink: inout DiagnosticSink) -> Asset? {
        let entries: [FileSystem.Entry]
        switch FileSystem.list(directory: directory) {
        case .success(let listing): entries = listing
        case .failure(let failure):
            sink.emit(.unreadablePath, at: job.folder, "cannot be listed: \(failure)")
            return nil
        }
        let document: ContentsDocument
        switch ContentsDocument.load(ioFolder: job.ioFolder, directory: directory, folder: job.folder, root: root, sink: &sink) {
        case .document(let loaded): document = loaded
        case .missing:
            sink.emit(.invalidContents, at: job.folder, "has no Contents.json; the set is not indexed")
            return nil
        case .invalid:
            return nil
        }
        let type = job.type
        document.checkKeys(document.root, known: [type.entriesKey, "info", "properties"], place: "the top level", sink: &sink)
        let properties = PropertiesParser.parseSet(document, setType: type, sink: &sink)
        var asset = Asset(name: job.name, kind: type.assetKind, sourceIndex: root.sourceIndex, path: job.folder, properties: properties)

        let listing = FolderListing(entries)
        // By position in the listing: files some entry names, and their inspections (a file named twice is
        // inspected once).
        var named = [Bool](repeating: false, count: entries.count)
        var inspected = [FileInspector.Outcome?](repeating: nil, count: entries.count)
        let parser = EntryParser(setType: type, document: document)
        let values = document.array(type.entriesKey, in: document.root, name: type.entriesKey, sink: &sink)
        // Exactly as many slots as entries: grown by appending, a set of three would keep room for four
        // (and the index holds every set's variants at once).
        if type == .color { asset.colors.reserveCapacity(values.count) } else { asset.variants.reserveCapacity(values.count) }
        for (index, value) in values.enumerated() {
            let place = EntryPlace(key: type.entriesKey, index: index)
            guard let entry = parser.parse(value, place: place, sink: &sink) else { continue }
            if type == .color {
                guard let color = entry.color else {
                    // Xcode's own templates (AccentColor, a widget's WidgetBackground) write entries without a
                    // colour: the platform's default colour for that use, kept as the system reference `default`.
                    asset.colors.append(ColorVariant(traits: entry.traits, value: .systemReference(name: "default")))
                    continue
                }
                if let variant = ColorParser(document: document).parse(color, traits: entry.traits, place: "\(place).color", sink: &sink) {
                    asset.colors.append(variant)
                }
                continue
            }
            guard let filename = entry.filename else {
                asset.variants.append(Variant(traits: entry.traits, source: nil, attributes: entry.attributes))
                continue
            }
            if let problem = SetReader.unsafeFilenameProblem(filename) {
                sink.emit(
                    .unsafePath, at: document.path,
                    "\(place) names \(MessageQuote.quoted(filename)), \(problem); files must be inside \(job.folder). The entry is skipped")
                continue
            }
            guard let position = listing.find(filename) else {
                sink.emit(.missingFile, at: document.path, "\(place) names \(MessageQuote.quoted(filename)), which is not in \(job.folder)")
                asset.variants.append(
                    Variant(traits: entry.traits, source: joinPath(job.folder, filename), attributes: entry.attributes))
                continue
            }
            let found = entries[position]
            named[position] = true
            if found.name != filename {
                sink.emit(
                    .filenameCase, at: document.path,
                    "\(place) names \(MessageQuote.quoted(filename)) but the file is \(MessageQuote.quoted(found.name)); it is used, but names differ in case, which breaks on case-sensitive file systems")
            }
            let source = joinPath(job.folder, found.name)
            var linkTarget: String?  // where to read a link that stays inside the root
            var kind = found.kind
            var isBrokenLink = false
            if kind == .symbolicLink {
                switch SymbolicLinks.resolve(job.ioFolder + "/" + found.name, root: root) {
                case .broken:
                    kind = .other
                    isBrokenLink = true
                case .outside(let real):
                    sink.emit(.unsafePath, at: source, SymbolicLinks.outsideMessage(real) + "; the entry is skipped")
                    continue
                case .inside(let real, let status):
                    linkTarget = real
                    kind = status.kind
                }
            }
            var variant = Variant(traits: entry.traits, source: source, attributes: entry.attributes)
            guard kind == .file else {
                let what = isBrokenLink ? "a broken symbolic link" : kind == .directory ? "a folder" : "not a regular file"
                sink.emit(.missingFile, at: document.path, "\(place) names \(MessageQuote.quoted(filename)), which is \(what)")
                asset.variants.append(variant)
                continue
            }
            if defersPNGInspection, linkTarget == nil, UnopenedFiles.isUnopened(fileNamed: found.name, in: .set) {
                // Left for the caller, which reads the file anyway (Variant.inspectionDeferred).
                variant.contentType = .png
                asset.variants.append(variant)
                continue
            }
            let outcome: FileInspector.Outcome
            if let earlier = inspected[position] {
                outcome = earlier
            } else {
                var bytes: [UInt8]?
                if type == .symbol {
                    // A symbol template is read whole once more than other files: it is parsed as the compile parses it.
                    (outcome, bytes) = linkTarget.map { inspector.examineKeepingBytes(path: $0, in: nil, noFollow: false) }
                        ?? inspector.examineKeepingBytes(path: found.name, in: directory, noFollow: true)
                } else {
                    outcome = linkTarget.map { inspector.examine(path: $0, in: nil, noFollow: false) }
                        ?? inspector.examine(path: found.name, in: directory, noFollow: true)
                }
                inspected[position] = outcome
                FileDiagnostics.diagnose(outcome, path: source, kind: asset.kind, sink: &sink)
                if type == .symbol { SetReader.checkSymbolTemplate(outcome, bytes: bytes, path: source, sink: &sink) }
            }
            variant.attach(outcome)
            asset.variants.append(variant)
        }
        for (position, entry) in entries.enumerated()
        where !entry.isHidden && entry.name != "Contents.json" && !named[position] {
            let what = entry.kind == .directory ? "is a folder inside" : "is in"
            sink.emit(
                .unassignedFile, at: joinPath(job.folder, entry.name),
                "\(what) \(job.folder) but no entry of its Contents.json names it; it is not part of the asset")
        }
        return asset
    }

    /// A symbol set's file must be an SVG symbol template: a `Symbols` group holding weight/scale
    /// variants (`Regular-M` at least, the one Xcode falls back to, or the three masters of a variable template,
    /// `Ultralight-S`, `Regular-S` and `Black-S`, from which the compile interpolates the rest).
    /// With the file's `bytes`, the template is also read and its glyphs made as the compile makes them
    /// (Symbols/), so that a template the compile would refuse (masters that cannot be interpolated, an arc, a glyph
    /// drawn with something other than paths) is an error here too (`corrupt-image`).
    static func checkSymbolTemplate(_ outcome: FileInspector.Outcome, bytes: [UInt8]? = nil, path: String, sink: inout DiagnosticSink) {
        guard outcome.problemKind == nil, outcome.inspection.byteCount > 0 else { return }
        let inspection = outcome.inspection
        guard inspection.contentType == .svg, let svg = inspection.svg else {
            if inspection.contentType != .gitLFSPointer {
                sink.emit(
                    .wrongContentType, at: path,
                    "is \(FileDiagnostics.describe(inspection.contentType)); a symbol set holds SVG symbol templates")
            }
            return
        }
        guard svg.hasSymbolsGroup, !svg.symbolVariants.isEmpty else {
            let what = svg.hasSymbolsGroup ? "its Symbols group holds no weight/scale variant (such as Regular-M)" : "it has no group with id Symbols"
            sink.emit(
                .wrongContentType, at: path,
                "is an SVG but not a symbol template: \(what); export it from the SF Symbols app")
            return
        }
        let masters = ["Ultralight-S", "Regular-S", "Black-S"].allSatisfy(svg.symbolVariants.contains)
        if !svg.symbolVariants.contains("Regular-M") && !masters {
            sink.emit(
                .wrongContentType, at: path,
                "is a symbol template without a Regular-M variant (it has \(svg.symbolVariants.joined(separator: ", "))); Xcode needs Regular-M to draw the symbol at the default weight",
                severity: .warning)
        }
        if let bytes {
            do {
                let template = try SymbolTemplate(bytes: bytes)
                _ = try SymbolInterpolation.glyphs(template)
                for finding in SymbolTemplateChecks.findings(template) {
                    sink.emit(finding.rule, at: path, finding.message)
                }
            } catch {
                sink.emit(.corruptImage, at: path, "cannot be compiled as a symbol: \(error.message)")
            }
        }
    }

    /// Why a `filename` may not be used, or `nil` when it is a plain name inside the set folder.
    static func unsafeFilenameProblem(_ filename: String) -> String? {
        var contiguous = filename
        // One pass over the bytes: every file name of every set goes through here.
        let (first, hasNUL, hasSlash, allDots, count) = contiguous.withUTF8 { bytes in
            var hasNUL = false, hasSlash = false, allDots = true
            for byte in bytes {
                hasNUL = hasNUL || byte == 0
                hasSlash = hasSlash || byte == UInt8(ascii: "/")
                allDots = allDots && byte == UInt8(ascii: ".")
            }
            return (bytes.first, hasNUL, hasSlash, allDots, bytes.count)
        }
        guard let first else { return "an empty name" }
        if first == UInt8(ascii: "/") { return "an absolute path" }
        if hasNUL { return "a name with a NUL character" }
        let isDots = allDots && count <= 2
        if isDots || hasSlash {
            let leaves = isDots || filename.split(separator: "/").contains("..")
            return leaves ? "a path that leaves the set's folder" : "a path into another folder"
        }
        return nil
    }
}

/// A folder's entries, looked up by exact name (canonically equivalent Unicode counts as equal),
/// then by name ignoring case when that is unambiguous.
///
/// Sets hold a handful of files, so small folders are searched linearly (no hashing); large ones get a table.
struct FolderListing {
    private let entries: [FileSystem.Entry]
    private var exact: [String: Int] = [:]

    static let linearLimit = 24

    init(_ entries: [FileSystem.Entry]) {
        self.entries = entries
        if entries.count > FolderListing.linearLimit {
            for (position, entry) in entries.enumerated() where exact[entry.name] == nil { exact[entry.name] = position }
        }
    }

    /// The position in the listing of the entry `name` refers to, or `nil`.
    func find(_ name: String) -> Int? {
        if entries.count > FolderListing.linearLimit {
            if let position = exact[name] { return position }
        } else {
            // Byte equality first (the usual case), then canonical equivalence (NFC versus NFD names).
            if let position = entries.firstIndex(where: { Bytewise.equal($0.name, name) }) { return position }
            if let position = entries.firstIndex(where: { $0.name == name }) { return position }
        }
        let folded = name.lowercased()
        let candidates = entries.indices.filter { entries[$0].name.lowercased() == folded }
        return candidates.count == 1 ? candidates[0] : nil
    }
}
