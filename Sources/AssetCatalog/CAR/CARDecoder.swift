/// What a rendition holds once decoded.
public enum CARContent: Sendable {
    /// Pixels (8-bit RGBA, premultiplied as CoreUI stores them; for the 16-bit pixel formats `RGBW` and `GA16` also
    /// at 16 bits, ``DecodedImage/pixels16``). ``PNGCodec/encode(_:compressionLevel:)`` un-premultiplies when
    /// writing a PNG.
    case image(DecodedImage)
    /// A file stored as it is (PDF, JPEG, HEIF, SVG, data), with the extension to write it under.
    case file(bytes: [UInt8], fileExtension: String)
    /// A colour.
    case color(CARColor)
    /// A gradient, whose colours are facets of their own.
    case gradient(CARGradient)
    /// Something this reader lists but cannot decode, and why (the compression or format, plainly).
    case notDecodable(reason: String)
}

/// Decodes renditions of one ``CARFile``: bitmaps (uncompressed, RLE, LZFSE, LZVN, zlib, palette-img, deepmap2,
/// deepmap-LZFSE, in KCBC chunks or whole; pixel formats `ARGB`, `GA8 `, `RGB5`, and the 16-bit `RGBW` and `GA16` in
/// the compressions docs/CAR-FORMAT.md lists), crops of packed atlases for internal references, raw files, colours and
/// gradients.
///
/// Sizes come from the CSI header and are checked against ``maxPixels`` before anything is allocated;
/// a damaged stream throws ``CARError`` with ``CARError/Kind/corruptStream``. Decoded atlases are cached,
/// so one decoder is meant for one thread.
public final class CARDecoder {
    /// The file.
    public let file: CARFile
    /// Images with more pixels than this are not decoded (their size is listed; decoding says why not).
    public var maxPixels = 256_000_000
    /// The most bytes an LZFSE-compressed raw payload may inflate to (its block headers are checked first).
    static let maxRawDataSize = 1 << 28
    private var atlases: [Int: DecodedImage] = [:]
    /// The deepmap decoders' buffer for one inflated tile, kept from one image to the next (a fresh one would cost an
    /// allocation and its zeroing per image).
    private var scratch: [UInt8] = []

    /// Creates a decoder.
    public init(file: CARFile) {
        self.file = file
    }

    /// Decodes rendition `index` of the file.
    public func decode(_ index: Int) throws(CARError) -> CARContent {
        let rendition = file.renditions[index]
        if let damage = rendition.damage { throw damage }
        if let reference = rendition.internalReference {
            return try crop(index, rendition, reference)
        }
        switch rendition.payload {
        case .bitmap(let bitmap):
            return try decodeBitmap(rendition, bitmap)
        case .raw(let bytes):
            guard rendition.rawDataIsLZFSE else {
                return .file(bytes: bytes.bytes, fileExtension: Self.fileExtension(rendition, bytes))
            }
            let inflated: [UInt8]
            do {
                inflated = try LZDecoder.lzfse(bytes.buffer, limit: Self.maxRawDataSize)
            } catch {
                throw CARError(.corruptStream, "LZFSE raw data of \(rendition.name)", offset: bytes.base, error.rawValue)
            }
            let result = inflated.withUnsafeBytes { buffer in
                Self.fileExtension(rendition, CARBytes(buffer: buffer, base: bytes.base, structure: "raw data"))
            }
            return .file(bytes: inflated, fileExtension: result)
        case .color(let color):
            return .color(color)
        case .gradient(let gradient):
            return .gradient(gradient)
        case .multisizeSet(let entries):
            return .notDecodable(
                reason: "a multisize image set (\(entries.map { "\($0.width)x\($0.height)" }.joined(separator: ", "))) has no pixels of its own")
        case .none:
            return .notDecodable(reason: "the rendition has no payload")
        case .unknown(let tag, _):
            return .notDecodable(reason: "unknown payload tag '\(tag)'")
        }
    }

