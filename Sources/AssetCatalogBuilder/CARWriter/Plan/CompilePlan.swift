import AssetCatalog
import Foundation

/// What the plan stage settles before any file is read: the facets, one job per rendition to make, every
/// rendition's key, the key format, and the order in which the values are written (by key bytes, as the tree
/// lists them).
struct CompilePlan: Sendable {
    /// The assets that become facets, one per name, in the index's order, then the facets Icon Composer icons add.
    var assets: [Asset]
    /// Each facet's part (attribute 2 of its FACETKEYS record), by position in `assets`.
    var facetParts: [UInt16]
    /// Each facet's identifier (attribute 17), by position in `assets`.
    var identifiers: [UInt16]
    /// One job per rendition made from a file or a colour.
    var jobs: [CARCompiler.Job]
    /// Every rendition to write: a job's, or one made while planning (layered images, multisize sets).
    var items: [StreamItem]
    /// The attributes of every key, in order.
    var keyFormat: [CARAttribute]
    /// Each item's key in `keyFormat` order, as written.
    var keyBytes: [[UInt8]]
    /// Item numbers in the order their values are written.
    var order: [Int]
    /// Localizations used, in byte order of their names, numbered from 1 (`localeIDs`).
    var localeList: [String]
    var localeIDs: [String: UInt16]
    /// What planning left out, in asset order.
    var notices: [String]
    /// The packed atlases the pack stage adds (Atlas/AtlasPacking.swift).
    var atlases: [PackedAtlas] = []
    /// Errors in the inputs found while planning (a symbol template that cannot be compiled), which fail the compile.
    var inputErrors: [Diagnostic] = []
}

extension CARCompiler {
    /// Whether `asset` is a macOS `.iconset` folder (an app icon without `Contents.json`), which Xcode compiles and
    /// numbers differently from an `.appiconset`.
    static func isIconSet(_ asset: Asset) -> Bool {
        asset.kind == .appIcon && asset.path.hasSuffix(".iconset")
    }

    /// The deployment-target copies of each image (key attribute 25), or none. For an iOS target before 2019 that has
    /// LZFSE (iOS 9 to 12) Xcode writes every image set's bitmap and kept vector three times: for any target (LZFSE),
    /// for the 2018 releases (3: palette-img) and for 2019 on (5: deepmap2), atlases included, so that app thinning
    /// hands each device the smallest copy its OS reads (zhihu's car, iOS 11; Flex's, iOS 9; docs/CAR-FORMAT.md,
    /// "Compression as Xcode chooses it"). App icons, JPEG files, colours and data are written once. A compile
    /// thinned for one device OS (`CompileOptions.deviceOSMajorVersion`) writes the one copy that OS reads: 2019's
    /// from iOS 13, 2018's on iOS 12, else the copy for any target.
    var deploymentTargetCopies: [UInt16] {
        guard options.platform == .iphoneos || options.platform == .iphonesimulator else { return [] }
        let compression = BitmapCompression(platform: options.platform, minimumDeploymentTarget: options.minimumDeploymentTarget)
        guard compression == .lzfse || compression == .paletteImage else { return [] }
        guard let os = options.deviceOSMajorVersion else { return [0, 3, 5] }
        return [os >= 13 ? 5 : os == 12 ? 3 : 0]
    }

    /// Whether Xcode writes a copy of `job` per deployment target: an image set's PNG, PDF or SVG (the bitmaps drawn from a
    /// vector and the vector kept); not app icons (Flex's are in the copy for any target only) or JPEG files (stored
    /// as they are, once).
    static func hasDeploymentCopies(_ job: Job) -> Bool {
        guard job.kind == .image, let type = job.contentType else { return false }
        return type == .png || type == .pdf || type == .svg
    }

    /// The part of the facet of an asset of `kind` (Icon Composer icons' facets set theirs in ``iconComposerPlan``).
    static func facetPart(_ kind: AssetKind) -> UInt16 {
        switch kind {
        case .color: return colorPart
        case .appIcon: return iconImagePart
        case .image, .data, .imageStack, .symbol, .brandAssets: return imagePart
        case .icon: return IconComposerRenditions.stackPart
        }
    }

