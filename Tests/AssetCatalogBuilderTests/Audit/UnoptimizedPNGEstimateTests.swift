import AssetCatalog
@testable import AssetCatalogBuilder
import CPNG
import CPNGSupport
import Testing

private typealias F = PNGFixtures

/// The cheap evidence `unoptimized-png` decides from before it re-encodes a file: the chunk sizes the
/// inspection records, and the estimate of the image data filtered anew.
@Suite("unoptimized-png: data profile and estimate")
struct UnoptimizedPNGEstimateTests {
    /// An RGB image as PNG rows (filter byte 0, then the samples) from a pixel function.
    static func rows(width: Int, height: Int, _ sample: (Int, Int, Int) -> UInt8) -> [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity(height * (1 + width * 3))
        for y in 0..<height {
            rows.append(0)
            for x in 0..<width {
                for channel in 0..<3 { rows.append(sample(x, y, channel)) }
            }
        }
        return rows
    }

    static func file(width: Int, height: Int, zlibData: [UInt8], extra: [[UInt8]] = []) -> [UInt8] {
        F.signature + F.ihdr(width: width, height: height, bitDepth: 8, colorType: .rgb, interlaced: false)
            + extra.joined() + F.chunk("IDAT", zlibData) + F.chunk("IEND", [])
    }

    static func profile(_ file: [UInt8], estimate: Bool = true) throws -> PNGDataProfile {
        let inspection = try PNGInspector.inspect(
            file, decodePixels: true, recompressionEstimate: estimate ? RecompressionEstimatePolicy() : nil
        ).get()
        return try #require(inspection.dataProfile)
    }

    /// A deterministic byte stream.
    struct Noise {
        var state: UInt64
        mutating func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test func chunkSizesAreRecordedWithoutTheEstimate() throws {
        let raw = Self.rows(width: 16, height: 16) { x, y, _ in UInt8((x * 16 + y) & 0xFF) }
        let zlibData = Deflate.compress(raw)
        let text = F.text("Comment", String(repeating: "x", count: 500))
        let file = Self.file(width: 16, height: 16, zlibData: zlibData, extra: [F.srgb(intent: 0), text])
        let profile = try Self.profile(file, estimate: false)
        #expect(profile.imageDataBytes == zlibData.count)
        #expect(profile.droppableBytes == text.count, "tEXt is dropped, sRGB is kept")
        #expect(profile.isStored == nil && profile.refilteredEstimate == nil)
    }

    @Test func storedDataIsRecognised() throws {
        let raw = Self.rows(width: 40, height: 30) { x, _, channel in UInt8((x * 5 + channel) & 0xFF) }
        #expect(try Self.profile(Self.file(width: 40, height: 30, zlibData: F.zlibStored(raw))).isStored == true)
        #expect(try Self.profile(Self.file(width: 40, height: 30, zlibData: Deflate.compress(raw))).isStored == false)
    }

    @Test func noiseIsEstimatedAtAboutItsRawSize() throws {
        var noise = Noise(state: 7)
        let raw = Self.rows(width: 64, height: 64) { _, _, _ in noise.next() }
        let profile = try Self.profile(Self.file(width: 64, height: 64, zlibData: Deflate.compress(raw)))
        let estimate = try #require(profile.refilteredEstimate)
        // 12,288 random bytes: about 8 bits each; no filter helps.
        #expect(estimate > 11_900 && estimate < 12_400, "\(estimate)")
    }

    @Test func aGradientStoredWithoutFiltersIsEstimatedMuchSmaller() throws {
        // Rows that rise by 3 per pixel: the Sub filter turns them into a constant.
        let raw = Self.rows(width: 100, height: 60) { x, y, channel in UInt8((x * 3 + y * 7 + channel * 50) & 0xFF) }
        let profile = try Self.profile(Self.file(width: 100, height: 60, zlibData: Deflate.compress(raw, level: 1)))
        let estimate = try #require(profile.refilteredEstimate)
        // Only the first pixel of each row (60 x 3 bytes) is not predicted.
        #expect(estimate < 500, "\(estimate) bytes for 18,000 bytes of samples that filter to a constant")
    }

    @Test func largeImagesAreEstimatedFromASample() throws {
        // 256 x 256 RGB is 192 KiB of samples: every 8th row is sampled.
        var noise = Noise(state: 11)
        let raw = Self.rows(width: 256, height: 256) { x, _, _ in UInt8(x & 0xF0) | (noise.next() & 0x0F) }
        let estimate = try #require(
            try Self.profile(Self.file(width: 256, height: 256, zlibData: Deflate.compress(raw))).refilteredEstimate)
        // The heuristic picks Average for almost every row: it leaves each byte's 4 noise bits minus the
        // mean of two neighbours' (4.63 bits a byte, counted over the same rows by a script); the
        // high nibble, 4 more bits of raw entropy, vanishes.
        let samples = 256.0 * 256 * 3
        #expect(Double(estimate) > samples * 4.5 / 8 && Double(estimate) < samples * 4.8 / 8, "\(estimate)")
    }

    @Test func vectorAndScalarFilterSumsAgree() {
        var noise = Noise(state: 99)
        for bpp in [1, 2, 3, 4, 6, 8] {
            for count in [1, 5, 15, 16, 17, 33, 100, 257] where count >= 1 {
                for pattern in 0..<3 {
                    // Random bytes, extremes (0 and 255 next to each other), and a smooth ramp.
                    let make: (Int) -> UInt8 = { i in
                        switch pattern {
                        case 0: return noise.next()
                        case 1: return noise.next() & 1 == 0 ? 0 : 255
                        default: return UInt8(truncatingIfNeeded: i * 3)
                        }
                    }
                    let row = (0..<count).map(make)
                    let prior = (0..<count).map(make)
                    var vector = [UInt64](repeating: 0, count: 5)
                    var scalar = [UInt64](repeating: 1, count: 5)
                    acpng_filter_magnitude_sums(row, prior, count, bpp, 0, &vector)
                    acpng_filter_magnitude_sums(row, prior, count, bpp, 1, &scalar)
                    #expect(vector == scalar, "bpp \(bpp), \(count) bytes, pattern \(pattern)")
                }
            }
        }
    }