    private func crop(_ index: Int, _ rendition: CARRendition, _ reference: CARInternalReference) throws(CARError) -> CARContent {
        guard let atlasIndex = file.renditionIndex(for: reference) else {
            throw CARError(.missing, "internal reference of \(rendition.name)", offset: rendition.offset, "no packed atlas has the key it names")
        }
        guard atlasIndex != index else {
            throw CARError(.cycle, "internal reference of \(rendition.name)", offset: rendition.offset, "it points at itself")
        }
        let atlas: DecodedImage
        if let cached = atlases[atlasIndex] {
            atlas = cached
        } else {
            let atlasRendition = file.renditions[atlasIndex]
            guard atlasRendition.internalReference == nil else {
                throw CARError(.cycle, "internal reference of \(rendition.name)", offset: rendition.offset, "it points at another reference")
            }
            switch try decode(atlasIndex) {
            case .image(let image):
                atlas = image
                atlases[atlasIndex] = image
            case .notDecodable(let reason):
                return .notDecodable(reason: "its packed atlas \(atlasRendition.name): \(reason)")
            case .file, .color, .gradient:
                return .notDecodable(reason: "its packed atlas \(atlasRendition.name) is not a bitmap")
            }
        }
        guard reference.width > 0, reference.height > 0, reference.x >= 0, reference.y >= 0,
            reference.x <= atlas.width - reference.width, reference.y <= atlas.height - reference.height
        else {
            throw CARError(
                .outOfRange, "internal reference of \(rendition.name)", offset: rendition.offset,
                "rectangle \(reference.x),\(reference.y) \(reference.width)x\(reference.height) lies outside the \(atlas.width)x\(atlas.height) atlas")
        }
        // The rectangle's origin is its bottom-left corner, counted from the atlas's bottom edge (Core Graphics).
        let top = atlas.height - reference.y - reference.height
        var pixels = [UInt8](repeating: 0, count: reference.width * reference.height * 4)
        // A deep atlas (16-bit samples) gives its crops 16-bit samples too.
        var deep: [UInt16]? = atlas.pixels16.map { _ in [UInt16](repeating: 0, count: reference.width * reference.height * 4) }
        for row in 0..<reference.height {
            let from = ((top + row) * atlas.width + reference.x) * 4
            let to = row * reference.width * 4
            pixels[to..<(to + reference.width * 4)] = atlas.pixels[from..<(from + reference.width * 4)]
            if let samples = atlas.pixels16 { deep?[to..<(to + reference.width * 4)] = samples[from..<(from + reference.width * 4)] }
        }
        return .image(DecodedImage(width: reference.width, height: reference.height, premultiplied: true, pixels: pixels, pixels16: deep))
    }

