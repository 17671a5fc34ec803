import ArgumentParser
import AssetCatalog
import AssetCatalogBuilder
import Dispatch
import Foundation

/// `assetc info`: reads catalogs or plain asset folders and lists their assets, variants and problems.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the assets, variants and problems of asset catalogs or plain asset folders.",
        discussion: """
            Reads every root (an .xcassets folder or a plain folder of images named name~tokens@2x.png), \
            checks every file by its content (PNGs are fully decoded unless --no-verify-pixels), and prints \
            the assets with their variants, the diagnostics as 'path: severity: message [rule]', and a summary. \
            --json prints the schema documented in docs/INFO-JSON.md.

            Exit status: 0 when nothing is wrong, 1 when any error-level diagnostic was reported (warnings \
            and notes never fail), 2 when a path does not exist or an archive cannot be opened. An archive is listed from its own \
            records (what was packed); its diagnostics stayed with the source.
            """)

    @Argument(help: ArgumentHelp("An .xcassets folder, a plain asset folder, or one packed archive.", valueName: "catalog-or-folder"))
    var paths: [String]

    @Flag(help: "Print JSON (docs/INFO-JSON.md) instead of text.")
    var json = false

    @Option(
        name: .customLong("max-pixels"),
        help: ArgumentHelp("Images with more pixels than this are errors and are not decoded.", valueName: "n"))
    var maxPixels: Int = ReaderOptions().maxPixels

    @Option(help: ArgumentHelp("Files inspected at once (default: one per processor).", valueName: "n"))
    var jobs: Int?

    @Flag(
        name: .customLong("verify-pixels"), inversion: .prefixedNo,
        help: "Fully decode every PNG to find CRC, zlib and truncation errors.")
    var verifyPixels = true

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one catalog or folder") }
        if maxPixels < 1 { throw ValidationError("--max-pixels must be at least 1") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        // An application bundle stands for the Assets.car inside it.
        let paths: [String]
        do {
            paths = try self.paths.map(CARSource.expandingApplication)
        } catch {
            InfoOutput.standardError("error: \(error)")
            throw ExitCode(2)
        }
        var archivePaths: [String] = []
        for (path, kind) in zip(paths, try InputPaths.requireExisting(paths)) where kind == .file {
            archivePaths.append(path)
        }
        if !archivePaths.isEmpty && paths.count > 1 {
            InfoOutput.standardError("error: give one archive on its own, or catalog folders only")
            throw ExitCode(2)
        }

        let index: CatalogIndex
        var car: CARFile?
        if let archivePath = archivePaths.first, CARSource.isCAR(archivePath) {
            let opened: CARFile
            do {
                opened = try CARSource.open(archivePath)
            } catch {
                InfoOutput.standardError("error: \(error)")
                throw ExitCode(2)
            }
            car = opened
            index = CatalogIndex(car: opened, path: archivePath)
        } else if let archivePath = archivePaths.first {
            do {
                index = try CatalogIndex(archive: try AssetArchive(path: archivePath))
            } catch {
                InfoOutput.standardError("error: \(archivePath): not a usable assetc archive: \(error)")
                throw ExitCode(2)
            }
        } else {
            let options = ReaderOptions(maxPixels: maxPixels, verifyPixels: verifyPixels, jobs: jobs)
            index = CatalogReader(options: options).read(paths)
        }
        if json {
            // Streamed a window of assets at a time: memory does not grow with the document's size.
            try InfoReport(index: index, car: car.map(CARFacts.init)).render { (bytes) throws(CLIError) in
                try Console.out(bytes: bytes)
            }
        } else {
            // An archive's listing starts with the file it came from; its sources are where it was packed from.
            let heading = archivePaths.first.map { "archive: \($0)\n" } ?? ""
            let facts = car.map { CARFacts(file: $0).text + "\n" } ?? ""
            try Console.out(TerminalText.escaped(heading + facts + InfoText(index: index).render(), keepingLineBreaks: true))
        }
        if index.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}

