import AssetCatalog
internal import CPNGSupport
import Foundation

/// A packed atlas the stream makes (`ZZZZPackedAsset-…`, layout 1004): its name, scale and size, and which jobs'
/// images it holds where.
struct PackedAtlas: Sendable {
    /// One image in the atlas: the job that makes it and its frame (y from the atlas's bottom edge).
    struct Member: Sendable {
        var job: Int
        var frame: AtlasLayout.Frame
        /// Whether the pack stage decoded the whole file (``CARCompiler/PackedImage/decoded``).
        var decoded: Bool
        /// A PDF's or SVG's bitmap as the pack stage drew it, kept for the atlas (``VectorRasterCache``).
        var raster: DrawnVectorRaster?
    }

    /// The atlas's own item in the plan (its key).
    var item: Int
    var name: String
    var scale: Int
    var width: Int
    var height: Int
    /// Whether every member is grey (`GA8`), found when the members were packed.
    var grey: Bool
    var members: [Member]
}

extension CARCompiler {
    /// The largest image side Xcode packs: the largest images packed in the cars here are 216 pixels a side (Flex's
    /// PNGs, Xcode 11; Xcode 15 packs SwiftUITestProject1's 144- and 180-pixel images), and none of 240 or more is
    /// (zhihu's 240, the 256-pixel icons of heliport, sudoku, cubeSQL and MediaMate, Xcode 13 to 26.2; docs/CAR-FORMAT.md,
    /// "Packed atlases"). Where between 216 and 240 Xcode's limit lies no car shows.
    static let largestPackedSide = 216

    /// The most pixels (gutters included) assetc puts in one atlas before it starts another of the same key
    /// (the next dimension 1). Xcode's limit is not shown by any car here (their atlases hold at most 35,000 pixels);
    /// this one keeps an atlas's pixels (4 MiB) small enough that a catalog of thousands of small images is packed
    /// into many atlases, compressed on every core, not one huge bitmap.
    static let maximumAtlasPixels = 1 << 20

    /// The attributes that distinguish images inside one atlas, zeroed in the key an atlas shares with its images: a
    /// symbol's bitmap caches of every weight and size share one atlas per scale (MediaMate's `ZZZZPackedAsset-1.0.1`
    /// is keyed by the deployment target and scale alone).
    private static let imageOwnAttributes: [CARAttribute] = [.identifier, .element, .part, .dimension1, .dimension2, .glyphWeight, .glyphSize]

