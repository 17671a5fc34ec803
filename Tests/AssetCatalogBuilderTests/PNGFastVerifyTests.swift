import AssetCatalog
import AssetCatalogBuilder
import CPNG
import CPNGSupport
import Testing

// The fast verifier (Sources/CPNGSupport/acpng_verify.c) checked against libpng's row-by-row
// decode, which `acpng_inspect_with_options` still runs when `force_libpng` is set: for valid
// files every field of the inspection must be the same, for damaged ones the status.

private typealias F = PNGFixtures

// MARK: - Deterministic randomness

private struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }

    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }
}

// MARK: - Running both paths

/// What `acpng_inspect_with_options` reported; the message is informational and not compared.
private struct Outcome: Equatable, CustomStringConvertible {
    var status: UInt32
    /// Every field of the info (only on success).
    var fields: [Int]
    var message: String
    /// Whether the fast verifier ran (not compared).
    var usedFastVerifier = false
    /// Whether its whole-buffer path (libdeflate) proved the file sound (not compared).
    var usedWholeBuffer = false

    static func == (lhs: Outcome, rhs: Outcome) -> Bool { lhs.status == rhs.status && lhs.fields == rhs.fields }

    var description: String { "status \(status) \(fields) \"\(message)\"" }

    var isOK: Bool { status == ACPNG_OK.rawValue }
    var opaque: Int? { isOK ? fields[5] : nil }
}

private func inspect(
    _ file: [UInt8], libpng: Bool, streaming: Bool = false, bufferBytes: Int = 0, decode: Bool = true,
    maxPixels: UInt64 = 50_000_000
) -> Outcome {
    var options = acpng_inspect_options()
    options.decode_pixels = decode ? 1 : 0
    options.max_pixels = maxPixels
    options.force_libpng = libpng ? 1 : 0
    options.streaming_inflate = streaming ? 1 : 0
    options.verify_buffer_bytes = bufferBytes
    var info = acpng_info()
    defer { acpng_info_release(&info) }
    var message = [CChar](repeating: 0, count: 512)
    let status = file.withUnsafeBytes { raw in
        message.withUnsafeMutableBufferPointer { text in
            acpng_inspect_with_options(raw.baseAddress, raw.count, &options, &info, text.baseAddress, text.count)
        }
    }
    let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    let fast = options.used_fast_verifier != 0
    let whole = options.used_whole_buffer != 0
    guard status == ACPNG_OK else {
        return Outcome(status: status.rawValue, fields: [], message: text, usedFastVerifier: fast, usedWholeBuffer: whole)
    }
    let fields = [
        Int(info.header.width), Int(info.header.height), Int(info.header.bit_depth), Int(info.header.color_type),
        Int(info.header.interlace_method), Int(info.all_alpha_opaque), Int(info.has_alpha), Int(info.has_trns),
        Int(info.has_srgb), Int(info.srgb_intent), Int(info.has_gama), Int(info.has_chrm), Int(info.icc_status),
        info.icc_length,
    ]
    return Outcome(status: status.rawValue, fields: fields, message: text, usedFastVerifier: fast, usedWholeBuffer: whole)
}

/// Inspects with libpng, with the fast verifier as the inspector runs it (whole-buffer path first),
/// and with its streaming path alone at each buffer size (0 is the default), and expects the same
/// outcome from all. Returns libpng's, with `usedFastVerifier` and `usedWholeBuffer` from the
/// default run.
@discardableResult
private func expectSameOutcome(
    _ file: [UInt8], _ label: @autoclosure () -> String, bufferSizes: [Int] = [0],
    sourceLocation: SourceLocation = #_sourceLocation
) -> Outcome {
    var reference = inspect(file, libpng: true)
    #expect(!reference.usedFastVerifier, sourceLocation: sourceLocation)
    let standard = inspect(file, libpng: false)
    #expect(
        standard == reference, "\(label()), default: fast \(standard), libpng \(reference)",
        sourceLocation: sourceLocation)
    #expect(!standard.usedWholeBuffer || standard.isOK, sourceLocation: sourceLocation)
    for size in bufferSizes {
        let streamed = inspect(file, libpng: false, streaming: true, bufferBytes: size)
        #expect(
            streamed == reference, "\(label()), streaming, buffer \(size): fast \(streamed), libpng \(reference)",
            sourceLocation: sourceLocation)
        #expect(!streamed.usedWholeBuffer, sourceLocation: sourceLocation)
    }
    reference.usedFastVerifier = standard.usedFastVerifier
    reference.usedWholeBuffer = standard.usedWholeBuffer
    return reference
}

// MARK: - A test-side encoder

