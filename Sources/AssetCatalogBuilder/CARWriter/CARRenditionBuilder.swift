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
    static let layoutColor: UInt16 = 1009
    static let layoutMultisizeSet: UInt16 = 1010

    /// Compression numbers in MLEC (CoreUI's numbering, as the reader lists them).
    static let compressionNone: UInt32 = 0
    static let compressionLZFSE: UInt32 = 4

    /// Rows of a bitmap go in `KCBC` chunks of about this many uncompressed bytes.
    static let chunkBytes = 128 * 1024

    /// The header and info tags, then `payload`.
    static func value(
        name: String, flags: UInt32, width: Int, height: Int, scale: Int, pixelFormat: String?, colorSpace: UInt32,
        layout: UInt16, infoTags: [(tag: UInt32, bytes: [UInt8])], payload: [UInt8]
    ) -> [UInt8] {
        var tags: [UInt8] = []
        for tag in infoTags {
            BinaryWriter.appendLE32(&tags, tag.tag)
            BinaryWriter.appendLE32(&tags, UInt32(tag.bytes.count))
            tags += tag.bytes
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(184 + tags.count + payload.count)
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
        BinaryWriter.appendLE32(&bytes, UInt32(tags.count))
        BinaryWriter.appendLE32(&bytes, 1)
        BinaryWriter.appendLE32(&bytes, 0)
        BinaryWriter.appendLE32(&bytes, UInt32(payload.count))
        bytes += tags
        bytes += payload
        return bytes
    }

    /// The info tags Xcode writes for a bitmap: one slice, metrics, composition, EXIF orientation, bytes per row.
    static func bitmapTags(width: Int, height: Int, bytesPerRow: Int) -> [(tag: UInt32, bytes: [UInt8])] {
        var slices: [UInt8] = []
        for value in [1, 0, 0, width, height] { BinaryWriter.appendLE32(&slices, UInt32(value)) }
        var metrics: [UInt8] = []
        for value in [1, 0, 0, 0, 0, width, height] { BinaryWriter.appendLE32(&metrics, UInt32(value)) }
        var composition: [UInt8] = []
        BinaryWriter.appendLE32(&composition, 0)
        BinaryWriter.appendLE32(&composition, Float(1).bitPattern)
        var orientation: [UInt8] = []
        BinaryWriter.appendLE32(&orientation, 1)
        var rowBytes: [UInt8] = []
        BinaryWriter.appendLE32(&rowBytes, UInt32(bytesPerRow))
        return [(1001, slices), (1003, metrics), (1004, composition), (1006, orientation), (1007, rowBytes)]
    }

    /// A UTI info tag (1005): length, a zero word, the NUL-terminated text padded to four bytes.
    static func utiTag(_ uti: String) -> (tag: UInt32, bytes: [UInt8]) {
        var text = Array(uti.utf8) + [0]
        while text.count % 4 != 0 { text.append(0) }
        var bytes: [UInt8] = []
        BinaryWriter.appendLE32(&bytes, UInt32(uti.utf8.count + 1))
        BinaryWriter.appendLE32(&bytes, 0)
        return (1005, bytes + text)
    }

    /// Premultiplied RGBA pixels as an `MLEC` payload: `GA8` when every pixel is grey, else `ARGB` (BGRA
    /// bytes); rows in `KCBC` chunks, each an LZFSE stream, or all stored uncompressed when that is smaller.
    static func bitmap(_ image: DecodedImage) -> (pixelFormat: String, bytesPerRow: Int, payload: [UInt8]) {
        let grey = isGrey(image)
        let bytesPerPixel = grey ? 2 : 4
        let rowBytes = image.width * bytesPerPixel
        var raw = [UInt8](repeating: 0, count: rowBytes * image.height)
        image.pixels.withUnsafeBufferPointer { source in
            raw.withUnsafeMutableBufferPointer { target in
                let count = image.width * image.height
                if grey {
                    for pixel in 0..<count {
                        target[2 * pixel] = source[4 * pixel]
                        target[2 * pixel + 1] = source[4 * pixel + 3]
                    }
                } else {
                    for pixel in 0..<count {
                        target[4 * pixel] = source[4 * pixel + 2]
                        target[4 * pixel + 1] = source[4 * pixel + 1]
                        target[4 * pixel + 2] = source[4 * pixel]
                        target[4 * pixel + 3] = source[4 * pixel + 3]
                    }
                }
            }
        }
        let rowsPerChunk = max(1, chunkBytes / max(rowBytes, 1))
        var chunks: [(rows: Int, data: [UInt8])] = []
        var row = 0
        while row < image.height {
            let rows = min(rowsPerChunk, image.height - row)
            chunks.append((rows, LZVNEncoder.lzfseStream(Array(raw[(row * rowBytes)..<((row + rows) * rowBytes)]))))
            row += rows
        }
        let compressedSize = chunks.reduce(0) { $0 + 20 + $1.data.count }
        var payload: [UInt8] = []
        BinaryWriter.appendFourCC(&payload, "CELM")
        if compressedSize < raw.count {
            BinaryWriter.appendLE32(&payload, 1)
            BinaryWriter.appendLE32(&payload, compressionLZFSE)
            BinaryWriter.appendLE32(&payload, UInt32(chunks.count))
            for chunk in chunks {
                BinaryWriter.appendFourCC(&payload, "CBCK")
                BinaryWriter.appendLE32(&payload, 0)
                BinaryWriter.appendLE32(&payload, 0)
                BinaryWriter.appendLE32(&payload, UInt32(chunk.rows))
                BinaryWriter.appendLE32(&payload, UInt32(chunk.data.count))
                payload += chunk.data
            }
        } else {
            BinaryWriter.appendLE32(&payload, 0)
            BinaryWriter.appendLE32(&payload, compressionNone)
            BinaryWriter.appendLE32(&payload, UInt32(raw.count))
            payload += raw
        }
        return (grey ? "GA8 " : "ARGB", rowBytes, payload)
    }

    private static func isGrey(_ image: DecodedImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { pixels in
            var index = 0
            while index < pixels.count {
                if pixels[index] != pixels[index + 1] || pixels[index] != pixels[index + 2] { return false }
                index += 4
            }
            return true
        }
    }

    /// A `DWAR` payload holding `bytes` as they are.
    static func raw(_ bytes: [UInt8]) -> [UInt8] {
        var payload: [UInt8] = []
        BinaryWriter.appendFourCC(&payload, "RAWD")
        BinaryWriter.appendLE32(&payload, 0)
        BinaryWriter.appendLE32(&payload, UInt32(bytes.count))
        return payload + bytes
    }

    /// A `RLOC` payload: version, colour space, component count, components as doubles and, for a reference to
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
