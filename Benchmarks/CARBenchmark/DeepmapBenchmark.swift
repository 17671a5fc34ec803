import AssetCatalog
import Foundation

/// `CARBenchmark --deepmap FILE.car…`: decodes every deepmap2 rendition of the files to RGBA with
/// assetc's decoder, and the same pixels from PNG (written once with `PNGCodec.encodeRGBA8`, zlib level 6) with
/// libpng (`PNGCodec.decodeRGBA8`), alternating rounds of about a second each; prints both rates and the ratio of
/// times (target: deepmap2 at most 0.5x libpng).
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
    var deepmapTimes: [Double] = [], pngTimes: [Double] = []
    for _ in 0..<3 {
        deepmapTimes.append(round { sample in
            guard case .image? = try? sample.decoder.decode(sample.index) else { preconditionFailure("a benchmark rendition failed to decode") }
        })
        pngTimes.append(round { sample in
            guard (try? PNGCodec.decodeRGBA8(sample.png)) != nil else { preconditionFailure("a benchmark PNG failed to decode") }
        })
    }
    let deepmap = deepmapTimes.sorted()[1], png = pngTimes.sorted()[1]
    print(String(format: "deepmap2: %d renditions, %d pixels; %d bytes deepmap, %d bytes PNG", samples.count, pixels, compressedBytes, pngBytes))
    print(String(format: "deepmap2: assetc %.2f ms per pass (%.1f Mpixel/s), libpng from PNG %.2f ms (%.1f Mpixel/s): %.2fx libpng's time (medians of 3)",
        deepmap * 1000, Double(pixels) / deepmap / 1e6, png * 1000, Double(pixels) / png / 1e6, deepmap / png))
}