/// An image before filtering: packed rows exactly as PNG stores them, without filter bytes.
private struct RawImage {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: F.ColorType
    var rows: [UInt8]
    /// Chunks between IHDR and the first IDAT (PLTE, tRNS, ...), and between the last IDAT and IEND.
    var before: [[UInt8]] = []
    var after: [[UInt8]] = []
    /// The opacity the inspection must report (nil: no alpha to check).
    var expectedOpaque: Bool?

    var rowBytes: Int { F.bytesPerRow(width: width, bitDepth: bitDepth, colorType: colorType) }
    var bytesPerPixel: Int { max(1, colorType.channels * bitDepth / 8) }

    /// The scanlines with a filter type byte per row, filtered as `filter(row)` says (0...4).
    func filtered(_ filter: (Int) -> UInt8) -> [UInt8] {
        let stride = rowBytes
        let bpp = bytesPerPixel
        var result: [UInt8] = []
        result.reserveCapacity(height * (stride + 1))
        var prior = [UInt8](repeating: 0, count: stride)
        rows.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let type = filter(y)
                result.append(type)
                let row = Array(source[(y * stride)..<((y + 1) * stride)])
                result += F.filterRow(row, prior: prior, bytesPerPixel: bpp, type: type)
                prior = row
            }
        }
        return result
    }

    /// A PNG holding `zlibData` split into IDAT chunks at `splits` (offsets into the stream,
    /// repeats give empty IDATs).
    func file(zlibData: [UInt8], splits: [Int] = []) -> [UInt8] {
        var file = F.signature
        file += F.ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: false)
        for chunk in before { file += chunk }
        var start = 0
        for split in splits.sorted() + [zlibData.count] {
            let end = min(max(split, start), zlibData.count)
            file += chunk("IDAT", Array(zlibData[start..<end]))
            start = end
        }
        for chunk in after { file += chunk }
        return file + F.chunk("IEND", [])
    }
}

/// Packs samples (one Int per sample, row-major) into PNG rows.
private func pack(_ samples: [Int], width: Int, height: Int, channels: Int, bitDepth: Int) -> [UInt8] {
    let rowBytes = (width * channels * bitDepth + 7) / 8
    var rows = [UInt8](repeating: 0, count: rowBytes * height)
    let perRow = width * channels
    for y in 0..<height {
        for i in 0..<perRow {
            let value = samples[y * perRow + i]
            switch bitDepth {
            case 16:
                rows[y * rowBytes + 2 * i] = UInt8(value >> 8)
                rows[y * rowBytes + 2 * i + 1] = UInt8(value & 0xFF)
            case 8:
                rows[y * rowBytes + i] = UInt8(value)
            default:
                let bit = i * bitDepth
                rows[y * rowBytes + bit / 8] |= UInt8(value << (8 - bitDepth - bit % 8))
            }
        }
    }
    return rows
}

private let validDepths: [(F.ColorType, [Int])] = [
    (.gray, [1, 2, 4, 8, 16]), (.rgb, [8, 16]), (.palette, [1, 2, 4, 8]), (.grayAlpha, [8, 16]), (.rgba, [8, 16]),
]