    /// Plans the compile of `index`: which assets become facets, the jobs, and every rendition's key.
    func plan(_ index: CatalogIndex) -> CompilePlan {
        var notices: [String] = []
        // Facets: every asset name once (the first source wins, as in the index's order).
        var assets: [Asset] = []
        var icons: [Asset] = []
        var seen = Set<String>()
        for asset in index.assets {
            // An icon may share its name with an app icon set (its facet then holds both); other kinds may not.
            if asset.kind == .icon {
                icons.append(asset)
                continue
            }
            guard seen.insert(asset.name).inserted else { continue }
            switch asset.kind {
            case .image, .data, .imageStack, .symbol: break
            case .color:
                if asset.isColourlessTemplate {
                    // Xcode's AccentColor template: Xcode writes no facet and no rendition for it (the
                    // NikitaKosolapov+SwiftUITestProject1 cars), and AppIconOutputs names no accent colour.
                    notices.append("\(asset.name): a colour set with no colour (the platform's default) is left out, as Xcode leaves it out")
                    continue
                }
            case .appIcon:
                // A macOS `.iconset` is compiled whichever app icon is named: sudoku's car (Xcode 26, built for
                // `App`) holds its `Sudoku.iconset` too.
                if let appIcon = options.appIcon, asset.name != appIcon, !options.alternateAppIcons.contains(asset.name),
                    !Self.isIconSet(asset)
                {
                    continue
                }
            case .brandAssets:
                // Only a list of roles: its parts (image stacks, image sets) are assets of their own, and the
                // roles go into the partial Info.plist (AppIconOutputs).
                continue
            case .icon:
                continue  // taken above
            }
            assets.append(asset)
        }
        var facetParts = assets.map { Self.facetPart($0.kind) }
        // Icon Composer icons add facets of their own (their names must be known before identifiers are given).
        var iconPlans: [(plan: IconComposerPlan, icon: Asset)] = []
        for icon in icons {
            let root = index.sources.indices.contains(icon.sourceIndex) ? index.sources[icon.sourceIndex].path : "."
            if let iconPlan = iconComposerPlan(icon, root: root, assets: &assets, parts: &facetParts, notices: &notices) {
                iconPlans.append((iconPlan, icon))
            }
        }
        let identifiers = Self.identifiers(for: assets.map(\.name))
        var facetNumbers: [String: Int] = [:]
        for (facet, asset) in assets.enumerated() { facetNumbers[asset.name] = facet }
        var stackRenditions: [CompiledRendition] = []
        // Symbols' glyphs, keyed once the compile's locales are numbered.
        var symbolGlyphs: [SymbolGlyphRendition] = []
        var inputErrors: [Diagnostic] = []

        var jobs: [Job] = []
        // Grown once: tens of thousands of jobs appended one by one would be copied into ever larger arrays.
        jobs.reserveCapacity(assets.reduce(0) { $0 + $1.variants.count + $1.colors.count })
        var multisize: [AssetRunPlan.MultisizeSet] = []
        // Facets whose app icon images are the flat drawing of an Icon Composer icon: the app icon set of the same
        // name gives none of its own (cubeSQL: Xcode 26.2 writes the drawn sizes, not its `App.iconset`'s).
        var drawnIconFacets: Set<Int> = []
        for (iconPlan, icon) in iconPlans {
            let made = iconComposerRenditions(iconPlan, icon: icon, assets: assets, identifiers: identifiers)
            stackRenditions += made.values
            jobs += made.jobs
            guard options.drawsIconComposerImages, let platform = iconFallbackPlatform else { continue }
            let root = index.sources.indices.contains(icon.sourceIndex) ? index.sources[icon.sourceIndex].path : "."
            switch iconFallbackRenditions(iconPlan, icon: icon, root: root, identifiers: identifiers, platform: platform, notices: &notices) {
            case .success(let drawn):
                stackRenditions += drawn.values
                jobs += drawn.jobs
                drawnIconFacets.insert(iconPlan.iconFacet)
            case .failure(let problem):
                notices.append("\(icon.name): \(problem.message); the icon has no pre-rendered images for systems before 26")
            }
        }
        // The assets, planned in runs on every core and joined in facet order: the same plan for any number of threads.
        let width = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let runLength = 256
        let runs = parallelMap(count: (assets.count + runLength - 1) / runLength, width: width) { [assets, facetNumbers, drawnIconFacets] number in
            planAssets(
                number * runLength..<min((number + 1) * runLength, assets.count), of: assets, index: index, identifiers: identifiers,
                facetNumbers: facetNumbers, drawnIconFacets: drawnIconFacets)
        }
        for run in runs {
            jobs += run.jobs
            stackRenditions += run.stackRenditions
            symbolGlyphs += run.symbolGlyphs
            inputErrors += run.inputErrors
            notices += run.notices
            multisize += run.multisize
        }

        // iOS 9–12 targets: each image three times, one per deployment target (deploymentTargetCopies).
        let copies = deploymentTargetCopies
        if !copies.isEmpty {
            jobs = jobs.flatMap { job -> [Job] in
                guard Self.hasDeploymentCopies(job) else { return [job] }
                return copies.map { target in
                    var copy = job
                    copy.deploymentTarget = target
                    return copy
                }
            }
        }

        // Localizations used, numbered from 1 in byte order of their names.
        let localeList = Set(jobs.compactMap { $0.attributes["locale"] } + symbolGlyphs.compactMap(\.locale))
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var localeIDs: [String: UInt16] = [:]
        for (number, locale) in localeList.enumerated() { localeIDs[locale] = UInt16(number + 1) }
        for number in jobs.indices { jobs[number].foldsMacIdiom = options.platform.isMac }

        // Every rendition's key is known before any file is read: the key format, and the order in which the
        // values are written (by key, as the tree lists them), are settled before the work starts.
        var items: [StreamItem] = stackRenditions.map { StreamItem(key: $0.key, preferred: $0.preferred, work: .ready($0.value)) }
        items.reserveCapacity(stackRenditions.count + symbolGlyphs.count + jobs.count + multisize.count)
        for glyph in symbolGlyphs {
            var key = glyph.rendition.key
            key[.localization] = glyph.locale.flatMap { localeIDs[$0] } ?? 0
            items.append(StreamItem(key: key, preferred: false, work: .ready(glyph.rendition.value)))
        }
        // Each job read through the array, not copied with its strings and dictionaries.
        for number in jobs.indices {
            var key = Self.key(for: jobs[number], identifier: identifiers[jobs[number].facet], platform: options.platform)
            key[.localization] = jobs[number].attributes["locale"].flatMap { localeIDs[$0] } ?? 0
            // Xcode 26 keys a colour at scale 1 (sudoku's AccentColor, as its Icon Composer colours).
            if jobs[number].color != nil { key[.scale] = 1 }
            let preferred = jobs[number].foldsMacIdiom && jobs[number].traits.idiom == .mac
            items.append(StreamItem(key: key, preferred: preferred, work: .job(number)))
        }
        for set in multisize {
            var key = Self.baseKey(identifier: identifiers[set.facet], part: Self.multisizePart)
            // Xcode keys the multisize set at scale 1.
            key[.scale] = 1
            let value = CSIBuilder.value(
                name: set.name, flags: 0, width: 0, height: 0, scale: 0, pixelFormat: nil, colorSpace: 0,
                layout: CSIBuilder.layoutMultisizeSet, infoTags: CSIBuilder.pixellessTags, payload: CSIBuilder.multisizeSet(set.entries))
            items.append(StreamItem(key: key, preferred: false, work: .ready(value)))
        }
        let (keyFormat, keyBytes, order) = Self.keyOrder(items, platform: options.platform, width: width)
        return CompilePlan(
            assets: assets, facetParts: facetParts, identifiers: identifiers, jobs: jobs, items: items, keyFormat: keyFormat, keyBytes: keyBytes,
            order: order, localeList: localeList, localeIDs: localeIDs, notices: notices, inputErrors: inputErrors)
    }

