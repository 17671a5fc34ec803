import AssetCatalog

/// Draws an Icon Composer icon flat, as the pre-rendered bitmaps Xcode 26 writes for systems before 26 (macOS before
/// 26, iOS): the platform's shape (``IconComposerShape``), the background fill, each group's layers at their positions
/// and scales with their opacity, blend mode and recolouring fill, each group's shadow, and, on macOS, the shape's rim
/// highlight and drop shadow.
///
/// Measured on Xcode 26.2's bitmaps of the cubeSQL icon (docs/ICON-RENDERING.md): the shape, the canvas mapped into it,
/// the gradient's span and interpolation (in sRGB values), the drop shadow. Approximated, since Apple's Liquid Glass is
/// not public: the rim highlight (a white inner glow), a group's shadow (a blurred, lowered copy of its alpha), a glass
/// layer (a lighter top edge), translucency (a lower opacity). The arithmetic is in `Float`/`Double` in a fixed order:
/// the same icon gives the same bytes on every run and thread count.
struct IconComposerRenderer: Sendable {
    var document: IconComposerDocument
    /// The layer files by their name in `icon.json`.
    var images: [String: IconComposerLayerImage]
    var platform: IconComposerShape.Platform
    /// The appearance drawn (light for the bitmaps of older systems).
    var appearance: IconComposerDocument.Appearance = .light

    /// The largest picture drawn, in pixels a side.
    static let maximumSide = 2048

    /// Fill of an icon without one of its own (`automatic` or none): a white-to-light-grey gradient, assetc's guess.
    static let defaultFill = IconComposerDocument.Fill.gradient([
        ColorComponents(colorSpace: "srgb", red: 1, green: 1, blue: 1, alpha: 1),
        ColorComponents(colorSpace: "srgb", red: 0.88, green: 0.88, blue: 0.9, alpha: 1),
    ])

    /// The icon drawn on a square of `side` pixels, premultiplied RGBA.
    func render(side: Int) -> Result<DecodedImage, IconComposerProblem> {
        guard side >= 1, side <= Self.maximumSide else { return .failure(IconComposerProblem("a flat icon of \(side) pixels is not drawn (1…\(Self.maximumSide))")) }
        let unit = Double(side) / 1024
        let contentScale = platform == .macOS ? IconComposerShape.macContentScale : 1
        let centre = Double(side) / 2
        let mask = IconComposerShape.coverage(side: side, platform: platform)

        var icon = IconRaster(width: side, height: side)
        fillBackground(&icon, fill: backgroundFill, unit: unit, contentScale: contentScale)
        // Back to front: icon.json lists groups and layers front to back.
        for group in document.groups.reversed() where !group.hidden {
            var drawn = IconRaster(width: side, height: side)
            for layer in group.layers.reversed() where !layer.hidden {
                guard let image = images[layer.imageName] else {
                    return .failure(IconComposerProblem("the layer file Assets/\(layer.imageName) is missing"))
                }
                if case .undrawable = image { continue }
                let points = image.size
                let scale = layer.scale * group.scale * contentScale * unit
                let width = points.width * scale
                let height = points.height * scale
                let x = centre + (group.translation.x + layer.translation.x * group.scale) * contentScale * unit - width / 2
                let y = centre + (group.translation.y + layer.translation.y * group.scale) * contentScale * unit - height / 2
                let bitmap: DecodedImage
                switch image.bitmap(forPixelWidth: width, member: "Assets/\(layer.imageName)") {
                case .success(let made): bitmap = made
                case .failure(let problem): return .failure(problem)
                }
                var placed = IconResampler.placed(bitmap, x: x, y: y, width: width, height: height, side: side)
                if let fill = layer.fill {
                    let color = IconComposerColor.srgb(fill)
                    placed.recolor(red: color.red, green: color.green, blue: color.blue)
                }
                if layer.isGlass(appearance) { Self.glassEdge(&placed, unit: unit) }
                drawn.draw(placed, opacity: Float(layer.opacity), blend: IconRaster.BlendMode(layer.blendMode))
            }
            drawShadow(of: drawn, group: group, into: &icon, unit: unit)
            let translucency = group.translucency.map { 1 - 0.5 * $0 } ?? 1
            icon.draw(drawn, opacity: Float(group.opacity * translucency), blend: IconRaster.BlendMode(group.blendMode))
        }
        // Clip to the shape.
        icon.pixels.withUnsafeMutableBufferPointer { pixels in
            for pixel in 0..<(side * side) {
                for channel in 0..<4 { pixels[pixel * 4 + channel] *= mask[pixel] }
            }
        }
        guard platform == .macOS else { return .success(icon.decodedImage()) }
        Self.rimHighlight(&icon, mask: mask, unit: unit)
        // The drop shadow under the shape: black, blurred 17 points, 8 points lower, a quarter opaque (measured).
        var shadow = IconRaster(width: side, height: side)
        let lowered = IconResampler.shifted(mask, side: side, down: 8 * unit)
        let blurred = IconBlur.blurred(lowered, width: side, height: side, sigma: 17 * unit)
        for pixel in 0..<(side * side) { shadow.pixels[pixel * 4 + 3] = blurred[pixel] * 0.25 }
        shadow.draw(icon)
        return .success(shadow.decodedImage())
    }