    /// The pack stage: finds the images Xcode packs (bitmaps from PNG files, at most ``largestPackedSide`` a side,
    /// for targets that have LZFSE), lays them out in atlases (``AtlasLayout``), replaces each one's rendition by an
    /// internal reference (layout 1003) into its atlas, adds the atlases to the plan, and settles the key format
    /// and write order again.
    ///
    /// Each candidate's size comes from its PNG header and its colour from its first row (``probedImage(_:roots:)``),
    /// so that the stream, which draws the atlas, decodes each image once, and no catalog's images are all held in
    /// memory at once. Only a PNG whose first row is grey (or that the probe does not read) is decoded here whole, to
    /// learn whether every pixel is grey; a file that then cannot be read or decoded is left to the stream, which
    /// reports it as before.
    ///
    /// `known` holds the answers of an earlier compile for files that have not changed since (the compile cache), and
    /// `knownLayouts` its atlas layouts; the answers found afresh are returned by file (those taken from `known` the
    /// stream keeps with their files: ``RenditionStream``), a PDF's or SVG's by file, scale and format, and every
    /// atlas's layout by its members' fingerprint, for the next compile.
    @discardableResult
    func packAtlases(
        _ plan: inout CompilePlan, index: CatalogIndex, known: [String: KnownFile] = [:],
        knownLayouts: [RenditionFingerprint: KnownAtlasLayout] = [:]
    ) -> PackStageAnswers {
        let compression = BitmapCompression(platform: options.platform, minimumDeploymentTarget: options.minimumDeploymentTarget)
        // GlassKit (iOS 8, raw LZVN) has no atlas though its 72-pixel images would fit one: packing starts with LZFSE.
        guard options.packsAtlases, compression != .lzvn else { return PackStageAnswers() }
        let width = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let candidates = Self.keyWinners(plan)
        guard !candidates.isEmpty else { return PackStageAnswers() }
        let roots = OpenCatalogRoots(index.sources.map(\.path))
        let rasters = VectorRasterCache(limit: options.keptVectorRasterBytes)
        let probed = Self.probe(candidates, plan: plan, roots: roots, known: known, rasters: rasters, width: width)
        // A list, not a dictionary: the record takes each answer once (30,000 string keys hashed for nothing). Only the
        // answers found afresh: merging all 30,000 into the record by path cost a rebuild about 24 ms after its layout.
        var answers = PackStageAnswers()
        answers.probes = probed.compactMap { answer in answer.path.flatMap { path in answer.probe.map { (path: path, probe: $0) } } }
        answers.rasterProbes = probed.compactMap { answer in answer.path.flatMap { path in answer.raster.map { (path: path, answer: $0) } } }
        let sizes = probed.map(\.image)

        // Groups: the key without the image's own attributes, and the pixel format.
        struct GroupKey: Hashable {
            var shared: [UInt8]
            /// The shared key without the deployment target, which the atlas's name numbers: Flex's three copies of
            /// an atlas (keyed 0, 3 and 5) are all `ZZZZPackedAsset-1.0.0`, and MediaMate's symbol caches (keyed 5)
            /// are `1.0.1` beside its app icons' `1.0.0`.
            var numbered: [UInt8]
            var scale: UInt16
            var grey: Bool
        }
        // Gathered by the key itself first (a fixed-size value), then each group's key bytes made once: making and
        // hashing two byte arrays per candidate took a third of a one-image rebuild's pack stage.
        struct GroupID: Hashable {
            var shared: RenditionKey
            var grey: Bool
        }
        var gathered: [GroupID: [Candidate]] = [:]
        for (position, size) in sizes.enumerated() {
            guard let size else { continue }
            let number = candidates[position]
            var shared = plan.items[number].key
            for attribute in Self.imageOwnAttributes { shared[attribute] = 0 }
            guard case .job(let job) = plan.items[number].work else { continue }
            gathered[GroupID(shared: shared, grey: size.grey), default: []].append(
                Candidate(
                    item: number, identifier: plan.items[number].key[.identifier], image: size,
                    place: Self.place(source: plan.jobs[job].source, catalog: plan.jobs[job].sourceIndex)))
        }
        var groups: [GroupKey: [Candidate]] = [:]
        for (id, members) in gathered {
            var anyTarget = id.shared
            anyTarget[.deploymentTarget] = 0
            let group = GroupKey(
                shared: Self.bytes(of: id.shared, plan.keyFormat), numbered: Self.bytes(of: anyTarget, plan.keyFormat),
                scale: id.shared[.scale], grey: id.grey)
            groups[group] = members
        }
        guard !groups.isEmpty else { return answers }
        // Atlases in a fixed order: by the shared key's bytes, colour before grey. Within a scale the attribute groups
        // are numbered from 0 (the name's middle number); atlases that share a key take dimension 1 = 0, 1, …
        let ordered = groups.keys.sorted { left, right in
            if left.shared != right.shared { return left.shared.lexicographicallyPrecedes(right.shared) }
            return !left.grey && right.grey
        }
        // Each group is split into atlases, and each atlas laid out, on every core: they are independent of one
        // another, and each result lands in its own slot, so the order is the groups' whatever the thread count.
        let frozenGroups = ordered.map { groups[$0]! }
        let chunked = parallelMap(count: frozenGroups.count, width: width) { Self.atlasChunks(frozenGroups[$0]) }
        let chunks = chunked.flatMap { $0 }
        // An atlas whose members an earlier compile laid out the same (sizes and identifiers, in order) takes that
        // layout, checked against them, instead of packing them again (the compile cache).
        let laidOut = parallelMap(count: chunks.count, width: width) { number -> (RenditionFingerprint, AtlasLayout) in
            let items = chunks[number].map { AtlasLayout.Item(width: $0.image.width, height: $0.image.height, identifier: $0.identifier) }
            let fingerprint = AtlasLayout.fingerprint(items)
            if let recorded = knownLayouts[fingerprint], let layout = AtlasLayout(recorded, items: items) { return (fingerprint, layout) }
            return (fingerprint, AtlasLayout(items))
        }
        let layouts = laidOut.map(\.1)
        var layoutRecord: [RenditionFingerprint: KnownAtlasLayout] = [:]
        for (fingerprint, layout) in laidOut { layoutRecord[fingerprint] = layout.known }
        var groupNumbers: [[UInt8]: Int] = [:]
        var groupsPerScale: [UInt16: Int] = [:]
        var atlasesPerKey: [[UInt8]: UInt16] = [:]
        var chunkNumber = 0
        let firstAtlasItem = plan.items.count
        for (group, groupChunks) in zip(ordered, chunked) {
            if groupNumbers[group.numbered] == nil {
                groupNumbers[group.numbered] = groupsPerScale[group.scale, default: 0]
                groupsPerScale[group.scale, default: 0] += 1
            }
            for chunk in groupChunks {
                let layout = layouts[chunkNumber]
                chunkNumber += 1
                var key = plan.items[chunk[0].item].key
                for attribute in Self.imageOwnAttributes { key[attribute] = 0 }
                key[.element] = Self.atlasElement
                key[.part] = Self.imagePart
                key[.dimension1] = atlasesPerKey[group.shared, default: 0]
                atlasesPerKey[group.shared, default: 0] += 1
                let scale = Int(group.scale)
                let atlas = PackedAtlas(
                    item: plan.items.count,
                    name: "ZZZZPackedAsset-\(scale).\(groupNumbers[group.numbered]!).\(group.grey ? 1 : 0)-gamut\(key[.displayGamut])",
                    scale: scale, width: layout.width, height: layout.height, grey: group.grey,
                    members: zip(chunk, layout.frames).map { member, frame in
                        guard case .job(let job) = plan.items[member.item].work else { preconditionFailure("a packed item is a job") }
                        return PackedAtlas.Member(job: job, frame: frame, decoded: member.image.decoded, raster: rasters.kept(job: job))
                    })
                plan.items.append(StreamItem(key: key, preferred: false, work: .atlas(plan.atlases.count)))
                plan.atlases.append(atlas)
                for (position, member) in chunk.enumerated() {
                    plan.items[member.item].work = .reference(atlas: plan.atlases.count - 1, member: position)
                }
            }
        }
        (plan.keyFormat, plan.keyBytes, plan.order) = Self.keyOrder(
            plan.items, adding: firstAtlasItem, to: (plan.keyFormat, plan.keyBytes, plan.order), platform: options.platform, width: width)
        answers.layouts = layoutRecord
        return answers
    }