/// A random image: smooth, noisy or flat samples; for alpha (channel, tRNS) types fully opaque
/// except, when `translucent`, at one random pixel.
private func randomImage(
    _ rng: inout SplitMix64, width: Int, height: Int, colorType: F.ColorType, bitDepth: Int,
    transparency: Bool, translucent: Bool
) -> RawImage {
    let maximum = (1 << bitDepth) - 1
    let channels = colorType.channels
    let style = rng.int(0...3)
    let (slopeX, slopeY) = (rng.int(0...5), rng.int(0...5))
    func sample(_ x: Int, _ y: Int, _ c: Int, _ rng: inout SplitMix64) -> Int {
        switch style {
        case 0: return Int(rng.next() & UInt64(maximum))
        case 1: return (x * slopeX + y * slopeY + c * 17) & maximum
        case 2: return (x * slopeX + y * slopeY + c * 17 + rng.int(0...3)) & maximum
        default: return (c * 91 + 7) & maximum
        }
    }
    var samples = [Int](repeating: 0, count: width * height * channels)
    for y in 0..<height {
        for x in 0..<width {
            for c in 0..<channels { samples[(y * width + x) * channels + c] = sample(x, y, c, &rng) }
        }
    }
    let spot = rng.int(0...(width * height - 1))
    var image = RawImage(width: width, height: height, bitDepth: bitDepth, colorType: colorType, rows: [])

    switch colorType {
    case .grayAlpha, .rgba:
        for pixel in 0..<(width * height) { samples[pixel * channels + channels - 1] = maximum }
        if translucent { samples[spot * channels + channels - 1] = rng.int(0...(maximum - 1)) }
        image.expectedOpaque = !translucent
    case .palette:
        let paletteSize = rng.int(min(2, maximum + 1)...(maximum + 1))
        image.before.append(F.plte((0..<paletteSize).map { _ in (rng.byte(), rng.byte(), rng.byte()) }))
        let indexLimit = rng.chance(10) ? maximum : paletteSize - 1  // sometimes beyond the palette
        if transparency {
            let count = rng.int(1...paletteSize)
            let clear = rng.int(0...(count - 1))
            let alphas = (0..<count).map { $0 == clear ? UInt8(rng.int(0...254)) : 255 }
            image.before.append(F.trns(alphas))
            for pixel in 0..<(width * height) {
                var index = rng.int(0...indexLimit)
                if index == clear { index = (clear + 1) % (indexLimit + 1) }
                samples[pixel] = index
            }
            if translucent { samples[spot] = clear }
            image.expectedOpaque = !translucent
        } else {
            for pixel in 0..<(width * height) { samples[pixel] = rng.int(0...indexLimit) }
        }
    case .gray:
        if transparency {
            // tRNS holds 16 bits; libpng compares the value masked to the bit depth.
            let stored = bitDepth < 16 && rng.chance(15) ? rng.int(0...65535) : rng.int(0...maximum)
            let key = stored & maximum
            image.before.append(F.trns(F.bigEndian16(UInt16(stored))))
            for pixel in 0..<(width * height) where samples[pixel] == key { samples[pixel] = key ^ 1 }
            if translucent { samples[spot] = key }
            image.expectedOpaque = !translucent
        }
    case .rgb:
        if transparency {
            let stored = (0..<3).map { _ in bitDepth == 8 && rng.chance(15) ? rng.int(0...65535) : rng.int(0...maximum) }
            let key = stored.map { $0 & maximum }
            image.before.append(F.trns(stored.flatMap { F.bigEndian16(UInt16($0)) }))
            for pixel in 0..<(width * height) where Array(samples[(pixel * 3)..<(pixel * 3 + 3)]) == key {
                samples[pixel * 3 + 2] ^= 1
            }
            if translucent { samples.replaceSubrange((spot * 3)..<(spot * 3 + 3), with: key) }
            image.expectedOpaque = !translucent
        }
    }
    image.rows = pack(samples, width: width, height: height, channels: channels, bitDepth: bitDepth)
    return image
}

/// `PNGFixtures.chunk` with zlib's CRC-32 (the fixture's bitwise one is slow on megabytes).
private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    return F.bigEndian(UInt32(data.count)) + body + F.bigEndian(crc)
}

/// Offsets of every chunk: (type, offset of the length field, data length).
private func chunkLayout(_ file: [UInt8]) -> [(type: String, offset: Int, length: Int)] {
    var result: [(String, Int, Int)] = []
    var position = 8
    while position + 12 <= file.count {
        let length = Int(F.readBigEndian(file, at: position))
        guard length <= file.count - position - 12 else { break }
        result.append((String(decoding: file[(position + 4)..<(position + 8)], as: UTF8.self), position, length))
        position += 12 + length
    }
    return result
}

/// Rewrites the CRC of the chunk at `offset` to match its contents.
private func fixCRC(_ file: inout [UInt8], chunkAt offset: Int) {
    let length = Int(F.readBigEndian(file, at: offset))
    let crc = file.withUnsafeBufferPointer { bytes in
        UInt32(crc32(0, bytes.baseAddress! + offset + 4, uInt(length + 4)))
    }
    file.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: F.bigEndian(crc))
}

/// A handful of images (every colour type, one IDAT or several, small and larger than libpng's
/// 8 KiB read size) to damage.
private func baseFiles() -> [(String, [UInt8])] {
    var rng = SplitMix64(state: 77)
    var result: [(String, [UInt8])] = []
    let specs: [(F.ColorType, Int, Int, Int, Bool)] = [
        (.rgb, 8, 24, 24, false), (.rgba, 8, 40, 30, false), (.rgba, 16, 9, 7, false), (.palette, 4, 33, 10, true),
        (.gray, 1, 70, 5, false), (.grayAlpha, 8, 120, 80, false), (.gray, 16, 11, 13, true), (.rgb, 8, 90, 60, true),
    ]
    for (index, (colorType, depth, width, height, transparency)) in specs.enumerated() {
        let image = randomImage(
            &rng, width: width, height: height, colorType: colorType, bitDepth: depth, transparency: transparency,
            translucent: index % 2 == 0)
        let zlibData = Deflate.compress(image.filtered { UInt8(($0 + index) % 5) }, level: index % 3 == 0 ? 1 : 9)
        let splits = index % 2 == 0 ? [] : [zlibData.count / 3, zlibData.count - 3]
        result.append(("\(colorType) \(depth)-bit \(width)x\(height) #\(index)", image.file(zlibData: zlibData, splits: splits)))
    }
    return result
}