    /// The fill of the appearance drawn.
    var backgroundFill: IconComposerDocument.Fill {
        if appearance == .dark, let dark = document.darkFill { return dark }
        return document.fill ?? Self.defaultFill
    }

    /// Fills the whole picture (the shape clips it later). A gradient runs top to bottom through its colours evenly
    /// spaced, interpolated in sRGB values, over the middle 1024 × s² points (s the content scale: 663 of the
    /// 824-point shape on macOS, measured on cubeSQL; the whole canvas on iOS), its end colours beyond.
    private func fillBackground(_ icon: inout IconRaster, fill: IconComposerDocument.Fill, unit: Double, contentScale: Double) {
        let side = icon.width
        let stops: [(red: Float, green: Float, blue: Float, alpha: Float)]
        switch fill {
        case .solid(let color): stops = [IconComposerColor.srgb(color)]
        case .gradient(let colors): stops = colors.map(IconComposerColor.srgb)
        }
        let span = 1024 * contentScale * contentScale * unit
        let top = Double(side) / 2 - span / 2
        for row in 0..<side {
            let t = stops.count > 1 ? max(0, min(1, (Double(row) + 0.5 - top) / span)) : 0
            let position = t * Double(stops.count - 1)
            let index = min(stops.count - 1, Int(position))
            let next = min(stops.count - 1, index + 1)
            let f = Float(position - Double(index))
            let a = stops[index], b = stops[next]
            let alpha = a.alpha + (b.alpha - a.alpha) * f
            let color = [(a.red + (b.red - a.red) * f) * alpha, (a.green + (b.green - a.green) * f) * alpha, (a.blue + (b.blue - a.blue) * f) * alpha, alpha]
            for column in 0..<side {
                for channel in 0..<4 { icon.pixels[(row * side + column) * 4 + channel] = color[channel] }
            }
        }
    }

    /// A group's shadow under it: its alpha lowered 4 points and blurred 7 points, black (`neutral`) or in the
    /// group's own colours (`layer-color`), at the shadow's opacity. An approximation of Icon Composer's.
    private func drawShadow(of group: IconRaster, group settings: IconComposerDocument.Group, into icon: inout IconRaster, unit: Double) {
        guard let kind = settings.shadowKind, kind == "neutral" || kind == "layer-color", settings.shadowOpacity > 0 else { return }
        let side = group.width
        var shadow = IconRaster(width: side, height: side)
        let channels = kind == "neutral" ? [3] : [0, 1, 2, 3]
        for channel in channels {
            let plane = (0..<(side * side)).map { group.pixels[$0 * 4 + channel] }
            let blurred = IconBlur.blurred(IconResampler.shifted(plane, side: side, down: 4 * unit), width: side, height: side, sigma: 7 * unit)
            for pixel in 0..<(side * side) { shadow.pixels[pixel * 4 + channel] = blurred[pixel] }
        }
        icon.draw(shadow, opacity: Float(settings.shadowOpacity))
    }

    /// Glass, approximated: the layer's upper edges lightened (its alpha less its alpha 3 points lower, drawn white at
    /// half strength).
    static func glassEdge(_ layer: inout IconRaster, unit: Double) {
        let side = layer.width
        let alpha = layer.alpha
        let lower = IconResampler.shifted(alpha, side: side, down: 3 * unit)
        for pixel in 0..<(side * side) {
            let edge = max(0, alpha[pixel] - lower[pixel]) * 0.5
            guard edge > 0 else { continue }
            for channel in 0..<3 { layer.pixels[pixel * 4 + channel] += (alpha[pixel] - layer.pixels[pixel * 4 + channel]) * edge }
        }
    }

