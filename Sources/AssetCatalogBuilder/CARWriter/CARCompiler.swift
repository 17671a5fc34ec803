import AssetCatalog
import Foundation

/// What a compile wrote: counts and what was left out.
public struct CARCompileSummary: Sendable {
    /// Facets (named assets) written.
    public var facetCount: Int
    /// Renditions written.
    public var renditionCount: Int
    /// The size of the `Assets.car` file in bytes.
    public var byteCount: Int
    /// Problems that left an entry out (an unreadable PNG, an unsupported file type, a colour entry without a colour), in
    /// asset order, each naming the asset and file.
    public var notices: [String]
}

/// A compile held in memory: the `Assets.car` file's bytes and the summary.
public struct CompiledCatalog: Sendable {
    /// The `Assets.car` file.
    public var car: [UInt8]
    /// Counts and notices.
    public var summary: CARCompileSummary

    /// The size of the `Assets.car` file in bytes.
    public var byteCount: Int { car.count }
    /// Facets (named assets) written.
    public var facetCount: Int { summary.facetCount }
    /// Renditions written.
    public var renditionCount: Int { summary.renditionCount }
    /// Problems that left an entry out, in asset order, each naming the asset and file.
    public var notices: [String] { summary.notices }
}

/// Why a compile produced no `Assets.car` at all.
public enum CARCompileError: Error, Sendable, CustomStringConvertible {
    /// The file would pass the 4 GiB that the format's 32-bit offsets can address.
    case tooLarge(byteCount: Int)
    /// The file could not be written (the reason in words, as the system gave it).
    case cannotWrite(path: String, reason: String)
    /// Files the reader left for the compile to inspect (``ReaderOptions/defersPNGInspection``) have errors, worded
    /// as the reader words them: a compile fails on them as on the reader's own errors.
    case inputErrors([Diagnostic])

    public var description: String {
        switch self {
        case .tooLarge(let byteCount):
            return "the Assets.car would be \(byteCount) bytes; the format's 32-bit offsets address at most \(BOMWriter.maximumFileSize) bytes (split the catalog)"
        case .cannotWrite(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .inputErrors(let errors):
            return "\(errors.count) error(s) in the inputs:\n" + errors.map { "  \($0.path): \($0.message)" }.joined(separator: "\n")
        }
    }
}

/// Compiles a ``CatalogIndex`` into an `Assets.car` (see docs/CAR-FORMAT.md, "Writing").
///
/// The output is a pure function of the index and the options: renditions are sorted by key bytes, facets
/// by name, identifiers derived from names, the UUID from the content, and no clock is read; images are
/// decoded and compressed in parallel and joined in index order.
public struct CARCompiler: Sendable {
    /// The options.
    public let options: CompileOptions

    /// Creates a compiler.
    public init(options: CompileOptions) {
        self.options = options
    }

    /// The key format: Xcode's order (appearance, localization, scale, idiom, subtype, …, identifier, element,
    /// part); attributes between subtype and identifier appear only when some rendition uses them.
    static let fullKeyFormat: [CARAttribute] = [
        .appearance, .localization, .scale, .idiom, .subtype, .displayGamut, .direction, .horizontalSizeClass,
        .verticalSizeClass, .memoryClass, .graphicsClass, .dimension1, .identifier, .element, .part,
    ]
    static let alwaysPresent: Set<CARAttribute> = [.appearance, .localization, .scale, .idiom, .subtype, .identifier, .element, .part]

    /// CoreUI's element and parts for the kinds of asset (as Xcode writes them).
    static let element: UInt16 = 85
    static let imagePart: UInt16 = 181
    static let colorPart: UInt16 = 217
    static let multisizePart: UInt16 = 218
    static let iconImagePart: UInt16 = 220

    /// One unit of work: an entry of an asset that becomes one rendition.
    private struct Job: Sendable {
        var facet: Int
        var assetName: String
        var kind: AssetKind
        /// The file, relative to the root of its catalog, the index's source number `sourceIndex`.
        var source: String?
        var fileName: String
        var contentType: ContentType?
        var traits: VariantTraits
        var attributes: [String: String]
        var properties: AssetProperties
        var color: ColorValue?
        var iconSizeIndex: Int
        /// An image stack's flattened image: the layers' files at one scale, back to front.
        var layerFiles: [String] = []
        /// An app icon size made from a single-size icon: the file is scaled to this many pixels a side.
        var scaledSide: Int?
        /// On macOS Xcode's keys have no idiom: `mac` entries are stored under universal.
        var foldsMacIdiom = false
        /// The reader left the file unopened (``ReaderOptions/defersPNGInspection``): the job inspects it as
        /// the reader would have.
        var inspectsFile = false
        var sourceIndex = 0
    }

    /// Compiles `index` into an `Assets.car` in memory.
    ///
    /// - Throws: ``CARCompileError/tooLarge(byteCount:)`` when the file would pass 4 GiB.
    public func compile(_ index: CatalogIndex) throws(CARCompileError) -> CompiledCatalog {
        let sink = MemoryCARSink()
        let summary = try compile(index, into: sink)
        return CompiledCatalog(car: sink.bytes, summary: summary)
    }

