/// deepmap2 mode 2 ("predicted"), lossless (quality 0): what a predictor removes from photographs and from noisy or
/// smooth artwork with many colours, where mode 3 (the pixels in LZFSE) keeps nearly every bit
/// (docs/CAR-FORMAT.md, section 4 and "Compression as Xcode chooses it").
///
/// Each tile (full-width bands of at most ``tileBytes`` before compression, each predicted from nothing above its
/// first row, as the decoder reads it) is one LZFSE stream of:
///
/// - the alpha plane, one byte per pixel, as stored;
/// - one predictor per row: 0 none, 1 gradient, 2 left, 3 up, 4 mean; this encoder takes, per row, the one whose
///   residuals have the smallest sum of magnitudes (a cheap stand-in for their entropy);
/// - the high bytes, then the low bytes, of each value's zig-zag residual (`2d` for `d ≥ 0`, `2|d| + 1` below), in
///   16-bit lanes: 3 per pixel for BGRA (a reversible YCoCg of the first three bytes, chroma not shifted: quality 0
///   keeps every bit), 1 for grey + alpha (the grey byte).
///
/// The decoder this mirrors is the reader's `Deepmap2Decoder` (tests decode every record this writes pixel-exact);
/// the format's facts come from the public readers viraptor/libdm2 and theacrat/scar and Xcode's cars (section 4).
/// Written for assetc; Xcode's own mode-2 records in the samples are quality 1 (lossy chroma), which assetc does
/// not write.
enum Deepmap2PredictedEncoder {
    /// A tile's bytes before compression at most (a band of one row when a row is larger): about what Xcode's
    /// tiles hold (the Stasis sample's 800-pixel photograph is cut after 373 rows, 2.1 MB), and a bound on the
    /// memory one image takes whatever its size.
    static let tileBytes = 2 << 20

    /// The predictors the format knows, in the order ties are broken (the first of equal costs wins).
    static let predictors: [UInt8] = [0, 1, 2, 3, 4]

    /// The record of `pixels` (`width` × `height` pixels of `bytesPerPixel` bytes: 4 premultiplied B, G, R, A or 2
    /// grey, alpha; rows unpadded), in bands of as many rows as fit `tileBytes` before compression (at least one),
    /// or `nil` when the size does not fit deepmap2's 16-bit fields.
    static func record(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, tileBytes: Int = tileBytes
    ) -> [UInt8]? {
        guard width > 0, height > 0, width <= 0xFFFF, height <= 0xFFFF, bytesPerPixel == 2 || bytesPerPixel == 4,
            pixels.count == width * height * bytesPerPixel
        else { return nil }
        let tileHeight = min(height, max(1, tileBytes / tileRowBytes(width: width, bytesPerPixel: bytesPerPixel)))
        var streams: [[UInt8]] = []
        var top = 0
        while top < height {
            let rows = min(tileHeight, height - top)
            let tile = tile(pixels, width: width, rows: top..<(top + rows), bytesPerPixel: bytesPerPixel)
            streams.append(LZFSEEncoder.compress(tile))
            top += rows
        }
        return Deepmap2Encoder.record(
            mode: 2, quality: 0, bytesPerPixel: bytesPerPixel, tileWidth: width, tileHeight: tileHeight, header: [], streams: streams)
    }

    /// The bytes one row takes in a tile: its alpha, its predictor, two bytes per lane value.
    static func tileRowBytes(width: Int, bytesPerPixel: Int) -> Int {
        (1 + 2 * lanes(bytesPerPixel)) * width + 1
    }

    /// Lanes per pixel: Y, Co, Cg for BGRA; grey for grey + alpha.
    static func lanes(_ bytesPerPixel: Int) -> Int { bytesPerPixel == 4 ? 3 : 1 }

    /// One tile before compression: rows `rows` of `pixels`, predicted from zeros above the first
    /// (`DeepmapTiles.predictedTileSize` bytes, unpadded).
    static func tile(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, rows: Range<Int>, bytesPerPixel: Int) -> [UInt8] {
        let lanes = lanes(bytesPerPixel), values = lanes * width, height = rows.count
        var tile = [UInt8](repeating: 0, count: height * tileRowBytes(width: width, bytesPerPixel: bytesPerPixel))
        // Two rows of lane values: the one being coded and the one above (zero above the first row).
        var lines = [Int16](repeating: 0, count: 2 * values)
        tile.withUnsafeMutableBufferPointer { tile in
            lines.withUnsafeMutableBufferPointer { lines in
                let alpha = tile.baseAddress!, predictorRow = alpha + width * height
                let high = predictorRow + height, low = high + values * height
                var above = lines.baseAddress!, current = above + values
                for y in 0..<height {
                    let source = pixels.baseAddress! + (rows.lowerBound + y) * width * bytesPerPixel
                    laneValues(source, width: width, bytesPerPixel: bytesPerPixel, into: current, alpha: alpha + y * width)
                    let predictor = cheapestPredictor(current, above: above, width: width, lanes: lanes)
                    predictorRow[y] = predictor
                    let rowHigh = high + y * values, rowLow = low + y * values
                    for x in 0..<width {
                        let fromLeft = gradientTakesLeft(current, above: above, x: x, lanes: lanes)
                        for lane in 0..<lanes {
                            let index = x * lanes + lane
                            let zigzag = residual(predictor, current, above: above, index: index, x: x, lanes: lanes, fromLeft: fromLeft)
                            rowHigh[index] = UInt8(zigzag >> 8)
                            rowLow[index] = UInt8(truncatingIfNeeded: zigzag)
                        }
                    }
                    swap(&above, &current)
                }
            }
        }
        return tile
    }