enum InfoOutput {
    static func standardError(_ line: String) {
        Console.error(line)
    }
}

// MARK: - JSON (docs/INFO-JSON.md)

/// Writes the `--json` document (schema in docs/INFO-JSON.md) straight into bytes: keys in sorted order,
/// absent values as `null`, two-space indentation. Hand-written because JSONEncoder takes longer than
/// reading the catalog on large inputs.
struct InfoReport {
    let index: CatalogIndex
    /// Header facts of an `Assets.car`, written as the `car` object.
    var car: CARFacts? = nil

    /// Assets rendered per task: large catalogs are rendered in parallel, in pieces of this many.
    static let assetsPerPiece = 512

    /// The whole document in memory (for tests and small inputs); ``render(emit:)`` streams it.
    func render() -> [UInt8] {
        var document: [UInt8] = []
        render { document.append(contentsOf: $0) }
        return document
    }

    /// Renders the document and hands its bytes to `emit` in order, a piece at a time, so that memory
    /// stays bounded however many assets there are: the assets array is rendered a window of pieces at
    /// a time (in parallel), each window emitted before the next is rendered. The bytes are the same as
    /// rendering everything into one buffer.
    ///
    /// - Parameter piecesPerWindow: pieces of ``assetsPerPiece`` assets rendered before they are emitted.
    func render<Failure: Error>(
        piecesPerWindow: Int = InfoReport.defaultPiecesPerWindow, emit: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        var json = InfoJSONWriter(capacity: 4096)
        json.open("{")
        json.key("assets")
        json.open("[")
        let summary = try renderAssets(into: &json, piecesPerWindow: max(1, piecesPerWindow), emit: emit)
        json.close("]")
        if let car {
            json.key("car")
            car.write(to: &json)
        }
        json.key("diagnostics")
        json.open("[")
        for diagnostic in index.diagnostics {
            json.open("{")
            json.key("message")
            json.string(diagnostic.message)
            json.key("path")
            json.string(diagnostic.fullPath)
            json.key("rule")
            json.string(diagnostic.rule)
            json.key("severity")
            json.string(diagnostic.severity.rawValue)
            json.close("}")
            if json.bytes.count >= Self.flushBytes { try emit(json.takeBytes()) }
        }
        json.close("]")
        json.key("schemaVersion")
        json.int(1)
        json.key("sources")
        json.open("[")
        for source in index.sources {
            json.open("{")
            json.key("kind")
            json.string(source.kind.rawValue)
            json.key("path")
            json.string(source.path)
            json.close("}")
        }
        json.close("]")
        json.key("summary")
        summary.write(to: &json)
        json.key("unsupportedSets")
        json.open("[")
        for set in index.unsupportedSets {
            json.open("{")
            json.key("name")
            json.string(set.name)
            json.key("path")
            json.string(set.path)
            json.key("type")
            json.string(set.type)
            json.close("}")
            if json.bytes.count >= Self.flushBytes { try emit(json.takeBytes()) }
        }
        json.close("]")
        json.close("}")
        json.newline()
        try emit(json.takeBytes())
    }

    /// Bytes gathered before they are handed on.
    private static let flushBytes = 1 << 20

    /// How many pieces are rendered at once: enough to keep every core busy, few enough that a window's
    /// bytes stay small (about 0.5 MB a piece).
    static var defaultPiecesPerWindow: Int { max(2, 2 * ProcessInfo.processInfo.activeProcessorCount) }

