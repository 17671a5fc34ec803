import AssetCatalog

/// Inspects one file: reads it once, decides what it is from its bytes (never its extension), and for
/// images reads the pixel size, fully decoding PNGs when asked so damaged files are found.
///
/// Used by ``CatalogReader`` for every file a catalog names; usable on its own.
public struct FileInspector: Sendable {
    /// The largest image, in pixels, that is accepted and decoded.
    public var maxPixels: Int
    /// Whether PNGs are fully decoded (CRC, zlib, truncation) rather than only their header read.
    public var verifyPixels: Bool
    /// Files larger than this are not read.
    public var maxFileBytes: Int
    /// Which verified PNGs also get ``PNGDataProfile/refilteredEstimate``; `nil` for none.
    public var recompressionEstimate: RecompressionEstimatePolicy?

    /// Creates an inspector.
    public init(
        maxPixels: Int = 256_000_000, verifyPixels: Bool = true, maxFileBytes: Int = 1 << 30,
        recompressionEstimate: RecompressionEstimatePolicy? = nil
    ) {
        self.maxPixels = maxPixels
        self.verifyPixels = verifyPixels
        self.maxFileBytes = maxFileBytes
        self.recompressionEstimate = recompressionEstimate
    }

    /// Creates an inspector with a reader's limits.
    public init(options: ReaderOptions) {
        self.init(
            maxPixels: options.maxPixels, verifyPixels: options.verifyPixels, maxFileBytes: options.maxFileBytes,
            recompressionEstimate: options.recompressionEstimate)
    }

    /// Why a file cannot be used.
    public enum ProblemKind: String, Sendable, Hashable, Codable {
        /// It cannot be opened or read.
        case unreadable
        /// It is empty, damaged or truncated.
        case corrupt
        /// It has more pixels than ``FileInspector/maxPixels`` or more bytes than ``FileInspector/maxFileBytes``.
        case tooLarge = "too-large"
    }

    /// An inspection with the kind of its problem, if any.
    public struct Outcome: Hashable, Sendable {
        /// What was found; ``FileInspection/problem`` words the problem.
        public var inspection: FileInspection
        /// The kind of problem, or `nil` when the file is sound.
        public var problemKind: ProblemKind?

        /// Creates an outcome.
        public init(inspection: FileInspection, problemKind: ProblemKind?) {
            self.inspection = inspection
            self.problemKind = problemKind
        }
    }

    /// Files up to this size are read in one go; larger ones are sniffed from their head first,
    /// and read whole only when their format needs it (PNG, JPEG) and they are within ``maxFileBytes``.
    static let wholeReadThreshold = 1 << 20
    /// How much of a large file is read to sniff it (``ContentSniffer`` looks at most at 4 KiB).
    static let headBytes = 4096

    /// Inspects the file at `path` (links are followed).
    public func inspect(fileAtPath path: String) -> FileInspection {
        examine(path: path, noFollow: false).inspection
    }

    /// Inspects the file at `path`; `noFollow` refuses a symbolic link as the last component.
    public func examine(path: String, noFollow: Bool) -> Outcome {
        examine(path: path, in: nil, noFollow: noFollow)
    }

    /// Inspects the file at `path`, relative to the open folder `directory` when given.
    func examine(path: String, in directory: Int32?, noFollow: Bool) -> Outcome {
        examineKeepingBytes(path: path, in: directory, noFollow: noFollow).outcome
    }

    /// Inspects the file at `path` as ``examine(path:noFollow:)`` does, and hands back its bytes when it was
    /// read whole (a file over the size limit is not): for a caller that goes on to use them.
    func examineKeepingBytes(path: String, in directory: Int32? = nil, noFollow: Bool) -> (outcome: Outcome, bytes: [UInt8]?) {
        let limit = maxFileBytes
        let read = FileSystem.read(
            path, in: directory, noFollow: noFollow, wholeUpTo: min(FileInspector.wholeReadThreshold, limit),
            head: FileInspector.headBytes
        ) { head, size in
            // A large file is read whole only if its format needs every byte and it is within the limit.
            guard size <= limit else { return false }
            let type = ContentSniffer.sniff(head)
            // PDFs and SVGs are read whole too: their structure checks look at the end of the file.
            return type == .png || type == .jpeg || type == .pdf || type == .svg
        }
        let bytes: [UInt8]
        let size: Int
        switch read {
        case .success(let result):
            bytes = result.bytes
            size = result.size
        case .failure(let failure):
            let outcome = Outcome(
                inspection: FileInspection(byteCount: 0, contentType: .unknown, problem: "cannot be read: \(failure)"),
                problemKind: .unreadable)
            return (outcome, nil)
        }
        if bytes.count >= size && size <= maxFileBytes {
            return (examine(bytes: bytes), bytes)
        }
        // Beyond the size limit, or only the head was read: a vector, an unknown format, or a PNG/JPEG
        // beyond the limit.
        let sniffed = ContentSniffer.sniff(bytes)
        guard sniffed == .png || sniffed == .jpeg else {
            return (Outcome(inspection: FileInspection(byteCount: size, contentType: sniffed), problemKind: nil), nil)
        }
        let outcome = Outcome(
            inspection: FileInspection(
                byteCount: size, contentType: sniffed,
                problem: "is \(size) bytes, more than the \(maxFileBytes)-byte limit for inspecting a file"),
            problemKind: .tooLarge)
        return (outcome, nil)
    }