    /// What the pack stage learnt that the next compile may take instead of learning it again (the compile cache).
    struct PackStageAnswers {
        /// The answers for PNG files found afresh, by file.
        var probes: [(path: String, probe: AtlasProbe)] = []
        /// The answers for the bitmaps of PDF and SVG files drawn afresh, by file.
        var rasterProbes: [(path: String, answer: RasterProbe)] = []
        /// Every atlas's layout, by the fingerprint of its members.
        var layouts: [RenditionFingerprint: KnownAtlasLayout] = [:]
    }

    /// A packable image and the facet identifier that breaks ties in its atlas's order.
    struct Candidate: Sendable {
        var item: Int
        var identifier: UInt16
        var image: PackedImage
        /// Where its file is: the catalog's number and the file's path in it (``place(source:catalog:)``).
        var place: Place
    }

    /// Where a candidate's file is, which orders the images of a group before they are split into atlases: by catalog,
    /// then by path, so that the sets of one folder sit side by side in the same few atlases.
    struct Place: Sendable {
        var catalog: Int
        /// The file's path in its catalog.
        var path: String
        /// The path of the folder holding its set (`Icons/Tabs` for `Icons/Tabs/Home.imageset/home.png`).
        var folder: Substring

        /// -1, 0 or 1 as `left` sorts before, with or after `right`: by catalog, then by the path's bytes (`memcmp`:
        /// the generic comparison of two UTF-8 views was a twentieth of a one-image rebuild).
        static func order(_ left: Place, _ right: Place) -> Int {
            left.catalog != right.catalog ? (left.catalog < right.catalog ? -1 : 1) : Bytewise.compare(left.path, right.path)
        }
    }

