import AssetCatalog
import Foundation

/// Writes the `--json` document (schema in docs/INFO-JSON.md) straight into bytes: keys in sorted order,
/// absent values as `null`, two-space indentation. Hand-written because JSONEncoder takes longer than
/// reading the catalog on large inputs.
public struct InfoReport: Sendable {
    /// The catalogs or archive being described.
    public let index: CatalogIndex
    /// Header facts of an `Assets.car`, written as the `car` object.
    public var car: CARFacts?

    /// A report of `index`, with the `car` object when it comes from an `Assets.car`.
    public init(index: CatalogIndex, car: CARFacts? = nil) {
        self.index = index
        self.car = car
    }

    /// Assets rendered per task: large catalogs are rendered in parallel, in pieces of this many.
    public static let assetsPerPiece = 512

    /// The whole document in memory (for tests and small inputs); ``render(piecesPerWindow:emit:)`` streams it.
    public func render() -> [UInt8] {
        var document: [UInt8] = []
        render { document.append(contentsOf: $0) }
        return document
    }

    /// Renders the document and hands its bytes to `emit` in order, a piece at a time, so that memory
    /// stays bounded however many assets there are: the assets array is rendered a window of pieces at
    /// a time (in parallel), each window emitted before the next is rendered. The bytes are the same as
    /// rendering everything into one buffer.
    ///
    /// - Parameters:
    ///   - piecesPerWindow: pieces of ``assetsPerPiece`` assets rendered before they are emitted.
    ///   - emit: receives the document's bytes, in order; what it throws stops the rendering.
    public func render<Failure: Error>(
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
    public static var defaultPiecesPerWindow: Int { max(2, 2 * ProcessInfo.processInfo.activeProcessorCount) }

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
