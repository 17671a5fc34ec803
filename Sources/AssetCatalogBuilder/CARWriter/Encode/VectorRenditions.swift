import AssetCatalog

extension CARCompiler {
    /// The bitmap of a vector entry at `scale` (``VectorRasterizer``), through the same bitmap encoder as a
    /// PNG's, with the vector flag (bit 2) Xcode sets on renditions drawn from vector artwork. A document the
    /// library cannot read or draw fails the compile as a damaged PNG does, in the reader's words. The bitmap is
    /// compressed as `compression` says for the compile's target, as a PNG's is.
    static func rasterized(
        _ job: Job, bytes: [UInt8], contentType: ContentType, scale: Int, flags: UInt32, key: RenditionKey, catalog: String,
        compression: BitmapCompression
    ) -> Result<CompiledRendition, CompileProblem> {
        guard let format = VectorRasterizer.Format(contentType) else { return .failure(CompileProblem("\(job.fileName): not a vector")) }
        let image: DecodedImage
        do {
            image = try VectorRasterizer.rasterize(bytes, format: format, scale: Double(scale))
        } catch {
            var sink = DiagnosticSink(catalog: catalog)
            let path = job.source ?? job.fileName
            if error.isTooLarge {
                sink.emit(.imageTooLarge, at: path, "cannot be drawn at \(scale)x: \(error.message)", severity: .error)
            } else {
                sink.emit(.corruptImage, at: path, "cannot be decoded: \(error.message)")
            }
            return .failure(CompileProblem(inputErrors: sink.diagnostics))
        }
        let value = CSIBuilder.bitmapValue(image, name: job.fileName, flags: flags | 0x4, scale: scale, layout: CSIBuilder.layoutImage,
            compression: compression
        ) {
            CSIBuilder.bitmapTags(width: image.width, height: image.height, bytesPerRow: $0)
        }
        return .success(CompiledRendition(key: key, value: value))
    }
}