    /// A row's lane values (the reversible YCoCg of bytes 0, 1, 2 for BGRA, the inverse of the decoder's
    /// `t = Y − Cg/2, G = Cg + t, B = t − Co/2, R = Co + B` with divisions toward zero; the grey byte for grey +
    /// alpha) into `values`, and its alpha bytes into `alpha`.
    static func laneValues(
        _ source: UnsafePointer<UInt8>, width: Int, bytesPerPixel: Int, into values: UnsafeMutablePointer<Int16>,
        alpha: UnsafeMutablePointer<UInt8>
    ) {
        if bytesPerPixel == 4 {
            for x in 0..<width {
                let first = Int16(source[4 * x]), second = Int16(source[4 * x + 1]), third = Int16(source[4 * x + 2])
                let co = first - third
                let t = third + co / 2
                let cg = second - t
                values[3 * x] = t + cg / 2
                values[3 * x + 1] = co
                values[3 * x + 2] = cg
                alpha[x] = source[4 * x + 3]
            }
        } else {
            for x in 0..<width {
                values[x] = Int16(source[2 * x])
                alpha[x] = source[2 * x + 1]
            }
        }
    }

    /// Whether the gradient predictor takes the left neighbour at column `x` (else the one above): the neighbour
    /// along the smaller gradient, judged on the first lane, as the decoder judges it. The first column takes up.
    @inline(__always) static func gradientTakesLeft(
        _ current: UnsafeMutablePointer<Int16>, above: UnsafeMutablePointer<Int16>, x: Int, lanes: Int
    ) -> Bool {
        guard x > 0 else { return false }
        let at = x * lanes
        let up = Int(above[at]), left = Int(current[at - lanes]), corner = Int(above[at - lanes])
        return abs(up - corner) <= abs(left - corner)
    }

    /// The stored residual of the value at `index` (column `x`) under `predictor`: the difference from the
    /// prediction, zig-zag coded (`2d` for `d ≥ 0`, `2|d| + 1` below; the decoder adds 1 back to negative ones).
    /// Lane values differ by at most 510, so `d` never reaches the one 16-bit value the coding cannot hold.
    @inline(__always) static func residual(
        _ predictor: UInt8, _ current: UnsafeMutablePointer<Int16>, above: UnsafeMutablePointer<Int16>, index: Int, x: Int, lanes: Int,
        fromLeft: Bool
    ) -> UInt16 {
        let delta = current[index] &- prediction(predictor, current, above: above, index: index, x: x, lanes: lanes, fromLeft: fromLeft)
        return delta >= 0 ? UInt16(delta) << 1 : UInt16(bitPattern: 0 &- delta) << 1 | 1
    }

    /// What `predictor` predicts for the value at `index` (column `x`), in the decoder's 16-bit arithmetic.
    @inline(__always) private static func prediction(
        _ predictor: UInt8, _ current: UnsafeMutablePointer<Int16>, above: UnsafeMutablePointer<Int16>, index: Int, x: Int, lanes: Int,
        fromLeft: Bool
    ) -> Int16 {
        let up = above[index]
        switch predictor {
        case 0: return 0
        case 1: return fromLeft ? current[index - lanes] : up
        case 2: return x > 0 ? current[index - lanes] : 0
        case 3: return up
        default:
            guard x > 0 else { return up }
            // (left + up + 1) / 2, rounded toward zero.
            var sum = current[index - lanes] &+ up &+ 1
            if sum < 0 { sum &+= 1 }
            return sum >> 1
        }
    }

    /// The predictor whose residuals for the row in `current` have the smallest sum of magnitudes.
    static func cheapestPredictor(
        _ current: UnsafeMutablePointer<Int16>, above: UnsafeMutablePointer<Int16>, width: Int, lanes: Int
    ) -> UInt8 {
        var costs = [Int](repeating: 0, count: predictors.count)
        costs.withUnsafeMutableBufferPointer { costs in
            for x in 0..<width {
                let fromLeft = gradientTakesLeft(current, above: above, x: x, lanes: lanes)
                for lane in 0..<lanes {
                    let index = x * lanes + lane
                    let value = current[index]
                    for predictor in predictors {
                        let delta = value &- prediction(predictor, current, above: above, index: index, x: x, lanes: lanes, fromLeft: fromLeft)
                        costs[Int(predictor)] += abs(Int(delta))
                    }
                }
            }
        }
        var best = 0
        for predictor in costs.indices where costs[predictor] < costs[best] { best = predictor }
        return UInt8(best)
    }
}