    @Test func wellCompressedDataIsNotEstimated() throws {
        // A flat image compresses to almost nothing: under the policy's share of the raw data.
        let raw = Self.rows(width: 64, height: 64) { _, _, _ in 0x80 }
        let file = Self.file(width: 64, height: 64, zlibData: Deflate.compress(raw))
        let policy = RecompressionEstimatePolicy(minImageDataRatio: 0.3)
        let profile = try #require(
            try PNGInspector.inspect(file, decodePixels: true, recompressionEstimate: policy).get().dataProfile)
        #expect(profile.isStored == false && profile.refilteredEstimate == nil)
        // Without the threshold it is estimated (at almost nothing).
        #expect(try Self.profile(file).refilteredEstimate.map { $0 < 100 } == true)
    }

    @Test func theReaderEstimatesOnlyWhatTheRuleMayMeasure() throws {
        #expect(Auditor().readerOptions().recompressionEstimate == RecompressionEstimatePolicy(minFileBytes: 4096, minImageDataRatio: 0.3))
        let off = try AuditConfiguration.parse(yaml: "rules:\n  unoptimized-png: off\n")
        #expect(Auditor(configuration: off).readerOptions().recompressionEstimate == nil)
        #expect(Auditor(rules: [MissingFileRule.self]).readerOptions().recompressionEstimate == nil)
        // The loosest of the catalogs' settings wins, so no catalog misses an estimate it needs.
        let loose = try AuditConfiguration.parse(yaml: "rules:\n  unoptimized-png:\n    min-bytes: 1000\n    candidate-ratio: 0.1\n")
        let policy = Auditor(configuration: off, catalogConfigurations: ["A.xcassets": loose]).readerOptions()
            .recompressionEstimate
        #expect(policy == RecompressionEstimatePolicy(minFileBytes: 1000, minImageDataRatio: 0.1))
    }

    // MARK: - The decision

    private func worth(
        idat: Int, dropped: Int = 0, stored: Bool? = false, estimate: Int?, raw: Int = 10_000, file: Int,
        minSaving: Double = 0.5
    ) -> Bool {
        UnoptimizedPNGRule.worthMeasuring(
            PNGDataProfile(imageDataBytes: idat, droppableBytes: dropped, isStored: stored, refilteredEstimate: estimate),
            rawBytes: raw, fileBytes: file, minSaving: minSaving, candidateRatio: 0.3)
    }

    @Test func whatIsWorthMeasuring() {
        // Metadata alone reaches the saving: measured, whatever the image data.
        #expect(worth(idat: 1_000, dropped: 6_000, estimate: 900, file: 7_100))
        // Well-compressed image data (under 30% of raw) and little metadata: not measured.
        #expect(!worth(idat: 2_000, estimate: 100, file: 2_100))
        // Weakly compressed, but stored, or not estimated: measured.
        #expect(worth(idat: 9_000, stored: true, estimate: 8_900, file: 9_100))
        #expect(worth(idat: 9_000, stored: nil, estimate: nil, file: 9_100))
        #expect(worth(idat: 9_000, estimate: nil, file: 9_100))
        // The encoder already did about as well as the estimate: structure the estimate cannot see.
        #expect(worth(idat: 9_000, estimate: 7_500, file: 9_100))
        // Noise-like data (the benchmark's): the estimate leaves 62% of the file; half is asked for.
        #expect(!worth(idat: 9_000, estimate: 5_600, file: 9_100))
        // ...but a 30% saving is within reach, so it is measured.
        #expect(worth(idat: 9_000, estimate: 5_600, file: 9_100, minSaving: 0.3))
        // An estimate within 20% of the target is measured: 5,400 predicted, 4,550 asked for.
        #expect(worth(idat: 9_000, estimate: 5_300, file: 9_100))
        #expect(!worth(idat: 9_000, estimate: 5_600, file: 9_100))
        // Far below the target: measured.
        #expect(worth(idat: 9_000, estimate: 1_000, file: 9_100))
    }

    @Test func theBenchmarkKindOfImageIsNotMeasured() throws {
        // A gradient with 4 bits of noise per byte, stored without filters at level 6, like
        // Scripts/generate-bench-catalog.py: an optimizer saves about a third, not half.
        var noise = Noise(state: 3)
        let raw = Self.rows(width: 72, height: 72) { x, y, channel in
            UInt8(((x * 3 + channel + y) & 0xF0)) | (noise.next() & 0x0F)
        }
        let file = Self.file(width: 72, height: 72, zlibData: Deflate.compress(raw))
        let inspection = try PNGInspector.inspect(
            file, decodePixels: true, recompressionEstimate: RecompressionEstimatePolicy()
        ).get()
        let profile = try #require(inspection.dataProfile)
        #expect(
            !UnoptimizedPNGRule.worthMeasuring(
                profile, rawBytes: inspection.rawImageDataBytes, fileBytes: file.count, minSaving: 0.5,
                candidateRatio: 0.3))
        // And the real re-encoding agrees: it saves less than half.
        let optimized = try #require(PNGRecompression.optimizedSize(file))
        #expect(Double(optimized) > 0.5 * Double(file.count), "\(optimized) of \(file.count)")
    }
}