    /// Where the file `source` of catalog number `catalog` is: a job's two fields, so that the pack stage does not copy
    /// a job, with its strings and dictionaries, for each of its candidates.
    ///
    /// The folder ends at the second slash from the end (none: no folder), found in the path's bytes: a UTF-8 view's
    /// `lastIndex(of:)` walked them through generic indices, 17 ms of a one-image rebuild's 30,000 candidates.
    static func place(source: String?, catalog: Int) -> Place {
        var path = source ?? ""
        let end = path.withUTF8 { bytes -> Int? in
            var slashes = 0
            var position = bytes.count
            while position > 0 {
                position -= 1
                guard bytes[position] == UInt8(ascii: "/") else { continue }
                slashes += 1
                if slashes == 2 { return position }
            }
            return nil
        }
        let folder = end.map { path[..<path.utf8.index(path.utf8.startIndex, offsetBy: $0)] } ?? ""
        return Place(catalog: catalog, path: path, folder: folder)
    }

    /// The job items that win their key, in write order: only those are packed (the others are dropped by the stream
    /// as before, by the same ``KeyClaims``).
    static func keyWinners(_ plan: CompilePlan) -> [Int] {
        var winners: [Int] = []
        var claims = KeyClaims()
        for number in plan.order where claims.claim(plan.keyBytes[number], preferred: plan.items[number].preferred) {
            if case .job = plan.items[number].work { winners.append(number) }
        }
        return winners
    }

    /// The packable images among `candidates` (item numbers), their sizes and formats, on `width` threads: `nil` for
    /// an item that is not packed. `plan` is lent, not kept, so the pack stage then changes its items in place.
    /// Each candidate's file path (`nil` for one the probe does not read) and the answer found afresh, `nil` when it was
    /// taken from `known` (an earlier compile gave it for the unchanged file), which the record holds already.
    private static func probe(
        _ candidates: [Int], plan: CompilePlan, roots: OpenCatalogRoots, known: [String: KnownFile], rasters: VectorRasterCache,
        width: Int
    ) -> [(path: String?, probe: AtlasProbe?, raster: RasterProbe?, image: PackedImage?)] {
        let jobs = plan.jobs
        let items = plan.items
        return parallelMap(count: candidates.count, width: width) { position -> (String?, AtlasProbe?, RasterProbe?, PackedImage?) in
            guard case .job(let number) = items[candidates[position]].work, Self.isPackable(jobs[number]) else { return (nil, nil, nil, nil) }
            if let drawn = jobs[number].drawn {
                // Drawn by the plan: its size and colour are known without a file.
                let image = drawn.image
                guard (1...largestPackedSide).contains(image.width), (1...largestPackedSide).contains(image.height) else {
                    return (nil, nil, nil, nil)
                }
                return (nil, nil, nil, PackedImage(decoded: image))
            }
            // The file as the record names it (the job read through the array, not copied for the checks below).
            let path = jobs[number].source.map { roots.filePath(jobs[number].sourceIndex, $0) }
            if let scale = jobs[number].rasterScale {
                // A PDF or SVG drawn at one scale: its bitmap's size and colour as the record holds them for an unchanged
                // file (drawing a document only to learn them was two thirds of a rebuild of element-ios's catalog),
                // else drawn here and kept for drawing its atlas.
                let key = UInt8(exactly: scale).map { (scale: $0, svg: jobs[number].contentType == .svg) }
                if let path, let key, let probe = known[path]?.rasterProbe(scale: key.scale, svg: key.svg) {
                    return (nil, nil, nil, PackedImage(probe))
                }
                // Not packed (too large, or not drawn) is an answer too; a file that cannot be read is none.
                guard let drawn = Self.drawnForPacking(jobs[number], roots: roots, sizes: rasters) else { return (nil, nil, nil, nil) }
                let packed = drawn.image.map { PackedImage(decoded: $0) }
                if let image = drawn.image { rasters.keep(image, contentHash: drawn.contentHash, job: number) }
                return (path, nil, key.map { RasterProbe(scale: $0.scale, svg: $0.svg, probe: AtlasProbe(packed)) }, packed)
            }
            // A PNG, the common case. An answer the record holds is not returned to be recorded again (the stream keeps
            // it with the file).
            if let path, let probe = known[path]?.probe { return (path, nil, nil, PackedImage(probe)) }
            let image = Self.packedImage(jobs[number], roots: roots)
            return (path, AtlasProbe(image), nil, image)
        }
    }

