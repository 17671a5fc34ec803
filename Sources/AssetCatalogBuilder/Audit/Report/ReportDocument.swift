import AssetCatalog

/// What the HTML report shows: every asset with its variants (and their bytes, for embedding), the
/// findings about it, and which variant each device preset gets. Built from a catalog and its audit, or
/// from a packed archive.
public struct ReportDocument: Sendable {
    /// The page title.
    public var title: String
    /// The roots shown (catalogs, folders or the archive file).
    public var sources: [String]
    /// The assets, sorted by name.
    public var assets: [ReportAsset]
    /// Findings that concern no single asset.
    public var looseFindings: [Finding]
    /// Finding counts (without baselined ones).
    public var summary: AuditSummary
    /// A remark shown under the title (for archives: why there are no findings).
    public var remark: String?
    /// Per idiom key (`phone`, …, `universal`), the scales the contact sheet marks as expected.
    public var expectedScales: [String: Set<Int>]
    /// The bytes of every asset, drawn as a treemap ("Where the bytes go"); set for cars and archives.
    public var sizes: SizeInventory?

    /// Creates a document.
    public init(
        title: String, sources: [String], assets: [ReportAsset], looseFindings: [Finding], summary: AuditSummary,
        remark: String? = nil, expectedScales: [String: Set<Int>] = [:]
    ) {
        self.title = title
        self.sources = sources
        self.assets = assets
        self.looseFindings = looseFindings
        self.summary = summary
        self.remark = remark
        self.expectedScales = expectedScales
    }
}

/// One asset of the report.
public struct ReportAsset: Sendable {
    /// The full name.
    public var name: String
    /// What it holds.
    public var kind: AssetKind
    /// Where it is: the catalog and the path inside it.
    public var location: String
    /// Its variants (image, data and icon entries) in source order.
    public var variants: [ReportVariant]
    /// Its colours (colour sets), with their traits.
    public var colors: [(traits: VariantTraits, value: ColorValue)]
    /// The findings about it.
    public var findings: [Finding]
    /// For each device preset and appearance, the index in ``variants`` (or ``colors``) it gets, `nil` for nothing.
    public var deviceChoices: [DeviceChoice]
    /// The idioms the asset is meant for (the report dims the other presets).
    public var targetIdioms: Set<Idiom>
    /// A container's parts in order (image stack layers, brand asset roles); empty for other kinds.
    public var members: [AssetMember] = []

    /// Creates an asset.
    public init(
        name: String, kind: AssetKind, location: String, variants: [ReportVariant],
        colors: [(traits: VariantTraits, value: ColorValue)], findings: [Finding], deviceChoices: [DeviceChoice],
        targetIdioms: Set<Idiom>
    ) {
        self.name = name
        self.kind = kind
        self.location = location
        self.variants = variants
        self.colors = colors
        self.findings = findings
        self.deviceChoices = deviceChoices
        self.targetIdioms = targetIdioms
    }
}

/// What one device preset gets in one appearance.
public struct DeviceChoice: Hashable, Sendable {
    /// The preset.
    public var preset: String
    /// Its idiom.
    public var idiom: Idiom
    /// Its scale.
    public var scale: Int
    /// Light or dark.
    public var appearance: Appearance
    /// The chosen variant or colour, by index; `nil` when nothing can be shown.
    public var chosen: Int?

    /// Creates a choice.
    public init(preset: String, idiom: Idiom, scale: Int, appearance: Appearance, chosen: Int?) {
        self.preset = preset
        self.idiom = idiom
        self.scale = scale
        self.appearance = appearance
        self.chosen = chosen
    }
}

/// One variant of the report.
public struct ReportVariant: Sendable {
    /// What the slot holds.
    public enum Content: Sendable {
        /// An image the page can show, with its MIME type and bytes (or a link when too large to embed).
        case image(mime: String, bytes: [UInt8]?, link: String?)
        /// A PDF: shown as a labelled tile linking to the file.
        case pdf(link: String?)
        /// A file of another kind (data sets, unknown content).
        case file(description: String)
        /// An entry without a file.
        case emptySlot
        /// An entry whose file is missing or unusable.
        case unusable(reason: String)
    }