    /// Compiles `index` into an `Assets.car` at `path`, streamed: each rendition is written as soon as it
    /// and those before it are made, while the other threads go on decoding and compressing, so the car is
    /// never held in memory and writing it overlaps the compile.
    ///
    /// The file is written beside `path` under a temporary name and renamed over it at the end; on any
    /// error (or SIGINT/SIGTERM with ``CompileOptions/handleSignals``) no partial file is left and an
    /// existing file is untouched.
    ///
    /// - Throws: ``CARCompileError``; nothing is written then.
    public func compile(_ index: CatalogIndex, toFile path: String) throws(CARCompileError) -> CARCompileSummary {
        let output: TemporaryOutput
        do {
            output = try TemporaryOutput(finalPath: path, handleSignals: options.handleSignals)
        } catch {
            throw CARCompileError(error)
        }
        // The sink has written everything once the compile returns (the header area comes last).
        let summary = try compile(index, into: FileCARSink(output: output))
        do {
            try output.commit(synchronize: false)
        } catch {
            throw CARCompileError(error)
        }
        return summary
    }

    private func compile(_ index: CatalogIndex, into sink: CARSink) throws(CARCompileError) -> CARCompileSummary {
        var notices: [String] = []
        let kept = options.keptIdioms
        // Facets: every asset name once (the first source wins, as in the index's order).
        var assets: [Asset] = []
        var seen = Set<String>()
        for asset in index.assets where seen.insert(asset.name).inserted {
            switch asset.kind {
            case .image, .color, .data, .imageStack: break
            case .appIcon:
                if let appIcon = options.appIcon, asset.name != appIcon { continue }
            case .brandAssets:
                // Only a list of roles: its parts (image stacks, image sets) are assets of their own, and the
                // roles go into the partial Info.plist (AppIconOutputs).
                continue
            case .symbol, .icon:
                notices.append("\(asset.name): \(asset.kind.rawValue) assets are not compiled yet; the asset is left out")
                continue
            }
            assets.append(asset)
        }
        let identifiers = Self.identifiers(for: assets.map(\.name))
        var facetNumbers: [String: Int] = [:]
        for (facet, asset) in assets.enumerated() { facetNumbers[asset.name] = facet }
        var stackRenditions: [CompiledRendition] = []

        var jobs: [Job] = []
        // Grown once: tens of thousands of jobs appended one by one would be copied into ever larger arrays.
        jobs.reserveCapacity(assets.reduce(0) { $0 + $1.variants.count + $1.colors.count })
        var multisize: [(facet: Int, name: String, entries: [(width: Int, height: Int, index: Int, idiom: UInt16)])] = []
        for (facet, asset) in assets.enumerated() {
            let root = index.sources.indices.contains(asset.sourceIndex) ? index.sources[asset.sourceIndex].path : "."
            func keep(_ traits: VariantTraits, _ attributes: [String: String]) -> Bool {
                if attributes["idiom"]?.hasSuffix("marketing") == true { return asset.kind == .appIcon }
                guard let idiom = traits.idiom else { return true }
                return kept.contains(idiom)
            }
            switch asset.kind {
            case .color:
                for color in asset.colors where keep(color.traits, [:]) {
                    if case .systemReference(let name) = color.value, name == "default" {
                        // An entry without a colour (Xcode's AccentColor template): which colour Xcode stores for it,
                        // if any, is not established, and `default` is no system colour's name.
                        notices.append("\(asset.name): an entry without a colour (the platform's default) is not compiled; the entry is left out")
                        continue
                    }
                    jobs.append(
                        Job(facet: facet, assetName: asset.name, kind: .color, source: nil, fileName: asset.name, contentType: nil,
                            traits: color.traits, attributes: [:], properties: asset.properties, color: color.value, iconSizeIndex: 0))
                }
            case .imageStack:
                let stack = stackJobs(
                    asset, facet: facet, root: root, assets: assets, facets: facetNumbers, identifiers: identifiers, keep: keep,
                    notices: &notices)
                jobs += stack.jobs
                stackRenditions += stack.layered.map { [$0] } ?? []
            case .symbol, .brandAssets, .icon:
                continue  // left out above
            case .image, .data, .appIcon:
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
                    let sizeIndex = variant.attributes["size"].flatMap { sizes.firstIndex(of: $0) } ?? 0
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
                    jobs.append(job)
                }
                if asset.kind == .appIcon && !entries.isEmpty { multisize.append((facet, asset.name, entries)) }
            }
        }

        // Localizations used, numbered from 1 in byte order of their names.
        let localeList = Set(jobs.compactMap { $0.attributes["locale"] }).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var localeIDs: [String: UInt16] = [:]
        for (number, locale) in localeList.enumerated() { localeIDs[locale] = UInt16(number + 1) }
        for number in jobs.indices { jobs[number].foldsMacIdiom = options.platform.isMac }