    /// CoreUI's element of a packed atlas (every atlas of the cars here).
    static let atlasElement: UInt16 = 9

    /// A packable image's size and pixel format, as the pack stage found them.
    struct PackedImage: Sendable {
        var width: Int
        var height: Int
        var grey: Bool
        /// Whether the pack stage decoded the whole file (so it decodes): `false` when its header and first row
        /// sufficed, and then a file that fails to decode when the atlas is drawn is an error in the inputs.
        var decoded: Bool

        init(width: Int, height: Int, grey: Bool, decoded: Bool) {
            (self.width, self.height, self.grey, self.decoded) = (width, height, grey, decoded)
        }

        /// A decoded or drawn image's size and format.
        init(decoded image: DecodedImage) {
            self.init(width: image.width, height: image.height, grey: CSIBuilder.isGrey(image.pixels), decoded: true)
        }

        /// The image a recorded answer describes; `nil` for an image that is not packed.
        init?(_ probe: AtlasProbe) {
            guard probe.packable else { return nil }
            self.init(width: Int(probe.width), height: Int(probe.height), grey: probe.grey, decoded: probe.decoded)
        }
    }

    /// How much of a file the probe reads first: a small PNG's header and first row come well within it (the bench
    /// catalog's 30,000 need at most 342 bytes). Reading a file's first 4 KiB instead took the kernel as long as
    /// the probe's own work (issue 24).
    static let probedBytes = 1024

    /// The largest file the probe reads whole when its first row is not within ``probedBytes`` (chunks such as an
    /// ICC profile before the image data): a larger one is decoded whole, as one the probe cannot tell is.
    static let probedWholeBytes = 64 * 1024

    /// Whether Xcode would pack the job's image when it is small enough: an image set's or app icon's PNG (not a
    /// JPEG, a data set or a stack's flattened image), an image set's PDF or SVG drawn at one scale (as Xcode 11 packs
    /// Flex's PDF rasters and Xcode 15 SwiftUITestProject1's), or a bitmap the plan drew (a symbol's bitmap cache, an
    /// Icon Composer icon's image for older systems).
    static func isPackable(_ job: Job) -> Bool {
        if job.drawn != nil { return true }
        guard job.layerFiles.isEmpty, job.color == nil, job.source != nil else { return false }
        if job.rasterScale != nil { return job.kind == .image && (job.contentType == .pdf || job.contentType == .svg) }
        return (job.kind == .image || job.kind == .appIcon) && job.contentType == .png
    }

    /// The bitmap of a PDF or SVG job at its scale when it is at most ``largestPackedSide`` a side: the document's
    /// declared size is read first, so a large page is not drawn here only to be left out; `nil` for a larger one, or
    /// one that cannot be read or drawn (the stream draws it on its own and reports the error as before).
    /// The bitmap comes with the digest of the file's bytes it was drawn from (the compile cache's record). With
    /// `sizes`, a document's declared size is read once for all its scales.
    static func vectorRaster(
        _ job: Job, roots: OpenCatalogRoots, sizes: VectorRasterCache? = nil
    ) -> (image: DecodedImage, contentHash: UInt64)? {
        guard let drawn = drawnForPacking(job, roots: roots, sizes: sizes), let image = drawn.image else { return nil }
        return (image, drawn.contentHash)
    }

