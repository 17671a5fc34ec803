/// The 27 glyphs of a symbol (9 weights × 3 sizes) from what its template draws.
///
/// A glyph the template draws is used as drawn. The others are made from the three masters of a variable template
/// (`Ultralight-S`, `Regular-S`, `Black-S`, as Apple's "Creating custom symbol images for your app" names them):
/// every point is `U + α (R − U) + β (B − R)` for the weight's and size's (α, β), then, for medium and large,
/// scaled by 1.276 or 1.647 about the point 35.25 units above the origin (y = −35.25).
///
/// The (α, β) table and the two scales are measured, not published: they are what reproduces, to 0.0004 template
/// units, every one of the 27 glyphs Xcode 16 compiled from a three-master template (MediaMate's `logo.bluetooth`,
/// docs/CAR-FORMAT.md, "Symbol sets"). Small glyphs interpolate along the weight axis (Thin is 0.226 of the way from
/// Ultralight to Regular, Light 2/3; Medium, Semibold, Bold and Heavy 0.18, 0.318, 0.5 and 0.764 of the way from
/// Regular to Black); medium and large ones are made lighter before they are scaled, so that their strokes do not
/// grow with the scale.
///
/// A template without the three masters (Regular-S, -M and -L only, as older templates have) gives only the glyphs it
/// draws.
enum SymbolInterpolation {
    /// (α, β) by size (small, medium, large), then weight (ultralight … black).
    static let designSpace: [[(alpha: Double, beta: Double)]] = [
        [(0, 0), (0.22581, 0), (0.66667, 0), (1, 0), (1, 0.18), (1, 0.318), (1, 0.5), (1, 0.764), (1, 1)],
        [
            (-0.06801, 0), (0.13204, 0), (0.52260, 0), (0.81790, 0), (0.85157, 0.16497), (0.87737, 0.29142), (0.91140, 0.45820),
            (0.96076, 0.70013), (1.00488, 0.91640),
        ],
        [
            (-0.13535, 0), (0.03752, 0), (0.37503, 0), (0.63021, 0), (0.69965, 0.13074), (0.75288, 0.23094), (0.82309, 0.36312),
            (0.92495, 0.55487), (0.98400, 0.72626),
        ],
    ]
    /// How much larger medium and large glyphs are than small ones.
    static let sizeScales: [Double] = [1, 1.276, 1.647]
    /// The height above the baseline, in template units, that medium and large glyphs are scaled about.
    static let scaleCentre: Double = 35.25

    /// Whether the template has the three masters a variable template interpolates from.
    static func hasMasters(_ template: SymbolTemplate) -> Bool {
        [1, 4, 9].allSatisfy { template.glyph(weight: $0, size: 1) != nil }
    }

    /// The glyphs the compile writes, by (weight, size) in CoreUI's order (weight, then size), each with its
    /// outlines in the glyph's coordinates.
    ///
    /// - Throws: ``SymbolTemplate/Problem`` naming the masters and the path when the masters are not drawn with the
    ///   same paths and commands.
    static func glyphs(_ template: SymbolTemplate) throws(SymbolTemplate.Problem) -> [SymbolTemplate.Glyph] {
        var result: [SymbolTemplate.Glyph] = []
        let masters = hasMasters(template)
        if masters { try checkCompatible(template) }
        for weight in 1...9 {
            for size in 1...3 {
                if let drawn = template.glyph(weight: weight, size: size) {
                    result.append(drawn)
                } else if masters {
                    result.append(interpolated(template, weight: weight, size: size))
                }
            }
        }
        return result
    }

    /// Checks that Regular-S and Black-S are drawn with Ultralight-S's paths and commands.
    static func checkCompatible(_ template: SymbolTemplate) throws(SymbolTemplate.Problem) {
        guard let ultralight = template.glyph(weight: 1, size: 1) else { return }
        for weight in [4, 9] {
            guard let other = template.glyph(weight: weight, size: 1) else { continue }
            let name = SymbolTemplate.glyphName(weight: weight, size: 1)
            guard other.outlines.count == ultralight.outlines.count else {
                throw SymbolTemplate.Problem(
                    message: "the masters cannot be interpolated: Ultralight-S has \(ultralight.outlines.count) paths, \(name) \(other.outlines.count)")
            }
            for (number, (first, second)) in zip(ultralight.outlines, other.outlines).enumerated() where !first.path.isCompatible(with: second.path) {
                throw SymbolTemplate.Problem(
                    message: "the masters cannot be interpolated: path \(number + 1) of \(name) is not drawn with the same commands as in Ultralight-S (\(second.path.commands.count) against \(first.path.commands.count); every master needs the same points, in the same order)")
            }
        }
    }

    /// The glyph at `weight` and `size` made from the masters.
    static func interpolated(_ template: SymbolTemplate, weight: Int, size: Int) -> SymbolTemplate.Glyph {
        let u = template.glyph(weight: 1, size: 1)!
        let r = template.glyph(weight: 4, size: 1)!
        let b = template.glyph(weight: 9, size: 1)!
        let (alpha, beta) = designSpace[size - 1][weight - 1]
        let scale = sizeScales[size - 1]
        var outlines: [SymbolTemplate.Outline] = []
        for index in u.outlines.indices {
            var commands: [SymbolPath.Command] = []
            for (number, command) in u.outlines[index].path.commands.enumerated() {
                let up = command.points
                let rp = r.outlines[index].path.commands[number].points
                let bp = b.outlines[index].path.commands[number].points
                var points: [SymbolPoint] = []
                for k in up.indices {
                    let x = up[k].x + alpha * (rp[k].x - up[k].x) + beta * (bp[k].x - rp[k].x)
                    let y = up[k].y + alpha * (rp[k].y - up[k].y) + beta * (bp[k].y - rp[k].y)
                    points.append(SymbolPoint(x: scale * x, y: scale * y + (scale - 1) * scaleCentre))
                }
                commands.append(command.withPoints(points))
            }
            outlines.append(SymbolTemplate.Outline(path: SymbolPath(commands: commands), styleClass: r.outlines[index].styleClass))
        }
        return SymbolTemplate.Glyph(weight: weight, size: size, outlines: outlines, origin: SymbolPoint(x: 0, y: 0))
    }
}