        // Every rendition's key is known before any file is read: the key format, and the order in which the
        // values are written (by key, as the tree lists them), are settled before the work starts.
        var items: [StreamItem] = stackRenditions.map { StreamItem(key: $0.key, preferred: $0.preferred, work: .ready($0.value)) }
        items.reserveCapacity(stackRenditions.count + jobs.count + multisize.count)
        for (number, job) in jobs.enumerated() {
            var key = Self.key(for: job, identifier: identifiers[job.facet])
            key[.localization] = job.attributes["locale"].flatMap { localeIDs[$0] } ?? 0
            if job.color != nil { key[.scale] = 0 }
            items.append(StreamItem(key: key, preferred: job.foldsMacIdiom && job.traits.idiom == .mac, work: .job(number)))
        }
        for set in multisize {
            var key = Self.baseKey(identifier: identifiers[set.facet], part: Self.multisizePart)
            // Xcode keys the multisize set at scale 1.
            key[.scale] = 1
            let value = CSIBuilder.value(
                name: set.name, flags: 0, width: 0, height: 0, scale: 0, pixelFormat: nil, colorSpace: 0,
                layout: CSIBuilder.layoutMultisizeSet, infoTags: [], payload: CSIBuilder.multisizeSet(set.entries))
            items.append(StreamItem(key: key, preferred: false, work: .ready(value)))
        }
        let used = items.reduce(into: RenditionKey()) { $0.formUnion($1.key) }
        let keyFormat = Self.fullKeyFormat.filter { attribute in Self.alwaysPresent.contains(attribute) || used[attribute] != 0 }
        let keyBytes = items.map { item in
            var key: [UInt8] = []
            key.reserveCapacity(2 * keyFormat.count)
            for attribute in keyFormat { BinaryWriter.appendLE16(&key, item.key[attribute]) }
            return key
        }
        // Preferred renditions first, so they win a shared key; then by key; a shared key goes to the entry
        // that comes first in the index. Keys are compared as four big-endian words (every key has the same
        // length, at most 32 bytes), which orders them as their bytes.
        let sortKeys = keyBytes.map(Self.sortKey)
        let order = items.indices.sorted { left, right in
            if items[left].preferred != items[right].preferred { return items[left].preferred }
            if sortKeys[left] != sortKeys[right] { return sortKeys[left] < sortKeys[right] }
            return left < right
        }

        let width = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let frozenJobs = jobs
        let frozenItems = items
        let counter = options.progress.map { ProgressCounter(total: frozenJobs.count, observer: $0) }
        let stream = RenditionStream(sink: sink)
        let roots = OpenCatalogRoots(index.sources.map(\.path))
        try stream.reserveHeaderArea()
        parallelForEachInOrder(count: order.count, width: width) { position -> Result<BuiltValue, CompileProblem> in
            let item = frozenItems[order[position]]
            switch item.work {
            case .ready(let value):
                return .success(BuiltValue(value))
            case .job(let number):
                defer { counter?.advance() }
                return Self.build(frozenJobs[number], key: item.key, roots: roots).map { BuiltValue($0.value) }
            }
        } consume: { position, built in
            let number = order[position]
            switch built {
            case .success(let value):
                if !stream.write(value, key: keyBytes[number], preferred: frozenItems[number].preferred) {
                    stream.duplicates.append("two entries compile to the same rendition key (\(Self.describe(frozenItems[number].key))); the first is kept")
                }
            case .failure(let problem) where !problem.inputErrors.isEmpty:
                stream.inputErrors += problem.inputErrors
            case .failure(let problem):
                if case .job(let job) = frozenItems[number].work { stream.failures.append((job, "\(frozenJobs[job].assetName): \(problem.message)")) }
            }
        }
        try stream.finish()
        if !stream.inputErrors.isEmpty {
            throw .inputErrors(CatalogReader.sorted(stream.inputErrors))
        }
        notices += stream.failures.sorted { $0.job < $1.job }.map(\.message) + stream.duplicates
        // Already in key order unless some renditions were preferred (written first); sorted by their words, an
        // ordered list costs one pass.
        let writtenKeys = stream.written.map { Self.sortKey($0.key) }
        let keyed = stream.written.indices.sorted { writtenKeys[$0] < writtenKeys[$1] }.map { stream.written[$0] }

        let appearanceNames = Self.appearanceNames(platform: options.platform)
        var facetEntries: [(key: [UInt8], value: [UInt8])] = []
        for (facet, asset) in assets.enumerated() {
            var value: [UInt8] = []
            BinaryWriter.appendLE16(&value, 0)
            BinaryWriter.appendLE16(&value, 0)
            let part: UInt16
            switch asset.kind {
            case .color: part = Self.colorPart
            case .appIcon: part = Self.iconImagePart
            case .image, .data, .imageStack: part = Self.imagePart
            case .symbol, .brandAssets, .icon: continue  // left out above
            }
            let attributes: [(UInt16, UInt16)] = [(1, Self.element), (2, part), (17, identifiers[facet])]
            BinaryWriter.appendLE16(&value, UInt16(attributes.count))
            for (attribute, number) in attributes {
                BinaryWriter.appendLE16(&value, attribute)
                BinaryWriter.appendLE16(&value, number)
            }
            facetEntries.append((Array(asset.name.utf8), value))
        }
        facetEntries.sort { $0.key.lexicographicallyPrecedes($1.key) }