    private func decodeBitmap(_ rendition: CARRendition, _ bitmap: CARBitmap) throws(CARError) -> CARContent {
        let width = rendition.width, height = rendition.height
        let where_ = "bitmap of \(rendition.name)"
        guard width > 0, height > 0 else { return .notDecodable(reason: "the header gives no pixel size") }
        if let reason = Self.undecodableReason(rendition) { return .notDecodable(reason: reason) }
        guard width <= maxPixels / height else {
            return .notDecodable(reason: "\(width)x\(height) is more than \(maxPixels) pixels")
        }
        guard let stored = CARStoredPixels(pixelFormat: rendition.pixelFormat, colorSpaceID: rendition.colorSpaceID) else {
            return .notDecodable(reason: "pixel format \(rendition.pixelFormat) holds no pixels this reader knows")
        }
        let bytesPerPixel = stored.bytesPerPixel
        if stored != .bgra8 && stored != .greyAlpha8 {
            return .image(try decodeOtherFormat(rendition, bitmap, stored))
        }
        switch bitmap.compression {
        case .uncompressed, .lzfse, .lzvn, .zip:
            break
        case .paletteImage:
            return .image(try decodePalette(rendition, bitmap))
        case .deepmap2, .deepmapLZFSE:
            return .image(try decodeDeepmap(rendition, bitmap, bytesPerPixel: bytesPerPixel))
        case .rle:
            guard let piece = bitmap.chunks.first, bitmap.chunks.count == 1 else {
                throw CARError(.outOfRange, where_, offset: rendition.offset, "RLE bitmaps are not expected in chunks")
            }
            let raw = try Self.runLengthDecode(piece.data.named("RLE bitmap of \(rendition.name)"), width: width, height: height, bytesPerPixel: bytesPerPixel)
            return .image(Self.toRGBA(raw, width: width, height: height, rowBytes: width * bytesPerPixel, bytesPerPixel: bytesPerPixel))
        case .jpegLZFSE, .blurred, .astc, .hevc, .unknown:
            return .notDecodable(reason: Self.undecodableReason(rendition) ?? "\(bitmap.compression.name) compression is not decoded")
        }
        let rowBytes = rendition.bytesPerRow ?? width * bytesPerPixel
        guard rowBytes >= width * bytesPerPixel, rowBytes <= 16 * width * bytesPerPixel + 64 else {
            throw CARError(.outOfRange, where_, offset: rendition.offset, "\(rowBytes) bytes per row for \(width) pixels")
        }
        // Chunks are decoded one at a time, each checked against its stream before its output is allocated.
        var raw: [UInt8] = []
        var rowsLeft = height
        for chunk in bitmap.chunks {
            let rows = chunk.rows ?? rowsLeft
            guard rows <= rowsLeft else {
                throw CARError(.outOfRange, "KCBC chunk", offset: chunk.data.base, "\(rows) rows, only \(rowsLeft) left in the image")
            }
            raw += try inflate(chunk.data, bitmap.compression, size: rows * rowBytes)
            rowsLeft -= rows
        }
        guard rowsLeft == 0 else {
            throw CARError(.truncated, where_, offset: rendition.offset, "the chunks cover \(height - rowsLeft) of \(height) rows")
        }
        return .image(Self.toRGBA(raw, width: width, height: height, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel))
    }

    /// A bitmap of a pixel format other than `ARGB` and `GA8 ` (`RGBW`, `GA16`, `RGB5`): its stored rows from a plain
    /// stream (uncompressed, LZFSE, LZVN, zlib; whole or in chunks) or from deepmap2 records of mode 1 or 3 (the
    /// pixels as stored), converted by ``CARStoredPixels``. ``undecodableReason(_:)`` has turned down the rest.
    private func decodeOtherFormat(_ rendition: CARRendition, _ bitmap: CARBitmap, _ stored: CARStoredPixels) throws(CARError) -> DecodedImage {
        let width = rendition.width, height = rendition.height
        let where_ = "bitmap of \(rendition.name)"
        let bytesPerPixel = stored.bytesPerPixel
        // Width and height are 32-bit header fields, so a row's size cannot overflow; the image's can when maxPixels
        // was raised, and is checked (every chunk's rows × row bytes is at most height × row bytes).
        let packedRow = width * bytesPerPixel
        let rowBytes: Int
        if case .deepmap2 = bitmap.compression {
            rowBytes = packedRow
        } else {
            rowBytes = rendition.bytesPerRow ?? packedRow
            guard rowBytes >= packedRow, rowBytes <= 16 * packedRow + 64 else {
                throw CARError(.outOfRange, where_, offset: rendition.offset, "\(rowBytes) bytes per row for \(width) pixels of \(bytesPerPixel) bytes")
            }
        }
        guard !rowBytes.multipliedReportingOverflow(by: height).overflow, !(width * 4).multipliedReportingOverflow(by: height).overflow else {
            throw CARError(.outOfRange, where_, offset: rendition.offset, "\(width)x\(height) pixels of \(bytesPerPixel) bytes overflow")
        }
        var raw: [UInt8] = []
        var rowsLeft = height
        for chunk in bitmap.chunks {
            let rows = chunk.rows ?? rowsLeft
            guard rows > 0, rows <= rowsLeft else {
                throw CARError(.outOfRange, "KCBC chunk", offset: chunk.data.base, "\(rows) rows, \(rowsLeft) left in the image")
            }
            if case .deepmap2 = bitmap.compression, let format = stored.deepmapFormat {
                let record = chunk.data.named("deepmap2 record of \(rendition.name)")
                raw += try Deepmap2Decoder.decodeStored(record, width: width, height: rows, format: format, bytesPerPixel: bytesPerPixel, scratch: &scratch)
            } else {
                raw += try inflate(chunk.data, bitmap.compression, size: rows * rowBytes)
            }
            rowsLeft -= rows
        }
        guard rowsLeft == 0 else {
            throw CARError(.truncated, where_, offset: rendition.offset, "the chunks cover \(height - rowsLeft) of \(height) rows")
        }
        let opaque = bitmap.flags & 2 != 0
        return raw.withUnsafeBytes { stored.image($0, width: width, height: height, rowBytes: rowBytes, opaque: opaque) }
    }

