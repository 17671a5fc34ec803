import AssetCatalog
import Testing

@testable import AssetCatalogBuilder

/// `CSIBuilder.bitmapValue` builds a bitmap rendition in one buffer; these tests hold it to the bytes of the
/// straightforward construction it replaced (kept below as `Reference`): grey and colour, one chunk and many,
/// rows longer than a chunk or an LZFSE block, noise that is stored and patterns that compress, and both in
/// one image.
@Suite("Bitmap rendition values")
struct BitmapValueTests {
    /// Premultiplied RGBA: `pixel(x, y)` gives straight RGBA, premultiplied here as the decoder does.
    static func image(width: Int, height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> DecodedImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                for channel in [r, g, b] { pixels.append(UInt8((Int(channel) * Int(a) + 127) / 255)) }
                pixels.append(a)
            }
        }
        return DecodedImage(width: width, height: height, premultiplied: true, pixels: pixels)
    }

    static func noise(seed: UInt64) -> (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) {
        var generator = SplitMix(seed: seed)
        return { _, _ in
            let word = generator.next()
            return (UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word >> 16), 255)
        }
    }

    static var cases: [(label: String, image: DecodedImage)] {
        let greyNoise = noise(seed: 5)
        let mixedNoise = noise(seed: 6)
        let wideNoise = noise(seed: 7)
        return [
            ("1x1 colour", image(width: 1, height: 1) { _, _ in (200, 10, 30, 128) }),
            ("72x72 noise, stored", image(width: 72, height: 72, noise(seed: 1))),
            ("grey stripes, compressed", image(width: 64, height: 40) { x, y in let v = UInt8(x / 8 * 30); return (v, v, v, y < 20 ? 255 : 128) }),
            ("grey noise, stored", image(width: 48, height: 48) { x, y in let v = greyNoise(x, y).0; return (v, v, v, 255) }),
            ("flat colour, compressed", image(width: 90, height: 30) { _, _ in (12, 200, 99, 255) }),
            // Rows of 1,200 bytes: 109 rows to a chunk, four chunks; noise above a flat band, so some chunks are
            // stored inside a compressed payload.
            ("noise then flat, several chunks", image(width: 300, height: 400) { x, y in y < 120 ? mixedNoise(x, y) : (40, 50, 60, 255) }),
            ("noise, several chunks, stored", image(width: 300, height: 300, noise(seed: 2))),
            // A row of 160,000 bytes: one row to a chunk, each larger than `chunkBytes`.
            ("rows longer than a chunk", image(width: 40_000, height: 3) { x, y in y == 0 ? wideNoise(x, y) : (UInt8(x % 7), 1, 2, 255) }),
            // A row of 1.2 MB: chunks of two LZFSE blocks, the first noise (stored), the second a pattern.
            ("row longer than an LZFSE block", image(width: 300_000, height: 1) { x, y in x < 270_000 ? wideNoise(x, y) : (UInt8(x % 5), 3, 4, 255) }),
        ]
    }

    @Test func theValueIsByteIdenticalToTheReferenceConstruction() {
        for (label, image) in Self.cases {
            let tags = { (bytesPerRow: Int) in CSIBuilder.bitmapTags(width: image.width, height: image.height, bytesPerRow: bytesPerRow) }
            let value = CSIBuilder.bitmapValue(
                image, name: "image.png", flags: 16, scale: 2, layout: CSIBuilder.layoutImage, compression: .lzfse, infoTags: tags)
            let bitmap = Reference.bitmap(image)
            let expected = CSIBuilder.value(
                name: "image.png", flags: 16, width: image.width, height: image.height, scale: 2, pixelFormat: bitmap.pixelFormat,
                colorSpace: bitmap.pixelFormat == "ARGB" ? 1 : 2, layout: CSIBuilder.layoutImage,
                infoTags: tags(bitmap.bytesPerRow), payload: bitmap.payload)
            #expect(value == expected, "\(label)")
        }
    }

    @Test func theCasesReachEveryKindOfPayload() {
        var kinds: Set<String> = []
        for (_, image) in Self.cases {
            let payload = Reference.bitmap(image)
            // MLEC version 1 is compressed, 0 stored; within a compressed payload a chunk may be stored.
            let compressed = payload.payload[4] == 1
            kinds.insert("\(payload.pixelFormat) \(compressed ? "compressed" : "stored")")
            if compressed && Self.contains(payload.payload, Array("bvx-".utf8)) { kinds.insert("stored block in a compressed payload") }
        }
        // LZFSE's entropy stage shrinks grey noise (its alpha is constant): no grey bitmap is stored. Noise above a
        // flat band, its rows padded to 32 bytes, has a chunk of noise stored inside a compressed payload.
        #expect(kinds == ["ARGB compressed", "ARGB stored", "GA8  compressed", "stored block in a compressed payload"])
    }

    static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
        return false
    }

    @Test func anIncompressibleStreamIsTheInputInStoredBlocks() {
        var generator = SplitMix(seed: 9)
        for count in [0, 1, 5_000, LZVNEncoder.blockSize, LZVNEncoder.blockSize + 3] {
            let input = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var expected: [UInt8] = []
            var start = 0
            while start < count {
                let end = min(count, start + LZVNEncoder.blockSize)
                expected += Array("bvx-".utf8)
                BinaryWriter.appendLE32(&expected, UInt32(end - start))
                expected += input[start..<end]
                start = end
            }
            expected += Array("bvx$".utf8)
            #expect(input.withUnsafeBufferPointer { LZVNEncoder.lzfseStream(compressing: $0) } == nil, "\(count) bytes")
            #expect(LZVNEncoder.lzfseStream(input) == expected, "\(count) bytes")
            #expect(LZVNEncoder.storedStreamSize(count) == expected.count, "\(count) bytes")
        }
    }

    /// Blocks are independent (entries an earlier block left in the hash table read as empty), so a stored block written late, once a
    /// later block has compressed, must give the bytes of the two blocks framed one after the other.
    @Test func aStoredBlockBeforeACompressedOneKeepsItsPlace() throws {
        let noise = Array(CARCompilerTests.noiseThenPattern[..<LZVNEncoder.blockSize])
        let pattern = Array(CARCompilerTests.noiseThenPattern[LZVNEncoder.blockSize...])
        let compressedPattern = LZVNEncoder.lzfseStream(pattern)
        #expect(Array(compressedPattern.prefix(4)) == Array("bvxn".utf8))
        var expected: [UInt8] = []
        noise.withUnsafeBufferPointer { LZVNEncoder.appendStoredStream($0, to: &expected) }
        expected = expected.dropLast(4) + compressedPattern
        #expect(LZVNEncoder.lzfseStream(CARCompilerTests.noiseThenPattern) == expected)
    }

    /// The construction `bitmapValue` replaced (assetc before the one-buffer bitmap): convert into a new array, copy
    /// each chunk out, compress it (LZFSE, as the one-buffer bitmap now does for LZFSE targets), join the chunks into
    /// a payload.
    enum Reference {
        static func bitmap(_ image: DecodedImage) -> (pixelFormat: String, bytesPerRow: Int, payload: [UInt8]) {
            let pixels = image.pixels
            var grey = true
            for index in stride(from: 0, to: pixels.count, by: 4) where pixels[index] != pixels[index + 1] || pixels[index] != pixels[index + 2] {
                grey = false
                break
            }
            let bytesPerPixel = grey ? 2 : 4
            let rowBytes = image.width * bytesPerPixel
            var raw = [UInt8](repeating: 0, count: rowBytes * image.height)
            for pixel in 0..<(image.width * image.height) {
                if grey {
                    raw[2 * pixel] = image.pixels[4 * pixel]
                    raw[2 * pixel + 1] = image.pixels[4 * pixel + 3]
                } else {
                    raw[4 * pixel] = image.pixels[4 * pixel + 2]
                    raw[4 * pixel + 1] = image.pixels[4 * pixel + 1]
                    raw[4 * pixel + 2] = image.pixels[4 * pixel]
                    raw[4 * pixel + 3] = image.pixels[4 * pixel + 3]
                }
            }
            // LZFSE rows padded with zeros to 32 bytes, as Xcode stores them.
            let paddedRowBytes = (rowBytes + 31) / 32 * 32
            var padded: [UInt8] = []
            for row in 0..<image.height {
                padded += raw[(row * rowBytes)..<((row + 1) * rowBytes)]
                padded += [UInt8](repeating: 0, count: paddedRowBytes - rowBytes)
            }
            let rowsPerChunk = BitmapPayload.rowsPerChunk(rowBytes: paddedRowBytes, height: image.height)
            var chunks: [(rows: Int, data: [UInt8])] = []
            var row = 0
            while row < image.height {
                let rows = min(rowsPerChunk, image.height - row)
                chunks.append((rows, LZFSEEncoder.compress(Array(padded[(row * paddedRowBytes)..<((row + rows) * paddedRowBytes)]), effort: .thorough)))
                row += rows
            }
            let compressedSize = chunks.reduce(0) { $0 + 20 + $1.data.count }
            var payload: [UInt8] = []
            BinaryWriter.appendFourCC(&payload, "CELM")
            if compressedSize < raw.count {
                BinaryWriter.appendLE32(&payload, 1)
                BinaryWriter.appendLE32(&payload, BitmapPayload.compressionLZFSE)
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
                BinaryWriter.appendLE32(&payload, CSIBuilder.compressionNone)
                BinaryWriter.appendLE32(&payload, UInt32(raw.count))
                payload += raw
                return (grey ? "GA8 " : "ARGB", rowBytes, payload)
            }
            return (grey ? "GA8 " : "ARGB", paddedRowBytes, payload)
        }
    }
}