    /// ``vectorRaster(_:roots:sizes:)``, telling a document that was read but gives no bitmap to pack (too large at
    /// the job's scale, or not drawn) from one that could not be read: the first is `image` `nil` with the digest of the
    /// bytes read, a function of those bytes the compile cache may record; the second is `nil`.
    static func drawnForPacking(
        _ job: Job, roots: OpenCatalogRoots, sizes: VectorRasterCache? = nil
    ) -> (image: DecodedImage?, contentHash: UInt64)? {
        guard let scale = job.rasterScale, case .success(let read) = readSource(job, roots: roots),
            let contentType = read.contentType, let format = VectorRasterizer.Format(contentType)
        else { return nil }
        let contentHash = ContentHash.hash(read.bytes)
        func declared() -> (width: Double, height: Double)? { try? VectorRasterizer.size(of: read.bytes, format: format) }
        guard let points = sizes.map({ $0.points(of: contentHash, declared) }) ?? declared(),
            (points.width * Double(scale)).rounded() <= Double(largestPackedSide),
            (points.height * Double(scale)).rounded() <= Double(largestPackedSide),
            let image = try? VectorRasterizer.rasterize(read.bytes, format: format, scale: Double(scale)),
            (1...largestPackedSide).contains(image.width), (1...largestPackedSide).contains(image.height)
        else { return (nil, contentHash) }
        return (image, contentHash)
    }

    /// The job's image size and format when it is to be packed: a PNG whose (scaled) size is at most
    /// ``largestPackedSide`` a side; `nil` for anything else, including a file that cannot be read or decoded.
    static func packedImage(_ job: Job, roots: OpenCatalogRoots) -> PackedImage? {
        if let side = job.scaledSide, side > largestPackedSide { return nil }
        if job.scaledSide == nil, let probed = probedImage(job, roots: roots) { return probed }
        guard case .success(let read) = readSource(job, roots: roots), read.contentType == .png else { return nil }
        if job.scaledSide == nil {
            // The size is in the header (IHDR, big-endian at 16 and 20): a large image is not decoded twice.
            guard read.bytes.count >= 24 else { return nil }
            let width = read.bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = read.bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            guard width <= largestPackedSide, height <= largestPackedSide else { return nil }
        }
        guard case .success(let image) = decodedPNG(read.bytes, job: job, catalog: roots.path(job.sourceIndex)), image.width > 0, image.height > 0,
            image.width <= largestPackedSide, image.height <= largestPackedSide
        else { return nil }
        return PackedImage(decoded: image)
    }

    /// A colour image's size and format from the first ``probedBytes`` of its file, without decoding it: `nil` unless
    /// the file is an 8-bit RGB or RGBA PNG of at most ``largestPackedSide`` a side whose first row holds a pixel that
    /// is not grey once premultiplied (`acpng_first_row_has_colour`), so the whole image decodes to colour if it
    /// decodes at all. Xcode's atlases hold colour and grey images apart, and most images are in colour: a whole
    /// decode here, only to learn that, was as long again as drawing the atlases.
    ///
    /// The probe reads the first ``probedBytes`` of the file, and the rest of it (up to ``probedWholeBytes``) only when
    /// the first row ends past them, all through one `open`.
    static func probedImage(_ job: Job, roots: OpenCatalogRoots) -> PackedImage? {
        guard let source = job.source else { return nil }
        let directory = roots.descriptor(job.sourceIndex)
        let path = directory == nil ? roots.filePath(job.sourceIndex, source) : source
        func firstRowHasColour(_ bytes: [UInt8]) -> Int32 {
            bytes.withUnsafeBytes { acpng_first_row_has_colour($0.baseAddress, $0.count) }
        }
        // The answer for the first bytes, kept so that they are not inflated twice; `nil` once more were read.
        var headAnswer: Int32?
        guard
            case .success(let head) = FileSystem.read(
                path, in: directory, noFollow: true, wholeUpTo: probedBytes, head: probedBytes,
                needsWhole: { head, size in
                    headAnswer = firstRowHasColour(head)
                    return headAnswer == 2 && size <= probedWholeBytes
                }),
            head.bytes.count >= 24
        else { return nil }
        let width = head.bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = head.bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard (1...largestPackedSide).contains(width), (1...largestPackedSide).contains(height) else { return nil }
        let answer = head.bytes.count == head.size || headAnswer == nil ? firstRowHasColour(head.bytes) : headAnswer
        guard answer == 1 else { return nil }
        return PackedImage(width: width, height: height, grey: false, decoded: false)
    }