    private func inflate(_ data: CARBytes, _ compression: CARCompression, size: Int) throws(CARError) -> [UInt8] {
        do {
            switch compression {
            case .uncompressed:
                guard data.count >= size else {
                    throw CARError(.truncated, "uncompressed bitmap", offset: data.base, "\(data.count) bytes, the image needs \(size)")
                }
                return [UInt8](data.buffer[0..<size])
            case .lzfse:
                return try LZDecoder.lzfse(data.buffer, expectedSize: size)
            case .lzvn:
                if data.count >= 4, try data.tag(0).hasPrefix("bvx") {
                    return try LZDecoder.lzfse(data.buffer, expectedSize: size)
                }
                return try LZDecoder.lzvn(data.buffer, expectedSize: size)
            case .zip:
                // Deflate cannot expand more than 1032 to 1.
                guard size <= data.count.multipliedReportingOverflow(by: 1032).partialValue else {
                    throw CARError(.corruptStream, "zlib stream", offset: data.base, "\(data.count) bytes cannot hold \(size)")
                }
                var output = [UInt8](repeating: 0, count: size)
                let ok = output.withUnsafeMutableBytes { Deflate.decompress(data.buffer, into: $0) }
                guard ok else { throw CARError(.corruptStream, "zlib stream", offset: data.base, "the stream is damaged or has the wrong size") }
                return output
            default:
                throw CARError(.outOfRange, "bitmap", offset: data.base, "\(compression.name) is not a plain stream")
            }
        } catch let failure as LZDecoder.Failure {
            throw CARError(.corruptStream, "\(compression.name) stream", offset: data.base, failure.rawValue)
        } catch let error as CARError {
            throw error
        } catch {
            throw CARError(.corruptStream, "\(compression.name) stream", offset: data.base, "\(error)")
        }
    }

    /// `palette-img`: an LZFSE stream holding a palette header (`0xCAFEF00D`, version, colour count), the colours
    /// (4 bytes: alpha, red, green, blue, premultiplied) and one index per pixel (1, 2, 4, 8 or 16 bits) in
    /// 16-bit words, rows starting on a word.
    private func decodePalette(_ rendition: CARRendition, _ bitmap: CARBitmap) throws(CARError) -> DecodedImage {
        let width = rendition.width, height = rendition.height
        guard let piece = bitmap.chunks.first, bitmap.chunks.count == 1 else {
            throw CARError(.outOfRange, "palette-img of \(rendition.name)", offset: rendition.offset, "chunked palette images are not expected")
        }
        let limit = 10 + 65536 * 4 + width * height * 2 + 16
        let data: [UInt8]
        do {
            data = try LZDecoder.lzfse(piece.data.buffer, limit: limit)
        } catch {
            throw CARError(.corruptStream, "palette-img stream", offset: piece.data.base, error.rawValue)
        }
        let result = data.withUnsafeBytes { buffer in
            Result { () throws(CARError) -> DecodedImage in try Self.expandPalette(buffer, rendition, base: piece.data.base) }
        }
        return try result.get()
    }

