import AssetCatalog
import Foundation

extension SizeInventory {
    /// The sizes of a compiled catalog: each facet an asset, each of its renditions a variant with the bytes the
    /// rendition takes in the file (its header, info tags and payload, as `assetc info` counts them), and each
    /// rendition no facet names (theme parts) an internal asset named after the rendition.
    ///
    /// **Packed atlases are shared out** among the images packed in them, by pixel area: an image's bytes are its
    /// reference record's plus `atlas bytes × frame area / all its atlas's frames' area` (rounded down on the
    /// running total, so the shares of one atlas add up to its bytes exactly; gutters and margins are paid for
    /// in proportion). An atlas that is shared out is not an asset of its own; one no valid reference points
    /// into stays an internal asset. Every rendition is counted once, so ``totalBytes`` is the sum of all the
    /// car's rendition values. Facets that share a name are one asset. Checksums are computed on every core.
    ///
    /// - Parameters:
    ///   - car: the opened `Assets.car`.
    ///   - path: the path shown for it.
    ///   - jobs: renditions checksummed at once (default: one per processor).
    public init(car: CARFile, path: String, jobs: Int? = nil) {
        let facts = CARRenditionFacts.read(car, width: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let shares = Self.atlasShares(car, frames: facts.frames)
        // The renditions are read in place: a rendition copied out of the array retains every array and string in it.
        let assets = car.renditions.withUnsafeBufferPointer { renditions in
            var traits = CARTraitTable(car)
            var counted = [Bool](repeating: false, count: renditions.count)
            var assets: [SizedAsset] = []
            assets.reserveCapacity(car.facets.count)
            var positionByName: [String: Int] = [:]
            positionByName.reserveCapacity(car.facets.count)
            func variant(_ index: Int) -> SizedVariant {
                // The rendition read in place (a copy of it retains and releases every array and string it holds).
                let (variantTraits, key) = traits.traits(of: renditions[index])
                let width = renditions[index].width, height = renditions[index].height
                var variant = SizedVariant(
                    traits: variantTraits, key: key, name: renditions[index].name, encoding: facts.encodings[index],
                    bytes: renditions[index].byteCount + shares.byRendition[index], pixelWidth: width > 0 ? width : nil,
                    pixelHeight: height > 0 ? height : nil, checksum: facts.checksums[index])
                if var frame = facts.frames[index] {
                    frame.record = facts.checksums[index]
                    variant.packedFrame = frame
                    variant.atlasShare = shares.byRendition[index]
                    variant.checksum = Self.frameChecksum(own: facts.checksums[index], atlas: facts.checksums[frame.atlas], frame)
                }
                return variant
            }
            for facet in car.facets {
                var variants: [SizedVariant] = []
                var classes = CARRenditionFacts.KindClasses()
                for index in facet.renditions where renditions.indices.contains(index) {
                    classes.add(facts.classes[index])
                    guard !counted[index], !shares.isSharedOut[index] else { continue }
                    counted[index] = true
                    variants.append(variant(index))
                }
                let kind = classes.kind
                if let position = positionByName[facet.name] {
                    assets[position].variants += variants
                } else {
                    positionByName[facet.name] = assets.count
                    assets.append(SizedAsset(name: facet.name, kind: kind, variants: variants))
                }
            }
            // Internal renditions are kept apart from named assets even when a facet has the same name.
            var internalByName: [String: Int] = [:]
            for index in renditions.indices where !counted[index] && !shares.isSharedOut[index] {
                let name = renditions[index].name
                if let position = internalByName[name] {
                    assets[position].variants.append(variant(index))
                } else {
                    internalByName[name] = assets.count
                    assets.append(SizedAsset(name: name, kind: nil, variants: [variant(index)]))
                }
            }
            return assets
        }
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
        case .gradient: return "gradient"
        case .none: return "none"
        case .unknown(let tag, _): return tag.isEmpty ? "unknown" : "unknown-\(tag)"
        }
    }

