@testable import AssetCatalog

/// The reconstruction of a predicted deepmap tile as assetc first wrote it, one value at a time in plain Swift: the
/// reference the C kernel (`CCARDecoding`'s `ccar_deepmap_reconstruct_predicted`, behind
/// `DeepmapTiles.reconstructPredicted`) must match byte for byte (DeepmapReconstructionTests).
enum DeepmapPredictedReference {
    /// Reconstructs a predicted (mode 2) tile into `output` (premultiplied BGRA or grey + alpha as stored, or RGBA as
    /// `layout` says, `rowBytes` apart): each value predicted from its left neighbour, the one above, both (mean or a
    /// gradient choice), or not at all, as the row's predictor byte says; the residual zigzag-coded in a high and a
    /// low byte plane, negative residuals one lower than the true difference; 16-bit values that wrap; colour tiles
    /// with three lanes per pixel (Y, Co, Cg, chroma stored divided by `1 << chromaShift`), grey tiles one.
    ///
    /// - Precondition: `tile` holds at least `DeepmapTiles.predictedTileSize` bytes and `output` `height` rows of
    ///   `rowBytes`, at least `width` output pixels each.
    static func reconstruct(
        _ tile: UnsafeRawBufferPointer, width: Int, height: Int, color: Bool, chromaShift: Int, layout: DeepmapTiles.Layout,
        into output: UnsafeMutableRawBufferPointer, rowBytes: Int
    ) throws(CARError) {
        let lanes = color ? 3 : 1
        let values = lanes * width
        let planeSize = values * height
        let alpha = tile.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let predictors = alpha + width * height
        let high = predictors + height
        let low = high + planeSize
        for y in 0..<height where predictors[y] > 4 {
            throw CARError(.outOfRange, "predicted deepmap tile", offset: nil, "row \(y) names predictor \(predictors[y]), known are 0 to 4")
        }
        // Two rows of lanes: the one being rebuilt and the one above (zero above the first row).
        var lines = [Int16](repeating: 0, count: 2 * values)
        lines.withUnsafeMutableBufferPointer { lines in
            var above = lines.baseAddress!
            var current = above + values
            for y in 0..<height {
                let predictor = predictors[y]
                let rowHigh = high + y * values, rowLow = low + y * values
                func residual(_ index: Int) -> Int16 {
                    let zigzag = UInt16(rowHigh[index]) << 8 | UInt16(rowLow[index])
                    var delta = Int16(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
                    if delta < 0 { delta &+= 1 }
                    return delta
                }
                switch predictor {
                case 0:
                    for index in 0..<values { current[index] = residual(index) }
                case 2:
                    for index in 0..<lanes { current[index] = residual(index) }
                    for index in lanes..<max(values, lanes) { current[index] = current[index - lanes] &+ residual(index) }
                case 3:
                    for index in 0..<values { current[index] = above[index] &+ residual(index) }
                case 4:
                    for index in 0..<lanes { current[index] = above[index] &+ residual(index) }
                    for index in lanes..<max(values, lanes) {
                        // (left + up + 1) / 2 in 16-bit lanes, rounded toward zero.
                        var sum = current[index - lanes] &+ above[index] &+ 1
                        if sum < 0 { sum &+= 1 }
                        current[index] = (sum >> 1) &+ residual(index)
                    }
                case 1:
                    for index in 0..<lanes { current[index] = above[index] &+ residual(index) }
                    var x = 1
                    while x < width {
                        // One choice per pixel, made on the first lane: the neighbour along the smaller gradient.
                        let at = x * lanes
                        let up = Int(above[at]), left = Int(current[at - lanes]), corner = Int(above[at - lanes])
                        let fromLeft = abs(up - corner) <= abs(left - corner)
                        for lane in 0..<lanes {
                            let predicted = fromLeft ? current[at + lane - lanes] : above[at + lane]
                            current[at + lane] = predicted &+ residual(at + lane)
                        }
                        x += 1
                    }
                default:
                    preconditionFailure("predictors were checked above")
                }
                let target = output.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * rowBytes
                let rowAlpha = alpha + y * width
                if color {
                    // Stored, the transform's first output is the first byte (blue of BGRA); in RGBA it is the third.
                    let first = layout == .rgba ? 2 : 0, third = 2 - first
                    for x in 0..<width {
                        let luma = current[3 * x]
                        let co = current[3 * x + 1] &<< Int16(chromaShift), cg = current[3 * x + 2] &<< Int16(chromaShift)
                        let t = luma &- cg / 2
                        let green = cg &+ t
                        let blue = t &- co / 2
                        let red = co &+ blue
                        target[4 * x + first] = UInt8(truncatingIfNeeded: red)
                        target[4 * x + 1] = UInt8(truncatingIfNeeded: green)
                        target[4 * x + third] = UInt8(truncatingIfNeeded: blue)
                        target[4 * x + 3] = rowAlpha[x]
                    }
                } else if layout == .rgba {
                    for x in 0..<width {
                        // Grey is clamped, and the clamped value is what the next row predicts from.
                        let grey = min(max(current[x], 0), 255)
                        current[x] = grey
                        let value = UInt32(grey) &* 0x01_0101 | UInt32(rowAlpha[x]) << 24
                        UnsafeMutableRawPointer(target).storeBytes(of: value.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
                    }
                } else {
                    for x in 0..<width {
                        let grey = min(max(current[x], 0), 255)
                        current[x] = grey
                        target[2 * x] = UInt8(grey)
                        target[2 * x + 1] = rowAlpha[x]
                    }
                }
                swap(&above, &current)
            }
        }
    }
}