    /// Writes the assets array's items into `json` (its innermost open container), rendering them in
    /// pieces on all cores a window at a time and emitting each window before rendering the next; the
    /// summary is computed meanwhile, alongside the first window.
    private func renderAssets<Failure: Error>(
        into json: inout InfoJSONWriter, piecesPerWindow: Int, emit: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) -> InfoSummary {
        let assets = index.assets
        let ranges = stride(from: 0, to: assets.count, by: Self.assetsPerPiece).map {
            $0..<min(assets.count, $0 + Self.assetsPerPiece)
        }
        let summary = ConcurrentSlots<InfoSummary>(count: 1)
        var summaryPending = true
        var windowStart = 0
        repeat {
            let window = Array(ranges[windowStart..<min(ranges.count, windowStart + piecesPerWindow)])
            let depth = json.itemCounts
            let pieces = ConcurrentSlots<[UInt8]>(count: window.count)
            let withSummary = summaryPending
            // With the first window, one more iteration computes the summary, concurrently with the pieces.
            DispatchQueue.concurrentPerform(iterations: window.count + (withSummary ? 1 : 0)) { piece in
                guard piece < window.count else {
                    summary.store(InfoSummary(index: index), at: 0)
                    return
                }
                let range = window[piece]
                var writer = InfoJSONWriter(continuing: depth.dropLast() + [depth.last! + range.lowerBound - window[0].lowerBound], capacity: range.count * 1200)
                for asset in assets[range] { write(asset, to: &writer) }
                pieces.store(writer.bytes, at: piece)
            }
            summaryPending = false
            try emit(json.takeBytes())
            for piece in window.indices {
                try emit(pieces.value(at: piece) ?? [])
                json.countItems(window[piece].count)
            }
            windowStart += window.count
        } while windowStart < ranges.count
        return summary.value(at: 0) ?? InfoSummary(index: index)
    }

    private func write(_ asset: Asset, to json: inout InfoJSONWriter) {
        json.open("{")
        json.key("catalog")
        json.string(index.sources[asset.sourceIndex].path)
        if asset.kind == .color {
            json.key("colors")
            json.open("[")
            for color in asset.colors {
                json.open("{")
                json.key("color")
                write(color.value, to: &json)
                json.key("traits")
                write(color.traits, to: &json)
                json.close("}")
            }
            json.close("]")
        }
        json.key("kind")
        json.string(asset.kind.rawValue)
        // Containers only (image stacks, brand assets, Icon Composer icons): their parts in source order.
        if !asset.members.isEmpty {
            json.key("members")
            json.open("[")
            for member in asset.members {
                json.open("{")
                json.key("attributes")
                json.stringDictionary(member.attributes)
                json.key("name")
                json.string(member.name)
                json.close("}")
            }
            json.close("]")
        }
        json.key("name")
        json.string(asset.name)
        json.key("path")
        json.string(asset.path)
        json.key("properties")
        write(asset.properties, to: &json)
        json.key("variants")
        json.open("[")
        for variant in asset.variants { write(variant, to: &json) }
        json.close("]")
        json.close("}")
    }

    private func write(_ properties: AssetProperties, to json: inout InfoJSONWriter) {
        json.open("{")
        if let value = properties.compressionType {
            json.key("compressionType")
            json.string(value)
        }
        if let value = properties.localizable {
            json.key("localizable")
            json.bool(value)
        }
        if !properties.onDemandResourceTags.isEmpty {
            json.key("onDemandResourceTags")
            json.open("[")
            for tag in properties.onDemandResourceTags { json.string(tag) }
            json.close("]")
        }
        if let value = properties.preservesVectorRepresentation {
            json.key("preservesVectorRepresentation")
            json.bool(value)
        }
        if let value = properties.templateRenderingIntent {
            json.key("templateRenderingIntent")
            json.string(value)
        }
        json.close("}")
    }

    private func write(_ variant: Variant, to json: inout InfoJSONWriter) {
        json.open("{")
        json.key("attributes")
        json.stringDictionary(variant.attributes)
        json.key("byteCount")
        json.optionalInt(variant.inspection?.byteCount)
        json.key("contentType")
        json.optionalString(variant.contentType?.rawValue)
        json.key("pixelHeight")
        json.optionalInt(variant.inspection?.pixelHeight)
        json.key("pixelWidth")
        json.optionalInt(variant.inspection?.pixelWidth)
        json.key("problem")
        json.optionalString(variant.inspection?.problem)
        json.key("source")
        json.optionalString(variant.source)
        json.key("traits")
        write(variant.traits, to: &json)
        json.close("}")
    }

