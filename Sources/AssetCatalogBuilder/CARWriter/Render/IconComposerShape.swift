/// The outline an Icon Composer icon is drawn in for systems before 26, per platform, on a canvas of `side` pixels.
///
/// macOS: the rounded square of the macOS 11 icon grid, 824 of 1024 points centred (a 100-point margin for the
/// shadow), measured on Xcode 26.2's bitmaps of the cubeSQL icon: its edge lies within 2.5 pixels (RMS, rows 100–330
/// of the 1024 bitmap) of the superellipse |x|ⁿ + |y|ⁿ = aⁿ with n = 5.1 and a = 412.5 points, which stands for Apple's
/// continuous corner (its exact curve is not public). iOS: the whole square (the system masks iOS icons itself).
enum IconComposerShape {
    /// The macOS shape's half side in points on the 1024 grid, and its exponent.
    static let macHalfSide = 412.5
    static let macExponent = 5.1
    /// The macOS shape's side over the canvas's: Icon Composer's 1024-point canvas is drawn into the shape's box
    /// (measured: cubeSQL's 384-pixel layer at scale 2.25 is 695 pixels wide in the 1024 bitmap, 384 × 2.25 × 0.8047).
    static let macContentScale = 824.0 / 1024

    /// One coverage value (0…1) a pixel, row by row, for a square canvas of `side` pixels; 4 × 4 samples a pixel on
    /// the edge rows, the horizontal coverage exact.
    static func coverage(side: Int, platform: Platform) -> [Float] {
        guard platform == .macOS else { return [Float](repeating: 1, count: side * side) }
        let unit = Double(side) / 1024
        let half = macHalfSide * unit
        let centre = Double(side) / 2
        var mask = [Float](repeating: 0, count: side * side)
        let samples = 4
        for row in 0..<side {
            // The shape's half width at each of the row's sample lines.
            var halfWidths: [Double] = []
            for sample in 0..<samples {
                let y = abs(Double(row) + (Double(sample) + 0.5) / Double(samples) - centre)
                if y >= half { halfWidths.append(0); continue }
                halfWidths.append(half * Double.pow(1 - Double.pow(y / half, macExponent), 1 / macExponent))
            }
            for column in 0..<side {
                var covered = 0.0
                for halfWidth in halfWidths {
                    let left = max(Double(column), centre - halfWidth)
                    let right = min(Double(column + 1), centre + halfWidth)
                    covered += max(0, right - left)
                }
                mask[row * side + column] = Float(covered / Double(samples))
            }
        }
        return mask
    }

    /// The platforms whose pre-26 pictures are drawn.
    enum Platform: Sendable, Equatable {
        case macOS, iOS
    }
}

extension Double {
    /// `base` to the power `exponent` for the renderer (Foundation's `pow` without importing it here).
    static func pow(_ base: Double, _ exponent: Double) -> Double {
        guard base > 0 else { return 0 }
        return exp2(exponent * log2(base))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