// MARK: - Valid images

@Suite("PNG fast verification: valid images")
struct PNGFastVerifyValidTests {
    @Test func everyLayoutAndFilterType() {
        var rng = SplitMix64(state: 1)
        for (colorType, depths) in validDepths {
            for depth in depths {
                for transparency in colorType == .rgba || colorType == .grayAlpha ? [false] : [false, true] {
                    for (width, height) in [(1, 1), (3, 2), (17, 5), (64, 9)] {
                        for translucent in [false, true] {
                            let image = randomImage(
                                &rng, width: width, height: height, colorType: colorType, bitDepth: depth,
                                transparency: transparency, translucent: translucent)
                            for filter in UInt8(0)...4 {
                                let file = image.file(zlibData: Deflate.compress(image.filtered { _ in filter }))
                                let label = "\(colorType) \(depth)-bit tRNS \(transparency) \(width)x\(height) filter \(filter)"
                                let outcome = expectSameOutcome(file, label, bufferSizes: [0, 1, 7])
                                #expect(outcome.isOK && outcome.usedFastVerifier && outcome.usedWholeBuffer, "\(label): \(outcome)")
                                #expect(outcome.opaque == image.expectedOpaque.map { $0 ? 1 : 0 } ?? -1, "\(label)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func randomImages() {
        var rng = SplitMix64(state: 20_261_122)
        for round in 0..<300 {
            let (colorType, depths) = rng.pick(validDepths)
            let depth = rng.pick(depths)
            let large = rng.chance(25)
            let width = large ? rng.int(1...300) : rng.int(1...40)
            let height = large ? rng.int(1...200) : rng.int(1...40)
            var image = randomImage(
                &rng, width: width, height: height, colorType: colorType, bitDepth: depth,
                transparency: rng.chance(60), translucent: rng.chance(50))
            if rng.chance(30) { image.before.append(F.srgb(intent: UInt8(rng.int(0...3)))) }
            if rng.chance(20) { image.before.append(F.gama()) }
            if rng.chance(30) { image.after.append(F.text("Comment", "round \(round)")) }
            if rng.chance(10) {
                // APNG: the default image is the IDAT stream, further frames are fdAT chunks.
                let control = F.chunk("fcTL", [UInt8](repeating: 0, count: 26))
                image.before += [F.chunk("acTL", F.bigEndian(2) + F.bigEndian(0)), control]
                image.after += [control, F.chunk("fdAT", F.bigEndian(1) + [0x78, 0x9C, 3, 0, 0, 0, 0, 1])]
            }
            let mode = rng.int(0...5)  // 0...4: one filter type for all rows; 5: random per row
            var filterRNG = SplitMix64(state: rng.next())
            let raw = image.filtered { _ in mode == 5 ? UInt8(filterRNG.int(0...4)) : UInt8(mode) }
            let windowBits = rng.chance(70) ? 15 : rng.int(9...15)
            let zlibData = Deflate.compress(
                raw, level: rng.pick([0, 1, 6, 9]), windowBits: Int32(windowBits),
                strategy: rng.pick([Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED]))
            let splits = (0..<rng.pick([0, 0, 1, 3])).map { _ in rng.int(0...zlibData.count) }
            let file = image.file(zlibData: zlibData, splits: splits)
            let label = "round \(round): \(colorType) \(depth)-bit \(width)x\(height) mode \(mode) splits \(splits)"
            let outcome = expectSameOutcome(file, label, bufferSizes: [0, 1, rng.int(2...5000)])
            #expect(outcome.isOK, "\(label): \(outcome)")
            // Only streams declaring a window smaller than the image data are left to libpng.
            #expect(outcome.usedFastVerifier == (windowBits == 15 || 1 << windowBits >= raw.count), "\(label)")
            #expect(outcome.usedWholeBuffer == outcome.usedFastVerifier, "\(label)")
            #expect(outcome.opaque == image.expectedOpaque.map { $0 ? 1 : 0 } ?? -1, "\(label)")
        }
    }

    @Test func translucentPixelAnywhereInALargeImage() throws {
        // 480 KB of 16-bit RGBA: more than the default buffer, so rows are streamed.
        var rng = SplitMix64(state: 5)
        for _ in 0..<4 {
            let image = randomImage(
                &rng, width: 300, height: 200, colorType: .rgba, bitDepth: 16, transparency: false, translucent: true)
            let file = image.file(zlibData: Deflate.compress(image.filtered { UInt8($0 % 5) }, level: 1))
            let outcome = expectSameOutcome(file, "300x200 RGBA16", bufferSizes: [0, 100, 70_000])
            #expect(outcome.opaque == 0 && outcome.usedFastVerifier && outcome.usedWholeBuffer)
            #expect(try PNGInspector.inspect(file, decodePixels: true).get().isFullyOpaque == false)
        }
    }

    @Test func rowsLargerThanTheBuffer() throws {
        // One row of 70000 RGBA pixels is 280 KB, more than the default 256 KiB buffer.
        var rng = SplitMix64(state: 6)
        for translucent in [false, true] {
            let image = randomImage(
                &rng, width: 70000, height: 3, colorType: .rgba, bitDepth: 8, transparency: false,
                translucent: translucent)
            let file = image.file(zlibData: Deflate.compress(image.filtered { UInt8($0 + 2) }, level: 1))
            let outcome = expectSameOutcome(file, "70000x3 RGBA8", bufferSizes: [0, 5000])
            #expect(outcome.opaque == (translucent ? 0 : 1) && outcome.usedFastVerifier && outcome.usedWholeBuffer)
        }
    }

    @Test func imageDataAbove64MiBIsStreamed() throws {
        // 4100 x 4100 gray-alpha 16-bit: 4 bytes a pixel, 67.2 MB of image data, more than the
        // whole-buffer path takes; the streaming path verifies it within its 256 KiB buffer.
        let width = 4100, height = 4100
        let rowBytes = width * 4
        var raw = [UInt8](repeating: 0xFF, count: height * (rowBytes + 1))
        for y in 0..<height { raw[y * (rowBytes + 1)] = 0 }
        let image = RawImage(width: width, height: height, bitDepth: 16, colorType: .grayAlpha, rows: [])
        let file = image.file(zlibData: Deflate.compress(raw, level: 1))
        let outcome = inspect(file, libpng: false)
        #expect(outcome.isOK && outcome.usedFastVerifier && !outcome.usedWholeBuffer, "\(outcome)")
        #expect(outcome.opaque == 1)
        // One byte less of image data is the same error on both paths.
        let short = image.file(zlibData: Deflate.compress(Array(raw.dropLast()), level: 1))
        #expect(inspect(short, libpng: false).status == ACPNG_ERR_CORRUPT.rawValue)
    }

    @Test func libpngsLeniencyIsLeftToTheStreamingPath() {
        // libpng accepts more image data than the image needs ("Too much image data" is a
        // warning); the whole-buffer path only proves exact streams, so the streaming path decides.
        var rng = SplitMix64(state: 12)
        let image = randomImage(
            &rng, width: 30, height: 20, colorType: .rgb, bitDepth: 8, transparency: false, translucent: false)
        let raw = image.filtered { _ in 1 }
        let outcome = expectSameOutcome(image.file(zlibData: Deflate.compress(raw + [0, 0, 0])), "3 extra bytes")
        #expect(outcome.isOK && outcome.usedFastVerifier && !outcome.usedWholeBuffer, "\(outcome)")
    }

    @Test func publicInspectorUsesTheFastPathWithTheSameResults() throws {
        var rng = SplitMix64(state: 8)
        let image = randomImage(
            &rng, width: 20, height: 10, colorType: .palette, bitDepth: 2, transparency: true, translucent: true)
        let file = image.file(zlibData: Deflate.compress(image.filtered { _ in 4 }))
        let result = try PNGInspector.inspect(file, decodePixels: true).get()
        #expect(result.colorType == .palette && result.bitDepth == 2 && result.width == 20 && result.height == 10)
        #expect(result.hasAlphaChannel && result.isFullyOpaque == false)
    }
}

// MARK: - Damaged images

@Suite("PNG fast verification: damaged images")
struct PNGFastVerifyDamageTests {
    @Test func flippedIDATByteIsACRCError() throws {
        for (name, file) in baseFiles() {
            for chunk in chunkLayout(file) where chunk.type == "IDAT" && chunk.length > 0 {
                for position in Set([0, chunk.length / 2, chunk.length - 1]) {
                    var damaged = file
                    damaged[chunk.offset + 8 + position] ^= 0x10
                    let outcome = expectSameOutcome(damaged, "\(name) IDAT byte \(position)")
                    #expect(outcome.status == ACPNG_ERR_CORRUPT.rawValue)
                    let fast = inspect(damaged, libpng: false)
                    #expect(fast.message == "IDAT: CRC error", "\(name): \(fast)")
                }
            }
        }
    }

    @Test func flippedByteWithAValidCRC() {
        // zlib error, checksum mismatch, bad filter or different image data: whatever libpng
        // makes of it, the fast path must agree.
        var rng = SplitMix64(state: 3)
        var errors = 0
        var total = 0
        for (name, file) in baseFiles() {
            let idats = chunkLayout(file).filter { $0.type == "IDAT" }
            for chunk in idats where chunk.length > 0 {
                let positions = chunk.length <= 64 ? Array(0..<chunk.length) : (0..<64).map { _ in rng.int(0...(chunk.length - 1)) }
                for position in positions {
                    var damaged = file
                    damaged[chunk.offset + 8 + position] ^= UInt8(1 << rng.int(0...7))
                    fixCRC(&damaged, chunkAt: chunk.offset)
                    let outcome = expectSameOutcome(damaged, "\(name) IDAT byte \(position)", bufferSizes: [0, 3])
                    // libpng only looks at the Adler-32 when it comes with the end of the image data;
                    // for files with one IDAT of at most 8 KiB it always does.
                    if idats.count == 1 && chunk.length <= 8192 {
                        total += 1
                        if !outcome.isOK { errors += 1 }
                    }
                }
            }
        }
        // Then nearly every flip is caught (by zlib's checks, the image size or the filter types).
        #expect(total > 100 && errors * 10 > total * 9, "\(errors) errors in \(total) damaged files")
    }

    @Test func truncatedAtEveryLength() throws {
        for (name, file) in baseFiles() {
            let firstIDAT = try #require(chunkLayout(file).first { $0.type == "IDAT" }).offset
            let step = file.count > 3000 ? 7 : 1
            for length in stride(from: 0, to: file.count, by: step) {
                let outcome = expectSameOutcome(Array(file.prefix(length)), "\(name) cut at \(length)")
                if length >= firstIDAT {
                    #expect(outcome.status == ACPNG_ERR_TRUNCATED.rawValue, "\(name) cut at \(length): \(outcome)")
                }
            }
        }
    }

    @Test func missingIEND() {
        for (name, file) in baseFiles() {
            let outcome = expectSameOutcome(Array(file.dropLast(12)), "\(name) without IEND")
            #expect(outcome.status == ACPNG_ERR_TRUNCATED.rawValue)
            #expect(inspect(Array(file.dropLast(12)), libpng: false).message.contains("truncated"))
        }
    }

    @Test func badFilterTypeWithAValidCRC() {
        var rng = SplitMix64(state: 4)
        for (colorType, depths) in validDepths {
            for depth in depths {
                let image = randomImage(
                    &rng, width: 13, height: 6, colorType: colorType, bitDepth: depth, transparency: true,
                    translucent: rng.chance(50))
                for badRow in [0, 3, 5] {
                    for value in [UInt8(5), 6, 128, 255] {
                        let raw = image.filtered { $0 == badRow ? 0 : UInt8($0 % 5) }
                        var patched = raw
                        patched[badRow * (image.rowBytes + 1)] = value
                        let file = image.file(zlibData: Deflate.compress(patched))
                        let label = "\(colorType) \(depth)-bit filter \(value) in row \(badRow)"
                        let outcome = expectSameOutcome(file, label, bufferSizes: [0, 1, 20])
                        #expect(outcome.status == ACPNG_ERR_CORRUPT.rawValue, "\(label)")
                        #expect(inspect(file, libpng: false).message.contains("filter"), "\(label)")
                    }
                }
            }
        }
    }

    @Test func wrongAmountOfImageData() {
        var rng = SplitMix64(state: 9)
        for (colorType, depths) in validDepths {
            let image = randomImage(
                &rng, width: 21, height: 9, colorType: colorType, bitDepth: depths.last!, transparency: false,
                translucent: false)
            let raw = image.filtered { UInt8($0 % 5) }
            for (change, expectOK) in [(-1, false), (-(image.rowBytes + 1), false), (-raw.count + 1, false), (1, true), (image.rowBytes + 1, true), (5000, true)] {
                let data = change < 0 ? Array(raw.dropLast(-change)) : raw + [UInt8](repeating: 0, count: change)
                let zlibData = Deflate.compress(data)
                for splits in [[], [zlibData.count / 2]] {
                    let file = image.file(zlibData: zlibData, splits: splits)
                    let label = "\(colorType) image data \(change > 0 ? "+" : "")\(change) bytes, splits \(splits)"
                    let outcome = expectSameOutcome(file, label, bufferSizes: [0, 2])
                    // Too much data is only a warning in libpng ("Too much image data").
                    #expect(outcome.isOK == expectOK, "\(label): \(outcome)")
                }
            }
        }
    }

    @Test func endOfTheZlibStream() throws {
        var rng = SplitMix64(state: 10)
        let image = randomImage(
            &rng, width: 150, height: 70, colorType: .rgba, bitDepth: 8, transparency: false, translucent: false)
        let zlibData = Deflate.compress(image.filtered { UInt8($0 % 5) }, level: 0)  // > 8 KiB: several read pieces
        let n = zlibData.count
        // Where the IDAT boundaries fall decides how much of the stream's end libpng looks at; the
        // fast path must match it everywhere.
        // libpng also reads each IDAT in 8 KiB pieces: n - 8194 puts a piece boundary two bytes
        // before the end of the last IDAT.
        let splitChoices: [[Int]] = [
            [], [n - 4], [n - 2], [n - 6], [n - 8192], [n - 8193], [n - 8194], [n - 16387], [8192 * 2 - 3],
            [n - 1, n - 1],
        ]
        for splits in splitChoices {
            // A bad Adler-32 (each byte of it).
            for position in (n - 4)..<n {
                var damaged = zlibData
                damaged[position] ^= 0x40
                expectSameOutcome(image.file(zlibData: damaged, splits: splits), "adler byte \(position - n), \(splits)")
            }
            // The stream's last bytes missing.
            for missing in 1...6 {
                expectSameOutcome(
                    image.file(zlibData: Array(zlibData.dropLast(missing)), splits: splits),
                    "\(missing) bytes missing, \(splits)")
            }
            // Bytes after the end of the stream, in the last IDAT and in another IDAT: accepted, by
            // the whole-buffer path too.
            let junk = zlibData + [1, 2, 3, 4, 5]
            let junkOutcome = expectSameOutcome(image.file(zlibData: junk, splits: splits), "junk, \(splits)")
            #expect(junkOutcome.isOK && junkOutcome.usedWholeBuffer)
            let junkIDAT = expectSameOutcome(image.file(zlibData: junk, splits: splits + [n]), "junk IDAT, \(splits)")
            #expect(junkIDAT.isOK && junkIDAT.usedWholeBuffer)
        }
        // In a single IDAT smaller than 8 KiB, a bad checksum is an error, with zlib's message.
        let small = randomImage(
            &rng, width: 16, height: 16, colorType: .rgb, bitDepth: 8, transparency: false, translucent: false)
        var damaged = Deflate.compress(small.filtered { _ in 1 })
        damaged[damaged.count - 1] ^= 1
        let outcome = expectSameOutcome(small.file(zlibData: damaged), "small, bad checksum")
        #expect(outcome.status == ACPNG_ERR_CORRUPT.rawValue)
        #expect(inspect(small.file(zlibData: damaged), libpng: false).message == "IDAT: incorrect data check")
        // A stream that is flushed but never finished.
        for splits in [[], [10]] {
            let unfinished = Deflate.compress(small.filtered { _ in 2 }, finish: false)
            let result = expectSameOutcome(small.file(zlibData: unfinished, splits: splits), "unfinished \(splits)")
            #expect(result.status == ACPNG_ERR_CORRUPT.rawValue)
        }
    }

    @Test func windowSizeComesFromTheZlibHeader() {
        // A stream that refers further back than its header's window size allows is corrupt for
        // libpng (it inflates with the declared window), so it must be for the fast path too.
        let rows = (0..<40).flatMap { y in [UInt8(0)] + (0..<300).map { UInt8(truncatingIfNeeded: ($0 * 7) ^ (y % 2)) } }
        let image = RawImage(width: 100, height: 40, bitDepth: 8, colorType: .rgb, rows: [])
        var zlibData = Deflate.compress(rows, level: 9, windowBits: 15)
        #expect(expectSameOutcome(image.file(zlibData: zlibData), "as compressed").isOK)
        zlibData[0] = 0x08  // CINFO 0: a 256-byte window
        let check = (Int(zlibData[0]) << 8 | Int(zlibData[1] & 0xE0)) % 31
        zlibData[1] = (zlibData[1] & 0xE0) | UInt8(check == 0 ? 0 : 31 - check)
        let outcome = expectSameOutcome(image.file(zlibData: zlibData), "256-byte window")
        #expect(outcome.status == ACPNG_ERR_CORRUPT.rawValue)

        // libpng's encoder declares small windows for small images (at least the data size).
        var rng = SplitMix64(state: 11)
        // Larger images with small windows are left to libpng (see acpng_verify_applies).
        for bits in Int32(9)...15 {
            for (width, height) in [(12, 11), (100, 40)] {
                let small = randomImage(
                    &rng, width: width, height: height, colorType: .rgb, bitDepth: 8, transparency: false,
                    translucent: false)
                let file = small.file(zlibData: Deflate.compress(small.filtered { _ in 1 }, windowBits: bits))
                let outcome = expectSameOutcome(file, "\(width)x\(height), window bits \(bits)")
                #expect(outcome.isOK)
                #expect(outcome.usedFastVerifier == (bits == 15 || width * height * 3 + height <= 1 << bits))
            }
        }
    }

    @Test func chunksAfterTheImageData() {
        let image = RawImage(
            width: 4, height: 3, bitDepth: 8, colorType: .rgba, rows: [UInt8](repeating: 255, count: 48))
        let zlibData = Deflate.compress(image.filtered { _ in 0 })
        func file(after: [[UInt8]], end: [UInt8] = F.chunk("IEND", [])) -> [UInt8] {
            var copy = image
            copy.after = after
            return Array(copy.file(zlibData: zlibData).dropLast(12)) + end
        }
        var badCRC = F.text("a", "b")
        badCRC[badCRC.count - 1] ^= 1
        let cases: [(String, [UInt8], UInt32)] = [
            ("IHDR", file(after: [F.ihdr(width: 4, height: 3, bitDepth: 8, colorType: .rgba, interlaced: false)]), ACPNG_ERR_CORRUPT.rawValue),
            ("unknown critical chunk", file(after: [F.chunk("ZZZZ", [1, 2, 3])]), ACPNG_OK.rawValue),
            ("PLTE", file(after: [F.plte([(1, 2, 3)])]), ACPNG_OK.rawValue),
            ("IDAT after text", file(after: [F.text("a", "b"), F.chunk("IDAT", [9, 9])]), ACPNG_OK.rawValue),
            ("bad ancillary CRC", file(after: [badCRC]), ACPNG_ERR_CORRUPT.rawValue),
            ("invalid type", file(after: [F.bigEndian(0) + [0x61, 0x62, 0x31, 0x63] + F.bigEndian(0)]), ACPNG_ERR_CORRUPT.rawValue),
            ("length above 2^31-1", file(after: [F.bigEndian(0x8000_0000) + Array("tEXt".utf8) + [0, 0, 0, 0]]), ACPNG_ERR_CORRUPT.rawValue),
            ("length beyond the file", file(after: [F.bigEndian(1000) + Array("tEXt".utf8) + [0, 0, 0, 0]]), ACPNG_ERR_TRUNCATED.rawValue),
            ("IEND with data", file(after: [], end: F.chunk("IEND", [1, 2])), ACPNG_OK.rawValue),
            ("data after IEND", file(after: []) + [1, 2, 3], ACPNG_OK.rawValue),
            ("IEND with bad CRC", Array(file(after: []).dropLast()) + [0], ACPNG_ERR_CORRUPT.rawValue),
        ]
        for (label, bytes, status) in cases {
            let outcome = expectSameOutcome(bytes, label)
            #expect(outcome.status == status, "\(label): \(outcome)")
        }
    }

    @Test func chunkSizeLimitsAfterTheImageData() {
        // libpng refuses chunks above its chunk_malloc_max (16 MiB here) before reading them.
        let image = RawImage(width: 2, height: 2, bitDepth: 8, colorType: .rgb, rows: [UInt8](repeating: 3, count: 12))
        let zlibData = Deflate.compress(image.filtered { _ in 0 })
        let size = 16 * 1024 * 1024
        for type in ["tEXt", "IDAT"] {
            for extra in [0, 1] {
                var copy = image
                copy.after = [chunk(type, [UInt8](repeating: 0x41, count: size + extra))]
                expectSameOutcome(copy.file(zlibData: zlibData), "\(type) of 16 MiB + \(extra)")
            }
        }
    }

    @Test func randomMutations() {
        var rng = SplitMix64(state: 12)
        var kinds: [UInt32: Int] = [:]
        for (name, file) in baseFiles() {
            let layout = chunkLayout(file)
            let firstIDAT = layout.first { $0.type == "IDAT" }!.offset
            for round in 0..<150 {
                var bytes = file
                // Mostly from the image data on: before it, both paths are libpng.
                for _ in 0...rng.int(0...3) {
                    let index = rng.chance(90) ? rng.int(firstIDAT...(bytes.count - 1)) : rng.int(0...(bytes.count - 1))
                    bytes[index] = rng.chance(50) ? rng.byte() : bytes[index] ^ 1
                }
                if rng.chance(60) {
                    for chunk in chunkLayout(bytes) where chunk.offset >= firstIDAT { fixCRC(&bytes, chunkAt: chunk.offset) }
                }
                if rng.chance(20) { bytes = Array(bytes.prefix(rng.int(firstIDAT...bytes.count))) }
                let outcome = expectSameOutcome(bytes, "\(name) mutation \(round)", bufferSizes: [0, 5])
                kinds[outcome.status, default: 0] += 1
            }
        }
        #expect(kinds.count >= 3, "\(kinds)")
    }

    @Test func pixelLimitIsCheckedBeforeAnything() {
        let file = F.claimedSize(width: 100_000, height: 100_000)
        for libpng in [false, true] {
            #expect(inspect(file, libpng: libpng).status == ACPNG_ERR_TOO_LARGE.rawValue)
        }
    }
}