    /// A CRC-32 of what a rendition stores: its name, layout, pixel format and size, its info tags and its
    /// payload, but not its modification time (two builds of the same catalog differ there only).
    ///
    /// For a packed image's reference (`skippingReference`), the reference tag (1010: the atlas and frame) is left
    /// out: where the image sits is not what it is. A layered image's layer list (tag 1012) counts each layer's
    /// facet by its name in `facetNames` (identifier → name), not by its identifier, which each writer picks: so an
    /// icon group or image stack built by Xcode and by assetc from the same source is not "changed" for that alone.
    static func checksum(_ rendition: CARRendition, skippingReference: Bool = false, facetNames: [UInt16: String] = [:]) -> UInt32 {
        var crc = CRC32.update(0, rendition.name)
        crc = CRC32.update(crc, rendition.pixelFormat)
        var numbers = (UInt32(rendition.layout).littleEndian, UInt32(truncatingIfNeeded: rendition.width).littleEndian,
            UInt32(truncatingIfNeeded: rendition.height).littleEndian)
        crc = withUnsafeBytes(of: &numbers) { CRC32.update(crc, $0) }
        for tag in rendition.infoTags where !(skippingReference && tag.tag == 1010) {
            if tag.tag == 1012, let layers = rendition.layerReferences {
                crc = layerChecksum(crc, layers, facetNames: facetNames)
            } else {
                crc = CRC32.update(crc, tag.value.buffer)
            }
        }
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
        case .gradient(let gradient):
            var values = [gradient.leadingWord, gradient.kind] + gradient.parameters.map(\.bitPattern)
            values += gradient.stops.map(\.location.bitPattern)
            crc = values.withUnsafeBytes { CRC32.update(crc, $0) }
            for stop in gradient.stops { crc = CRC32.update(crc, stop.colorName + "\0") }
        case .none:
            break
        }
        return crc
    }

    /// Continues `crc` over a layer list: each layer's frame, blend mode and opacity, then its facet's key with the
    /// identifier given as the facet's name (``CARLayerReference/facetName(in:)``).
    static func layerChecksum(_ crc: UInt32, _ layers: [CARLayerReference], facetNames: [UInt16: String]) -> UInt32 {
        var crc = crc
        for layer in layers {
            var numbers = (
                UInt32(truncatingIfNeeded: layer.x).littleEndian, UInt32(truncatingIfNeeded: layer.y).littleEndian,
                UInt32(truncatingIfNeeded: layer.width).littleEndian, UInt32(truncatingIfNeeded: layer.height).littleEndian,
                layer.blendMode.littleEndian, layer.opacity.bitPattern.littleEndian
            )
            crc = withUnsafeBytes(of: &numbers) { CRC32.update(crc, $0) }
            for (attribute, value) in layer.facetKey where CARAttribute(identifier: UInt32(attribute)) != .identifier {
                crc = CRC32.update(crc, "\(attribute)=\(value);")
            }
            crc = CRC32.update(crc, "name=" + layer.facetName(in: facetNames) + ";")
        }
        return crc
    }

    /// A packed image's first checksum: its reference's own checksum (without the frame), its atlas's checksum
    /// and its frame. Equal checksums mean the same record, the same atlas bytes and the same rectangle of them, so
    /// the same image; different ones do not mean different pixels (the image may have moved, or a neighbour
    /// changed the atlas), which the crop's checksum then settles (``settlePackedContent(old:oldCar:new:newCar:jobs:)``).
    static func frameChecksum(own: UInt32, atlas: UInt32, _ frame: PackedFrame) -> UInt32 {
        var fields = (
            own.littleEndian, atlas.littleEndian, UInt32(truncatingIfNeeded: frame.x).littleEndian, UInt32(truncatingIfNeeded: frame.y).littleEndian,
            UInt32(truncatingIfNeeded: frame.width).littleEndian, UInt32(truncatingIfNeeded: frame.height).littleEndian
        )
        return withUnsafeBytes(of: &fields) { CRC32.update(0x5041_434B, $0) }
    }

    /// Every rendition's share of the atlas it points into (0 for the rest), and which atlases are shared out.
    static func atlasShares(_ car: CARFile, frames: [PackedFrame?]) -> (byRendition: [Int], isSharedOut: [Bool]) {
        var byRendition = [Int](repeating: 0, count: frames.count)
        var isSharedOut = [Bool](repeating: false, count: frames.count)
        var area = [Int](repeating: 0, count: frames.count)
        for frame in frames {
            guard let frame else { continue }
            area[frame.atlas] += frame.width * frame.height
        }
        var running = [Int](repeating: 0, count: frames.count)
        for (index, frame) in frames.enumerated() {
            guard let frame else { continue }
            let atlas = frame.atlas
            let total = area[atlas], bytes = car.renditions[atlas].byteCount
            isSharedOut[atlas] = true
            // floor(bytes × running / total) before and after this frame, in 128-bit arithmetic.
            let before = total.dividingFullWidth(bytes.multipliedFullWidth(by: running[atlas])).quotient
            running[atlas] += frame.width * frame.height
            let after = total.dividingFullWidth(bytes.multipliedFullWidth(by: running[atlas])).quotient
            byRendition[index] = after - before
        }
        return (byRendition, isSharedOut)
    }
}

