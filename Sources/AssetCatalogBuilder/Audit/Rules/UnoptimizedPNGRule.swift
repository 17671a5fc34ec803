import AssetCatalog

/// `unoptimized-png`: a PNG that lossless re-encoding would make much smaller.
public struct UnoptimizedPNGRule: AuditRule {
    public static let identifier = "unoptimized-png"
    public static let defaultSeverity = Diagnostic.Severity.note
    public static let summary = "A PNG that lossless re-encoding (best filters, zlib level 9) would make smaller by more than a configurable share."
    public static let rationale = """
        Exporters that store PNGs uncompressed or barely compressed, or that embed kilobytes of metadata (XMP, \
        text, thumbnails), make the app larger for nothing: the pixels stay exactly the same after re-encoding. \
        Ordinary exports shrink 10–40 % under a heavy optimizer, which is not worth a note; by default the note \
        says that more than half of the file is waste. Run the file through a PNG optimizer (`oxipng`, \
        `zopflipng`, ImageOptim; `assetc pack` optimizes the archive's copy). Re-encoding is expensive, so only \
        plausible candidates are measured: files of at least `min-bytes` whose image data is at least \
        `candidate-ratio` of the raw pixel data (stored or weakly compressed) or whose droppable metadata is at \
        least `min-saving` of the file; the note is given when the real re-encoding saves at least \
        `min-saving`.
        """
    public static let options = [
        AuditRuleOption(
            name: "min-saving", kind: .fraction, defaultValue: "0.5",
            summary: "The share of the file re-encoding must save (0.5 or 50%)."),
        AuditRuleOption(
            name: "min-bytes", kind: .positiveNumber, defaultValue: "4096",
            summary: "Smaller files are not checked: re-encoding them cannot save a noticeable amount."),
        AuditRuleOption(
            name: "candidate-ratio", kind: .fraction, defaultValue: "0.3",
            summary: "Files whose compressed image data is at least this share of the raw pixel data are re-encoded to measure the saving."),
    ]
    public static let triggeringExamples = [
        AuditExample(
            "PNGs stored without compression (zlib level 0)",
            files: AuditExample.imageSet(
                "Icon", AuditExample.scaled("Icon", points: 48, scales: [2, 3]) { ExamplePNG(width: $0, height: $0, compression: .stored) }))
    ]
    public static let nonTriggeringExamples = [
        AuditExample(
            "The same PNGs, optimized",
            files: AuditExample.imageSet(
                "Icon", AuditExample.scaled("Icon", points: 48, scales: [2, 3]) { ExamplePNG(width: $0, height: $0, compression: .optimized) })),
        AuditExample(
            "Small uncompressed PNGs (under min-bytes)",
            files: AuditExample.imageSet(
                "Icon", AuditExample.scaled("Icon", points: 8, scales: [1]) { ExamplePNG(width: $0, height: $0, compression: .stored) })),
    ]

    public init() {}

    public func check(asset context: AssetAuditContext) -> [Finding] {
        let minSaving = context.number("min-saving", of: Self.self)
        let minBytes = context.number("min-bytes", of: Self.self)
        let candidateRatio = context.number("candidate-ratio", of: Self.self)
        var findings: [Finding] = []
        for variant in context.asset.variants {
            guard let inspection = variant.inspection, inspection.problem == nil, let png = inspection.png,
                Double(inspection.byteCount) >= minBytes, let bytes = context.bytes(of: variant),
                let chunks = PNGRecompression.chunks(bytes),
                Double(chunks.imageDataBytes) >= candidateRatio * Self.rawSize(png)
                    || Double(chunks.droppedBytes) >= minSaving * Double(bytes.count),
                let optimized = PNGRecompression.optimizedSize(bytes)
            else { continue }
            let saving = bytes.count - optimized
            guard saving > 0, Double(saving) >= minSaving * Double(bytes.count) else { continue }
            let percent = Int((Double(saving) * 100 / Double(bytes.count)).rounded())
            findings.append(
                finding(
                    context, at: context.path(of: variant),
                    "\(context.fileName(variant)) is \(bytes.count) bytes; lossless re-encoding makes it \(optimized) (\(percent)% smaller) with the same pixels; run it through a PNG optimizer"
                ))
        }
        return findings
    }

    /// The size of the raw (filtered) image data: one filter byte and the packed samples per row.
    static func rawSize(_ png: PNGInspection) -> Double {
        let samples: Int
        switch png.colorType {
        case .gray, .palette: samples = 1
        case .grayAlpha: samples = 2
        case .rgb: samples = 3
        case .rgba: samples = 4
        }
        let rowBits = Double(png.width) * Double(samples * png.bitDepth)
        return Double(png.height) * (1 + (rowBits / 8).rounded(.up))
    }
}