    private static func expandPalette(_ buffer: UnsafeRawBufferPointer, _ rendition: CARRendition, base: Int)
        throws(CARError) -> DecodedImage
    {
        let width = rendition.width, height = rendition.height
        do {
            let view = CARBytes(buffer: buffer, base: base, structure: "palette-img of \(rendition.name) (decompressed)")
            guard try view.u32(0) == 0xCAFE_F00D else { throw view.error(.badMagic, at: 0, "expected the palette magic CAFEF00D") }
            let count = Int(try view.u16(8))
            let colors = try view.slice(10, 4 * count)
            let indexBytes = view.count - 10 - 4 * count
            let pixels = width * height
            var bits = 0
            var rowStride = 0
            // Indices fill 16-bit little-endian words from the most significant bit down (so with 8-bit
            // indices the first pixel is the word's high byte); each row starts on a new word.
            for candidate in [16, 8, 4, 2, 1] where candidate >= 8 || count <= 1 << candidate {
                let stride = 2 * ((width * candidate + 15) / 16)
                if indexBytes == height * stride {
                    bits = candidate
                    rowStride = stride
                    break
                }
            }
            guard bits > 0 else {
                throw view.error(.outOfRange, at: 10, "\(indexBytes) index bytes fit no index width for \(width)x\(height) pixels and \(count) colours")
            }
            let indices = try view.slice(10 + 4 * count, indexBytes)
            var output = [UInt8](repeating: 0, count: pixels * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let position = y * width + x
                    let bitInRow = x * bits
                    let wordOffset = y * rowStride + 2 * (bitInRow / 16)
                    let word = Int(indices.buffer[wordOffset]) | Int(indices.buffer[wordOffset + 1]) << 8
                    let index = (word >> (16 - bits - bitInRow % 16)) & ((1 << bits) - 1)
                    guard index < count else {
                        throw indices.error(.outOfRange, at: wordOffset, "colour index \(index) of \(count)")
                    }
                    output[4 * position] = colors.buffer[4 * index + 1]
                    output[4 * position + 1] = colors.buffer[4 * index + 2]
                    output[4 * position + 2] = colors.buffer[4 * index + 3]
                    output[4 * position + 3] = colors.buffer[4 * index]
                }
            }
            return DecodedImage(width: width, height: height, premultiplied: true, pixels: output)
        }
    }

    /// deepmap2 and deepmap-LZFSE: every chunk (or the whole bitmap) is one record covering its rows, decoded
    /// straight into the image's RGBA rows (``Deepmap2Decoder``, ``DeepmapLZFSEDecoder``): no copy, no conversion
    /// pass, and the tiles' scratch buffer is the decoder's, kept from one image to the next.
    private func decodeDeepmap(_ rendition: CARRendition, _ bitmap: CARBitmap, bytesPerPixel: Int) throws(CARError) -> DecodedImage {
        let width = rendition.width, height = rendition.height
        let rowBytes = width * 4
        var failure: CARError?
        // Every byte is written when decoding succeeds: the chunks must cover every row and the tiles every pixel.
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, initialized in
            initialized = 0
            do throws(CARError) {
                try writeDeepmap(rendition, bitmap, bytesPerPixel: bytesPerPixel, into: UnsafeMutableRawBufferPointer(buffer), wanted: nil)
                initialized = rowBytes * height
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return DecodedImage(width: width, height: height, premultiplied: true, pixels: pixels)
    }

    /// Writes a deepmap bitmap's RGBA rows into `output` (at least `width × height × 4` bytes). With `wanted`, a
    /// chunk or row of tiles whose rows (of the image, top first) it turns down is walked past, not decoded;
    /// `finished` hears of each range of the image's rows once written, top first.
    private func writeDeepmap(
        _ rendition: CARRendition, _ bitmap: CARBitmap, bytesPerPixel: Int, into output: UnsafeMutableRawBufferPointer,
        wanted: ((Range<Int>) -> Bool)?, finished: ((Range<Int>) -> Void)? = nil
    ) throws(CARError) {
        let width = rendition.width, height = rendition.height
        let rowBytes = width * 4
        var row = 0
        for chunk in bitmap.chunks {
            let rows = chunk.rows ?? (height - row)
            guard rows > 0, rows <= height - row else {
                throw CARError(.outOfRange, "KCBC chunk", offset: chunk.data.base, "\(rows) rows, \(height - row) left in the image")
            }
            defer { row += rows }
            if let wanted, !wanted(row..<(row + rows)) { continue }
            let first = row
            let inRecord = wanted.map { wanted in { (rows: Range<Int>) in wanted((rows.lowerBound + first)..<(rows.upperBound + first)) } }
            let doneInRecord = finished.map { finished in { (rows: Range<Int>) in finished((rows.lowerBound + first)..<(rows.upperBound + first)) } }
            let target = UnsafeMutableRawBufferPointer(rebasing: output[(row * rowBytes)...])
            let record = chunk.data.named("\(bitmap.compression.name) record of \(rendition.name)")
            if case .deepmap2 = bitmap.compression {
                try Deepmap2Decoder.decode(
                    record, width: width, height: rows, bytesPerPixel: bytesPerPixel, layout: .rgba, into: target, rowBytes: rowBytes,
                    scratch: &scratch, wanted: inRecord, finished: doneInRecord)
            } else {
                try DeepmapLZFSEDecoder.decode(
                    record, width: width, height: rows, bytesPerPixel: bytesPerPixel, layout: .rgba, into: target, rowBytes: rowBytes,
                    scratch: &scratch, wanted: inRecord, finished: doneInRecord)
            }
        }
        guard row == height else {
            throw CARError(.truncated, "bitmap of \(rendition.name)", offset: rendition.offset, "the chunks cover \(row) of \(height) rows")
        }
    }

    /// Decodes the pixels of bitmap rendition `index` into `pixels` as ``decode(_:)`` would return them (premultiplied
    /// 8-bit RGBA, rows `width × 4` bytes apart from the start), growing `pixels` when it is too small, so a caller
    /// that decodes many images keeps one buffer instead of allocating (and the kernel zeroing) one per image.
    ///
    /// Only the rows `wanted` accepts (ranges of the image's rows, top first) are promised: a deepmap bitmap's chunks
    /// and rows of tiles outside them are walked past, not decoded, and leave whatever `pixels` held there. Other
    /// encodings are decoded whole. Returns the image's size, or `nil` when the rendition holds no pixels it can
    /// decode (a reference, a file, a colour, or what ``decode(_:)`` gives as not decodable).
    ///
    /// `finished`, when given, hears of the rows as they are done, top first, each range once: a deepmap bitmap's
    /// rows of tiles just after they are written (still in the processor's caches, so a caller that reads them there,
    /// as `assetc diff` checksums crops, saves reading the image back from memory), other encodings' rows all at
    /// once at the end. It gets the rows, the pixels (`width × 4` bytes a row), and the image's width and height.
    package func decodeRows(
        _ index: Int, into pixels: inout [UInt8], wanted: @escaping (Range<Int>) -> Bool,
        finished: ((_ rows: Range<Int>, _ pixels: UnsafeRawBufferPointer, _ width: Int, _ height: Int) -> Void)? = nil
    ) throws(CARError) -> (width: Int, height: Int)? {
        let rendition = file.renditions[index]
        if let damage = rendition.damage { throw damage }
        let width = rendition.width, height = rendition.height
        if rendition.internalReference == nil, case .bitmap(let bitmap) = rendition.payload, width > 0, height > 0,
            width <= maxPixels / height, Self.undecodableReason(rendition) == nil,
            rendition.pixelFormat == "ARGB" || rendition.pixelFormat == "GA8"
        {
            switch bitmap.compression {
            case .deepmap2, .deepmapLZFSE:
                if pixels.count < width * height * 4 { pixels = [UInt8](repeating: 0, count: width * height * 4) }
                try pixels.withMutableBytes { output throws(CARError) in
                    let done = finished.map { finished in { (rows: Range<Int>) in finished(rows, UnsafeRawBufferPointer(output), width, height) } }
                    try writeDeepmap(
                        rendition, bitmap, bytesPerPixel: rendition.pixelFormat == "ARGB" ? 4 : 2, into: output, wanted: wanted, finished: done)
                }
                return (width, height)
            default:
                break
            }
        }
        guard rendition.internalReference == nil, case .image(let image) = try decode(index) else { return nil }
        pixels = image.pixels
        if let finished { pixels.withUnsafeBytes { finished(0..<image.height, $0, image.width, image.height) } }
        return (image.width, image.height)
    }

    /// CoreUI's `rle`: a header (a format word, width, height), one offset per row (from the record's start;
    /// identical rows share one), and per row a sequence of 32-bit control words: the low 31 bits count pixels,
    /// the top bit says whether one pixel follows to be repeated (a run) or that many pixels follow (literals).
    /// Every row must cover exactly `width` pixels.
    static func runLengthDecode(_ record: CARBytes, width: Int, height: Int, bytesPerPixel: Int) throws(CARError) -> [UInt8] {
        guard Int(try record.u32(4)) == width, Int(try record.u32(8)) == height else {
            throw record.error(.outOfRange, at: 4, "the RLE header's size differs from the rendition's \(width)x\(height)")
        }
        try record.require(12, 4 * height)
        var output = [UInt8](repeating: 0, count: width * height * bytesPerPixel)
        for row in 0..<height {
            var position = Int(try record.u32(12 + 4 * row))
            var x = 0
            var target = row * width * bytesPerPixel
            while x < width {
                let control = try record.u32(position)
                let count = Int(control & 0x7FFF_FFFF)
                guard count > 0, count <= width - x else {
                    throw record.error(.outOfRange, at: position, "a run of \(count) pixels at column \(x) of \(width)")
                }
                position += 4
                if control & 0x8000_0000 != 0 {
                    let pixel = try record.slice(position, bytesPerPixel)
                    for _ in 0..<count {
                        for byte in 0..<bytesPerPixel { output[target + byte] = pixel.buffer[byte] }
                        target += bytesPerPixel
                    }
                    position += bytesPerPixel
                } else {
                    let pixels = try record.slice(position, count * bytesPerPixel)
                    for byte in 0..<(count * bytesPerPixel) { output[target + byte] = pixels.buffer[byte] }
                    target += count * bytesPerPixel
                    position += count * bytesPerPixel
                }
                x += count
            }
        }
        return output
    }

    /// BGRA (ARGB format) or grey + alpha (GA8) rows with padding, to packed RGBA.
    static func toRGBA(_ raw: [UInt8], width: Int, height: Int, rowBytes: Int, bytesPerPixel: Int) -> DecodedImage {
        var output = [UInt8](repeating: 0, count: width * height * 4)
        raw.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    var from = y * rowBytes
                    var to = y * width * 4
                    if bytesPerPixel == 4 {
                        for _ in 0..<width {
                            target[to] = source[from + 2]
                            target[to + 1] = source[from + 1]
                            target[to + 2] = source[from]
                            target[to + 3] = source[from + 3]
                            from += 4
                            to += 4
                        }
                    } else {
                        for _ in 0..<width {
                            let grey = source[from], alpha = source[from + 1]
                            target[to] = grey
                            target[to + 1] = grey
                            target[to + 2] = grey
                            target[to + 3] = alpha
                            from += 2
                            to += 4
                        }
                    }
                }
            }
        }
        return DecodedImage(width: width, height: height, premultiplied: true, pixels: output)
    }

    /// The extension a raw payload is written under, from its pixel format, UTI or first bytes.
    public static func fileExtension(_ rendition: CARRendition, _ bytes: CARBytes) -> String {
        let head = [UInt8](bytes.buffer.prefix(12))
        if head.starts(with: [0x25, 0x50, 0x44, 0x46]) { return "pdf" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if head.count >= 12, head[4...7].elementsEqual(Array("ftyp".utf8)) { return "heic" }
        if head.starts(with: Array("<?xml".utf8)) || head.starts(with: Array("<svg".utf8)) { return "svg" }
        switch rendition.pixelFormat {
        case "PDF": return "pdf"
        case "JPEG": return "jpg"
        case "HEIF": return "heic"
        case "SVG": return "svg"
        default: return "data"
        }
    }
}