extension CRC32 {
    /// Continues `crc` over a string's UTF-8 bytes.
    static func update(_ crc: UInt32, _ text: String) -> UInt32 {
        var text = text
        return text.withUTF8 { update(crc, UnsafeRawBufferPointer($0)) }
    }
}

/// What ``SizeInventory/init(car:path:jobs:)`` needs of each rendition that costs a pass over its bytes,
/// gathered on every core: its checksum, its encoding, what it says about its asset's kind, and for a packed
/// image, its atlas and frame (when they make sense).
struct CARRenditionFacts {
    /// What a rendition says about the kind of its asset (``CatalogIndex/kind(of:)``'s rule).
    enum KindClass {
        case iconSet, colour, data, other
    }

    /// The classes of an asset's renditions, added up into its kind.
    struct KindClasses {
        var count = 0, iconSets = 0, colours = 0, data = 0

        mutating func add(_ kindClass: KindClass) {
            count += 1
            switch kindClass {
            case .iconSet: iconSets += 1
            case .colour: colours += 1
            case .data: data += 1
            case .other: break
            }
        }

        /// An app icon when any rendition is an icon set, a colour or data set when all are, else an image.
        var kind: AssetKind {
            if iconSets > 0 { return .appIcon }
            if count > 0 && colours == count { return .color }
            if count > 0 && data == count { return .data }
            return .image
        }
    }

    var checksums: [UInt32]
    var encodings: [String]
    var classes: [KindClass]
    var frames: [PackedFrame?]

    /// The largest atlas whose frames are shared out by area: its pixel count fits in 31 bits, so the areas of a
    /// car's frames add up without overflow.
    static let largestAtlasPixels = 1 << 31

    static func read(_ car: CARFile, width: Int) -> CARRenditionFacts {
        let count = car.renditions.count
        let chunk = 256
        // Facet names by identifier, for layer lists (only layered images read it).
        let facetNames = car.facetNamesByIdentifier
        let parts = parallelMap(count: (count + chunk - 1) / chunk, width: width) { part in
            let range = (part * chunk)..<min(count, (part + 1) * chunk)
            var facts = CARRenditionFacts(checksums: [], encodings: [], classes: [], frames: [])
            facts.checksums.reserveCapacity(range.count)
            facts.encodings.reserveCapacity(range.count)
            facts.classes.reserveCapacity(range.count)
            facts.frames.reserveCapacity(range.count)
            // Read in place: a rendition copied out of the array retains every array and string in it.
            car.renditions.withUnsafeBufferPointer { renditions in
                for index in range {
                    let isReference = renditions[index].internalReference != nil
                    facts.checksums.append(SizeInventory.checksum(renditions[index], skippingReference: isReference, facetNames: facetNames))
                    facts.encodings.append(SizeInventory.encoding(of: renditions[index]))
                    facts.classes.append(kindClass(renditions[index]))
                    facts.frames.append(isReference ? frame(car, index) : nil)
                }
            }
            return facts
        }
        var facts = CARRenditionFacts(checksums: [], encodings: [], classes: [], frames: [])
        facts.checksums.reserveCapacity(count)
        facts.encodings.reserveCapacity(count)
        facts.classes.reserveCapacity(count)
        facts.frames.reserveCapacity(count)
        for part in parts {
            facts.checksums += part.checksums
            facts.encodings += part.encodings
            facts.classes += part.classes
            facts.frames += part.frames
        }
        return facts
    }

