@testable import AssetCatalogBuilder

/// deepmap2 mode 2's tile as assetc first wrote it, one value at a time in plain Swift: the reference the C kernel
/// (`CCAREncoding`'s `ccar_deepmap2_predicted_tile`, behind ``Deepmap2PredictedEncoder/tile(_:width:rows:bytesPerPixel:)``)
/// must match byte for byte (Deepmap2PredictedKernelTests).
enum Deepmap2PredictedReference {
    /// One tile before compression: rows `rows` of `pixels`, predicted from zeros above the first
    /// (`DeepmapTiles.predictedTileSize` bytes, unpadded).
    /// `chromaShift` 1 halves Co and Cg toward zero (deepmap quality 1).
    static func tile(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, rows: Range<Int>, bytesPerPixel: Int, chromaShift: Int = 0) -> [UInt8] {
        let lanes = Deepmap2PredictedEncoder.lanes(bytesPerPixel), values = lanes * width, height = rows.count
        var tile = [UInt8](repeating: 0, count: height * Deepmap2PredictedEncoder.tileRowBytes(width: width, bytesPerPixel: bytesPerPixel))
        // Two rows of lane values: the one being coded and the one above (zero above the first row).
        var lines = [Int16](repeating: 0, count: 2 * values)
        tile.withUnsafeMutableBufferPointer { tile in
            lines.withUnsafeMutableBufferPointer { lines in
                let alpha = tile.baseAddress!, predictorRow = alpha + width * height
                let high = predictorRow + height, low = high + values * height
                var above = lines.baseAddress!, current = above + values
                for y in 0..<height {
                    let source = pixels.baseAddress! + (rows.lowerBound + y) * width * bytesPerPixel
                    laneValues(source, width: width, bytesPerPixel: bytesPerPixel, chromaShift: chromaShift, into: current, alpha: alpha + y * width)
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
        _ source: UnsafePointer<UInt8>, width: Int, bytesPerPixel: Int, chromaShift: Int = 0, into values: UnsafeMutablePointer<Int16>,
        alpha: UnsafeMutablePointer<UInt8>
    ) {
        let divisor = Int16(1 << chromaShift)
        if bytesPerPixel == 4 {
            for x in 0..<width {
                let first = Int16(source[4 * x]), second = Int16(source[4 * x + 1]), third = Int16(source[4 * x + 2])
                let co = first - third
                let t = third + co / 2
                let cg = second - t
                values[3 * x] = t + cg / 2
                values[3 * x + 1] = co / divisor
                values[3 * x + 2] = cg / divisor
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
    @inline(__always) static func prediction(
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
        var costs = [Int](repeating: 0, count: 5)
        costs.withUnsafeMutableBufferPointer { costs in
            for x in 0..<width {
                let fromLeft = gradientTakesLeft(current, above: above, x: x, lanes: lanes)
                for lane in 0..<lanes {
                    let index = x * lanes + lane
                    let value = current[index]
                    for predictor in UInt8(0)...4 {
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