    /// The traits.
    public var traits: VariantTraits
    /// The file name (or a label for empty slots).
    public var label: String
    /// The entry's distinguishing attributes (`size=60x60`, `subtype=retina4`), for the row label.
    public var attributes: [String]
    /// What it holds.
    public var content: Content
    /// Pixel size, when known.
    public var pixelSize: (width: Int, height: Int)?
    /// Whether a device could be given it.
    public var isSelectable: Bool

    /// Creates a variant.
    public init(
        traits: VariantTraits, label: String, attributes: [String], content: Content, pixelSize: (width: Int, height: Int)?,
        isSelectable: Bool
    ) {
        self.traits = traits
        self.label = label
        self.attributes = attributes
        self.content = content
        self.pixelSize = pixelSize
        self.isSelectable = isSelectable
    }
}

// MARK: - Building

extension ReportDocument {
    /// The report for catalogs that were read and audited.
    ///
    /// - Parameters:
    ///   - index: what the reader read.
    ///   - report: the audit of it.
    ///   - configuration: the configuration used (fallback order, expected scales, target idioms).
    ///   - embedLimit: images up to this many bytes are embedded; larger ones are linked.
    ///   - linkBase: how to turn a catalog-relative file into a link from the page (`nil`: no links).
    ///   - title: the page's title.
    public init(
        index: CatalogIndex, report: AuditReport, configuration: AuditConfiguration = AuditConfiguration(),
        title: String = "Asset catalog report", embedLimit: Int = 4 << 20,
        linkBase: (@Sendable (_ catalog: String, _ path: String) -> String?)? = nil
    ) {
        // Assets that share a name (a duplicate-name mistake) get the findings inside their own folder.
        var nameCounts: [String: Int] = [:]
        for asset in index.assets { nameCounts[index.sources[asset.sourceIndex].path + "\u{0}" + asset.name, default: 0] += 1 }
        var findingsByAsset: [String: [Finding]] = [:]
        var loose: [Finding] = []
        for finding in report.findings {
            if let asset = finding.asset { findingsByAsset[finding.catalog + "\u{0}" + asset, default: []].append(finding) } else {
                loose.append(finding)
            }
        }
        let inferred = TargetIdioms.infer(index)
        let resolver = Resolver(order: configuration.fallbackOrder)
        var assets: [ReportAsset] = []
        var covered: Set<String> = []
        for asset in index.assets {
            let catalog = index.sources[asset.sourceIndex].path
            let key = catalog + "\u{0}" + asset.name
            covered.insert(key)
            let variants = asset.variants.map { variant in
                Self.reportVariant(variant, catalog: catalog, embedLimit: embedLimit, linkBase: linkBase)
            }
            let targets = configuration.idioms.map(Set.init) ?? inferred[asset.sourceIndex]
            let choices: [DeviceChoice]
            if asset.kind == .color {
                choices = Self.choices(asset.colors.map(\.traits), selectable: nil, resolver: resolver)
            } else {
                choices = Self.choices(
                    asset.variants.map(\.traits), selectable: asset.variants.map(\.isSelectable), resolver: resolver)
            }
            assets.append(
                ReportAsset(
                    name: asset.name, kind: asset.kind, location: Self.join(catalog, asset.path), variants: variants,
                    colors: asset.colors.map { ($0.traits, $0.value) },
                    findings: (findingsByAsset[key] ?? []).filter { finding in
                        (nameCounts[key] ?? 1) == 1 || finding.path == asset.path || finding.path.hasPrefix(asset.path + "/")
                            || asset.variants.contains { $0.source == finding.path }
                    },
                    deviceChoices: choices,
                    targetIdioms: Self.idioms(
                        of: asset.kind == .color ? asset.colors.map(\.traits) : asset.variants.map(\.traits), targets: targets)))
            assets[assets.count - 1].members = asset.members
        }
        // Findings about sets the reader could not index (broken Contents.json, unsupported types).
        var orphanAssets: [String: ReportAsset] = [:]
        for (key, findings) in findingsByAsset where !covered.contains(key) {
            guard let first = findings.first, let name = first.asset else { continue }
            orphanAssets[key] = ReportAsset(
                name: name, kind: .image, location: Self.join(first.catalog, Self.setFolder(of: first.path)),
                variants: [], colors: [], findings: findings, deviceChoices: [], targetIdioms: [])
        }
        assets += orphanAssets.keys.sorted().map { orphanAssets[$0]! }
        assets.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        let scales = configuration.scalesByIdiom("scales", of: MissingScaleRule.self).mapValues(Set.init)
        self.init(
            title: title, sources: index.sources.map(\.path), assets: assets, looseFindings: loose, summary: report.summary,
            expectedScales: scales)
    }

