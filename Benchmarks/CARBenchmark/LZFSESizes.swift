import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `--lzfse-sizes DIR FILE.car…`: every LZFSE stream of the cars, decoded, encoded again by assetc's ``LZFSEEncoder``
/// (the thorough effort, which whole bitmaps are written with) and decoded back; the decoded bytes written to
/// `DIR/NNNNN.raw` and `DIR/sizes.txt` listing each file with Xcode's and assetc's stream sizes, for
/// `Scripts/lzfse-sizes.sh` to compress with the reference encoder (PyPI `lzfse`) and compare.
func writeLZFSESizes(_ arguments: [String]) {
    guard arguments.count >= 2 else {
        print("usage: CARBenchmark --lzfse-sizes DIR FILE.car...")
        exit(2)
    }
    let directory = arguments[0]
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var lines: [String] = []
    var number = 0
    for path in arguments.dropFirst() {
        guard let file = try? CARFile(path: path) else { continue }
        for rendition in file.renditions {
            guard case .bitmap(let bitmap) = rendition.payload, bitmap.compression == .lzfse else { continue }
            for chunk in bitmap.chunks {
                let stream = chunk.data.bytes
                guard stream.starts(with: Array("bvx".utf8)),
                    let size = try? stream.withUnsafeBytes({ buffer in
                        Result { () throws(LZDecoder.Failure) in try LZDecoder.lzfseDecodedSize(buffer) }
                    }).get(),
                    let raw = stream.withUnsafeBytes({ try? LZDecoder.lzfse($0, expectedSize: size) })
                else { continue }
                let ours = LZFSEEncoder.compress(raw, effort: .thorough)
                let back = ours.withUnsafeBytes { try? LZDecoder.lzfse($0, expectedSize: raw.count) }
                precondition(back == raw, "assetc's LZFSE stream does not decode to its input")
                let name = String(format: "%05d.raw", number)
                try? Data(raw).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
                lines.append("\(name) \((path as NSString).deletingLastPathComponent.split(separator: "/").last ?? "") \(raw.count) \(stream.count) \(ours.count)")
                number += 1
            }
        }
    }
    try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("sizes.txt"))
    print("\(number) LZFSE streams written to \(directory)")
}
