/// Which deepmap2 mode a bitmap of more colours than a palette holds gets: mode 2 (``Deepmap2PredictedEncoder``)
/// when sample bands of its rows come out smaller in mode 2 than in mode 3 (the pixels in LZFSE), else mode 3. The
/// rule is assetc's (docs/CAR-FORMAT.md, "Compression as Xcode chooses it"): Xcode writes mode 2 for photographs
/// and many-colour atlases and mode 3 for other colour and all grey images, by a rule that is not public; a trial on
/// samples finds the images where a predictor pays (noise, photographs, smooth shading) without encoding every
/// image twice.
///
/// Why a trial and not an estimate from the pixels: on the images of the Xcode-built samples (Flex, Stasis) the
/// order-0 entropy of residuals against that of the pixels favoured mode 2 for nearly every colour image, where mode
/// 3 was smaller for most of them (LZFSE's matches find the repeats an order-0 estimate cannot see).
enum Deepmap2ModeChoice {
    /// Images of at most this many pixels are tried whole (the trial is then exact; such images are small).
    static let wholeTrialPixels = 16_384

    /// Bands sampled in larger images, spread evenly from top to bottom.
    static let sampledBands = 4

    /// The share of a larger image's pixels the bands hold together (at least ``wholeTrialPixels``): the trial
    /// compresses them twice, so it costs about twice this share of one encoding.
    static let sampledShare = 16

    /// Whether `pixels` (`width` × `height` pixels of `bytesPerPixel` bytes: 4 premultiplied B, G, R, A or 2 grey,
    /// alpha; rows unpadded) should be written in mode 2 rather than mode 3: whether the sampled rows, compressed
    /// both ways, come out strictly smaller in mode 2.
    static func prefersPredicted(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int) -> Bool {
        guard width > 0, height > 0, bytesPerPixel == 2 || bytesPerPixel == 4, pixels.count == width * height * bytesPerPixel else {
            return false
        }
        var predicted = 0, stored = 0
        for rows in sampledRows(width: width, height: height) {
            let band = UnsafeBufferPointer(rebasing: pixels[(rows.lowerBound * width * bytesPerPixel)..<(rows.upperBound * width * bytesPerPixel)])
            predicted += LZFSEEncoder.compress(Deepmap2PredictedEncoder.tile(pixels, width: width, rows: rows, bytesPerPixel: bytesPerPixel)).count
            stored += LZFSEEncoder.compress(band).count
        }
        return predicted < stored
    }

    /// The bands of rows the trial compresses: the whole image when it is small, else ``sampledBands`` bands of
    /// equal height holding about 1 / ``sampledShare`` of the pixels, centred in equal slices of the height.
    static func sampledRows(width: Int, height: Int) -> [Range<Int>] {
        let pixels = width * height
        guard pixels > wholeTrialPixels else { return [0..<height] }
        let bandPixels = max(wholeTrialPixels, pixels / sampledShare) / sampledBands
        let bandRows = min(height, max(1, (bandPixels + width - 1) / width))
        let bands = min(sampledBands, height / bandRows)
        guard bands > 1 else { return [0..<bandRows] }
        let slice = height / bands
        return (0..<bands).map { band in
            let top = band * slice + (slice - bandRows) / 2
            return top..<(top + bandRows)
        }
    }
}