    /// A group's images split into atlases of at most ``maximumAtlasPixels``, in the order ``AtlasLayout`` places
    /// them (largest side first, then identifier), so the first atlas of a key holds the largest images.
    ///
    /// The images are split in the order of their files (``Place``), largest side first, and an atlas ends early where
    /// a folder ends once it is half full, or where the file's path says (``endsAtlas(after:pixels:)``) once it is a
    /// quarter full: so editing, adding or removing the sets of one folder changes the atlases of that folder and not
    /// the ones after it, and a rebuild with the compile cache makes only those again. A group small enough for one
    /// atlas (every car Xcode built here) is one atlas as before.
    private static func atlasChunks(_ members: [Candidate]) -> [[Candidate]] {
        let sorted = orderedForAtlases(members)
        var chunks: [[Candidate]] = [[]]
        var pixels = 0
        for (position, member) in sorted.enumerated() {
            let area = (member.image.width + AtlasLayout.gutter) * (member.image.height + AtlasLayout.gutter)
            if pixels + area > maximumAtlasPixels && !chunks[chunks.count - 1].isEmpty {
                chunks.append([])
                pixels = 0
            }
            chunks[chunks.count - 1].append(member)
            pixels += area
            guard position + 1 < sorted.count else { break }
            let next = sorted[position + 1]
            let folderEnds = next.place.catalog != member.place.catalog || next.place.folder != member.place.folder
                || max(next.image.width, next.image.height) != max(member.image.width, member.image.height)
            if (folderEnds && pixels >= maximumAtlasPixels / 2) || (pixels >= maximumAtlasPixels / 4 && endsAtlas(after: member.place)) {
                chunks.append([])
                pixels = 0
            }
        }
        return chunks
    }

    /// `members` largest side first, then by ``Place`` (catalog, then the path's bytes), then identifier, then item
    /// number: a total order, so the result is the same whatever the sort.
    ///
    /// Sorted as positions over each member's keys side by side, the path's first 24 bytes as three big-endian words
    /// (bytes compare as those words do), the whole paths compared only where those are equal: sorting the members
    /// themselves moved 80-byte values holding strings, and compared two strings' bytes each time, 28 ms of a
    /// one-image rebuild of the benchmark's catalog (three groups of 10,000).
    static func orderedForAtlases(_ members: [Candidate]) -> [Candidate] {
        struct SortKey {
            var side: Int
            var catalog: Int
            var prefix: (UInt64, UInt64, UInt64)
            var identifier: UInt16
            var item: Int
        }
        let keys = members.map { member in
            var path = member.place.path
            let prefix = path.withUTF8 { bytes -> (UInt64, UInt64, UInt64) in
                func word(_ start: Int) -> UInt64 {
                    var word: UInt64 = 0
                    for offset in 0..<8 {
                        word <<= 8
                        if start + offset < bytes.count { word |= UInt64(bytes[start + offset]) }
                    }
                    return word
                }
                return (word(0), word(8), word(16))
            }
            return SortKey(
                side: max(member.image.width, member.image.height), catalog: member.place.catalog, prefix: prefix,
                identifier: member.identifier, item: member.item)
        }
        var order = Array(members.indices)
        keys.withUnsafeBufferPointer { keys in
            order.sort { a, b in
                let left = keys[a], right = keys[b]
                if left.side != right.side { return left.side > right.side }
                if left.catalog != right.catalog { return left.catalog < right.catalog }
                if left.prefix != right.prefix { return left.prefix < right.prefix }
                let paths = Bytewise.compare(members[a].place.path, members[b].place.path)
                if paths != 0 { return paths < 0 }
                if left.identifier != right.identifier { return left.identifier < right.identifier }
                return left.item < right.item
            }
        }
        return order.map { members[$0] }
    }

