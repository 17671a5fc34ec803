import AssetCatalog
import Foundation

extension CARCompiler {
    /// One unit of work: an entry of an asset that becomes one rendition.
    struct Job: Sendable {
        var facet: Int
        var assetName: String
        var kind: AssetKind
        /// The file, relative to the root of its catalog, the index's source number `sourceIndex`.
        var source: String?
        var fileName: String
        var contentType: ContentType?
        var traits: VariantTraits
        var attributes: [String: String]
        var properties: AssetProperties
        /// A colour set's colour. Kept out of line, as ``drawn`` is: most jobs are images, and the two inline made a job
        /// 279 bytes instead of 192 (2.6 MB more for the benchmark catalog's 30,000 jobs, at the compile's peak memory).
        var color: ColorValue? {
            get { colorBox?.value }
            set { colorBox = newValue.map(ColorBox.init) }
        }
        private var colorBox: ColorBox?
        var iconSizeIndex: Int
        /// An image stack's flattened image: the layers' files at one scale, back to front.
        var layerFiles: [String] = []
        /// An app icon size made from a single-size icon: the file is scaled to this many pixels a side.
        var scaledSide: Int?
        /// A vector entry (PDF, SVG) drawn to a bitmap at this scale (VectorPlan.swift); `nil` keeps the vector.
        var rasterScale: Int?
        /// On macOS Xcode's keys have no idiom: `mac` entries are stored under universal.
        var foldsMacIdiom = false
        /// The reader left the file unopened (``ReaderOptions/defersPNGInspection``): the job inspects it as
        /// the reader would have.
        var inspectsFile = false
        var sourceIndex = 0
        /// The deployment-target copy this job makes (key attribute 25: 0 any, 3 the 2018 releases, 5 2019 on), each
        /// compressed as that target allows (`CARCompiler.deploymentTargetCopies`); 0 where the car has no copies.
        var deploymentTarget: UInt16 = 0
        /// A bitmap the plan drew itself (a symbol's bitmap cache, an Icon Composer icon's image for older systems): the
        /// job stores these pixels and reads no file.
        var drawn: DrawnBitmap?

        init(
            facet: Int, assetName: String, kind: AssetKind, source: String?, fileName: String, contentType: ContentType?,
            traits: VariantTraits, attributes: [String: String], properties: AssetProperties, color: ColorValue?, iconSizeIndex: Int,
            layerFiles: [String] = [], scaledSide: Int? = nil
        ) {
            self.facet = facet
            self.assetName = assetName
            self.kind = kind
            self.source = source
            self.fileName = fileName
            self.contentType = contentType
            self.traits = traits
            self.attributes = attributes
            self.properties = properties
            self.iconSizeIndex = iconSizeIndex
            self.layerFiles = layerFiles
            self.scaledSide = scaledSide
            self.color = color
        }
    }

    /// A job's colour, out of line.
    final class ColorBox: Sendable {
        let value: ColorValue
        init(_ value: ColorValue) { self.value = value }
    }

    /// A bitmap the plan drew, which the pack stage puts in an atlas as it does a small PNG (Xcode packs MediaMate's
    /// symbol caches and cubeSQL's drawn icon sizes), or the stream encodes on its own. A class: a job holds a
    /// reference, not the bitmap's fields.
    final class DrawnBitmap: Sendable {
        /// The pixels, premultiplied RGBA.
        let image: DecodedImage
        /// For a symbol's bitmap cache (docs/CAR-FORMAT.md, "Symbol sets"): its glyph, keyed by weight and size and by
        /// the point size's number in dimension 2.
        let glyph: GlyphCache?

        init(image: DecodedImage, glyph: GlyphCache?) {
            self.image = image
            self.glyph = glyph
        }
    }

    /// The glyph of a symbol's bitmap cache.
    struct GlyphCache: Sendable {
        var weight: UInt16
        var size: UInt16
        var dimension2: UInt16
    }
}

/// Why one entry could not be compiled.
struct CompileProblem: Error, Sendable {
    var message: String
    /// Errors in the inputs found while compiling (a file the reader left unopened), which fail the compile.
    var inputErrors: [Diagnostic] = []
    init(_ message: String) { self.message = message }
    init(inputErrors: [Diagnostic]) {
        self.message = inputErrors.map(\.message).joined(separator: "; ")
        self.inputErrors = inputErrors
    }
}
