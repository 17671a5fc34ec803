import AssetCatalog

/// What an `Assets.car` holds for a tvOS image stack (`.imagestack`), as the Xcode-built Stasis sample
/// shows (docs/CAR-FORMAT.md, "Image stacks"):
///
/// - the stack's facet (part 181) with one *layered image* rendition: universal, scale 1, layout 1002, pixel
///   format `DATA`, UTI `public.layeredimage`, no payload bytes, and an info tag 1012 that lists the layers
///   back to front, each by its rectangle, blend mode, opacity and the key of the layer's own facet;
/// - one *flattened image* per scale (part 208): the layers composited back to front, which is what the
///   system shows where the stack is not drawn in parallax;
/// - each layer's image set as an ordinary image facet (`<stack>/<layer>/Content`), compiled like any image.
enum ImageStackRenditions {
    /// CoreUI's part for a stack's flattened image (Stasis sample).
    static let flattenedPart: UInt16 = 208
    /// The info tag that lists a layered image's layers (Stasis sample).
    static let layerReferencesTag: UInt32 = 1012
    /// The layout of a layered image rendition.
    static let layoutLayeredImage: UInt16 = 1002

    /// One layer as the layered rendition refers to it: its facet identifier and its size in points.
    struct LayerReference: Sendable, Equatable {
        var identifier: UInt16
        var width: Int
        var height: Int
    }

    /// The layered image's value: `layers` back to front, centred on a canvas of the largest layer's size.
    static func layeredImage(name: String, layers: [LayerReference]) -> [UInt8] {
        let width = layers.map(\.width).max() ?? 0
        let height = layers.map(\.height).max() ?? 0
        let references = IconComposerRenditions.layerReferences(
            layers.map {
                IconComposerRenditions.LayerReference(
                    part: CARCompiler.imagePart, identifier: $0.identifier, x: (width - $0.width) / 2, y: (height - $0.height) / 2,
                    width: $0.width, height: $0.height)
            })
        return CSIBuilder.value(
            name: name, flags: 0, width: width, height: height, scale: 1, pixelFormat: "DATA", colorSpace: 0,
            layout: layoutLayeredImage,
            infoTags: [
                (layerReferencesTag, references), CSIBuilder.compositionTag(opacity: 1), CSIBuilder.utiTag("public.layeredimage"),
                CSIBuilder.orientationTag,
            ],
            payload: CSIBuilder.raw([]))
    }

    /// The name Xcode gives a flattened image rendition.
    static func flattenedName(scale: Int) -> String { "ZZZZFlattenedImage-\(scale).1.0-gamut0" }

    /// Premultiplied RGBA layers, back to front, composited with "source over" on a canvas of the largest
    /// layer's size, each layer centred. Integer arithmetic with rounding, so the result is the same
    /// everywhere.
    static func composite(_ layers: [DecodedImage]) -> DecodedImage {
        let width = layers.map(\.width).max() ?? 0
        let height = layers.map(\.height).max() ?? 0
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for layer in layers {
            let left = (width - layer.width) / 2
            let top = (height - layer.height) / 2
            layer.pixels.withUnsafeBufferPointer { source in
                canvas.withUnsafeMutableBufferPointer { target in
                    for row in 0..<layer.height {
                        var from = row * layer.width * 4
                        var to = ((top + row) * width + left) * 4
                        for _ in 0..<layer.width {
                            let keep = 255 - Int(source[from + 3])
                            for channel in 0..<4 {
                                let below = (Int(target[to + channel]) * keep + 127) / 255
                                target[to + channel] = UInt8(min(255, Int(source[from + channel]) + below))
                            }
                            from += 4
                            to += 4
                        }
                    }
                }
            }
        }
        return DecodedImage(width: width, height: height, premultiplied: true, pixels: canvas)
    }

    /// The flattened image's value: `image` as a bitmap (layout 0, no metrics tag, as Xcode writes it).
    static func flattenedImage(_ image: DecodedImage, scale: Int, compression: BitmapCompression) -> [UInt8] {
        CSIBuilder.bitmapValue(image, name: flattenedName(scale: scale), flags: 0, scale: scale, layout: 0, compression: compression) { bytesPerRow in
            CSIBuilder.bitmapTags(width: image.width, height: image.height, bytesPerRow: bytesPerRow).filter { $0.tag != 1003 }
        }
    }
}