    /// Inspects bytes already in memory.
    public func inspect(bytes: [UInt8]) -> FileInspection {
        examine(bytes: bytes).inspection
    }

    /// Inspects bytes already in memory, with the kind of problem.
    public func examine(bytes: [UInt8]) -> Outcome {
        let size = bytes.count
        if size == 0 {
            return Outcome(
                inspection: FileInspection(byteCount: 0, contentType: .unknown, problem: "the file is empty"),
                problemKind: .corrupt)
        }
        let type = ContentSniffer.sniff(bytes)
        var inspection = FileInspection(byteCount: size, contentType: type)
        switch type {
        case .png:
            switch PNGInspector.inspect(
                bytes, decodePixels: verifyPixels, maxPixels: maxPixels,
                recompressionEstimate: recompressionEstimate.flatMap { size >= $0.minFileBytes ? $0 : nil })
            {
            case .success(let png):
                inspection.png = png
                inspection.pixelWidth = png.width
                inspection.pixelHeight = png.height
                return Outcome(inspection: inspection, problemKind: nil)
            case .failure(let error):
                return failed(inspection, error)
            }
        case .jpeg:
            switch JPEGInspector.inspect(bytes) {
            case .success(let jpeg):
                inspection.pixelWidth = jpeg.width
                inspection.pixelHeight = jpeg.height
                if jpeg.width * jpeg.height > maxPixels {
                    inspection.problem = FileInspector.tooLargeMessage(width: jpeg.width, height: jpeg.height, limit: maxPixels)
                    return Outcome(inspection: inspection, problemKind: .tooLarge)
                }
                return Outcome(inspection: inspection, problemKind: nil)
            case .failure(let error):
                inspection.problem = "\(error)"
                return Outcome(inspection: inspection, problemKind: .corrupt)
            }
        case .pdf:
            inspection.problem = bytes.withUnsafeBytes { PDFStructure.problem($0) }
            return Outcome(inspection: inspection, problemKind: inspection.problem == nil ? nil : .corrupt)
        case .svg:
            let outline = bytes.withUnsafeBytes { SVGStructure.scan($0) }
            inspection.problem = outline.problem
            inspection.svg = SVGInspection(hasSymbolsGroup: outline.hasSymbolsGroup, symbolVariants: outline.symbolVariants)
            return Outcome(inspection: inspection, problemKind: outline.problem == nil ? nil : .corrupt)
        case .tiff:
            if let size = bytes.withUnsafeBytes({ TIFFInspector.size($0) }) {
                inspection.pixelWidth = size.width
                inspection.pixelHeight = size.height
            }
            return Outcome(inspection: inspection, problemKind: nil)
        case .heif, .webp, .psd, .gif, .gitLFSPointer, .unknown:
            return Outcome(inspection: inspection, problemKind: nil)
        }
    }

    private func failed(_ base: FileInspection, _ error: PNGError) -> Outcome {
        var inspection = base
        inspection.pixelWidth = error.width
        inspection.pixelHeight = error.height
        switch error.kind {
        case .tooLarge:
            inspection.problem = FileInspector.tooLargeMessage(
                width: error.width ?? 0, height: error.height ?? 0, limit: maxPixels)
            return Outcome(inspection: inspection, problemKind: .tooLarge)
        case .notPNG, .corrupt, .truncated, .outOfMemory:
            inspection.problem = error.description
            return Outcome(inspection: inspection, problemKind: .corrupt)
        }
    }

    static func tooLargeMessage(width: Int, height: Int, limit: Int) -> String {
        "is \(width)×\(height) = \(width * height) pixels, over the limit of \(limit) (--max-pixels)"
    }
}