    /// VariantTraits' Codable keys, sorted; "any" dimensions are left out.
    private func write(_ traits: VariantTraits, to json: inout InfoJSONWriter) {
        json.open("{")
        if let value = traits.appearance {
            json.key("appearance")
            json.string(value.token)
        }
        if let value = traits.contrast {
            json.key("contrast")
            json.string(value.token)
        }
        if let value = traits.layoutDirection {
            json.key("direction")
            json.string(value.token)
        }
        if let value = traits.displayGamut {
            json.key("gamut")
            json.string(value.token)
        }
        if let value = traits.verticalSizeClass {
            json.key("height")
            json.string(value.token)
        }
        if let value = traits.idiom {
            json.key("idiom")
            json.string(value.token)
        }
        if let value = traits.displayScale {
            json.key("scale")
            json.int(value.value)
        }
        if let value = traits.horizontalSizeClass {
            json.key("width")
            json.string(value.token)
        }
        json.close("}")
    }

    private func write(_ value: ColorValue, to json: inout InfoJSONWriter) {
        json.open("{")
        switch value {
        case .components(let components):
            json.key("alpha")
            json.double(components.alpha)
            json.key("blue")
            json.double(components.blue)
            json.key("colorSpace")
            json.string(components.colorSpace)
            json.key("green")
            json.double(components.green)
            json.key("red")
            json.double(components.red)
        case .systemReference(let name):
            json.key("reference")
            json.string(name)
        }
        json.close("}")
    }
}

/// Values produced by concurrent tasks, one slot each, read after the tasks have finished.
private final class ConcurrentSlots<Value>: @unchecked Sendable {
    private var values: [Value?]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func store(_ value: Value, at index: Int) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    func value(at index: Int) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[index]
    }
}

