import AssetCatalog
import Foundation

extension SizeInventory {
    /// The sizes of a compiled catalog: each facet an asset, each of its renditions a variant with the bytes the
    /// rendition takes in the file (its header, info tags and payload, as `assetc info` counts them), and each
    /// rendition no facet names (packed atlases, theme parts) an internal asset named after the rendition.
    ///
    /// Every rendition is counted once, so ``totalBytes`` is the sum of all the car's rendition values. Facets
    /// that share a name are one asset. Checksums are computed on every core.
    ///
    /// - Parameters:
    ///   - car: the opened `Assets.car`.
    ///   - path: the path shown for it.
    ///   - jobs: renditions checksummed at once (default: one per processor).
    public init(car: CARFile, path: String, jobs: Int? = nil) {
        let renditions = car.renditions
        let checksums = parallelMap(count: renditions.count, width: jobs ?? ProcessInfo.processInfo.activeProcessorCount) {
            Self.checksum(renditions[$0])
        }
        var counted = [Bool](repeating: false, count: renditions.count)
        var assets: [SizedAsset] = []
        var positionByName: [String: Int] = [:]
        func add(_ index: Int, to name: String, kind: AssetKind?) {
            guard renditions.indices.contains(index), !counted[index] else { return }
            counted[index] = true
            let rendition = renditions[index]
            let variant = SizedVariant(
                traits: car.traits(of: rendition), name: rendition.name, encoding: Self.encoding(of: rendition),
                bytes: rendition.byteCount, pixelWidth: rendition.width > 0 ? rendition.width : nil,
                pixelHeight: rendition.height > 0 ? rendition.height : nil, checksum: checksums[index])
            // Internal renditions are kept apart from named assets even when a facet has the same name.
            let slot = (kind == nil ? "\u{0}" : "") + name
            if let position = positionByName[slot] {
                assets[position].variants.append(variant)
            } else {
                positionByName[slot] = assets.count
                assets.append(SizedAsset(name: name, kind: kind, variants: [variant]))
            }
        }
        for facet in car.facets {
            let kind = CatalogIndex.kind(of: facet.renditions.filter(renditions.indices.contains).map { renditions[$0] })
            if facet.renditions.isEmpty, positionByName[facet.name] == nil {
                positionByName[facet.name] = assets.count
                assets.append(SizedAsset(name: facet.name, kind: kind, variants: []))
            }
            for index in facet.renditions { add(index, to: facet.name, kind: kind) }
        }
        for index in renditions.indices where !counted[index] { add(index, to: renditions[index].name, kind: nil) }
        self.init(path: path, kind: .car, assets: assets)
        finish()
    }

    /// How a rendition is stored: its bitmap compression, the kind of file it holds, or what else it is.
    static func encoding(of rendition: CARRendition) -> String {
        if rendition.internalReference != nil { return "packed" }
        switch rendition.payload {
        case .bitmap(let bitmap): return bitmap.compression.name
        case .raw(let bytes):
            switch CARDecoder.fileExtension(rendition, bytes) {
            case "jpg": return "jpeg"
            case "heic": return "heif"
            case let other: return other
            }
        case .color: return "colour"
        case .multisizeSet: return "icon-set"
        case .none: return "none"
        case .unknown(let tag, _): return tag.isEmpty ? "unknown" : "unknown-\(tag)"
        }
    }

    /// A CRC-32 of what a rendition stores: its name, layout, pixel format and size, its info tags and its
    /// payload, but not its modification time (two builds of the same catalog differ there only).
    static func checksum(_ rendition: CARRendition) -> UInt32 {
        var fields: [UInt8] = Array(rendition.name.utf8) + Array(rendition.pixelFormat.utf8)
        for number in [UInt32(rendition.layout), UInt32(truncatingIfNeeded: rendition.width), UInt32(truncatingIfNeeded: rendition.height)] {
            withUnsafeBytes(of: number.littleEndian) { fields += $0 }
        }
        var crc = fields.withUnsafeBytes { CRC32.update(0, $0) }
        for tag in rendition.infoTags { crc = CRC32.update(crc, tag.value.buffer) }
        switch rendition.payload {
        case .bitmap(let bitmap):
            for chunk in bitmap.chunks { crc = CRC32.update(crc, chunk.data.buffer) }
        case .raw(let bytes), .unknown(_, let bytes):
            crc = CRC32.update(crc, bytes.buffer)
        case .color(let color):
            var values: [UInt64] = color.components.map(\.bitPattern) + [UInt64(color.colorSpaceID), UInt64(color.substituteField)]
            values += (color.systemColorName ?? "").utf8.map(UInt64.init)
            crc = values.withUnsafeBytes { CRC32.update(crc, $0) }
        case .multisizeSet(let entries):
            let values = entries.flatMap { [UInt64($0.width), UInt64($0.height), UInt64($0.index), UInt64($0.idiom)] }
            crc = values.withUnsafeBytes { CRC32.update(crc, $0) }
        case .none:
            break
        }
        return crc
    }
}
