import AssetCatalog

/// The pixels of a packed atlas: its members drawn at their frames on a transparent bitmap, one at a time as each is
/// decoded (so that an atlas's members are never all held beside it).
struct AtlasCanvas {
    let width: Int
    let height: Int
    /// Premultiplied RGBA, rows from the top.
    private(set) var pixels: [UInt8]

    /// A transparent `width` × `height` bitmap.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Draws `image` (premultiplied RGBA, the size of `frame`) at `frame`, whose `y` counts from the bottom edge as
    /// internal references count it.
    mutating func draw(_ image: DecodedImage, at frame: AtlasLayout.Frame) {
        let top = height - frame.y - frame.height
        let rowBytes = frame.width * 4
        for row in 0..<frame.height {
            let target = ((top + row) * width + frame.x) * 4
            pixels.replaceSubrange(target..<(target + rowBytes), with: image.pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
        }
    }

    /// The finished bitmap; the canvas is used up, so its pixels move into the image rather than being shared with a
    /// canvas that would keep them alive while the image is compressed.
    consuming func finished() -> DecodedImage {
        DecodedImage(width: width, height: height, premultiplied: true, pixels: pixels)
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
        _ atlas: PackedAtlas, jobs: [Job], roots: OpenCatalogRoots, compression: BitmapCompression
    ) -> Result<[UInt8], CompileProblem> {
        var canvas = AtlasCanvas(width: atlas.width, height: atlas.height)
        for member in atlas.members {
            let job = jobs[member.job]
            let decoded = readSource(job, roots: roots).flatMap { decodedPNG($0.bytes, job: job, catalog: roots.path(job.sourceIndex)) }
            if case .failure(let problem) = decoded, !member.decoded {
                if !problem.inputErrors.isEmpty { return .failure(problem) }
                let diagnostic = Diagnostic(
                    severity: .error, rule: ReaderRule.corruptImage.rawValue, catalog: roots.path(job.sourceIndex), path: job.source ?? "",
                    message: "cannot be decoded: \(problem.message)")
                return .failure(CompileProblem(inputErrors: [diagnostic]))
            }
            guard case .success(let image) = decoded, image.width == member.frame.width, image.height == member.frame.height,
                CSIBuilder.isGrey(image.pixels) || !atlas.grey
            else {
                let diagnostic = Diagnostic(
                    severity: .error, rule: "file-changed", catalog: roots.path(job.sourceIndex), path: job.source ?? "",
                    message: "changed while the compile read it; compile again")
                return .failure(CompileProblem(inputErrors: [diagnostic]))
            }
            canvas.draw(image, at: member.frame)
        }
        return .success(
            CSIBuilder.bitmapValue(
                canvas.finished(), name: atlas.name, flags: 0, scale: atlas.scale, layout: CSIBuilder.layoutPackedAtlas, compression: compression
            ) { rowBytes in
                CSIBuilder.bitmapTags(width: 0, height: 0, bytesPerRow: rowBytes).filter { $0.tag != 1003 }
            })
    }

    /// The rendition of a packed image: its own name, flags and size with layout 1003, no payload, and info tags
    /// 1001, 1003, 1010 (`INLK`: the frame and the atlas's key), 1004, 1006, as Xcode writes them (heliport).
    /// `atlasKey` is the atlas's key in `keyFormat` order: the link lists its non-zero attributes in that order.
    static func referenceRendition(
        _ job: Job, frame: AtlasLayout.Frame, grey: Bool, atlasKey: RenditionKey, keyFormat: [CARAttribute]
    ) -> [UInt8] {
        var link: [UInt8] = []
        BinaryWriter.appendFourCC(&link, "INLK")
        BinaryWriter.appendLE32(&link, 0)
        for value in [frame.x, frame.y, frame.width, frame.height] { BinaryWriter.appendLE32(&link, UInt32(value)) }
        BinaryWriter.appendLE16(&link, CSIBuilder.layoutImage)
        let tokens = keyFormat.filter { atlasKey[$0] != 0 }
        BinaryWriter.appendLE32(&link, UInt32(4 * (tokens.count + 1)))
        for attribute in tokens {
            BinaryWriter.appendLE16(&link, UInt16(attribute.identifier))
            BinaryWriter.appendLE16(&link, atlasKey[attribute])
        }
        BinaryWriter.appendLE32(&link, 0)
        var tags = CSIBuilder.bitmapTags(width: frame.width, height: frame.height, bytesPerRow: 0).filter { $0.tag != 1007 }
        tags.insert((1010, link), at: 2)
        return CSIBuilder.value(
            name: job.fileName, flags: imageFlags(job), width: frame.width, height: frame.height,
            scale: job.traits.displayScale?.value ?? 0, pixelFormat: grey ? "GA8 " : "ARGB", colorSpace: grey ? 2 : 1,
            layout: CSIBuilder.layoutInternalReference, infoTags: tags, payload: [])
    }
}
