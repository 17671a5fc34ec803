import AssetCatalog
internal import CPNGSupport

/// The pixels of a packed atlas: its members drawn at their frames on a transparent bitmap, one at a time as each is
/// decoded (so that an atlas's members are never all held beside it), in the byte order the car stores them.
struct AtlasCanvas {
    let width: Int
    let height: Int
    /// Premultiplied BGRA (the bytes of the car's `ARGB`), rows from the top: for a colour atlas, the pixels' own
    /// place in the rendition's uncompressed value (``CSIBuilder/bitmapValue(width:height:grey:name:flags:scale:layout:compression:infoTags:fill:)``).
    let pixels: UnsafeMutableBufferPointer<UInt8>

    /// A transparent `width` × `height` bitmap in `pixels` (at least `width * height * 4` bytes, all overwritten).
    init(width: Int, height: Int, pixels: UnsafeMutableBufferPointer<UInt8>) {
        precondition(pixels.count >= width * height * 4, "an atlas canvas holds its bitmap")
        self.width = width
        self.height = height
        self.pixels = pixels
        pixels.initialize(repeating: 0)
    }

    /// Draws `image` (premultiplied RGBA, the size of `frame`) at `frame`, whose `y` counts from the bottom edge as
    /// internal references count it, swapping red and blue.
    func draw(_ image: DecodedImage, at frame: AtlasLayout.Frame) {
        let top = height - frame.y - frame.height
        let rowBytes = frame.width * 4
        let canvas = UnsafeMutableRawBufferPointer(pixels)
        image.pixels.withUnsafeBytes { source in
            for row in 0..<frame.height {
                let target = ((top + row) * width + frame.x) * 4
                CSIBuilder.BitmapFormat.swapRedAndBlue(
                    UnsafeRawBufferPointer(rebasing: source[(row * rowBytes)..<((row + 1) * rowBytes)]),
                    into: UnsafeMutableRawBufferPointer(rebasing: canvas[target..<(target + rowBytes)]))
            }
        }
    }

    /// Decodes the PNG `bytes` straight into `frame` (as ``draw(_:at:)`` places it), with no image of its own in
    /// between: one copy of every atlas pixel less, and no allocation per member (issue 24). `false`, with the
    /// frame's pixels undefined, when the file is not a PNG of exactly the frame's size or does not decode; the
    /// caller then decodes it as any image is decoded, to word the error.
    func decode(png bytes: [UInt8], at frame: AtlasLayout.Frame) -> Bool {
        var header = acpng_header()
        let peeked = bytes.withUnsafeBytes { acpng_peek_header($0.baseAddress, $0.count, &header) }
        guard peeked == ACPNG_OK, Int(header.width) == frame.width, Int(header.height) == frame.height,
            frame.width > 0, frame.height > 0
        else { return false }
        let top = height - frame.y - frame.height
        let start = (top * width + frame.x) * 4
        let stride = width * 4
        let status = bytes.withUnsafeBytes { file in
            var decodedWidth: UInt32 = 0
            var decodedHeight: UInt32 = 0
            return acpng_decode_rgba8_into_rows(
                file.baseAddress, file.count, 1, 1, UInt64(PNGCodec.defaultMaxPixels), pixels.baseAddress! + start,
                pixels.count - start, stride, &decodedWidth, &decodedHeight, nil, 0)
        }
        return status == ACPNG_OK
    }

    /// Whether every pixel inside `frame` is grey (red = green = blue), as ``CSIBuilder/isGrey(_:)`` asks of a whole
    /// image.
    func isGrey(at frame: AtlasLayout.Frame) -> Bool {
        let top = height - frame.y - frame.height
        for row in top..<(top + frame.height) {
            var index = (row * width + frame.x) * 4
            let end = index + frame.width * 4
            while index < end {
                if pixels[index] != pixels[index + 1] || pixels[index] != pixels[index + 2] { return false }
                index += 4
            }
        }
        return true
    }
}