    /// The report for a packed archive: variants and the device matrix, without findings (the audit reads
    /// source catalogs).
    public init(archive: AssetArchive, path: String, title: String = "Archive report", embedLimit: Int = 4 << 20) throws(ArchiveError) {
        let resolver = Resolver()
        var assets: [ReportAsset] = []
        for asset in try archive.assets() {
            var variants: [ReportVariant] = []
            var colors: [(traits: VariantTraits, value: ColorValue)] = []
            for variant in asset.variants {
                switch variant.content {
                case .color(let value):
                    colors.append((variant.traits, value))
                case .payload(let info):
                    let label = variant.sourcePath.split(separator: "/").last.map(String.init) ?? "payload \(info.index)"
                    let content: ReportVariant.Content
                    if let mime = Self.mime(info.contentType) {
                        let bytes: [UInt8]? =
                            info.byteCount <= embedLimit ? (try? archive.withPayloadBytes(info.index) { Array($0) }) : nil
                        content = .image(mime: mime, bytes: bytes, link: nil)
                    } else if info.contentType == .pdf {
                        let bytes: [UInt8]? = try? archive.withPayloadBytes(info.index) { Array($0) }
                        content = bytes.map {
                            Self.vectorPicture($0, format: .pdf, scale: Double(variant.traits.displayScale?.value ?? 1), embedLimit: embedLimit)
                        } ?? .pdf(link: nil)
                    } else {
                        content = .file(description: info.contentType.rawValue)
                    }
                    let size = info.pixelWidth.flatMap { width in info.pixelHeight.map { (width, $0) } }
                    variants.append(
                        ReportVariant(
                            traits: variant.traits, label: label,
                            attributes: variant.attributes.filter { !VariantGrouping.nonDistinguishingKeys.contains($0.key) }
                                .map { "\($0.key)=\($0.value)" }.sorted(),
                            content: content, pixelSize: size, isSelectable: true))
                }
            }
            let traits = asset.kind == .color ? colors.map(\.traits) : variants.map(\.traits)
            let choices = Self.choices(traits, selectable: nil, resolver: resolver)
            assets.append(
                ReportAsset(
                    name: asset.name, kind: asset.kind, location: asset.path, variants: variants, colors: colors, findings: [],
                    deviceChoices: choices, targetIdioms: Self.idioms(of: traits, targets: Set(Idiom.allCases))))
            assets[assets.count - 1].members =
                asset.properties[AssetMember.archiveKey].map { AssetMember.members(archiveValue: $0) } ?? []
        }
        let defaults = AuditConfiguration().scalesByIdiom("scales", of: MissingScaleRule.self).mapValues(Set.init)
        self.init(
            title: title, sources: [path], assets: assets, looseFindings: [], summary: AuditSummary(),
            remark: "A packed archive: the audit runs on source catalogs (assetc audit), so no findings are shown.",
            expectedScales: defaults)
        sizes = try SizeInventory(archive: archive, path: path)
    }

    /// The set folder a path lies in (`A/Hero.imageset/Contents.json` → `A/Hero.imageset`), or the path.
    static func setFolder(of path: String) -> String {
        var components: [Substring] = []
        // A set inside an image stack or brand assets is its own asset; the container owns only its own files.
        var lastContainer: String?
        for component in path.split(separator: "/") {
            components.append(component)
            switch FolderRole(folderName: String(component)) {
            case .set, .unsupported, .spriteAtlas: return components.joined(separator: "/")
            case .container(let type) where !type.holdsSets: return components.joined(separator: "/")
            case .container: lastContainer = components.joined(separator: "/")
            case .group, .stackLayer: continue
            }
        }
        return lastContainer ?? path
    }

