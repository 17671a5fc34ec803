import AssetCatalog

/// One rendition ready to be written: its key (attribute → value) and its `CTSI` value bytes.
struct CompiledRendition: Sendable {
    var key: RenditionKey
    var value: [UInt8]
    /// Whether this rendition wins when another one has the same key (a `mac` entry folded into the
    /// universal key on macOS beats a universal entry).
    var preferred = false
}

/// Builds `CTSI` rendition values: the 184-byte header, the info tags, then an `MLEC` bitmap, a `DWAR` raw
/// payload, a `RLOC` colour or a `SISM` multisize set.
enum CSIBuilder {
    /// Layouts (CoreUI's numbering, see docs/CAR-FORMAT.md).
    static let layoutImage: UInt16 = 12
    static let layoutVector: UInt16 = 9
    static let layoutRawData: UInt16 = 1000
    static let layoutInternalReference: UInt16 = 1003
    static let layoutPackedAtlas: UInt16 = 1004
    static let layoutColor: UInt16 = 1009
    static let layoutMultisizeSet: UInt16 = 1010

    /// Uncompressed, in MLEC's numbering (the others are ``BitmapPayload``'s).
    static let compressionNone: UInt32 = 0

    /// The header and info tags, then `payload`.
    static func value(
        name: String, flags: UInt32, width: Int, height: Int, scale: Int, pixelFormat: String?, colorSpace: UInt32,
        layout: UInt16, infoTags: [(tag: UInt32, bytes: [UInt8])], payload: [UInt8]
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize(infoTags) + payload.count)
        appendHeader(
            &bytes, name: name, flags: flags, width: width, height: height, scale: scale, pixelFormat: pixelFormat,
            colorSpace: colorSpace, layout: layout, infoTags: infoTags, payloadCount: payload.count)
        bytes += payload
        return bytes
    }

    /// The size of the header and `infoTags`: where the payload starts.
    static func headerSize(_ infoTags: [(tag: UInt32, bytes: [UInt8])]) -> Int {
        infoTags.reduce(184) { $0 + 8 + $1.bytes.count }
    }

    /// Appends the header and info tags of a value whose payload (appended next) is `payloadCount` bytes.
    static func appendHeader(
        _ bytes: inout [UInt8], name: String, flags: UInt32, width: Int, height: Int, scale: Int, pixelFormat: String?,
        colorSpace: UInt32, layout: UInt16, infoTags: [(tag: UInt32, bytes: [UInt8])], payloadCount: Int
    ) {
        BinaryWriter.appendFourCC(&bytes, "CTSI")
        BinaryWriter.appendLE32(&bytes, 1)
        BinaryWriter.appendLE32(&bytes, flags)
        BinaryWriter.appendLE32(&bytes, UInt32(width))
        BinaryWriter.appendLE32(&bytes, UInt32(height))
        BinaryWriter.appendLE32(&bytes, UInt32(scale * 100))
        if let pixelFormat { BinaryWriter.appendFourCC(&bytes, pixelFormat) } else { BinaryWriter.appendLE32(&bytes, 0) }
        BinaryWriter.appendLE32(&bytes, colorSpace & 0xF)
        // Modification time: Xcode writes 0 too; a wall-clock stamp would break byte-identical output.
        BinaryWriter.appendLE32(&bytes, 0)
        BinaryWriter.appendLE16(&bytes, layout)
        BinaryWriter.appendLE16(&bytes, 0)
        BinaryWriter.appendFixed(&bytes, name, width: 128)
        BinaryWriter.appendLE32(&bytes, UInt32(headerSize(infoTags) - 184))
        BinaryWriter.appendLE32(&bytes, 1)
        BinaryWriter.appendLE32(&bytes, 0)
        BinaryWriter.appendLE32(&bytes, UInt32(payloadCount))
        for tag in infoTags {
            BinaryWriter.appendLE32(&bytes, tag.tag)
            BinaryWriter.appendLE32(&bytes, UInt32(tag.bytes.count))
            bytes += tag.bytes
        }
    }

    /// The info tags Xcode writes for a bitmap: one slice, metrics, composition, EXIF orientation, bytes per row.
    static func bitmapTags(width: Int, height: Int, bytesPerRow: Int?) -> [(tag: UInt32, bytes: [UInt8])] {
        var slices: [UInt8] = []
        for value in [1, 0, 0, width, height] { BinaryWriter.appendLE32(&slices, UInt32(value)) }
        var metrics: [UInt8] = []
        for value in [1, 0, 0, 0, 0, width, height] { BinaryWriter.appendLE32(&metrics, UInt32(value)) }
        var tags: [(tag: UInt32, bytes: [UInt8])] = [(1001, slices), (1003, metrics), compositionTag(opacity: 1), orientationTag]
        // A JPEG or HEIF rendition has no rows of its own, and no 1007 (Flex, SwiftUITestProject1, MediaMate).
        if let bytesPerRow {
            var rowBytes: [UInt8] = []
            BinaryWriter.appendLE32(&rowBytes, UInt32(bytesPerRow))
            tags.append((1007, rowBytes))
        }
        return tags
    }

    /// The composition tag (1004): blend mode 0 (normal) and the opacity as a 32-bit float.
    static func compositionTag(opacity: Float) -> (tag: UInt32, bytes: [UInt8]) {
        var bytes: [UInt8] = []
        BinaryWriter.appendLE32(&bytes, 0)
        BinaryWriter.appendLE32(&bytes, opacity.bitPattern)
        return (1004, bytes)
    }

    /// The EXIF orientation tag (1006): 1, upright.
    static let orientationTag: (tag: UInt32, bytes: [UInt8]) = (1006, [1, 0, 0, 0])

    /// The info tags Xcode gives a rendition without pixels of its own (a colour, a gradient, a multisize set):
    /// composition normal with opacity 0 (1004) and orientation 1 (1006). Seen on every such rendition of sudoku
    /// (Xcode 26) and on heliport's multisize set (Xcode 13).
    static let pixellessTags: [(tag: UInt32, bytes: [UInt8])] = [compositionTag(opacity: 0), orientationTag]

    /// A UTI info tag (1005): length, a zero word, the NUL-terminated text padded to four bytes.
    static func utiTag(_ uti: String) -> (tag: UInt32, bytes: [UInt8]) {
        var text = Array(uti.utf8) + [0]
        while text.count % 4 != 0 { text.append(0) }
        var bytes: [UInt8] = []
        BinaryWriter.appendLE32(&bytes, UInt32(uti.utf8.count + 1))
        BinaryWriter.appendLE32(&bytes, 0)
        return (1005, bytes + text)
    }

    /// A bitmap rendition's whole value from premultiplied RGBA pixels: the header, `infoTags(bytesPerRow)` and
    /// an `MLEC` payload, `GA8` when every pixel is grey, else `ARGB` (BGRA bytes), compressed as `compression`
    /// says (``BitmapPayload``), or all stored uncompressed when that is smaller.
    ///
    /// The pixels are converted once, straight into their place in an uncompressed value sized up front, and
    /// the encoders read them from there: a bitmap that does not shrink (noise, photographs) costs no copy.
    /// Only when compression wins is a second, smaller value built.
    static func bitmapValue(
        _ image: consuming DecodedImage, name: String, flags: UInt32, scale: Int, layout: UInt16, compression: BitmapCompression,
        infoTags: (_ bytesPerRow: Int) -> [(tag: UInt32, bytes: [UInt8])]
    ) -> [UInt8] {
        let format = BitmapFormat(copy image)
        // The source pixels are not needed once converted: freed before compressing, so a worker holds one copy of a
        // large bitmap (an atlas of a million pixels is 4 MB) while it compresses, not two (peak RSS, issue 24).
        var source: DecodedImage? = image
        return bitmapValue(
            width: source!.width, height: source!.height, grey: format == .grey, name: name, flags: flags, scale: scale,
            layout: layout, compression: compression, infoTags: infoTags
        ) { pixels in
            format.convert(source!.pixels, into: pixels)
            source = nil
        }
    }

    /// A bitmap rendition's whole value from pixels `fill` writes straight into its place in the uncompressed value:
    /// `GA8` (grey, then alpha; two bytes a pixel) when `grey`, else `ARGB` (premultiplied BGRA bytes), rows from the
    /// top with no padding. A packed atlas is drawn this way, in the order the car stores it, so its pixels are not
    /// converted and copied again (issue 24). The rest is as ``bitmapValue(_:name:flags:scale:layout:compression:infoTags:)``
    /// makes it.
    static func bitmapValue(
        width: Int, height: Int, grey: Bool, name: String, flags: UInt32, scale: Int, layout: UInt16, compression: BitmapCompression,
        infoTags: (_ bytesPerRow: Int) -> [(tag: UInt32, bytes: [UInt8])], fill: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) -> [UInt8] {
        let format: BitmapFormat = grey ? .grey : .argb
        let rowBytes = width * format.bytesPerPixel
        let pixelBytes = rowBytes * height
        let tags = infoTags(rowBytes)
        let pixelsAt = headerSize(tags) + 16
        func appendHeader(_ bytes: inout [UInt8], payloadCount: Int, infoTags tags: [(tag: UInt32, bytes: [UInt8])] = tags) {
            CSIBuilder.appendHeader(
                &bytes, name: name, flags: flags, width: width, height: height, scale: scale,
                pixelFormat: format.pixelFormat, colorSpace: format.colorSpace, layout: layout, infoTags: tags,
                payloadCount: payloadCount)
        }
        let uncompressed = [UInt8](unsafeUninitializedCapacity: pixelsAt + pixelBytes) { buffer, initialized in
            var head: [UInt8] = []
            head.reserveCapacity(pixelsAt)
            appendHeader(&head, payloadCount: 16 + pixelBytes)
            BinaryWriter.appendFourCC(&head, "CELM")
            BinaryWriter.appendLE32(&head, 0)
            BinaryWriter.appendLE32(&head, compressionNone)
            BinaryWriter.appendLE32(&head, UInt32(pixelBytes))
            assert(head.count == pixelsAt)
            _ = UnsafeMutableBufferPointer(rebasing: buffer[..<pixelsAt]).initialize(fromContentsOf: head)
            fill(UnsafeMutableBufferPointer(rebasing: buffer[pixelsAt...]))
            initialized = buffer.count
        }
        return uncompressed.withUnsafeBufferPointer { value in
            let pixels = UnsafeBufferPointer(rebasing: value[pixelsAt...])
            let encoded = BitmapPayload.make(
                pixels, width: width, height: height, bytesPerPixel: format.bytesPerPixel, compression: compression)
            // As before: compressed when the payload (its headers included) takes fewer bytes than the pixels.
            guard let encoded, encoded.parts.count - 16 < pixelBytes else { return uncompressed }
            let payload = encoded.parts
            var bytes: [UInt8] = []
            bytes.reserveCapacity(pixelsAt - 16 + payload.count)
            // The row bytes Xcode writes beside the payload (BitmapPayload.Encoded.bytesPerRow; the same size of tag,
            // so the same header size).
            appendHeader(&bytes, payloadCount: payload.count, infoTags: encoded.bytesPerRow == rowBytes ? tags : infoTags(encoded.bytesPerRow))
            payload.write(to: &bytes)
            return bytes
        }
    }

    /// Whether every pixel of RGBA `pixels` is grey (red = green = blue): such a bitmap is stored `GA8`.
    static func isGrey(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBufferPointer { pixels in
            var index = 0
            while index + 3 < pixels.count {
                if pixels[index] != pixels[index + 1] || pixels[index] != pixels[index + 2] { return false }
                index += 4
            }
            return true
        }
    }

    /// How a bitmap's pixels are stored: `GA8` (grey and alpha) when every pixel is grey, else `ARGB`.
    enum BitmapFormat {
        case grey
        case argb

        init(_ image: DecodedImage) {
            self = CSIBuilder.isGrey(image.pixels) ? .grey : .argb
        }

        var bytesPerPixel: Int { self == .grey ? 2 : 4 }
        var pixelFormat: String { self == .grey ? "GA8 " : "ARGB" }
        /// The CSI header's colour space: 1 sRGB, 2 grey.
        var colorSpace: UInt32 { self == .grey ? 2 : 1 }

        /// Writes RGBA `source` as this format's bytes into `target` (`bytesPerPixel` bytes a pixel). `GA8` takes the
        /// first byte and alpha, so grey BGRA pixels convert alike.
        func convert(_ source: [UInt8], into target: UnsafeMutableBufferPointer<UInt8>) {
            source.withUnsafeBytes { source in
                let target = UnsafeMutableRawBufferPointer(target)
                let count = source.count / 4
                switch self {
                case .grey:
                    for pixel in 0..<count {
                        target[2 * pixel] = source[4 * pixel]
                        target[2 * pixel + 1] = source[4 * pixel + 3]
                    }
                case .argb:
                    Self.swapRedAndBlue(source, into: target)
                }
            }
        }

        /// Writes RGBA `source` as BGRA (the bytes of `ARGB`) into `target`, which has at least as many bytes, a 32-bit
        /// word at a time (the order of the bytes, not of the numbers).
        static func swapRedAndBlue(_ source: UnsafeRawBufferPointer, into target: UnsafeMutableRawBufferPointer) {
            for pixel in 0..<(source.count / 4) {
                let rgba = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: 4 * pixel, as: UInt32.self))
                let bgra = rgba & 0xFF00_FF00 | (rgba & 0xFF) << 16 | (rgba >> 16) & 0xFF
                target.storeBytes(of: bgra.littleEndian, toByteOffset: 4 * pixel, as: UInt32.self)
            }
        }
    }

    /// A `DWAR` payload holding `bytes` as they are; `compressed` marks them as an LZFSE stream (version word 1, as
    /// Xcode 26 stores an Icon Composer icon's SVG layers).
    static func raw(_ bytes: [UInt8], compressed: Bool = false) -> [UInt8] {
        var payload: [UInt8] = []
        BinaryWriter.appendFourCC(&payload, "RAWD")
        BinaryWriter.appendLE32(&payload, compressed ? 1 : 0)
        BinaryWriter.appendLE32(&payload, UInt32(bytes.count))
        return payload + bytes
    }

    /// A `RLOC` payload: version, colour space, component count, components as the doubles given (callers narrow them
    /// to 32-bit floats first where the Xcode they follow does: ``ColorValue/narrowedToFloat``) and, for a reference to
    /// a system colour, the "substitute" field (bits 8–10 of the colour-space word) set to 1 and a second `RLOC`
    /// record after the components: version 1, the name's length, the name in UTF-8 without a terminator. This is
    /// what CoreUI's `CSIGenerator` writes and `_CUIThemeColorRendition` reads (docs/CAR-FORMAT.md); the
    /// components stay as the fallback CoreUI draws when the running system does not know the name.
    static func color(colorSpace: UInt32, components: [Double], systemColorName: String? = nil) -> [UInt8] {
        var payload: [UInt8] = []
        let name = systemColorName.map { Array($0.utf8) } ?? []
        BinaryWriter.appendFourCC(&payload, "COLR")
        BinaryWriter.appendLE32(&payload, 1)
        BinaryWriter.appendLE32(&payload, (colorSpace & 0xFF) | (name.isEmpty ? 0 : 1 << 8))
        BinaryWriter.appendLE32(&payload, UInt32(components.count))
        for component in components { BinaryWriter.appendLE64(&payload, component.bitPattern) }
        if !name.isEmpty {
            BinaryWriter.appendFourCC(&payload, "COLR")
            BinaryWriter.appendLE32(&payload, 1)
            BinaryWriter.appendLE32(&payload, UInt32(name.count))
            payload += name
        }
        return payload
    }

    /// A `SISM` payload: the sizes (in points) an app icon comes in, each with its index and idiom.
    static func multisizeSet(_ entries: [(width: Int, height: Int, index: Int, idiom: UInt16)]) -> [UInt8] {
        var payload: [UInt8] = []
        BinaryWriter.appendFourCC(&payload, "MSIS")
        BinaryWriter.appendLE32(&payload, 1)
        BinaryWriter.appendLE32(&payload, UInt32(entries.count))
        for entry in entries {
            BinaryWriter.appendLE32(&payload, UInt32(entry.width))
            BinaryWriter.appendLE32(&payload, UInt32(entry.height))
            BinaryWriter.appendLE16(&payload, UInt16(entry.index))
            BinaryWriter.appendLE16(&payload, entry.idiom)
        }
        return payload
    }
}
