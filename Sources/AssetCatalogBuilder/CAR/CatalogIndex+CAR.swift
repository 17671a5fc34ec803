import AssetCatalog
import Foundation

extension CatalogIndex {
    /// An index of a compiled catalog: each facet an asset, each rendition linked to it a variant, so `info`,
    /// `matrix`, `resolve`, `audit` and `report` read an `Assets.car` the way they read a source catalog.
    ///
    /// A variant's ``Variant/source`` is the path `extract --all` writes it to (`CARFile.outputPaths()`; the stored
    /// name is the `rendition` attribute), its ``FileInspection/problem`` why its pixels cannot be decoded, its ``FileInspection`` the stored size in
    /// bytes (header, info tags and payload) and the pixel size from the header; its attributes keep everything
    /// else (see `CARFile.attributes(of:)`). Renditions without a facet are not assets (`CARFile.internalRenditions`).
    public init(car: CARFile, path: String) {
        // Each facet's variants are worked out from the car alone: facets are shared out among the cores, in runs.
        let facetCount = car.facets.count, run = 256
        let width = ProcessInfo.processInfo.activeProcessorCount
        let runs = (facetCount + run - 1) / run
        let range = { @Sendable (number: Int) in (number * run)..<min(facetCount, (number + 1) * run) }
        // A rendition that two facets list (they share an identifier) is written where the later facet puts it, as
        // `extract --all` does (CARFile.outputPaths()).
        let facetPaths = parallelMap(count: runs, width: width) { number in range(number).map { car.outputPaths(ofFacet: $0) } }
        var outputPaths = [String?](repeating: nil, count: car.renditions.count)
        for paths in facetPaths.joined() {
            for (index, path) in paths { outputPaths[index] = path }
        }
        let sources = outputPaths
        var assets = parallelMap(count: runs, width: width) { number in
            range(number).map { Self.asset(car.facets[$0], of: car, sources: sources) }
        }.flatMap { $0 }
        // Sorted by name like a source catalog's index; tree order is already byte order (then nothing moves), and
        // the sort is stable.
        if !assets.indices.dropFirst().allSatisfy({ !Bytewise.less(assets[$0].name, assets[$0 - 1].name) }) {
            assets.sort { Bytewise.less($0.name, $1.name) }
        }
        self.init(sources: [CatalogSource(path: path, kind: .car)], assets: assets)
    }

    /// One facet as an asset: its renditions as variants (colours of a colour set as colours).
    private static func asset(_ facet: CARFacet, of car: CARFile, sources: [String?]) -> Asset {
        var asset = Asset(name: facet.name, kind: kind(of: facet.renditions, in: car), sourceIndex: 0, path: facet.name)
        // Read in place: a rendition copied out of the array retains every array and string in it.
        car.renditions.withUnsafeBufferPointer { renditions in
            for index in facet.renditions {
                let traits = car.traits(of: renditions[index])
                if case .color(let color) = renditions[index].payload, asset.kind == .color {
                    asset.colors.append(ColorVariant(traits: traits, value: Self.colorValue(color)))
                    continue
                }
                let type = Self.contentType(of: renditions[index])
                let pixelSize = renditions[index].width > 0 && renditions[index].height > 0
                let attributes = car.attributes(of: renditions[index])
                asset.variants.append(
                    Variant(
                        traits: traits, source: sources[index], contentType: type,
                        inspection: FileInspection(
                            byteCount: renditions[index].byteCount, contentType: type ?? .unknown,
                            pixelWidth: pixelSize ? renditions[index].width : nil, pixelHeight: pixelSize ? renditions[index].height : nil,
                            problem: attributes["not-decoded"]),
                        attributes: attributes))
            }
        }
        return asset
    }

    /// ``kind(of:)`` of the renditions at `indices`, read in place.
    private static func kind(of indices: [Int], in car: CARFile) -> AssetKind {
        let renditions = car.renditions
        if indices.contains(where: { if case .multisizeSet = renditions[$0].payload { return true } else { return false } }) {
            return .appIcon
        }
        if !indices.isEmpty, indices.allSatisfy({ if case .color = renditions[$0].payload { return true } else { return false } }) {
            return .color
        }
        if !indices.isEmpty, indices.allSatisfy({ renditions[$0].pixelFormat == "DATA" }) { return .data }
        return .image
    }

    static func kind(of renditions: [CARRendition]) -> AssetKind {
        if renditions.contains(where: { if case .multisizeSet = $0.payload { return true } else { return false } }) {
            return .appIcon
        }
        if !renditions.isEmpty, renditions.allSatisfy({ if case .color = $0.payload { return true } else { return false } }) {
            return .color
        }
        if !renditions.isEmpty, renditions.allSatisfy({ $0.pixelFormat == "DATA" }) { return .data }
        return .image
    }

    /// What `extract` writes for the rendition: a PNG for bitmaps, the stored file for raw payloads.
    public static func contentType(of rendition: CARRendition) -> ContentType? {
        switch rendition.payload {
        case .bitmap: return .png
        case .none: return rendition.internalReference == nil ? nil : .png
        case .raw(let bytes):
            switch CARDecoder.fileExtension(rendition, bytes) {
            case "pdf": return .pdf
            case "jpg": return .jpeg
            case "png": return .png
            case "heic": return .heif
            case "svg": return .svg
            default: return .unknown
            }
        case .color, .gradient, .multisizeSet, .unknown: return nil
        }
    }

    private static func colorValue(_ color: CARColor) -> ColorValue {
        // CoreUI draws the named system colour whenever it knows the name: that is the colour, the components
        // are only a fallback.
        if let name = color.systemColorName { return .systemReference(name: name) }
        let c = color.components
        if c.count == 2 {
            return .components(ColorComponents(colorSpace: color.colorSpaceName, red: c[0], green: c[0], blue: c[0], alpha: c[1]))
        }
        let value = { (index: Int) in index < c.count ? c[index] : 1 }
        return .components(ColorComponents(colorSpace: color.colorSpaceName, red: value(0), green: value(1), blue: value(2), alpha: value(3)))
    }
}