    static func join(_ catalog: String, _ path: String) -> String {
        if path.isEmpty { return catalog }
        return catalog.hasSuffix("/") ? catalog + path : catalog + "/" + path
    }

    /// The idioms a set is meant for: those it names, and the catalog's when it has universal entries.
    static func idioms(of traits: [VariantTraits], targets: Set<Idiom>) -> Set<Idiom> {
        var idioms = Set(traits.compactMap(\.idiom))
        if traits.contains(where: { $0.idiom == nil }) { idioms.formUnion(targets) }
        return idioms
    }

    /// Every preset in light and dark, resolved among the selectable variants.
    static func choices(_ traits: [VariantTraits], selectable: [Bool]?, resolver: Resolver) -> [DeviceChoice] {
        let positions = traits.indices.filter { selectable?[$0] ?? true }
        let candidates = positions.map { traits[$0] }
        var result: [DeviceChoice] = []
        for preset in DevicePreset.all {
            for appearance in Appearance.allCases {
                var request = preset.traits
                request.appearance = appearance
                let best = resolver.bestVariant(among: candidates, for: request).map { positions[$0] }
                result.append(
                    DeviceChoice(
                        preset: preset.name, idiom: preset.traits.idiom ?? .phone, scale: preset.traits.displayScale?.value ?? 1,
                        appearance: appearance, chosen: best))
            }
        }
        return result
    }

    static func mime(_ type: ContentType) -> String? {
        switch type {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        case .gif: return "image/gif"
        case .svg: return "image/svg+xml"
        case .webp: return "image/webp"
        case .heif, .pdf, .psd, .tiff, .gitLFSPointer, .unknown: return nil
        }
    }

    static func reportVariant(
        _ variant: Variant, catalog: String, embedLimit: Int, linkBase: (@Sendable (String, String) -> String?)?
    ) -> ReportVariant {
        let label = variant.source.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "(empty slot)"
        let attributes = VariantGrouping.distinguishingAttributes(variant)
        let size = variant.inspection.flatMap { inspection in
            inspection.pixelWidth.flatMap { width in inspection.pixelHeight.map { (width, $0) } }
        }
        guard let source = variant.source else {
            return ReportVariant(
                traits: variant.traits, label: label, attributes: attributes, content: .emptySlot, pixelSize: nil, isSelectable: false)
        }
        let link = linkBase?(catalog, source)
        guard let inspection = variant.inspection else {
            return ReportVariant(
                traits: variant.traits, label: label, attributes: attributes, content: .unusable(reason: "missing file"),
                pixelSize: nil, isSelectable: false)
        }
        if let problem = inspection.problem {
            return ReportVariant(
                traits: variant.traits, label: label, attributes: attributes, content: .unusable(reason: problem), pixelSize: size,
                isSelectable: false)
        }
        var content: ReportVariant.Content
        switch inspection.contentType {
        case .gitLFSPointer:
            content = .unusable(reason: "Git LFS pointer")
        case .pdf:
            // Drawn to a picture (at the entry's scale) when the file is small enough to embed; else a tile linking to it.
            content = .pdf(link: link)
            if inspection.byteCount <= embedLimit, case .success(let result) = FileSystem.read(join(catalog, source), limit: embedLimit),
                result.bytes.count == result.size
            {
                let picture = vectorPicture(result.bytes, format: .pdf, scale: Double(variant.traits.displayScale?.value ?? 1), embedLimit: embedLimit)
                if case .image = picture { content = picture }
            }
        case .png, .jpeg, .gif, .svg, .webp:
            let mime = mime(inspection.contentType) ?? "application/octet-stream"
            var bytes: [UInt8]?
            if inspection.byteCount <= embedLimit {
                let path = join(catalog, source)
                if case .success(let result) = FileSystem.read(path, limit: embedLimit), result.bytes.count == result.size {
                    bytes = result.bytes
                }
            }
            content = .image(mime: mime, bytes: bytes, link: link)
        case .heif, .psd, .tiff, .unknown:
            content = .file(description: inspection.contentType.rawValue)
        }
        return ReportVariant(
            traits: variant.traits, label: label, attributes: attributes, content: content, pixelSize: size,
            isSelectable: variant.isSelectable)
    }
}
