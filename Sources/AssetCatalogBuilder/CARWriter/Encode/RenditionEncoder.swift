import AssetCatalog
import Foundation

extension CARCompiler {
    // MARK: Renditions

    /// Inspects the files the reader left unopened (``ReaderOptions/defersPNGInspection``) as the compile's
    /// reader would have (its options: the default limits, pixels not verified; the compile decodes every
    /// PNG, which checks the rest).
    static let deferredInspector = FileInspector(verifyPixels: false)

    /// The rendition of `job` under `key`, the key planned for it before any file was read (localization and,
    /// for colours, scale 0 included); its bitmap compressed as `compression` says for the compile's target (app
    /// icons and flattened images as ``BitmapCompression/forIconsAndFlattenedImages``).
    /// With an `observer`, the digest of each file read goes to it, in the order of `RenditionReuse.paths(of:)`.
    static func build(
        _ job: Job, key: RenditionKey, roots: OpenCatalogRoots, compression: BitmapCompression, observer: FileObserver? = nil
    ) -> Result<CompiledRendition, CompileProblem> {
        var flags = imageFlags(job)
        let scale = job.traits.displayScale?.value ?? 0
        if let color = job.color {
            let payload: [UInt8]
            switch color {
            case .components(let components):
                let values = components.isGray ? [components.red, components.alpha] : [components.red, components.green, components.blue, components.alpha]
                // Narrowed to 32-bit floats by the plan when the compile follows Xcode 26 (CompileOptions.narrowsColorComponents).
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
                        layout: CSIBuilder.layoutColor, infoTags: CSIBuilder.pixellessTags, payload: payload)))
        }
        if job.kind == .imageStack {
            return flattened(job, key: key, compression: compression.forIconsAndFlattenedImages, observer: observer)
        }
        if let drawn = job.drawn {
            // A bitmap the plan drew, too large for an atlas (or with atlases off).
            return .success(bitmapRendition(drawn.image, job: job, key: key, flags: flags, compression: compression))
        }
        let catalog = roots.path(job.sourceIndex)
        let bytes: [UInt8]
        let contentType: ContentType?
        switch readSource(job, roots: roots, observer: observer) {
        case .success(let read): (bytes, contentType) = read
        case .failure(let problem): return .failure(problem)
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
            let image: DecodedImage
            switch decodedPNG(bytes, job: job, catalog: catalog) {
            case .success(let decoded): image = decoded
            case .failure(let problem): return .failure(problem)
            }
            return .success(bitmapRendition(consume image, job: job, key: key, flags: flags, compression: compression))
        case .jpeg?, .heif?:
            // As Flex's, SwiftUITestProject1's and MediaMate's JPEG and HEIF renditions: no size or colour space in the
            // header (the size is in tags 1001 and 1003), no row bytes (1007), and a JPEG without its Photoshop segment.
            let format = contentType == .jpeg ? "JPEG" : "HEIF"
            let size = Self.pixelSize(bytes, contentType!)
            let stored = contentType == .jpeg ? JPEGSegments.removingPhotoshopSegments(bytes) : bytes
            return .success(
                CompiledRendition(
                    key: key,
                    value: CSIBuilder.value(
                        name: job.fileName, flags: flags, width: 0, height: 0, scale: scale, pixelFormat: format,
                        colorSpace: 0, layout: CSIBuilder.layoutImage,
                        infoTags: CSIBuilder.bitmapTags(width: size.width, height: size.height, bytesPerRow: nil),
                        payload: CSIBuilder.raw(stored))))
        case .pdf?, .svg?:
            if let rasterScale = job.rasterScale {
                return rasterized(
                    job, bytes: bytes, contentType: contentType!, scale: rasterScale, flags: flags, key: key, catalog: catalog,
                    compression: compression)
            }
            let format = contentType == .pdf ? "PDF " : "SVG "
            if job.kind == .icon {
                // An Icon Composer layer file (sudoku): header scale 0 under a 1x key, composition and orientation tags,
                // the file LZFSE-compressed in a raw record whose version word is 1.
                return .success(
                    CompiledRendition(
                        key: key,
                        value: CSIBuilder.value(
                            name: job.fileName, flags: flags | 0x4, width: 0, height: 0, scale: 0, pixelFormat: format, colorSpace: 0,
                            layout: CSIBuilder.layoutVector, infoTags: IconComposerRenditions.layerFileTags,
                            payload: CSIBuilder.raw(LZFSEEncoder.compress(bytes, effort: .thorough), compressed: true))))
            }
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

    /// `image` stored on its own (layout 12) as the job's rendition under `key`: a decoded PNG, or a bitmap the plan
    /// drew; an app icon's in the compression of app icons.
    static func bitmapRendition(
        _ image: consuming DecodedImage, job: Job, key: RenditionKey, flags: UInt32, compression: BitmapCompression
    ) -> CompiledRendition {
        let bitmapCompression: BitmapCompression
        switch job.kind {
        case .appIcon: bitmapCompression = compression.forIconsAndFlattenedImages
        // An Icon Composer icon's bitmap layer: deepmap-LZFSE whatever the target (cubeSQL, Xcode 26.2).
        case .icon: bitmapCompression = .deepmapLZFSE
        default: bitmapCompression = compression
        }
        let (width, height) = (image.width, image.height)
        let value = CSIBuilder.bitmapValue(
            consume image, name: job.fileName, flags: flags, scale: job.traits.displayScale?.value ?? 0, layout: CSIBuilder.layoutImage,
            compression: bitmapCompression
        ) {
            CSIBuilder.bitmapTags(width: width, height: height, bytesPerRow: $0)
        }
        return CompiledRendition(key: key, value: value)
    }

    /// The flags of an image rendition as Xcode writes them: 8 for a template image, 16 for any other image, 0 for app
    /// icons (heliport_icons, Xcode 13; Stasis, Xcode 26), 4 for a symbol's bitmap cache, as for its glyphs (MediaMate).
    /// Xcode's bit for "original" is not established: 16.
    static func imageFlags(_ job: Job) -> UInt32 {
        if job.kind == .symbol { return 4 }
        // An Icon Composer icon's vector layer files have 0 (sudoku), its bitmap ones 16 (cubeSQL).
        if job.kind == .icon { return job.contentType == .png ? 16 : 0 }
        return job.kind == .appIcon ? 0 : job.properties.templateRenderingIntent == "template" ? 8 : 16
    }

    /// The bytes of the job's file and its content type, inspected first as the reader would have when the reader
    /// left it unopened (``ReaderOptions/defersPNGInspection``): an error the inspection finds fails the compile as
    /// the reader's would have.
    ///
    /// With an `observer`, the digest of the bytes read goes to it.
    static func readSource(
        _ job: Job, roots: OpenCatalogRoots, observer: FileObserver? = nil
    ) -> Result<(bytes: [UInt8], contentType: ContentType?), CompileProblem> {
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
        observer?.record(bytes)
        return .success((bytes, contentType))
    }

    /// The premultiplied pixels of a PNG job, scaled to ``Job/scaledSide`` when the job asks for it. A PNG that does
    /// not decode is an error in the inputs (`corrupt-image`, worded as `assetc info` words it), which fails the
    /// compile whether the image was to be packed into an atlas or not: the compile reads PNGs the reader left
    /// unopened, so this is where their damage is found.
    static func decodedPNG(_ bytes: [UInt8], job: Job, catalog: String) -> Result<DecodedImage, CompileProblem> {
        var image: DecodedImage
        do {
            image = try PNGCodec.decodeRGBA8(bytes, premultiplied: true)
        } catch {
            let diagnostic = Diagnostic(
                severity: .error, rule: ReaderRule.corruptImage.rawValue, catalog: catalog, path: job.source ?? "",
                message: "cannot be decoded: \(error)")
            return .failure(CompileProblem(inputErrors: [diagnostic]))
        }
        if let side = job.scaledSide {
            image = DecodedImage(
                width: side, height: side, premultiplied: true,
                pixels: IconScaler.scale(image.pixels, from: (image.width, image.height), to: (side, side)))
        }
        return .success(image)
    }

    static func flattened(
        _ job: Job, key: RenditionKey, compression: BitmapCompression, observer: FileObserver? = nil
    ) -> Result<CompiledRendition, CompileProblem> {
        var images: [DecodedImage] = []
        for path in job.layerFiles {
            let name = lastComponent(path)
            guard case .success(let file) = FileSystem.read(path) else {
                return .failure(CompileProblem("\(name): cannot be read; the stack has no flattened image at this scale"))
            }
            observer?.record(file.bytes)
            do {
                images.append(try PNGCodec.decodeRGBA8(file.bytes, premultiplied: true))
            } catch {
                return .failure(CompileProblem("\(name): \(error); the stack has no flattened image at this scale"))
            }
        }
        let scale = job.traits.displayScale?.value ?? 1
        return .success(CompiledRendition(key: key, value: ImageStackRenditions.flattenedImage(ImageStackRenditions.composite(images), scale: scale, compression: compression)))
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
