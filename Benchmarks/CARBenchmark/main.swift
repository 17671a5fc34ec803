import AssetCatalog
import Foundation

// Decodes every LZFSE and LZVN stream of the given Assets.car files with assetc's decoders and prints the
// output rate (MB/s of decoded bytes). With --dump DIR it also writes the same streams there (LZVN wrapped
// in a `bvxn` block, so the reference LZFSE library decodes it with its LZVN decoder), for
// Scripts/bench-lz-reference.py to time the reference implementation on exactly the same payloads.
//
// With --deepmap FILE.car… it times the deepmap decoders against libpng on the same pixels (DeepmapBenchmark.swift);
// with --checksums FILE.car… it lists a CRC-32 of every decoded rendition (DecodedChecksums.swift); with
// --lzvn-sizes FILE.car… it encodes every raw LZVN stream's pixels again with assetc's encoder and compares the sizes
// (LZVNSizes.swift); with --lzfse-sizes DIR FILE.car… it does the same for LZFSE streams and leaves the comparison with
// the reference encoder to Scripts/lzfse-sizes.sh (LZFSESizes.swift).
//
// With --lookups FILE.car… [--rounds N] [--threads N] it measures name lookups instead
// (CARFile.renditionIndex(named:compatibleWith:)) from 1 to the core count threads against a
// Dictionary<String, Int> of the same names (CARLookupBenchmark.swift).

struct Stream {
    var lzvn: Bool
    var bytes: [UInt8]
    var size: Int
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--lookups" {
    runLookupBenchmark(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "--checksums" {
    printDecodedChecksums(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "--lzfse-sizes" {
    writeLZFSESizes(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "--lzvn-sizes" {
    printLZVNSizes(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "--deepmap" {
    runDeepmapBenchmark(Array(arguments.dropFirst()))
    exit(0)
}
var dumpDirectory: String?
if let flag = arguments.firstIndex(of: "--dump"), flag + 1 < arguments.count {
    dumpDirectory = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: CARBenchmark [--dump DIR] FILE.car...\n".utf8))
    exit(2)
}

var streams: [Stream] = []
for path in arguments {
    let file = try CARFile(path: path)
    for rendition in file.renditions {
        guard case .bitmap(let bitmap) = rendition.payload else { continue }
        let bytesPerPixel = rendition.pixelFormat == "GA8" ? 2 : 4
        let rowBytes = rendition.bytesPerRow ?? rendition.width * bytesPerPixel
        for chunk in bitmap.chunks {
            let data = chunk.data.bytes
            switch bitmap.compression {
            case .lzfse, .paletteImage:
                guard let size = try? data.withUnsafeBytes({ buffer in
                    Result { () throws(LZDecoder.Failure) in try LZDecoder.lzfseDecodedSize(buffer) }
                }).get() else { continue }
                streams.append(Stream(lzvn: false, bytes: data, size: size))
            case .lzvn where !(data.starts(with: Array("bvx".utf8))):
                streams.append(Stream(lzvn: true, bytes: data, size: (chunk.rows ?? rendition.height) * rowBytes))
            default:
                continue
            }
        }
    }
}

func measure(_ selected: [Stream]) -> (megabytes: Double, seconds: Double) {
    let total = selected.reduce(0) { $0 + $1.size }
    var rounds = 0
    let start = Date()
    repeat {
        for stream in selected {
            let output = stream.bytes.withUnsafeBytes { buffer in
                stream.lzvn
                    ? try? LZDecoder.lzvn(buffer, expectedSize: stream.size)
                    : try? LZDecoder.lzfse(buffer, expectedSize: stream.size)
            }
            precondition(output?.count == stream.size, "a benchmark stream failed to decode")
        }
        rounds += 1
    } while Date().timeIntervalSince(start) < 1.0
    return (Double(total * rounds) / 1e6, Date().timeIntervalSince(start))
}

for lzvn in [false, true] {
    let selected = streams.filter { $0.lzvn == lzvn }
    guard !selected.isEmpty else { continue }
    let result = measure(selected)
    let name = lzvn ? "LZVN" : "LZFSE"
    let input = selected.reduce(0) { $0 + $1.bytes.count }, output = selected.reduce(0) { $0 + $1.size }
    print(String(format: "%@ %d streams %d -> %d bytes: assetc %.1f MB/s", name, selected.count, input, output, result.megabytes / result.seconds))
}

if let dumpDirectory {
    try FileManager.default.createDirectory(atPath: dumpDirectory, withIntermediateDirectories: true)
    func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    for (index, stream) in streams.enumerated() {
        let bytes = stream.lzvn
            ? Array("bvxn".utf8) + le32(stream.size) + le32(stream.bytes.count) + stream.bytes + Array("bvx$".utf8)
            : stream.bytes
        let name = String(format: "%@-%05d-%d.bin", stream.lzvn ? "lzvn" : "lzfse", index, stream.size)
        try Data(bytes).write(to: URL(fileURLWithPath: dumpDirectory).appendingPathComponent(name))
    }
}