extension CARCompiler {
    /// The atlas's rendition: its members decoded from their files and drawn (``AtlasCanvas``) one by one, layout 1004,
    /// flags 0, compressed as the compile's ordinary images are, info tags 1001 (one empty slice), 1004, 1006, 1007,
    /// as heliport's and sudoku's atlases have them.
    ///
    /// A member that no longer decodes to the size the pack stage found (its file changed during the compile) fails
    /// the compile: the references into the atlas were already planned. So does a member the pack stage only probed
    /// (``CARCompiler/PackedImage/decoded``) that cannot be read or decoded now: with the error the reader's inspection
    /// found (as for any image), or the decoder's, naming the file.
    static func atlasRendition(
        _ atlas: PackedAtlas, jobs: [Job], roots: OpenCatalogRoots, compression: BitmapCompression, observer: FileObserver? = nil
    ) -> Result<[UInt8], CompileProblem> {
        var problem: CompileProblem?
        // A colour atlas is drawn straight into its place in the rendition's value; a grey one (`GA8`, two bytes a
        // pixel) on a canvas of its own, then converted.
        let value = CSIBuilder.bitmapValue(
            width: atlas.width, height: atlas.height, grey: atlas.grey, name: atlas.name, flags: 0, scale: atlas.scale,
            layout: CSIBuilder.layoutPackedAtlas, compression: compression,
            infoTags: { rowBytes in CSIBuilder.bitmapTags(width: 0, height: 0, bytesPerRow: rowBytes).filter { $0.tag != 1003 } }
        ) { target in
            guard atlas.grey else {
                problem = drawMembers(atlas, on: AtlasCanvas(width: atlas.width, height: atlas.height, pixels: target), jobs: jobs, roots: roots, observer: observer)
                return
            }
            let bgra = [UInt8](unsafeUninitializedCapacity: atlas.width * atlas.height * 4) { buffer, initialized in
                problem = drawMembers(atlas, on: AtlasCanvas(width: atlas.width, height: atlas.height, pixels: buffer), jobs: jobs, roots: roots, observer: observer)
                initialized = buffer.count
            }
            CSIBuilder.BitmapFormat.grey.convert(bgra, into: target)
        }
        if let problem { return .failure(problem) }
        return .success(value)
    }

    /// Draws the atlas's members on `canvas` from their files (a bitmap the plan drew from its pixels); the errors in
    /// the inputs that stop it, if any: every member is tried, so that two damaged files packed into one atlas are
    /// both named, as they would be apart.
    private static func drawMembers(
        _ atlas: PackedAtlas, on canvas: AtlasCanvas, jobs: [Job], roots: OpenCatalogRoots, observer: FileObserver?
    ) -> CompileProblem? {
        var errors: [Diagnostic] = []
        for member in atlas.members {
            let job = jobs[member.job]
            if let drawn = job.drawn {
                // A bitmap the plan drew: no file to read.
                canvas.draw(drawn.image, at: member.frame)
                continue
            }
            if job.rasterScale != nil {
                // A PDF or SVG: as the pack stage drew it, or drawn again at its scale. The pack stage drew it to this
                // size, so anything else is a file changed meanwhile.
                guard let (image, contentHash) = member.raster.map({ ($0.image, $0.contentHash) }) ?? vectorRaster(job, roots: roots),
                    image.width == member.frame.width, image.height == member.frame.height, !atlas.grey || CSIBuilder.isGrey(image.pixels)
                else {
                    errors += changedWhileRead(job, roots: roots).inputErrors
                    continue
                }
                observer?.record(contentHash: contentHash)
                canvas.draw(image, at: member.frame)
                continue
            }
            let read = readSource(job, roots: roots, observer: observer)
            // The common member, a PNG at its own size, decodes straight into its frame; anything else (a scaled
            // icon, a file that no longer decodes to the frame) goes the way of every other image below.
            if job.scaledSide == nil, case .success(let file) = read, canvas.decode(png: file.bytes, at: member.frame) {
                if atlas.grey && !canvas.isGrey(at: member.frame) { errors += changedWhileRead(job, roots: roots).inputErrors }
                continue
            }
            let decoded = read.flatMap { decodedPNG($0.bytes, job: job, catalog: roots.path(job.sourceIndex)) }
            if case .failure(let problem) = decoded, !member.decoded {
                if !problem.inputErrors.isEmpty {
                    errors += problem.inputErrors
                } else {
                    errors.append(
                        Diagnostic(
                            severity: .error, rule: ReaderRule.corruptImage.rawValue, catalog: roots.path(job.sourceIndex), path: job.source ?? "",
                            message: "cannot be decoded: \(problem.message)"))
                }
                continue
            }
            guard case .success(let image) = decoded, image.width == member.frame.width, image.height == member.frame.height,
                !atlas.grey || CSIBuilder.isGrey(image.pixels)
            else {
                errors += changedWhileRead(job, roots: roots).inputErrors
                continue
            }
            canvas.draw(image, at: member.frame)
        }
        return errors.isEmpty ? nil : CompileProblem(inputErrors: errors)
    }