    /// What planning a run of facets' assets gives, joined in facet order by ``plan(_:)``.
    struct AssetRunPlan: Sendable {
        /// An app icon set's multisize rendition: its facet, name, and each size's entry.
        typealias MultisizeSet = (facet: Int, name: String, entries: [(width: Int, height: Int, index: Int, idiom: UInt16)])

        var jobs: [Job] = []
        var stackRenditions: [CompiledRendition] = []
        var symbolGlyphs: [SymbolGlyphRendition] = []
        var inputErrors: [Diagnostic] = []
        var notices: [String] = []
        var multisize: [MultisizeSet] = []
    }

    /// Plans the assets of the facets numbered `facets` (their jobs, the renditions made while planning, what is left
    /// out), in facet order; runs of facets are planned on every core and joined (``plan(_:)``).
    func planAssets(
        _ facets: Range<Int>, of assets: [Asset], index: CatalogIndex, identifiers: [UInt16], facetNumbers: [String: Int],
        drawnIconFacets: Set<Int>
    ) -> AssetRunPlan {
        var run = AssetRunPlan()
        let kept = options.keptIdioms
        for facet in facets {
            let asset = assets[facet]
            let root = index.sources.indices.contains(asset.sourceIndex) ? index.sources[asset.sourceIndex].path : "."
            func keep(_ traits: VariantTraits, _ attributes: [String: String]) -> Bool {
                if attributes["idiom"]?.hasSuffix("marketing") == true { return asset.kind == .appIcon }
                guard let idiom = traits.idiom else { return true }
                return kept.contains(idiom)
            }
            switch asset.kind {
            case .color:
                for color in asset.colors where keep(color.traits, [:]) {
                    if color.value.isPlatformDefault {
                        // One entry without a colour beside entries with one: `default` is no system colour's
                        // name, and what Xcode stores for such an entry is not established.
                        run.notices.append("\(asset.name): an entry without a colour (the platform's default) is not compiled; the entry is left out")
                        continue
                    }
                    run.jobs.append(
                        Job(facet: facet, assetName: asset.name, kind: .color, source: nil, fileName: asset.name, contentType: nil,
                            traits: color.traits, attributes: [:], properties: asset.properties,
                            color: color.value.narrowedToFloat(options.narrowsColorComponents ? .all : color.decimalChannels),
                            iconSizeIndex: 0))
                }
            case .imageStack:
                let stack = stackJobs(
                    asset, facet: facet, root: root, assets: assets, facets: facetNumbers, identifiers: identifiers, keep: keep,
                    notices: &run.notices)
                run.jobs += stack.jobs
                run.stackRenditions += stack.layered.map { [$0] } ?? []
            case .symbol:
                // The glyphs are made here, from the template (Symbols/): their keys depend on what it draws.
                let made = symbolRenditions(
                    asset, facet: facet, identifier: identifiers[facet], root: root, sourceIndex: asset.sourceIndex, keep: keep)
                run.symbolGlyphs += made.glyphs
                run.jobs += made.caches
                run.inputErrors += made.errors
            case .brandAssets, .icon:
                continue  // left out above
            case .image, .data, .appIcon:
                if drawnIconFacets.contains(facet) { continue }
                var variants = asset.variants
                var scaledSides: [Int: Int] = [:]
                if asset.kind == .appIcon, let derived = singleSizeIconVariants(asset) {
                    scaledSides = derived.sides
                    variants += derived.variants
                }
                var sizes: [String] = []
                if asset.kind == .appIcon {
                    sizes = Array(Set(variants.compactMap { $0.source == nil ? nil : $0.attributes["size"] })).sorted {
                        Self.points($0).width < Self.points($1).width || (Self.points($0).width == Self.points($1).width && $0 < $1)
                    }
                }
                var entries: [(width: Int, height: Int, index: Int, idiom: UInt16)] = []
                for (number, variant) in variants.enumerated() where keep(variant.traits, variant.attributes) {
                    guard let source = variant.source else { continue }
                    // An app icon set numbers its sizes from 0, smallest first (heliport, Flex); a `.iconset` from 1
                    // (sudoku's two, Xcode 26, where 16×16 is 1 and 512×512 is 5).
                    let firstSizeIndex = Self.isIconSet(asset) ? 1 : 0
                    let sizeIndex = firstSizeIndex + (variant.attributes["size"].flatMap { sizes.firstIndex(of: $0) } ?? 0)
                    if asset.kind == .appIcon, let size = variant.attributes["size"] {
                        let points = Self.points(size)
                        let idiom = options.platform.isMac && variant.traits.idiom == .mac ? 0 : Self.idiomValue(variant.traits, variant.attributes)
                        if !entries.contains(where: { $0.index == sizeIndex && $0.idiom == idiom }) {
                            entries.append((Int(points.width.rounded()), Int(points.height.rounded()), sizeIndex, idiom))
                        }
                    }
                    var fileName = Self.lastComponent(source)
                    if scaledSides[number] != nil, let size = variant.attributes["size"], let scale = variant.traits.displayScale?.value {
                        // Named as the loose files of the same size are: AppIcon60x60@2x.png, AppIcon76x76@2x~ipad.png.
                        fileName = "\(asset.name)\(size)@\(scale)x\(variant.traits.idiom == .pad ? "~ipad" : "").png"
                    }
                    var job = Job(
                        facet: facet, assetName: asset.name, kind: asset.kind, source: source,
                        fileName: fileName, contentType: variant.contentType,
                        traits: variant.traits, attributes: variant.attributes, properties: asset.properties, color: nil,
                        iconSizeIndex: sizeIndex, scaledSide: scaledSides[number])
                    job.sourceIndex = asset.sourceIndex
                    job.inspectsFile = variant.inspectionDeferred
                    if asset.kind == .image, variant.contentType?.isVector == true {
                        run.jobs += vectorJobs(job)
                    } else {
                        run.jobs.append(job)
                    }
                }
                if asset.kind == .appIcon && !entries.isEmpty {
                    // Smallest size first, as Xcode lists them (sudoku's `.iconset`s, whose files come in name order:
                    // 128, 16, 256, 32, 512), entries of one size in the order they came.
                    let ordered = entries.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }.map(\.element)
                    run.multisize.append((facet, asset.name, ordered))
                }
            }
        }
        return run
    }

    /// The key format of `items` (the platform's, with every attribute some key uses), each item's key in it, and
    /// the order in which the values are written; the keys' bytes are made on `width` threads.
    static func keyOrder(
        _ items: [StreamItem], platform: CompilePlatform, width: Int = 1
    ) -> (keyFormat: [CARAttribute], keyBytes: [[UInt8]], order: [Int]) {
        let used = items.reduce(into: RenditionKey()) { $0.formUnion($1.key) }
        let keyFormat = Self.keyFormat(platform: platform, used: used)
        // Preferred renditions first, so they win a shared key; then by key; a shared key goes to the entry
        // that comes first in the index. Keys are compared as four big-endian words (every key has the same
        // length, at most 32 bytes), which orders them as their bytes.
        let (keyBytes, sortKeys) = Self.keyBytes(items, 0..<items.count, keyFormat, width: width)
        // The entries sorted hold what they are compared by (an index into the items and the keys was a cache miss
        // a comparison, most of the sort's time).
        let entries = items.indices.map { (rank: items[$0].preferred ? 0 : 1, key: sortKeys[$0], item: $0) }
        let order = entries.sorted { left, right in
            if left.rank != right.rank { return left.rank < right.rank }
            if left.key != right.key { return left.key < right.key }
            return left.item < right.item
        }.map(\.item)
        return (keyFormat, keyBytes, order)
    }

    /// ``keyOrder(_:platform:width:)`` of `items` when those before `firstNew` were ordered already (`known`, their
    /// ``keyOrder(_:platform:width:)``) and the new ones are not preferred (the pack stage's atlases), without sorting the
    /// known ones again: the new keys can only add attributes to the format, which every known key has as 0, so the
    /// known keys keep their order (their bytes gain the same zeros in the same places), and the new items are merged
    /// in, the same order a sort of them all gives. (A format of more than 16 attributes, whose keys pass the 32 bytes
    /// ``sortKey(_:)`` tells apart, is ordered again whole, as ``keyOrder(_:platform:width:)`` orders it.)
    static func keyOrder(
        _ items: [StreamItem], adding firstNew: Int, to known: (keyFormat: [CARAttribute], keyBytes: [[UInt8]], order: [Int]),
        platform: CompilePlatform, width: Int = 1
    ) -> (keyFormat: [CARAttribute], keyBytes: [[UInt8]], order: [Int]) {
        let newItems = firstNew..<items.count
        let used = newItems.reduce(into: RenditionKey()) { $0.formUnion(items[$1].key) }
        let keyFormat = Self.keyFormat(platform: platform, used: known.keyFormat.reduce(into: used) { $0[$1] = 1 })
        guard known.keyBytes.count == firstNew, known.order.count == firstNew, newItems.allSatisfy({ !items[$0].preferred }),
            known.keyFormat.allSatisfy(keyFormat.contains), keyFormat.count <= 16
        else { return keyOrder(items, platform: platform, width: width) }
        // The known keys' bytes gain the new attributes' zeros (made again, on every core) when the format grew.
        let knownBytes = keyFormat == known.keyFormat ? known.keyBytes : Self.keyBytes(items, 0..<firstNew, keyFormat, width: width).bytes
        let keyBytes = knownBytes + newItems.map { bytes(of: items[$0].key, keyFormat) }
        let added = newItems.map { (item: $0, sortKey: Self.sortKey(keyBytes[$0])) }.sorted { left, right in
            left.sortKey != right.sortKey ? left.sortKey < right.sortKey : left.item < right.item
        }
        // A merge of two ordered lists: the known items (preferred first, then by key and number) and the added
        // ones (not preferred, numbered after every known item, so they follow an equal key).
        var order: [Int] = []
        order.reserveCapacity(items.count)
        var next = 0
        for (item, key) in added {
            while next < known.order.count {
                let other = known.order[next]
                guard items[other].preferred || Self.sortKey(keyBytes[other]) <= key else { break }
                order.append(other)
                next += 1
            }
            order.append(item)
        }
        order += known.order[next...]
        return (keyFormat, keyBytes, order)
    }

    /// The bytes of the keys of `items[range]` in `keyFormat` order and their ``sortKey(_:)``, made on `width` threads
    /// in runs of items (tens of thousands of small arrays were a third of planning's serial time).
    private static func keyBytes(
        _ items: [StreamItem], _ range: Range<Int>, _ keyFormat: [CARAttribute], width: Int
    ) -> (bytes: [[UInt8]], sortKeys: [(UInt64, UInt64, UInt64, UInt64)]) {
        let run = 4096
        let runs = parallelMap(count: (range.count + run - 1) / run, width: width) { number in
            let start = range.lowerBound + number * run
            let bytes = (start..<min(start + run, range.upperBound)).map { Self.bytes(of: items[$0].key, keyFormat) }
            return (bytes: bytes, sortKeys: bytes.map(Self.sortKey))
        }
        return (runs.flatMap(\.bytes), runs.flatMap(\.sortKeys))
    }

    /// `key`'s bytes in `keyFormat` order, as the car writes them.
    static func bytes(of key: RenditionKey, _ keyFormat: [CARAttribute]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 * keyFormat.count)
        for attribute in keyFormat { BinaryWriter.appendLE16(&bytes, key[attribute]) }
        return bytes
    }
}

extension ColorValue {
    /// The components of `channels` narrowed to 32-bit floats (and widened back). Xcode 26 stores every colour so:
    /// sudoku's AccentColor, Contents.json's 0.176, is stored as 0.17599999904632568
    /// (``CompileOptions/narrowsColorComponents``). Xcode 15 narrows only the components written as decimals
    /// (``ColorVariant/decimalChannels``): SwiftUITestProject1's `0.067` is stored as 0.06700000166893005 and its
    /// `0x5E` as 94/255 exactly.
    func narrowedToFloat(_ channels: ColorChannels) -> ColorValue {
        guard case .components(var components) = self, !channels.isEmpty else { return self }
        let paths: [(ColorChannels, WritableKeyPath<ColorComponents, Double>)] = [
            (.red, \.red), (.green, \.green), (.blue, \.blue), (.alpha, \.alpha),
        ]
        for (channel, path) in paths where channels.contains(channel) {
            components[keyPath: path] = Double(Float(components[keyPath: path]))
        }
        return .components(components)
    }
}

extension ColorChannels {
    /// Every component.
    static let all: ColorChannels = [.red, .green, .blue, .alpha]
}