        var bom = BOMWriter()
        let header = bom.add([])
        bom.setVariable("CARHEADER", header)
        bom.setVariable("RENDITIONS", bom.addTree(keyed.map { (key: $0.key, value: .placed(address: $0.address, length: $0.length)) }))
        bom.setVariable("FACETKEYS", bom.addTree(facetEntries))
        bom.setVariable(
            "APPEARANCEKEYS",
            bom.addTree(appearanceNames.map { (Array($0.name.utf8), Self.le16($0.identifier)) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }))
        if !localeList.isEmpty {
            bom.setVariable("LOCALIZATIONKEYS", bom.addTree(localeList.map { (Array($0.utf8), Self.le16(localeIDs[$0]!)) }))
        }
        var format: [UInt8] = []
        BinaryWriter.appendFourCC(&format, "kfmt")
        BinaryWriter.appendLE32(&format, 0)
        BinaryWriter.appendLE32(&format, UInt32(keyFormat.count))
        for attribute in keyFormat { BinaryWriter.appendLE32(&format, attribute.identifier) }
        bom.setVariable("KEYFORMAT", bom.add(format))
        bom.setVariable("EXTENDED_METADATA", bom.add(metadata()))
        bom.set(header, carHeader(renditionCount: keyed.count, uuid: Self.contentUUID(keyed, facetEntries)))
        let layout: BOMWriter.Layout
        do {
            layout = try bom.layout(blocksStart: stream.end)
        } catch {
            throw .tooLarge(byteCount: error.byteCount)
        }
        try bom.writeBlocks(layout, from: stream.end) { (piece: [UInt8]) throws(CARCompileError) in try sink.append(piece) }
        try sink.writeHeaderArea(bom.headerArea(layout))
        return CARCompileSummary(facetCount: facetEntries.count, renditionCount: keyed.count, byteCount: layout.fileSize, notices: notices)
    }

    /// A key's bytes as four big-endian words, which compare as the bytes do (keys are at most 32 bytes).
    private static func sortKey(_ bytes: [UInt8]) -> (UInt64, UInt64, UInt64, UInt64) {
        var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        for (offset, byte) in bytes.enumerated() {
            let shifted = UInt64(byte) << (56 - 8 * UInt64(offset % 8))
            switch offset / 8 {
            case 0: words.0 |= shifted
            case 1: words.1 |= shifted
            case 2: words.2 |= shifted
            default: words.3 |= shifted
            }
        }
        return words
    }

