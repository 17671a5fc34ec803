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

    /// The deepmap2 record of `pixels` (`width` × `height` pixels of `bytesPerPixel` bytes: 4 premultiplied B, G, R,
    /// A or 2 grey, alpha; rows unpadded) without a palette: mode 2 when ``prefersPredicted(_:width:height:bytesPerPixel:)``,
    /// else mode 3 (as for any other pixel size); `nil` when the size does not fit deepmap2's 16-bit fields. An image small enough to be tried whole
    /// is compressed once each way: the trial's streams are the records' (one tile, the whole image, in both modes).
    /// The record comes as its pieces (``ByteParts``: the streams are not copied into a record of their own).
    static func parts(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int) -> ByteParts? {
        guard Deepmap2PredictedEncoder.fits(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel) else {
            return Deepmap2Encoder.parts(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, palette: nil)
        }
        let tileHeight = Deepmap2PredictedEncoder.tileHeight(width: width, height: height, bytesPerPixel: bytesPerPixel)
        if sampledRows(width: width, height: height) == [0..<height], tileHeight == height {
            let predicted = LZFSEEncoder.compress(Deepmap2PredictedEncoder.tile(pixels, width: width, rows: 0..<height, bytesPerPixel: bytesPerPixel))
            // Each stream with the effort its mode is written with (mode 3: thorough), so the trial is exact.
            let stored = LZFSEEncoder.compress(pixels, effort: .thorough)
            if predicted.count < stored.count {
                return Deepmap2PredictedEncoder.parts(streams: [predicted], width: width, tileHeight: height, bytesPerPixel: bytesPerPixel)
            }
            return Deepmap2Encoder.parts(storedStream: stored, width: width, height: height, bytesPerPixel: bytesPerPixel)
        }
        if prefersPredicted(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel) {
            return Deepmap2PredictedEncoder.parts(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel)
        }
        return Deepmap2Encoder.parts(pixels, width: width, height: height, bytesPerPixel: bytesPerPixel, palette: nil)
    }

    /// Whether `pixels` (`width` × `height` pixels of `bytesPerPixel` bytes: 4 premultiplied B, G, R, A or 2 grey,
    /// alpha; rows unpadded) should be written in mode 2 rather than mode 3: whether the sampled rows, compressed
    /// both ways, come out strictly smaller in mode 2.
    /// `chromaShift` 1 tries the predicted layout with the chroma halved (deepmap-LZFSE's quality 1).
    static func prefersPredicted(
        _ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bytesPerPixel: Int, chromaShift: Int = 0
    ) -> Bool {
        guard width > 0, height > 0, width <= 0xFFFF, bytesPerPixel == 2 || bytesPerPixel == 4,
            pixels.count == width * height * bytesPerPixel
        else { return false }
        let bands = sampledRows(width: width, height: height)
        let rowBytes = Deepmap2PredictedEncoder.tileRowBytes(width: width, bytesPerPixel: bytesPerPixel)
        // One buffer for every band's tile: each is compressed before the next is built.
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bands.map(\.count).max()! * rowBytes)
        defer { buffer.deallocate() }
        var predicted = 0, stored = 0
        // A whole image is tried with the effort each mode is written with (exact); sampled bands of a larger one with
        // the fast effort for mode 2 (as written) and the sampling effort for mode 3, a third of the thorough one's
        // cost (mode 3 then comes out a little smaller than its trial measured, so a close call leans to mode 2).
        let storedEffort: LZFSEEncoder.Effort = bands == [0..<height] ? .thorough : .sampling
        for rows in bands {
            let tile = UnsafeMutableBufferPointer(rebasing: buffer[0..<(rows.count * rowBytes)])
            Deepmap2PredictedEncoder.fill(tile, from: pixels, width: width, rows: rows, bytesPerPixel: bytesPerPixel, chromaShift: chromaShift)
            predicted += LZFSEEncoder.compress(UnsafeBufferPointer(tile)).count
        }
        for rows in bands {
            let band = UnsafeBufferPointer(rebasing: pixels[(rows.lowerBound * width * bytesPerPixel)..<(rows.upperBound * width * bytesPerPixel)])
            stored += LZFSEEncoder.compress(band, effort: storedEffort).count
            // The stored total only grows: once past the predicted one the answer is settled (noisy images, where
            // mode 2 wins clearly, skip their last band or two; the answer is the one all the bands give).
            if stored > predicted { return true }
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