    /// Whether an atlas that is a quarter full ends after the image whose file is at `place`: about one file in 64,
    /// chosen by the path's digest, so the ends inside a large folder stay where they were when sets are added or
    /// removed elsewhere in it (the atlases after the change start where they did).
    static func endsAtlas(after place: Place) -> Bool {
        var path = place.path
        return path.withUTF8 { ContentHash.hash(UnsafeRawBufferPointer($0)) } & 63 == 0
    }
}

extension AtlasProbe {
    /// The record of the pack stage's answer: `nil` (not packed) becomes a probe that is not packable.
    init(_ image: CARCompiler.PackedImage?) {
        guard let image else {
            self.init(packable: false, width: 0, height: 0, grey: false, decoded: false)
            return
        }
        self.init(packable: true, width: UInt16(image.width), height: UInt16(image.height), grey: image.grey, decoded: image.decoded)
    }
}

/// A PDF's or SVG's bitmap drawn by the pack stage (to learn its size and colour), kept for drawing its atlas: drawing a
/// small PDF costs a few milliseconds (poppler sets up its colour transforms for each document), and drawing each one
/// twice made a compile of NetNewsWire's Mac catalog 0.29 → 0.48 s.
final class DrawnVectorRaster: Sendable {
    let image: DecodedImage
    /// The digest of the file's bytes it was drawn from, for the compile cache's record.
    let contentHash: UInt64

    init(image: DecodedImage, contentHash: UInt64) {
        self.image = image
        self.contentHash = contentHash
    }
}

/// Which drawn vector bitmaps the pack stage keeps for the atlases, and each document's declared size. Bitmaps are kept
/// as they are drawn, up to ``limit`` bytes of pixels in all, so that a catalog of thousands of small PDFs holds a
/// bounded amount; the others are drawn again with their atlas. Which ones are kept depends on the threads' timing, but
/// not the output: the same file gives the same pixels.
final class VectorRasterCache: @unchecked Sendable {
    /// The most bytes of pixels kept by default (32 MiB: 180 bitmaps of 216 × 216, or 2,000 of 64 × 64).
    static let limit = 32 << 20

    private let lock = NSLock()
    private let capacity: Int
    private var used = 0
    /// The bitmaps kept, by job number (held apart from the candidates, which the pack stage sorts by the thousand).
    private var kept: [Int: DrawnVectorRaster] = [:]
    /// Each document's declared size, by the digest of its bytes: reading it opens the document, as much work as
    /// drawing a small one, and a large page (left out at every scale) would be opened once per scale.
    private var declaredSizes: [UInt64: (width: Double, height: Double)?] = [:]

    /// A cache that keeps at most `limit` bytes of pixels.
    init(limit: Int) {
        capacity = limit
    }

    /// The declared size of the document whose bytes' digest is `contentHash`, read by `declared` the first time.
    func points(of contentHash: UInt64, _ declared: () -> (width: Double, height: Double)?) -> (width: Double, height: Double)? {
        if let known = lock.withLock({ declaredSizes[contentHash] }) { return known }
        let size = declared()
        lock.withLock { declaredSizes[contentHash] = .some(size) }
        return size
    }

    /// Keeps `image`, job `job`'s bitmap, unless the limit is reached.
    func keep(_ image: DecodedImage, contentHash: UInt64, job: Int) {
        let raster = DrawnVectorRaster(image: image, contentHash: contentHash)
        lock.withLock {
            guard used + image.pixels.count <= capacity else { return }
            used += image.pixels.count
            kept[job] = raster
        }
    }

    /// Job `job`'s bitmap, when it was kept.
    func kept(job: Int) -> DrawnVectorRaster? {
        lock.withLock { kept.isEmpty ? nil : kept[job] }
    }
}