    /// The error of an atlas member whose file no longer matches what the pack stage planned for it.
    private static func changedWhileRead(_ job: Job, roots: OpenCatalogRoots) -> CompileProblem {
        let diagnostic = Diagnostic(
            severity: .error, rule: "file-changed", catalog: roots.path(job.sourceIndex), path: job.source ?? "",
            message: "changed while the compile read it; compile again")
        return CompileProblem(inputErrors: [diagnostic])
    }

    /// The rendition of a packed image: its own name, flags and size with layout 1003, no payload, and info tags
    /// 1001, 1003, 1010 (`INLK`: the frame and the atlas's key), 1004, 1006, as Xcode writes them (heliport).
    /// `atlasKey` is the atlas's key in `keyFormat` order: the link lists its non-zero attributes in that order.
    static func referenceRendition(
        _ job: Job, frame: AtlasLayout.Frame, grey: Bool, atlasKey: RenditionKey, keyFormat: [CARAttribute]
    ) -> [UInt8] {
        var tokens = 0
        for attribute in keyFormat where atlasKey[attribute] != 0 { tokens += 1 }
        let linkSize = 34 + 4 * tokens
        // The header (184 bytes), then the tags: 1001 (one slice), 1003 (metrics), 1010 (the link), 1004 (composition:
        // normal, opacity 1), 1006 (orientation 1), each after its number and length; no payload. The bytes of
        // CSIBuilder.value with CSIBuilder.bitmapTags less 1007 and the link third, written in one array (a test holds
        // the two equal): the compile makes one per packed image, 30,000 for the benchmark catalog.
        let tagBytes = (8 + 20) + (8 + 28) + (8 + linkSize) + (8 + 8) + (8 + 4)
        let (x, y, width, height) = (UInt32(frame.x), UInt32(frame.y), UInt32(frame.width), UInt32(frame.height))
        return FixedSizeWriter.make(count: 184 + tagBytes) { value in
            value.fourCC("CTSI")
            // A bitmap drawn from a vector keeps the vector flag (bit 2) in its reference, as in SwiftUITestProject1's car.
            value.le32(1, imageFlags(job) | (job.rasterScale != nil ? 0x4 : 0), width, height, UInt32((job.traits.displayScale?.value ?? 0) * 100))
            if grey { value.fourCC("GA8 ") } else { value.fourCC("ARGB") }
            value.le32(grey ? 2 : 1, 0)
            value.le16(CSIBuilder.layoutInternalReference)
            value.le16(0)
            value.fixed(job.fileName, width: 128)
            value.le32(UInt32(tagBytes), 1, 0, 0)
            value.le32(1001, 20, 1, 0, 0, width, height)
            value.le32(1003, 28, 1, 0, 0, 0, 0, width, height)
            value.le32(1010, UInt32(linkSize))
            value.fourCC("INLK")
            value.le32(0, x, y, width, height)
            value.le16(CSIBuilder.layoutImage)
            value.le32(UInt32(4 * (tokens + 1)))
            for attribute in keyFormat where atlasKey[attribute] != 0 {
                value.le16(UInt16(attribute.identifier))
                value.le16(atlasKey[attribute])
            }
            value.le32(0)
            value.le32(1004, 8, 0, Float(1).bitPattern)
            value.le32(1006, 4, 1)
        }
    }
}
