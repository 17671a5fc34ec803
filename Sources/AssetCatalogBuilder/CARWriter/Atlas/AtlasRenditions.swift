import AssetCatalog

/// The pixels of a packed atlas: its members drawn at their frames on a transparent bitmap.
enum AtlasCanvas {
    /// `images` (premultiplied RGBA, each the size of its frame) drawn on a transparent `width` × `height` bitmap,
    /// each frame's `y` counted from the bottom edge as internal references count it.
    static func draw(width: Int, height: Int, _ images: [(frame: AtlasLayout.Frame, image: DecodedImage)]) -> DecodedImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for (frame, image) in images {
            let top = height - frame.y - frame.height
            let rowBytes = frame.width * 4
            for row in 0..<frame.height {
                let target = ((top + row) * width + frame.x) * 4
                pixels.replaceSubrange(target..<(target + rowBytes), with: image.pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
            }
        }
        return DecodedImage(width: width, height: height, premultiplied: true, pixels: pixels)
    }
}

extension CARCompiler {
    /// The atlas's rendition: its members decoded again from their files and drawn (``AtlasCanvas``), layout 1004,
    /// flags 0, compressed as the compile's ordinary images are, info tags 1001 (one empty slice), 1004, 1006, 1007,
    /// as heliport's and sudoku's atlases have them.
    ///
    /// A member that no longer decodes to the size the pack stage found (its file changed during the compile) fails
    /// the compile: the references into the atlas were already planned.
    static func atlasRendition(
        _ atlas: PackedAtlas, jobs: [Job], roots: OpenCatalogRoots, compression: BitmapCompression
    ) -> Result<[UInt8], CompileProblem> {
        var images: [(frame: AtlasLayout.Frame, image: DecodedImage)] = []
        images.reserveCapacity(atlas.members.count)
        for member in atlas.members {
            let job = jobs[member.job]
            let decoded = readSource(job, roots: roots).flatMap { decodedPNG($0.bytes, job: job) }
            guard case .success(let image) = decoded, image.width == member.frame.width, image.height == member.frame.height,
                CSIBuilder.isGrey(image.pixels) || !atlas.grey
            else {
                let diagnostic = Diagnostic(
                    severity: .error, rule: "file-changed", catalog: roots.path(job.sourceIndex), path: job.source ?? "",
                    message: "changed while the compile read it; compile again")
                return .failure(CompileProblem(inputErrors: [diagnostic]))
            }
            images.append((member.frame, image))
        }
        let canvas = AtlasCanvas.draw(width: atlas.width, height: atlas.height, images)
        return .success(
            CSIBuilder.bitmapValue(
                canvas, name: atlas.name, flags: 0, scale: atlas.scale, layout: CSIBuilder.layoutPackedAtlas, compression: compression
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