    /// The macOS shape's rim: a white glow inside the edge, strongest on it and gone some 17 points in, stronger at the
    /// top than at the bottom (measured on cubeSQL: 0.69 of the way to white on the top edge, 0.55 on the sides, 0.31 on
    /// the bottom edge). Approximated by the inside of the shape's mask blurred 9 points.
    static func rimHighlight(_ icon: inout IconRaster, mask: [Float], unit: Double) {
        let side = icon.width
        let blurred = IconBlur.blurred(mask, width: side, height: side, sigma: 9 * unit)
        for row in 0..<side {
            // 0.69 at the top edge to 0.31 at the bottom one, where the blurred edge is one half.
            let strength = Float(1.38 - 0.76 * (Double(row) + 0.5) / Double(side))
            for column in 0..<side {
                let pixel = row * side + column
                guard mask[pixel] > 0 else { continue }
                let glow = min(1, mask[pixel] * max(0, 1 - blurred[pixel]) * strength)
                guard glow > 0 else { continue }
                for channel in 0..<3 { icon.pixels[pixel * 4 + channel] += (icon.pixels[pixel * 4 + 3] - icon.pixels[pixel * 4 + channel]) * glow }
            }
        }
    }
}

/// Places bitmaps on the renderer's canvas.
enum IconResampler {
    /// `image` (premultiplied 8-bit) drawn into a transparent `side`-pixel square at the frame `x`, `y`, `width`,
    /// `height` (pixels, any real values): area-averaged first when it is shown smaller than it is, then sampled
    /// bilinearly; only the part of the frame on the canvas is computed.
    static func placed(_ image: DecodedImage, x: Double, y: Double, width: Double, height: Double, side: Int) -> IconRaster {
        var raster = IconRaster(width: side, height: side)
        guard width > 0, height > 0, x < Double(side), y < Double(side), x + width > 0, y + height > 0 else { return raster }
        var source = image
        let targetWidth = max(1, Int(width.rounded())), targetHeight = max(1, Int(height.rounded()))
        if targetWidth < image.width || targetHeight < image.height {
            let to = (min(targetWidth, image.width), min(targetHeight, image.height))
            source = DecodedImage(
                width: to.0, height: to.1, premultiplied: true, pixels: IconScaler.scale(image.pixels, from: (image.width, image.height), to: to))
        }
        let sx = Double(source.width) / width, sy = Double(source.height) / height
        let firstColumn = max(0, Int(x.rounded(.down))), lastColumn = min(side - 1, Int((x + width).rounded(.up)))
        let firstRow = max(0, Int(y.rounded(.down))), lastRow = min(side - 1, Int((y + height).rounded(.up)))
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return raster }
        let w = source.width, h = source.height
        source.pixels.withUnsafeBufferPointer { input in
            raster.pixels.withUnsafeMutableBufferPointer { output in
                func sample(_ column: Int, _ row: Int, _ channel: Int) -> Float {
                    guard column >= 0, row >= 0, column < w, row < h else { return 0 }
                    return Float(input[(row * w + column) * 4 + channel]) / 255
                }
                for row in firstRow...lastRow {
                    let v = (Double(row) + 0.5 - y) * sy - 0.5
                    let row0 = Int(v.rounded(.down))
                    let fy = Float(v - Double(row0))
                    for column in firstColumn...lastColumn {
                        let u = (Double(column) + 0.5 - x) * sx - 0.5
                        let column0 = Int(u.rounded(.down))
                        let fx = Float(u - Double(column0))
                        for channel in 0..<4 {
                            let top = sample(column0, row0, channel) * (1 - fx) + sample(column0 + 1, row0, channel) * fx
                            let bottom = sample(column0, row0 + 1, channel) * (1 - fx) + sample(column0 + 1, row0 + 1, channel) * fx
                            output[(row * side + column) * 4 + channel] = top * (1 - fy) + bottom * fy
                        }
                    }
                }
            }
        }
        return raster
    }

    /// A plane of a `side`-pixel square moved `down` pixels (linear between rows; rows entering from above are 0).
    static func shifted(_ plane: [Float], side: Int, down: Double) -> [Float] {
        let whole = Int(down.rounded(.down))
        let fraction = Float(down - Double(whole))
        var result = [Float](repeating: 0, count: plane.count)
        for row in 0..<side {
            let from = row - whole
            for column in 0..<side {
                let upper = from - 1 >= 0 && from - 1 < side ? plane[(from - 1) * side + column] : 0
                let here = from >= 0 && from < side ? plane[from * side + column] : 0
                result[row * side + column] = here * (1 - fraction) + upper * fraction
            }
        }
        return result
    }
}