    /// The last component of a relative path (`Group/Name.imageset/name@2x.png` gives `name@2x.png`), found
    /// in its UTF-8 bytes: a character-by-character search from the end took a fifth of planning.
    private static func lastComponent(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(value >> 8)] }

    private static func describe(_ key: RenditionKey) -> String {
        fullKeyFormat.compactMap { attribute in key[attribute] == 0 ? nil : "\(attribute.name)=\(key[attribute])" }.joined(separator: " ")
    }

    // MARK: Header blocks

    private func carHeader(renditionCount: Int, uuid: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        BinaryWriter.appendFourCC(&bytes, "CTAR")
        BinaryWriter.appendLE32(&bytes, 972)
        BinaryWriter.appendLE32(&bytes, 17)
        BinaryWriter.appendLE32(&bytes, 0)
        BinaryWriter.appendLE32(&bytes, UInt32(renditionCount))
        BinaryWriter.appendFixed(&bytes, "@(#)PROGRAM:CoreUI  PROJECT:CoreUI-972", width: 128)
        BinaryWriter.appendFixed(&bytes, "assetc \(options.toolVersion) via assetc compile", width: 256)
        bytes += uuid
        BinaryWriter.appendLE32(&bytes, 0)
        BinaryWriter.appendLE32(&bytes, 2)
        BinaryWriter.appendLE32(&bytes, 1)
        BinaryWriter.appendLE32(&bytes, 2)
        return bytes
    }

    private func metadata() -> [UInt8] {
        var bytes = Array("META".utf8)
        let thinning = options.targetDevices.isEmpty ? "" : "assetc thinned <idioms \(options.targetDevices.map(\.token).joined(separator: " "))>"
        BinaryWriter.appendFixed(&bytes, thinning, width: 256)
        BinaryWriter.appendFixed(&bytes, options.minimumDeploymentTarget, width: 256)
        BinaryWriter.appendFixed(&bytes, options.platform.metadataName, width: 256)
        BinaryWriter.appendFixed(&bytes, "@(#)PROGRAM:assetc  PROJECT:assetc-\(options.toolVersion)", width: 256)
        return bytes
    }

    /// A UUID (version 8, RFC 9562) from two 64-bit digests of every facet's key and value and every
    /// rendition's key, value length and value digest (``BuiltValue``, taken on the compiling threads), eight
    /// bytes at a time (multiply-xorshift mixing, as in splitmix64): the same content always gets the same
    /// UUID, different content practically never does, and no byte of a large car is read twice for it.
    static func contentUUID(_ renditions: [RenditionStream.Entry], _ facets: [(key: [UInt8], value: [UInt8])]) -> [UInt8] {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        @inline(__always) func mix(_ word: UInt64) {
            first = (first ^ word) &* 0x9E37_79B9_7F4A_7C15
            first ^= first >> 31
            second = (second &+ word) &* 0xBF58_476D_1CE4_E5B9
            second ^= second >> 27
        }
        func mix(_ part: [UInt8]) {
            part.withUnsafeBytes { bytes in
                var at = 0
                while at + 8 <= bytes.count {
                    mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                    at += 8
                }
                var tail: UInt64 = 0
                for (shift, byte) in bytes[at...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
                mix(tail)
            }
            mix(UInt64(part.count) | 0xFF00_0000_0000_0000)
        }
        for facet in facets {
            mix(facet.key)
            mix(facet.value)
        }
        for rendition in renditions {
            mix(rendition.key)
            mix(rendition.digest)
            mix(UInt64(rendition.length) | 0xFF00_0000_0000_0000)
        }
        var bytes: [UInt8] = []
        BinaryWriter.appendLE64(&bytes, first)
        BinaryWriter.appendLE64(&bytes, second)
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return bytes
    }

    // MARK: Keys and identifiers

    /// Facet identifiers: a 16-bit hash of each name, moved on to the next free value on a collision, so that
    /// an asset keeps its identifier when others are added (unless they collide).
    static func identifiers(for names: [String]) -> [UInt16] {
        var used = Set<UInt16>()
        var result = [UInt16](repeating: 0, count: names.count)
        let order = names.indices.sorted { names[$0].utf8.lexicographicallyPrecedes(names[$1].utf8) }
        for index in order {
            var hash: UInt32 = 0x811C_9DC5
            for byte in names[index].utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
            var value = UInt16(truncatingIfNeeded: hash ^ (hash >> 16))
            while value == 0 || used.contains(value) { value &+= 1 }
            used.insert(value)
            result[index] = value
        }
        return result
    }

    private static func baseKey(identifier: UInt16, part: UInt16) -> RenditionKey {
        var key = RenditionKey()
        key[.identifier] = identifier
        key[.element] = element
        key[.part] = part
        return key
    }

    static func idiomValue(_ traits: VariantTraits, _ attributes: [String: String]) -> UInt16 {
        if attributes["idiom"]?.hasSuffix("marketing") == true { return 6 }
        switch traits.idiom {
        case nil: return 0
        case .phone: return 1
        case .pad: return 2
        case .tv: return 3
        case .car: return 4
        case .watch: return 5
        case .mac: return 7
        case .vision: return 8
        }
    }

    /// Appearance names written to APPEARANCEKEYS, with the identifiers rendition keys use.
    static func appearanceNames(platform: CompilePlatform) -> [(name: String, identifier: UInt16)] {
        if platform.isMac {
            return [
                ("NSAppearanceNameSystem", 0), ("NSAppearanceNameDarkAqua", 1), ("NSAppearanceNameAccessibilitySystem", 2),
                ("NSAppearanceNameAccessibilityDarkAqua", 3), ("NSAppearanceNameAqua", 4), ("NSAppearanceNameAccessibilityAqua", 5),
                ("ISAppearanceTintedMonochrome", 6),
            ]
        }
        return [
            ("UIAppearanceAny", 0), ("UIAppearanceDark", 1), ("UIAppearanceHighContrastAny", 2), ("UIAppearanceHighContrastDark", 3),
            ("UIAppearanceLight", 4), ("UIAppearanceHighContrastLight", 5), ("ISAppearanceTintedMonochrome", 6),
        ]
    }

    static func appearanceValue(_ traits: VariantTraits, _ attributes: [String: String]) -> UInt16 {
        if attributes["luminosity"] == "tinted" { return 6 }
        let high = traits.contrast == .high
        switch traits.appearance {
        case nil: return high ? 2 : 0
        case .dark: return high ? 3 : 1
        case .light: return high ? 5 : 4
        }
    }

    /// Memory classes (`1GB` … ) and graphics feature sets as numbers (see docs/CAR-FORMAT.md).
    static func memoryValue(_ text: String?) -> UInt16 {
        guard let text, text.hasSuffix("GB"), let number = UInt16(text.dropLast(2)) else { return 0 }
        return number
    }

    static let graphicsClasses = [
        "metal1v2", "metal2v2", "metal3v1", "metal3v2", "metal4v1", "apple1", "apple2", "apple3", "apple4", "apple5", "apple6",
        "apple7", "apple8", "apple9",
    ]

    static func graphicsValue(_ text: String?) -> UInt16 {
        guard let text, let index = graphicsClasses.firstIndex(of: text.lowercased()) else { return 0 }
        return UInt16(index + 1)
    }

    static func subtypeValue(_ text: String?) -> UInt16 {
        switch text {
        case "retina4": return 568
        case "38mm": return 320
        case "40mm": return 384
        case "41mm": return 430
        case "42mm": return 390
        case "44mm": return 448
        case "45mm": return 484
        case "49mm": return 514
        default: return 0
        }
    }

    static func points(_ size: String) -> (width: Double, height: Double) {
        let parts = size.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return (0, 0) }
        return (width, height)
    }

    private static func key(for job: Job, identifier: UInt16) -> RenditionKey {
        let part: UInt16
        switch job.kind {
        case .appIcon: part = iconImagePart
        case .color: part = colorPart
        case .imageStack: part = ImageStackRenditions.flattenedPart
        case .image, .data, .symbol, .brandAssets, .icon: part = imagePart
        }
        var key = baseKey(identifier: identifier, part: part)
        let traits = job.traits
        key[.idiom] = job.foldsMacIdiom && traits.idiom == .mac ? 0 : idiomValue(traits, job.attributes)
        key[.scale] = UInt16(traits.displayScale?.value ?? 0)
        key[.displayGamut] = traits.displayGamut == .displayP3 ? 1 : 0
        key[.horizontalSizeClass] = traits.horizontalSizeClass.map { $0 == .compact ? 1 : 2 } ?? 0
        key[.verticalSizeClass] = traits.verticalSizeClass.map { $0 == .compact ? 1 : 2 } ?? 0
        key[.appearance] = appearanceValue(traits, job.attributes)
        key[.direction] = traits.layoutDirection.map { $0 == .leftToRight ? 5 : 4 } ?? 0
        key[.memoryClass] = memoryValue(job.attributes["memory"])
        key[.graphicsClass] = graphicsValue(job.attributes["graphics-feature-set"])
        key[.subtype] = subtypeValue(job.attributes["subtype"])
        if job.kind == .appIcon { key[.dimension1] = UInt16(job.iconSizeIndex) }
        return key
    }

    // MARK: Renditions

    /// Inspects the files the reader left unopened (``ReaderOptions/defersPNGInspection``) as the compile's
    /// reader would have (its options: the default limits, pixels not verified; the compile decodes every
    /// PNG, which checks the rest).
    private static let deferredInspector = FileInspector(verifyPixels: false)

    /// The rendition of `job` under `key`, the key planned for it before any file was read (localization and,
    /// for colours, scale 0 included).
    private static func build(_ job: Job, key: RenditionKey, roots: OpenCatalogRoots) -> Result<CompiledRendition, CompileProblem> {
        // Flags as Xcode writes them: 8 for a template image, 16 for any other image, 0 for app icons
        // (heliport_icons, Xcode 13; Stasis, Xcode 26). Xcode's bit for "original" is not established: 16.
        var flags: UInt32 = job.kind == .appIcon ? 0 : job.properties.templateRenderingIntent == "template" ? 8 : 16
        let scale = job.traits.displayScale?.value ?? 0
        if let color = job.color {
            let payload: [UInt8]
            switch color {
            case .components(let components):
                let values = components.isGray ? [components.red, components.alpha] : [components.red, components.green, components.blue, components.alpha]
                payload = CSIBuilder.color(colorSpace: colorSpaceID(components.colorSpace), components: values)
            case .systemReference(let name):
                // CoreUI draws the named system colour; the components are only its fallback for a name the running
                // system does not know. What Xcode stores there is not established: zeros (clear sRGB), the values
                // of CoreUI's zero-filled buffer, never a guess at the system colour's current value.
                payload = CSIBuilder.color(colorSpace: colorSpaceID("srgb"), components: [0, 0, 0, 0], systemColorName: name)
            }
            return .success(
                CompiledRendition(
                    key: key,
                    value: CSIBuilder.value(
                        name: job.assetName, flags: 0, width: 0, height: 0, scale: 0, pixelFormat: nil, colorSpace: 0,
                        layout: CSIBuilder.layoutColor, infoTags: [], payload: payload)))
        }
        if job.kind == .imageStack { return flattened(job, key: key) }
        guard let source = job.source else { return .failure(CompileProblem("no file")) }
        // Opened relative to the catalog's root when it is open: the kernel then walks only the path inside it.
        let catalog = roots.path(job.sourceIndex)
        let directory = roots.descriptor(job.sourceIndex)
        let path = directory == nil ? catalog + "/" + source : source
        var contentType = job.contentType
        let bytes: [UInt8]
        if job.inspectsFile {
            // The reader left this PNG unopened so that it is read once, here: inspect it as the reader would have,
            // and let an error it finds fail the compile as the reader's would have.
            let (outcome, read) = deferredInspector.examineKeepingBytes(path: path, in: directory, noFollow: true)
            var sink = DiagnosticSink(catalog: catalog)
            FileDiagnostics.diagnose(outcome, path: source, kind: job.kind, sink: &sink)
            let errors = sink.diagnostics.filter { $0.severity == .error }
            guard errors.isEmpty else { return .failure(CompileProblem(inputErrors: errors)) }
            // A file the inspection did not read whole is one it found an error in (unreadable, too large, not
            // the PNG its name says), so this is only a guard.
            guard let read else { return .failure(CompileProblem("\(job.fileName): cannot be read")) }
            contentType = outcome.inspection.contentType
            bytes = read
        } else {
            // Read straight into an array (Foundation's `Data` would be one more copy of every file).
            guard case .success(let file) = FileSystem.read(path, in: directory) else {
                return .failure(CompileProblem("\(job.fileName): cannot be read"))
            }
            bytes = file.bytes
        }
        if job.kind == .data {
            var tags: [(tag: UInt32, bytes: [UInt8])] = []
            if let uti = job.attributes["universal-type-identifier"] { tags.append(CSIBuilder.utiTag(uti)) }
            return .success(
                CompiledRendition(
                    key: key,
                    value: CSIBuilder.value(
                        name: job.fileName, flags: 0, width: 0, height: 0, scale: 0, pixelFormat: "DATA", colorSpace: 0,
                        layout: CSIBuilder.layoutRawData, infoTags: tags, payload: CSIBuilder.raw(bytes))))
        }
        switch contentType {
        case .png?:
            var image: DecodedImage
            do {
                image = try PNGCodec.decodeRGBA8(bytes, premultiplied: true)
            } catch {
                return .failure(CompileProblem("\(job.fileName): \(error)"))
            }
            if let side = job.scaledSide {
                image = DecodedImage(
                    width: side, height: side, premultiplied: true,
                    pixels: IconScaler.scale(image.pixels, from: (image.width, image.height), to: (side, side)))
            }
            let value = CSIBuilder.bitmapValue(image, name: job.fileName, flags: flags, scale: scale, layout: CSIBuilder.layoutImage) {
                CSIBuilder.bitmapTags(width: image.width, height: image.height, bytesPerRow: $0)
            }
            return .success(CompiledRendition(key: key, value: value))
        case .jpeg?, .heif?:
            let format = contentType == .jpeg ? "JPEG" : "HEIF"
            let size = Self.pixelSize(bytes, contentType!)
            return .success(
                CompiledRendition(
                    key: key,
                    value: CSIBuilder.value(
                        name: job.fileName, flags: flags, width: size.width, height: size.height, scale: scale, pixelFormat: format,
                        colorSpace: 1, layout: CSIBuilder.layoutImage,
                        infoTags: CSIBuilder.bitmapTags(width: size.width, height: size.height, bytesPerRow: 0),
                        payload: CSIBuilder.raw(bytes))))
        case .pdf?, .svg?:
            let format = contentType == .pdf ? "PDF " : "SVG "
            if job.properties.preservesVectorRepresentation == true { flags |= 1 << 11 }
            return .success(
                CompiledRendition(
                    key: key,
                    value: CSIBuilder.value(
                        name: job.fileName, flags: flags | 0x4, width: 0, height: 0, scale: scale, pixelFormat: format, colorSpace: 0,
                        layout: CSIBuilder.layoutVector, infoTags: [], payload: CSIBuilder.raw(bytes))))
        case let other:
            return .failure(CompileProblem("\(job.fileName): \(other.map { "\($0)" } ?? "unknown") files are not compiled yet; the entry is left out"))
        }
    }

    // MARK: Single-size app icons

    /// The iOS and iPadOS icon sizes (points, scales, idiom) a single-size icon stands for: home screen,
    /// Spotlight, Settings and notifications, at the scales current devices use (iOS 17 and later have no
    /// 1x iPhone or iPad).
    static let singleSizeIconSlots: [(points: Double, scales: [Int], idiom: Idiom)] = [
        (20, [2, 3], .phone), (29, [2, 3], .phone), (40, [2, 3], .phone), (60, [2, 3], .phone),
        (20, [2], .pad), (29, [2], .pad), (40, [2], .pad), (76, [2], .pad), (83.5, [2], .pad),
    ]

    /// For an iOS app icon whose only images are universal 1024 pt entries (Xcode 14's single size, one
    /// per appearance), the variants of every size the platform needs, each to be scaled from its 1024
    /// image (keyed by position after the asset's own variants), so that the car has every size a device
    /// looks up as well as the 1024 one.
    private func singleSizeIconVariants(_ asset: Asset) -> (variants: [Variant], sides: [Int: Int])? {
        guard options.platform == .iphoneos || options.platform == .iphonesimulator else { return nil }
        let images = asset.variants.filter { $0.source != nil }
        guard !images.isEmpty,
            images.allSatisfy({ $0.attributes["size"] == "1024x1024" && $0.contentType == .png }),
            images.contains(where: { $0.traits.idiom == nil && $0.attributes["idiom"]?.hasSuffix("marketing") != true })
        else { return nil }
        var variants: [Variant] = []
        var sides: [Int: Int] = [:]
        for image in images where image.traits.idiom == nil && image.attributes["idiom"]?.hasSuffix("marketing") != true {
            for slot in Self.singleSizeIconSlots where options.keptIdioms.contains(slot.idiom) {
                for scale in slot.scales {
                    var variant = image
                    variant.traits.idiom = slot.idiom
                    variant.traits.displayScale = DisplayScale(scale)
                    let points = slot.points.rounded() == slot.points ? String(Int(slot.points)) : String(slot.points)
                    variant.attributes["size"] = "\(points)x\(points)"
                    variant.attributes["idiom"] = slot.idiom == .phone ? "iphone" : "ipad"
                    sides[asset.variants.count + variants.count] = Int((slot.points * Double(scale)).rounded())
                    variants.append(variant)
                }
            }
        }
        return (variants, sides)
    }

    // MARK: Image stacks

    /// The layered image rendition of `stack` and one flattened-image job per scale its layers all have.
    private func stackJobs(
        _ stack: Asset, facet: Int, root: String, assets: [Asset], facets: [String: Int], identifiers: [UInt16],
        keep: (VariantTraits, [String: String]) -> Bool, notices: inout [String]
    ) -> (layered: CompiledRendition?, jobs: [Job]) {
        // Back to front, as the layered image lists them (`layers` in Contents.json is front to back).
        var layers: [(name: String, facet: Int, variants: [Variant])] = []
        for member in stack.members.reversed() {
            guard let facet = facets[member.name] else {
                notices.append("\(stack.name): layer '\(member.name)' has no image set; the stack is left out")
                return (nil, [])
            }
            let variants = assets[facet].variants.filter { $0.source != nil && $0.contentType == .png && keep($0.traits, $0.attributes) }
            layers.append((member.name, facet, variants))
        }
        guard !layers.isEmpty, layers.contains(where: { !$0.variants.isEmpty }) else { return (nil, []) }
        var references: [ImageStackRenditions.LayerReference] = []
        for layer in layers {
            // The layer's size in points, from its lowest-scale PNG.
            let sized = layer.variants.compactMap { variant -> (Int, Int, Int)? in
                // A PNG the reader left unopened is inspected here for its size (stacks are few and small).
                let inspection = variant.inspectionDeferred
                    ? variant.source.map { Self.deferredInspector.examine(path: root + "/" + $0, noFollow: true).inspection }
                    : variant.inspection
                guard let width = inspection?.pixelWidth, let height = inspection?.pixelHeight else { return nil }
                return (variant.traits.displayScale?.value ?? 1, width, height)
            }.min { $0.0 < $1.0 }
            let scale = max(sized?.0 ?? 1, 1)
            references.append(.init(identifier: identifiers[layer.facet], width: (sized?.1 ?? 0) / scale, height: (sized?.2 ?? 0) / scale))
        }
        var key = Self.baseKey(identifier: identifiers[facet], part: Self.imagePart)
        key[.scale] = 1
        let layered = CompiledRendition(key: key, value: ImageStackRenditions.layeredImage(name: "Contents.json", layers: references))

        var jobs: [Job] = []
        let scales = Set(layers.flatMap { $0.variants.map { $0.traits.displayScale?.value ?? 1 } }).sorted()
        for scale in scales {
            var files: [String] = []
            var traits: VariantTraits?
            for layer in layers {
                guard let variant = layer.variants.first(where: { ($0.traits.displayScale?.value ?? 1) == scale }), let source = variant.source else {
                    notices.append("\(stack.name): layer '\(layer.name)' has no \(scale)x image; the stack has no flattened image at \(scale)x")
                    files = []
                    break
                }
                files.append(root + "/" + source)
                traits = traits ?? variant.traits
            }
            guard !files.isEmpty, let traits else { continue }
            jobs.append(
                Job(facet: facet, assetName: stack.name, kind: .imageStack, source: nil, fileName: ImageStackRenditions.flattenedName(scale: scale),
                    contentType: .png, traits: traits, attributes: [:], properties: stack.properties, color: nil, iconSizeIndex: 0,
                    layerFiles: files))
        }
        return (layered, jobs)
    }

    private static func flattened(_ job: Job, key: RenditionKey) -> Result<CompiledRendition, CompileProblem> {
        var images: [DecodedImage] = []
        for path in job.layerFiles {
            let name = lastComponent(path)
            guard case .success(let file) = FileSystem.read(path) else {
                return .failure(CompileProblem("\(name): cannot be read; the stack has no flattened image at this scale"))
            }
            do {
                images.append(try PNGCodec.decodeRGBA8(file.bytes, premultiplied: true))
            } catch {
                return .failure(CompileProblem("\(name): \(error); the stack has no flattened image at this scale"))
            }
        }
        let scale = job.traits.displayScale?.value ?? 1
        return .success(CompiledRendition(key: key, value: ImageStackRenditions.flattenedImage(ImageStackRenditions.composite(images), scale: scale)))
    }

    /// The colour-space numbers of RLOC as CoreUI's `_CUIThemeColorRendition` maps them to colour spaces
    /// (docs/CAR-FORMAT.md): 1 sRGB (the number the CSI header and CARHEADER use for RGB), 2 grey gamma 2.2,
    /// 3 Display P3, 4 extended sRGB, 5 extended linear sRGB, 6 extended grey. CoreUI has no other RLOC
    /// space, so the rest (`extended-display-p3`, `linear-srgb`, …) are written as sRGB, as before.
    static func colorSpaceID(_ name: String) -> UInt32 {
        switch name {
        case "srgb": return 1
        case "gray-gamma-22": return 2
        case "display-p3": return 3
        case "extended-srgb": return 4
        case "extended-linear-srgb": return 5
        case "extended-gray": return 6
        // Two components (grey, alpha) need a grey space: CoreUI would build an RGB colour from them.
        default: return name.contains("gray") ? 2 : 1
        }
    }

    /// The pixel size of a JPEG (from its SOF marker) or 0×0 when it cannot be found cheaply.
    static func pixelSize(_ bytes: [UInt8], _ type: ContentType) -> (width: Int, height: Int) {
        guard type == .jpeg else { return (0, 0) }
        var at = 2
        while at + 9 < bytes.count {
            guard bytes[at] == 0xFF else { return (0, 0) }
            let marker = bytes[at + 1]
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                return (Int(bytes[at + 7]) << 8 | Int(bytes[at + 8]), Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]))
            }
            at += 2 + length
        }
        return (0, 0)
    }
}

/// Why one entry could not be compiled.
struct CompileProblem: Error, Sendable {
    var message: String
    /// Errors in the inputs found while compiling (a file the reader left unopened), which fail the compile.
    var inputErrors: [Diagnostic] = []
    init(_ message: String) { self.message = message }
    init(inputErrors: [Diagnostic]) {
        self.message = inputErrors.map(\.message).joined(separator: "; ")
        self.inputErrors = inputErrors
    }
}
