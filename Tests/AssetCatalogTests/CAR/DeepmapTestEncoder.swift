/// Writes deepmap2 (`dmp2`) and deepmap-LZFSE (`dmap`) records for tests, from the layout docs/CAR-FORMAT.md
/// section 4 describes: the forward colour transform, the five predictors, the residual coding and the tiling, with
/// tile streams as uncompressed LZFSE blocks (`bvx-`) or raw LZVN literals. It is the decoder's mirror for small
/// synthetic images, not a compressor.
enum DeepmapTestEncoder {
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    /// A stream holding `bytes`: an uncompressed LZFSE block, or LZVN literal opcodes (at most 271 bytes each).
    static func stream(_ bytes: [UInt8], lzvn: Bool = false) -> [UInt8] {
        guard lzvn else { return Array("bvx-".utf8) + le32(bytes.count) + bytes + Array("bvx$".utf8) }
        var out: [UInt8] = []
        var at = 0
        while at < bytes.count {
            let count = min(271, bytes.count - at)
            out += count < 16 ? [0xE0 | UInt8(count)] : [0xE0, UInt8(count - 16)]
            out += bytes[at..<(at + count)]
            at += count
        }
        return out + [0x06, 0, 0, 0, 0, 0, 0, 0]
    }

    /// The 16-byte prefix and a blob.
    static func record(version: Int, format: Int, blob: [UInt8]) -> [UInt8] {
        le32(version) + le32(format) + le32(blob.count) + le32(0) + blob
    }

    /// A deepmap2 record of `pixels` (BGRA or grey + alpha, `width` per row) in `mode` 2 or 3, cut into tiles of
    /// `tileHeight` rows; `predictors` gives each row's predictor (mode 2), repeating.
    static func deepmap2(
        _ pixels: [UInt8], width: Int, height: Int, bytesPerPixel: Int, mode: UInt8, quality: UInt8 = 1, tileHeight: Int? = nil,
        predictors: [UInt8] = [0, 2, 3, 4, 1], lzvn: Bool = false
    ) -> [UInt8] {
        let tileHeight = tileHeight ?? height
        var blob = Array("dmp2".utf8) + [mode, quality, 10, UInt8(bytesPerPixel)] + le16(width) + le16(tileHeight)
        for top in stride(from: 0, to: height, by: tileHeight) {
            let rows = min(tileHeight, height - top)
            let tile = Array(pixels[(top * width * bytesPerPixel)..<((top + rows) * width * bytesPerPixel)])
            let content =
                mode == 3
                ? tile
                : predicted(tile, width: width, height: rows, color: bytesPerPixel == 4, chromaShift: Int(quality), predictors: predictors)
            let data = stream(content, lzvn: lzvn)
            blob += le32(data.count) + data
        }
        return record(version: 1, format: bytesPerPixel, blob: blob)
    }

    /// A deepmap-LZFSE record: tiles 256 pixels wide across `height` rows (at most 256).
    static func deepmapLZFSE(
        _ pixels: [UInt8], width: Int, height: Int, bytesPerPixel: Int, mode: UInt8, predictors: [UInt8] = [0, 2, 3, 4, 1]
    ) -> [UInt8] {
        var blob = Array("dmap".utf8) + [mode, 1, 10, UInt8(bytesPerPixel)]
        for left in stride(from: 0, to: width, by: 256) {
            let columns = min(256, width - left)
            var tile: [UInt8] = []
            for y in 0..<height {
                let start = (y * width + left) * bytesPerPixel
                tile += pixels[start..<(start + columns * bytesPerPixel)]
            }
            let content =
                mode == 3 ? tile : predicted(tile, width: columns, height: height, color: bytesPerPixel == 4, chromaShift: 1, predictors: predictors)
            let data = stream(content)
            blob += le32(data.count) + data
        }
        return record(version: 5, format: bytesPerPixel, blob: blob)
    }

    /// A palette (mode 4) record: colours of 4 bytes; `alphaPlane` stores entry size 3 (alpha per pixel).
    static func palette(colors: [[UInt8]], indices: [UInt8], alpha: [UInt8]? = nil, width: Int, height: Int) -> [UInt8] {
        var blob = Array("dmp2".utf8) + [4, 1, 10, 4] + le16(width) + le16(height) + le16(colors.count) + le16(alpha == nil ? 4 : 3)
        for color in colors { blob += color }
        let data = stream((alpha ?? []) + indices)
        blob += le32(data.count) + data
        return record(version: 1, format: 4, blob: blob)
    }

    /// The predicted tile layout: alpha plane, predictors, high and low residual planes, padded to 16 bytes.
    static func predicted(_ pixels: [UInt8], width: Int, height: Int, color: Bool, chromaShift: Int, predictors: [UInt8]) -> [UInt8] {
        let lanes = color ? 3 : 1
        let stride = color ? 4 : 2
        var alpha: [UInt8] = [], modes: [UInt8] = [], high: [UInt8] = [], low: [UInt8] = []
        var above = [Int16](repeating: 0, count: lanes * width)
        for y in 0..<height {
            var row: [Int16] = []
            for x in 0..<width {
                let pixel = Array(pixels[((y * width + x) * stride)..<((y * width + x + 1) * stride)])
                alpha.append(pixel[stride - 1])
                if color {
                    // The forward transform of the decoder's inverse, channel 0 first.
                    let r = Int16(pixel[0]), g = Int16(pixel[1]), b = Int16(pixel[2])
                    let co = r - b
                    let t = b + co / 2
                    let cg = g - t
                    let luma = t + cg / 2
                    row += [luma, co / Int16(1 << chromaShift), cg / Int16(1 << chromaShift)]
                } else {
                    row.append(Int16(pixel[0]))
                }
            }
            let predictor = predictors[y % predictors.count]
            modes.append(predictor)
            for index in 0..<row.count {
                let x = index / lanes, lane = index % lanes
                let predicted: Int16
                switch predictor {
                case 0: predicted = 0
                case 2: predicted = x == 0 ? 0 : row[index - lanes]
                case 3: predicted = above[index]
                case 4:
                    if x == 0 {
                        predicted = above[index]
                    } else {
                        var sum = row[index - lanes] &+ above[index] &+ 1
                        if sum < 0 { sum &+= 1 }
                        predicted = sum >> 1
                    }
                default:
                    if x == 0 {
                        predicted = above[index]
                    } else {
                        let first = index - lane
                        let up = Int(above[first]), left = Int(row[first - lanes]), corner = Int(above[first - lanes])
                        predicted = abs(up - corner) <= abs(left - corner) ? row[index - lanes] : above[index]
                    }
                }
                var residual = Int(row[index] &- predicted)
                if residual < 0 { residual -= 1 }
                let zigzag = UInt16(truncatingIfNeeded: residual >= 0 ? 2 * residual : -2 * residual - 1)
                high.append(UInt8(zigzag >> 8))
                low.append(UInt8(zigzag & 0xFF))
            }
            above = row
        }
        var tile = alpha + modes + high + low
        while tile.count % 16 != 0 { tile.append(0) }
        return tile
    }
}
