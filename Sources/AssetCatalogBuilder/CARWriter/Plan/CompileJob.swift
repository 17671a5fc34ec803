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
        var color: ColorValue?
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
    }

    /// A bitmap the plan drew, which the pack stage puts in an atlas as it does a small PNG (Xcode packs MediaMate's
    /// symbol caches and cubeSQL's drawn icon sizes), or the stream encodes on its own.
    struct DrawnBitmap: Sendable {
        /// The pixels, premultiplied RGBA.
        var image: DecodedImage
        /// For a symbol's bitmap cache (docs/CAR-FORMAT.md, "Symbol sets"): its glyph, keyed by weight and size and by
        /// the point size's number in dimension 2.
        var glyph: GlyphCache?
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