/// A streaming JSON writer: pretty-printed with two spaces and `"key" : value`, like the other commands.
/// Keys are static (no escaping needed); values are escaped only when they contain a byte that needs it.
struct InfoJSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Items written so far in each open container.
    private var counts: [Int] = []
    private var afterKey = false

    init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    /// A writer for a piece of a document rendered elsewhere: it writes as if inside open containers
    /// holding `counts` items (outermost first), so its bytes can be spliced in with ``appendItems(_:count:)``.
    init(continuing counts: [Int], capacity: Int) {
        self.init(capacity: capacity)
        self.counts = counts
    }

    /// The item counts of the open containers, outermost first.
    var itemCounts: [Int] { counts }

    /// Splices in what a ``init(continuing:capacity:)`` writer wrote: `items` more items of the innermost
    /// open container.
    mutating func appendItems(_ piece: [UInt8], count items: Int) {
        bytes.append(contentsOf: piece)
        counts[counts.count - 1] += items
    }

    /// Records `items` more items of the innermost open container, written elsewhere (a piece emitted
    /// on its own, after this writer's bytes so far).
    mutating func countItems(_ items: Int) {
        counts[counts.count - 1] += items
    }

    /// The bytes written so far, handed over; the writer carries on where it was (same open containers).
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// A newline and 64 levels of indentation, sliced by ``newline()``.
    private static let newlineAndIndentation: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 128)

    mutating func newline() {
        let width = 1 + 2 * counts.count
        if width <= Self.newlineAndIndentation.count {
            Self.newlineAndIndentation.withUnsafeBufferPointer { bytes.append(contentsOf: $0[0..<width]) }
        } else {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(0x20, count: 2 * counts.count))
        }
    }

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard !counts.isEmpty else { return }
        if counts[counts.count - 1] > 0 { bytes.append(UInt8(ascii: ",")) }
        counts[counts.count - 1] += 1
        newline()
    }

    mutating func key(_ key: StaticString) {
        beforeValue()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(0x20)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(0x20)
        afterKey = true
    }

    /// A key that is data (dictionary keys), escaped like a string.
    mutating func dynamicKey(_ key: String) {
        beforeValue()
        writeString(key)
        bytes.append(0x20)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(0x20)
        afterKey = true
    }

    mutating func open(_ bracket: Character) {
        beforeValue()
        bytes.append(bracket == "{" ? UInt8(ascii: "{") : UInt8(ascii: "["))
        counts.append(0)
    }

    mutating func close(_ bracket: Character) {
        let items = counts.removeLast()
        if items > 0 { newline() }
        bytes.append(bracket == "}" ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    mutating func string(_ text: String) {
        beforeValue()
        writeString(text)
    }

    mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    mutating func int(_ value: Int) {
        beforeValue()
        writeDigits(value)
    }

    mutating func optionalInt(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    mutating func double(_ value: Double) {
        beforeValue()
        if value.isFinite && value == value.rounded() && abs(value) < 1e15 {
            writeDigits(Int(value))
        } else if value.isFinite {
            bytes.append(contentsOf: value.description.utf8)
        } else {
            writeLiteral("null")
        }
    }

    mutating func bool(_ value: Bool) {
        beforeValue()
        writeLiteral(value ? "true" : "false")
    }

    mutating func null() {
        beforeValue()
        writeLiteral("null")
    }

    /// An object of strings, keys sorted by their UTF-8 bytes.
    mutating func stringDictionary(_ dictionary: [String: String]) {
        open("{")
        for key in dictionary.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            dynamicKey(key)
            string(dictionary[key] ?? "")
        }
        close("}")
    }

    /// An object of counts, keys sorted by their UTF-8 bytes.
    mutating func countDictionary(_ dictionary: [String: Int]) {
        open("{")
        for key in dictionary.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            dynamicKey(key)
            int(dictionary[key] ?? 0)
        }
        close("}")
    }

    private mutating func writeLiteral(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func writeDigits(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            if value == Int.min {
                bytes.append(contentsOf: String(value).utf8.dropFirst())
                return
            }
        }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var contiguous = text
        let copied = contiguous.withUTF8 { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !copied {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): writeLiteral("\\\"")
                case UInt8(ascii: "\\"): writeLiteral("\\\\")
                case 0x0A: writeLiteral("\\n")
                case 0x0D: writeLiteral("\\r")
                case 0x09: writeLiteral("\\t")
                case 0..<0x20:
                    let hex: StaticString = "0123456789abcdef"
                    writeLiteral("\\u00")
                    bytes.append(hex.utf8Start[Int(byte >> 4)])
                    bytes.append(hex.utf8Start[Int(byte & 0x0F)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Counts over the whole index.
struct InfoSummary {
    /// Number of assets.
    var assets: Int
    /// Number of variants (image, data and app icon entries, empty slots included).
    var variants: Int
    /// Number of colours (colour-set entries).
    var colors: Int
    /// Assets per kind; every kind is present.
    var kinds: [String: Int]
    /// Variants per sniffed content type; `none` counts empty slots and missing or unreadable files.
    var contentTypes: [String: Int]
    /// Per trait dimension (the `traits` keys), how many variants and colours use each value; `any` when unset.
    var traits: [String: [String: Int]]
    /// Diagnostics per severity; every severity is present.
    var diagnostics: [String: Int]
    /// Diagnostics per rule.
    var rules: [String: Int]
    /// Number of unsupported sets.
    var unsupportedSets: Int
    /// Number of sources read.
    var sources: Int

    init(index: CatalogIndex) {
        assets = index.assets.count
        kinds = Dictionary(uniqueKeysWithValues: AssetKind.allCases.map { ($0.rawValue, 0) })
        var variantCount = 0
        var colorCount = 0
        // Count distinct trait combinations and content types first: one hash per variant.
        var traitUsage: [VariantTraits: Int] = [:]
        var typeUsage: [ContentType?: Int] = [:]
        for asset in index.assets {
            kinds[asset.kind.rawValue, default: 0] += 1
            variantCount += asset.variants.count
            colorCount += asset.colors.count
            for variant in asset.variants {
                typeUsage[variant.contentType, default: 0] += 1
                traitUsage[variant.traits, default: 0] += 1
            }
            for color in asset.colors { traitUsage[color.traits, default: 0] += 1 }
        }
        variants = variantCount
        colors = colorCount
        contentTypes = [:]
        for (type, count) in typeUsage { contentTypes[type?.rawValue ?? "none", default: 0] += count }
        var traitCounts: [String: [String: Int]] = [:]
        for dimension in InfoSummary.dimensions { traitCounts[dimension] = [:] }
        for (traits, count) in traitUsage {
            for (dimension, value) in InfoSummary.values(of: traits) {
                traitCounts[dimension, default: [:]][value, default: 0] += count
            }
        }
        traits = traitCounts
        diagnostics = Dictionary(uniqueKeysWithValues: Diagnostic.Severity.allCases.map { ($0.rawValue, 0) })
        rules = [:]
        for diagnostic in index.diagnostics {
            diagnostics[diagnostic.severity.rawValue, default: 0] += 1
            rules[diagnostic.rule, default: 0] += 1
        }
        unsupportedSets = index.unsupportedSets.count
        sources = index.sources.count
    }

    static let dimensions = ["idiom", "scale", "gamut", "width", "height", "appearance", "contrast", "direction"]

    /// The value of each dimension, as in `traits` (scales as `2x`), `any` when unset.
    static func values(of traits: VariantTraits) -> [(String, String)] {
        [
            ("idiom", traits.idiom?.token ?? "any"),
            ("scale", traits.displayScale?.description ?? "any"),
            ("gamut", traits.displayGamut?.token ?? "any"),
            ("width", traits.horizontalSizeClass?.token ?? "any"),
            ("height", traits.verticalSizeClass?.token ?? "any"),
            ("appearance", traits.appearance?.token ?? "any"),
            ("contrast", traits.contrast?.token ?? "any"),
            ("direction", traits.layoutDirection?.token ?? "any"),
        ]
    }

    /// The `summary` object, keys sorted.
    func write(to json: inout InfoJSONWriter) {
        json.open("{")
        json.key("assets")
        json.int(assets)
        json.key("colors")
        json.int(colors)
        json.key("contentTypes")
        json.countDictionary(contentTypes)
        json.key("diagnostics")
        json.countDictionary(diagnostics)
        json.key("kinds")
        json.countDictionary(kinds)
        json.key("rules")
        json.countDictionary(rules)
        json.key("sources")
        json.int(sources)
        json.key("traits")
        json.open("{")
        for dimension in InfoSummary.dimensions.sorted() {
            json.dynamicKey(dimension)
            json.countDictionary(traits[dimension] ?? [:])
        }
        json.close("}")
        json.key("unsupportedSets")
        json.int(unsupportedSets)
        json.key("variants")
        json.int(variants)
        json.close("}")
    }
}

// MARK: - Text

/// The plain-text listing.
struct InfoText {
    let index: CatalogIndex

    func render() -> String {
        var out = ""
        let multipleSources = index.sources.count > 1
        for source in index.sources {
            out += "\(source.path) (\(source.kind == .xcassets ? "asset catalog" : source.kind == .car ? "compiled catalog" : "plain folder"))\n"
        }
        out += "\nAssets (\(index.assets.count)):\n"
        for asset in index.assets {
            let location = multipleSources ? joined(index.sources[asset.sourceIndex].path, asset.path) : asset.path
            out += "  \(asset.name)  [\(asset.kind.rawValue)]  \(location)\n"
            for variant in asset.variants {
                out += "    \(traitText(variant.traits, withScale: true))  \(variantDetail(variant))\n"
            }
            for color in asset.colors {
                out += "    \(traitText(color.traits, withScale: false))  \(colorText(color.value))\n"
            }
            for member in asset.members {
                let details = member.attributes.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                    .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                out += "    part \(member.name.isEmpty ? "(empty slot)" : member.name)\(details.isEmpty ? "" : "  " + details)\n"
            }
        }
        if !index.unsupportedSets.isEmpty {
            out += "\nUnsupported sets (\(index.unsupportedSets.count)):\n"
            for set in index.unsupportedSets {
                out += "  \(set.name)  [\(set.type)]  \(set.path)\n"
            }
        }
        out += "\nDiagnostics (\(index.diagnostics.count)):\n"
        for diagnostic in index.diagnostics {
            out += "  \(diagnostic)\n"
        }
        out += "\nSummary:\n"
        let summary = InfoSummary(index: index)
        let kinds = AssetKind.allCases.compactMap { kind -> String? in
            let count = summary.kinds[kind.rawValue] ?? 0
            return count > 0 ? "\(count) \(kind.rawValue)" : nil
        }
        out += "  assets: \(summary.assets)\(kinds.isEmpty ? "" : " (" + kinds.joined(separator: ", ") + ")")"
        out += ", variants: \(summary.variants), colors: \(summary.colors)"
        out += ", unsupported sets: \(summary.unsupportedSets)\n"
        if !summary.contentTypes.isEmpty {
            out += "  content types: \(counts(summary.contentTypes))\n"
        }
        for dimension in InfoSummary.dimensions {
            guard let values = summary.traits[dimension], values.keys.contains(where: { $0 != "any" }) else { continue }
            out += "  \(dimension): \(counts(values))\n"
        }
        let severities = ["error", "warning", "note"].map { "\(summary.diagnostics[$0] ?? 0) \($0)\((summary.diagnostics[$0] ?? 0) == 1 ? "" : "s")" }
        out += "  diagnostics: \(severities.joined(separator: ", "))\n"
        return out
    }

    private func joined(_ root: String, _ path: String) -> String {
        root.hasSuffix("/") ? root + path : root + "/" + path
    }

    private func counts(_ values: [String: Int]) -> String {
        values.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    private func traitText(_ traits: VariantTraits, withScale: Bool) -> String {
        var text = traits.description
        if !withScale, text.hasSuffix(" any-scale") || text.contains(" any-scale ") {
            text = text.split(separator: " ").filter { $0 != "any-scale" }.joined(separator: " ")
        }
        let width = text.unicodeScalars.count
        return width >= 24 ? text : text + String(repeating: " ", count: 24 - width)
    }

    private func variantDetail(_ variant: Variant) -> String {
        var parts = [variant.source ?? "(empty slot)"]
        if variant.source != nil, let inspection = variant.inspection {
            parts.append(inspection.contentType.rawValue)
            if let width = inspection.pixelWidth, let height = inspection.pixelHeight {
                parts.append("\(width)×\(height)")
            }
            if let problem = inspection.problem { parts.append("(\(problem))") }
        } else if variant.source != nil {
            parts.append("(not inspected)")
        }
        let attributes = variant.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        if !attributes.isEmpty { parts.append("{" + attributes.joined(separator: ", ") + "}") }
        return parts.joined(separator: "  ")
    }

    private func colorText(_ value: ColorValue) -> String {
        switch value {
        case .systemReference(let name):
            return "system colour \(name)"
        case .components(let components):
            func format(_ number: Double) -> String {
                let rounded = (number * 1000).rounded() / 1000
                return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
            }
            if components.isGray {
                return "\(components.colorSpace) white \(format(components.red)) alpha \(format(components.alpha))"
            }
            return "\(components.colorSpace) \(format(components.red)) \(format(components.green)) \(format(components.blue)) alpha \(format(components.alpha))"
        }
    }
}