    static func kindClass(_ rendition: CARRendition) -> KindClass {
        switch rendition.payload {
        case .multisizeSet: return .iconSet
        case .color: return .colour
        default: return rendition.pixelFormat == "DATA" ? .data : .other
        }
    }

    /// A packed image's atlas and frame, when its reference names an atlas of the car (a rendition that is not
    /// itself a reference) and the frame lies inside the atlas's pixel size; `nil` otherwise (the image then
    /// keeps only its own bytes, and the atlas stays an internal asset unless another image points into it).
    static func frame(_ car: CARFile, _ index: Int) -> PackedFrame? {
        guard let reference = car.renditions[index].internalReference, let atlas = car.renditionIndex(for: reference),
            atlas != index, car.renditions[atlas].internalReference == nil
        else { return nil }
        let atlasWidth = car.renditions[atlas].width, atlasHeight = car.renditions[atlas].height
        let (pixels, overflow) = atlasWidth.multipliedReportingOverflow(by: atlasHeight)
        guard !overflow, pixels <= largestAtlasPixels, reference.width > 0, reference.height > 0, reference.x >= 0,
            reference.y >= 0, reference.x <= atlasWidth - reference.width, reference.y <= atlasHeight - reference.height
        else { return nil }
        return PackedFrame(atlas: atlas, x: reference.x, y: reference.y, width: reference.width, height: reference.height)
    }
}

/// The traits of a car's renditions and their descriptions, worked out once per combination of the key
/// attributes they come from (a car has a handful of combinations and tens of thousands of renditions).
struct CARTraitTable {
    private let car: CARFile
    private let positions: [Int?]
    private var known: [Combination: (VariantTraits, String)] = [:]

    /// The values of ``attributes``, 16 bits each, and the layout (a colour's scale is no trait, whatever its key says).
    private struct Combination: Hashable {
        var low: UInt64 = 0, high: UInt64 = 0
        var layout: UInt16 = 0
    }

    /// The key attributes ``CARFile/traits(of:)`` reads.
    private static let attributes: [CARAttribute] = [
        .idiom, .scale, .displayGamut, .direction, .horizontalSizeClass, .verticalSizeClass, .appearance,
    ]

    init(_ car: CARFile) {
        self.car = car
        positions = Self.attributes.map { car.keyFormat.firstIndex(of: $0) }
    }

    /// The rendition's traits (an sRGB gamut as none, as ``SizedVariant`` keeps them) and their description.
    mutating func traits(of rendition: CARRendition) -> (VariantTraits, String) {
        let values = rendition.key.values
        var key = Combination(layout: rendition.layout)
        for (slot, position) in positions.enumerated() {
            guard let position, values.indices.contains(position) else { continue }
            let value = UInt64(values[position].value)
            if slot < 4 { key.low |= value << (16 * slot) } else { key.high |= value << (16 * (slot - 4)) }
        }
        if let found = known[key] { return found }
        var traits = car.traits(of: rendition)
        if traits.displayGamut == .sRGB { traits.displayGamut = nil }
        let result = (traits, traits.description)
        known[key] = result
        return result
    }
}
