import AssetCatalog
import AssetCatalogBuilder
import Foundation

/// `--lzvn-sizes FILE.car…`: every raw LZVN stream of the cars (Xcode's), decoded and encoded again by assetc's
/// ``LZVNEncoder``: the bytes of both, per car and in total, and their ratio (issue 42's target: within 2% of Apple's).
/// Each stream assetc writes is decoded again and compared with the pixels, so a size is never that of a wrong stream.
func printLZVNSizes(_ paths: [String]) {
    var appleTotal = 0, assetcTotal = 0, streamTotal = 0
    for path in paths {
        guard let file = try? CARFile(path: path) else {
            print("\(path): not readable as a car")
            continue
        }
        var apple = 0, assetc = 0, count = 0
        for rendition in file.renditions {
            guard case .bitmap(let bitmap) = rendition.payload, bitmap.compression == .lzvn else { continue }
            let bytesPerPixel = rendition.pixelFormat == "GA8" ? 2 : 4
            let rowBytes = rendition.bytesPerRow ?? rendition.width * bytesPerPixel
            for chunk in bitmap.chunks where !chunk.data.bytes.starts(with: Array("bvx".utf8)) {
                let stream = chunk.data.bytes
                let size = (chunk.rows ?? rendition.height) * rowBytes
                guard let pixels = stream.withUnsafeBytes({ try? LZDecoder.lzvn($0, expectedSize: size) }), pixels.count == size else { continue }
                let framed = LZVNEncoder.lzfseStream(pixels)
                // One `bvxn` block: 12 bytes of header, the raw stream, the 4-byte end marker. A stored block (LZVN
                // did not shrink it) counts as the pixels' size.
                let ours = framed.starts(with: Array("bvxn".utf8)) ? framed.count - 16 : pixels.count
                if framed.starts(with: Array("bvxn".utf8)) {
                    let raw = Array(framed[12..<(framed.count - 4)])
                    let back = raw.withUnsafeBytes { try? LZDecoder.lzvn($0, expectedSize: size) }
                    precondition(back == pixels, "assetc's LZVN stream does not decode to its input")
                }
                apple += stream.count
                assetc += ours
                count += 1
            }
        }
        guard count > 0 else { continue }
        print(String(format: "%@: %d LZVN streams, Apple %d bytes, assetc %d bytes (%.3fx)", (path as NSString).lastPathComponent, count, apple, assetc, Double(assetc) / Double(apple)))
        appleTotal += apple
        assetcTotal += assetc
        streamTotal += count
    }
    guard streamTotal > 0 else {
        print("no raw LZVN stream in the cars given")
        return
    }
    print(String(format: "total: %d streams, Apple %d bytes, assetc %d bytes: %.3fx Apple's", streamTotal, appleTotal, assetcTotal, Double(assetcTotal) / Double(appleTotal)))
}
