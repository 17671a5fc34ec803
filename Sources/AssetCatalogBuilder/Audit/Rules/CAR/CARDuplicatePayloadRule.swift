import AssetCatalog

/// `car-duplicate-payload`: two renditions of a compiled catalog store identical bytes.
public struct CARDuplicatePayloadRule: AuditRule {
    public static let identifier = "car-duplicate-payload"
    public static let defaultSeverity = Diagnostic.Severity.warning
    public static let input = AuditRuleInput.compiledCatalogs
    public static let summary = "Two renditions of an Assets.car store the same payload bytes (the same image stored twice)."
    public static let rationale = """
        The compiler stores every entry of every set as its own rendition, so the same artwork dropped into two \
        image sets, or into the light and dark slots of one, ships twice and is downloaded twice. Keep one set \
        and reference it from code, or leave the dark slot empty when it would be the same image. Payloads \
        smaller than `min-bytes` and app icons (whose slots of the same pixel size Xcode stores apart) are not \
        reported, nor are small images packed into a shared atlas (at most 216 pixels a side, on targets with \
        LZFSE): their pixels are part of the atlas's payload, not payloads of their own.
        """
    public static let options = [
        AuditRuleOption(
            name: "min-bytes", kind: .positiveNumber, defaultValue: "1",
            summary: "Duplicated payloads smaller than this many bytes are not reported.", maximum: 1_000_000_000_000)
    ]
    public static let triggeringExamples = [
        AuditExample.compiled(
            "The same 240×240 PNG in two image sets",
            files: AuditExample.merged(
                AuditExample.imageSet("Star", [ExampleVariant("star.png", scale: "2x", .png(240, 240))]),
                AuditExample.imageSet("StarCopy", [ExampleVariant("star.png", scale: "2x", .png(240, 240))])))
    ]
    public static let nonTriggeringExamples = [
        AuditExample.compiled(
            "Two image sets with different images",
            files: AuditExample.merged(
                AuditExample.imageSet("Star", [ExampleVariant("star.png", scale: "2x", .png(240, 240))]),
                AuditExample.imageSet("Moon", [ExampleVariant("moon.png", scale: "2x", .png(240, 250))])))
    ]

    public init() {}

    public func check(catalog context: CatalogAuditContext) -> [Finding] {
        var findings: [Finding] = []
        for source in context.index.sources where source.kind == .car {
            guard let car = context.compiledCatalogs[source.path] else { continue }
            let minBytes = context.configuration(forCatalog: source.path).number("min-bytes", of: Self.self)
            findings += duplicates(in: car, catalog: source.path, minBytes: minBytes)
        }
        return findings
    }

    /// One stored rendition, with the facet it belongs to.
    private struct Stored {
        var index: Int
        var facet: String
        var pieces: [CARBytes]
        var byteCount: Int
    }

    private func duplicates(in car: CARFile, catalog: String, minBytes: Double) -> [Finding] {
        let paths = car.outputPaths()
        // Facets in name order, renditions in tree order: the first of a group is the one kept.
        var seen = Set<Int>()
        var candidates: [String: [Stored]] = [:]
        for facet in car.facets.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }) {
            // An app icon's slots of the same pixel size (128 pt at 2x, 256 pt at 1x) are stored apart by design.
            let isAppIcon = facet.renditions.contains { if case .multisizeSet = car.renditions[$0].payload { true } else { false } }
            guard !isAppIcon else { continue }
            for index in facet.renditions where seen.insert(index).inserted {
                let rendition = car.renditions[index]
                let pieces: [CARBytes]
                switch rendition.payload {
                case .bitmap(let bitmap): pieces = bitmap.chunks.map(\.data)
                case .raw(let bytes): pieces = [bytes]
                case .color, .gradient, .multisizeSet, .none, .unknown: continue
                }
                let count = pieces.reduce(0) { $0 + $1.count }
                guard count > 0, Double(count) >= minBytes else { continue }
                // Only same-sized payloads of the same shape can be equal; they alone are hashed.
                let shape = "\(rendition.width)x\(rendition.height) \(rendition.pixelFormat) \(count)"
                candidates[shape, default: []].append(Stored(index: index, facet: facet.name, pieces: pieces, byteCount: count))
            }
        }
        var findings: [Finding] = []
        for group in candidates.values where group.count > 1 {
            var firstByDigest: [[UInt8]: Stored] = [:]
            for stored in group {
                let digest = SHA256.digest(stored.pieces.flatMap { Array($0.buffer) })
                guard let first = firstByDigest[digest] else {
                    firstByDigest[digest] = stored
                    continue
                }
                let name = paths[stored.index] ?? stored.facet
                let firstName = paths[first.index] ?? first.facet
                findings.append(
                    Finding(
                        rule: Self.identifier, severity: Self.defaultSeverity, asset: stored.facet, catalog: catalog, path: name,
                        message: "\(MessageQuote.quoted(name)) stores the same \(stored.byteCount) bytes as \(MessageQuote.quoted(firstName)) (asset \(MessageQuote.quoted(first.facet))); the image ships twice. Reference one asset instead of copying it"
                    ))
            }
        }
        return findings
    }
}
