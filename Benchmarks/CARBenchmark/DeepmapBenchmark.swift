import AssetCatalog
import CPNGSupport
import Foundation

/// `CARBenchmark --deepmap FILE.car…`: decodes every deepmap2 rendition of the files to RGBA with
/// assetc's decoder, and the same pixels from PNG (written once with `PNGCodec.encodeRGBA8`, zlib level 6) twice:
/// with libpng itself (`acpng_decode_rgba8_libpng_into`: libpng's inflate, unfiltering and RGBA conversion), the
/// baseline issue 23 names, and with `PNGCodec.decodeRGBA8`, assetc's own PNG reader, which decodes these files
/// without libpng (libdeflate and its own unfiltering, byte for byte libpng's output) and is about twice as fast.
/// Alternating rounds of about a second each; prints the rates and both ratios of times (target: deepmap2 at most
/// 0.5x libpng).
func runDeepmapBenchmark(_ paths: [String]) {
    struct Sample {
        var decoder: CARDecoder
        var index: Int
        var png: [UInt8]
        var pixels: Int
    }
    var samples: [Sample] = []
    var compressedBytes = 0, pngBytes = 0
    for path in paths {
        guard let file = try? CARFile(path: path) else { continue }
        let decoder = CARDecoder(file: file)
        for index in file.renditions.indices {
            guard case .bitmap(let bitmap) = file.renditions[index].payload else { continue }
            guard case .deepmap2 = bitmap.compression else { continue }
            guard case .image(let image)? = try? decoder.decode(index), let png = try? PNGCodec.encodeRGBA8(image) else { continue }
            samples.append(Sample(decoder: decoder, index: index, png: png, pixels: image.width * image.height))
            compressedBytes += bitmap.compressedByteCount
            pngBytes += png.count
        }
    }
    guard !samples.isEmpty else {
        print("deepmap2: no deepmap2 renditions in the files")
        return
    }
    let pixels = samples.reduce(0) { $0 + $1.pixels }
    func round(_ body: (Sample) -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        var rounds = 0
        repeat {
            for sample in samples { body(sample) }
            rounds += 1
        } while DispatchTime.now().uptimeNanoseconds - start < 1_000_000_000
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(rounds)
    }
    /// libpng alone, into a new array as `PNGCodec` decodes (the allocation is part of both).
    func libpngDecode(_ png: [UInt8], pixels: Int) -> Bool {
        var status = ACPNG_OK
        let output = [UInt8](unsafeUninitializedCapacity: 4 * pixels) { buffer, count in
            var width: UInt32 = 0, height: UInt32 = 0
            var message = [CChar](repeating: 0, count: 256)
            status = png.withUnsafeBytes { bytes in
                acpng_decode_rgba8_libpng_into(
                    bytes.baseAddress, bytes.count, 0, UInt64(pixels), buffer.baseAddress, buffer.count, &width, &height, &message,
                    message.count)
            }
            count = status == ACPNG_OK ? 4 * pixels : 0
        }
        return status == ACPNG_OK && output.count == 4 * pixels
    }
    var deepmapTimes: [Double] = [], libpngTimes: [Double] = [], codecTimes: [Double] = []
    for _ in 0..<3 {
        deepmapTimes.append(round { sample in
            guard case .image? = try? sample.decoder.decode(sample.index) else { preconditionFailure("a benchmark rendition failed to decode") }
        })
        libpngTimes.append(round { sample in
            guard libpngDecode(sample.png, pixels: sample.pixels) else { preconditionFailure("a benchmark PNG failed to decode with libpng") }
        })
        codecTimes.append(round { sample in
            guard (try? PNGCodec.decodeRGBA8(sample.png)) != nil else { preconditionFailure("a benchmark PNG failed to decode") }
        })
    }
    let deepmap = deepmapTimes.sorted()[1], libpng = libpngTimes.sorted()[1], codec = codecTimes.sorted()[1]
    func rate(_ seconds: Double) -> Double { Double(pixels) / seconds / 1e6 }
    print(String(format: "deepmap2: %d renditions, %d pixels; %d bytes deepmap, %d bytes PNG", samples.count, pixels, compressedBytes, pngBytes))
    print(String(format: "deepmap2: assetc %.2f ms per pass (%.1f Mpixel/s); from PNG: libpng %.2f ms (%.1f Mpixel/s), assetc's PNG reader %.2f ms (%.1f Mpixel/s)",
        deepmap * 1000, rate(deepmap), libpng * 1000, rate(libpng), codec * 1000, rate(codec)))
    print(String(format: "deepmap2: %.2fx libpng's time (target <= 0.5x); %.2fx the time of assetc's PNG reader (medians of 3 interleaved rounds)",
        deepmap / libpng, deepmap / codec))
}
