/// What a pack did: what went in, what came out, and what was skipped. `assetc pack --json` prints it.
public struct PackSummary: Hashable, Sendable, Codable {
    /// The archive's path (empty when packing to bytes).
    public var output: String
    /// Assets in the archive.
    public var assetCount: Int
    /// Variants in the archive (image, data and app icon entries with a file, plus colours).
    public var variantCount: Int
    /// Distinct payloads stored.
    public var payloadCount: Int
    /// Files whose bytes equalled an earlier payload and were not stored again.
    public var deduplicatedCount: Int
    /// Variants left out: empty slots, missing or damaged files.
    public var skippedVariantCount: Int
    /// Total size of the distinct input files read.
    public var bytesIn: Int
    /// The archive's size.
    public var bytesOut: Int
    /// Bytes saved by lossless re-encoding (`optimize`).
    public var optimizedSavings: Int
    /// Files whose check (and optimisation) results came from the cache.
    public var cachedFileCount: Int
    /// Whether the existing archive was already up to date and left untouched.
    public var upToDate: Bool
    /// Wall-clock time of the pack, in seconds.
    public var elapsedSeconds: Double
    /// Problems that made variants be skipped (only with ``PackOptions/allowErrors``), and the index's
    /// error diagnostics that were allowed.
    public var problems: [Diagnostic]

    /// Creates a summary.
    public init(
        output: String = "", assetCount: Int = 0, variantCount: Int = 0, payloadCount: Int = 0,
        deduplicatedCount: Int = 0, skippedVariantCount: Int = 0, bytesIn: Int = 0, bytesOut: Int = 0,
        optimizedSavings: Int = 0, cachedFileCount: Int = 0, upToDate: Bool = false, elapsedSeconds: Double = 0,
        problems: [Diagnostic] = []
    ) {
        self.output = output
        self.assetCount = assetCount
        self.variantCount = variantCount
        self.payloadCount = payloadCount
        self.deduplicatedCount = deduplicatedCount
        self.skippedVariantCount = skippedVariantCount
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
        self.optimizedSavings = optimizedSavings
        self.cachedFileCount = cachedFileCount
        self.upToDate = upToDate
        self.elapsedSeconds = elapsedSeconds
        self.problems = problems
    }
}

/// Why a pack failed. Nothing was written: an existing archive at the output path is untouched.
public enum PackError: Error, Hashable, Sendable {
    /// One asset name in two places.
    public struct Duplicate: Hashable, Sendable, Codable {
        /// The name.
        public var name: String
        /// Every place it was found (catalog root joined with the set's path), in input order.
        public var paths: [String]
    }

    /// Names present more than once in the inputs (always an error: an archive holds one asset per name).
    case duplicateNames([Duplicate])
    /// The index has error diagnostics (pass ``PackOptions/allowErrors`` to pack what is valid).
    case inputErrors([Diagnostic])
    /// Files turned out missing or damaged while packing (pass ``PackOptions/allowErrors`` to skip them).
    case damagedFiles([Diagnostic])
    /// More than one of the above, all found in one run (each listed, in the order above).
    case several([PackError])
    /// The archive could not be written.
    case cannotWrite(path: String, reason: String)
    /// The inputs do not fit the format (a name over 65,535 bytes, over 4 billion entries, …).
    case unrepresentable(String)
}

extension PackError: CustomStringConvertible {
    /// A report for people, one problem per line.
    public var description: String {
        switch self {
        case .duplicateNames(let duplicates):
            let lines = duplicates.map { "  '\($0.name)' in \($0.paths.joined(separator: " and "))" }
            return "\(duplicates.count) asset name(s) appear in more than one place; rename one of each:\n"
                + lines.joined(separator: "\n")
        case .inputErrors(let diagnostics):
            return "the inputs have \(diagnostics.count) error(s); fix them or pack with --allow-errors:\n"
                + diagnostics.map { "  \($0)" }.joined(separator: "\n")
        case .damagedFiles(let diagnostics):
            return "\(diagnostics.count) file(s) cannot be packed; fix them or pack with --allow-errors:\n"
                + diagnostics.map { "  \($0)" }.joined(separator: "\n")
        case .several(let errors):
            return errors.map(\.description).joined(separator: "\n")
        case .cannotWrite(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .unrepresentable(let message):
            return "the inputs cannot be packed: \(message)"
        }
    }
}
