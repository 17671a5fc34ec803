import AssetCatalog

/// The values Xcode 26 writes for an Icon Composer icon (`.icon`), as the sudoku car (CoreUI 969) shows them
/// (docs/CAR-FORMAT.md, "Icon Composer icons"):
///
/// - the icon's facet (part 245) with one *icon stack* per appearance: layout 1019, `DATA`, 1024 × 1024 at 1x,
///   named `<Icon>.iconstack`, UTI `public.layeredimage`, tag 1012 listing the background fill and the groups
///   back to front by facet key, tags 1020 and 1021 (per-layer records; the group's shadow in 1021);
/// - one facet per group (`<Icon>/Group`, part 246), one *icon group* per appearance: layout 1020, `DATA`, no
///   size, named `IconGroup`, tag 1012 listing its layers with their frames on the 1024-point canvas, tag 1020
///   with each layer's glass setting;
/// - one facet per gradient (part 247, layout 1021, an `ARGG` record naming its colours' facets) and per colour
///   (part 217, layout 1009), and one image facet (part 181) per layer file.
enum IconComposerRenditions {
    static let stackPart: UInt16 = 245
    static let groupPart: UInt16 = 246
    static let gradientPart: UInt16 = 247
    static let layoutStack: UInt16 = 1019
    static let layoutGroup: UInt16 = 1020
    static let layoutGradient: UInt16 = 1021
    /// The side of an icon's canvas in points.
    static let canvas = 1024

    /// A layer of a stack or group, as tag 1012 lists it: its frame (zero in a stack) and its facet's key.
    struct LayerReference: Sendable, Equatable {
        var part: UInt16
        var identifier: UInt16
        var x = 0, y = 0, width = 0, height = 0
    }

    /// Tag 1012: count, 0, then per layer 0, the frame, blend mode 0 (normal), opacity 1, the key's length and its
    /// (attribute, value) tokens ending with (0, 0) — the layout of the tvOS layered image (Stasis), which
    /// ``ImageStackRenditions`` writes with it too.
    static func layerReferences(_ layers: [LayerReference]) -> [UInt8] {
        var bytes: [UInt8] = []
        BinaryWriter.appendLE32(&bytes, UInt32(layers.count))
        BinaryWriter.appendLE32(&bytes, 0)
        for layer in layers {
            for value in [0, layer.x, layer.y, layer.width, layer.height, 0] { BinaryWriter.appendLE32(&bytes, UInt32(truncatingIfNeeded: value)) }
            BinaryWriter.appendLE32(&bytes, Float(1).bitPattern)
            let tokens: [(UInt16, UInt16)] = [(1, CARCompiler.element), (2, layer.part), (17, layer.identifier), (0, 0)]
            BinaryWriter.appendLE32(&bytes, UInt32(tokens.count * 4))
            for (attribute, value) in tokens {
                BinaryWriter.appendLE16(&bytes, attribute)
                BinaryWriter.appendLE16(&bytes, value)
            }
        }
        return bytes
    }

    /// The icon stack of one appearance: the fill (when there is one) behind the groups.
    static func stack(name: String, fill: LayerReference?, groups: [(reference: LayerReference, group: IconComposerDocument.Group)]) -> [UInt8] {
        let layers = (fill.map { [$0] } ?? []) + groups.map(\.reference)
        // Tag 1020: the count, then (sudoku) a 17-byte record for the fill and a 13-byte one per group; written
        // as observed, their fields are not understood.
        var records: [UInt8] = []
        BinaryWriter.appendLE32(&records, UInt32(layers.count))
        if fill != nil { records += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0] }
        for _ in groups { records += [2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0] }
        // Tag 1021: the count, 20 zero bytes for the fill, 24 per group whose fourth and fifth words are the
        // shadow's kind and opacity (sudoku: neutral, 0.5 → 3, 0.5).
        var effects: [UInt8] = []
        BinaryWriter.appendLE32(&effects, UInt32(layers.count))
        if fill != nil { effects += [UInt8](repeating: 0, count: 20) }
        for (_, group) in groups {
            for _ in 0..<3 { BinaryWriter.appendLE32(&effects, 0) }
            BinaryWriter.appendLE32(&effects, shadowKind(group.shadowKind))
            BinaryWriter.appendLE32(&effects, Float(group.shadowOpacity).bitPattern)
            BinaryWriter.appendLE32(&effects, 0)
        }
        return CSIBuilder.value(
            name: name, flags: 0, width: canvas, height: canvas, scale: 1, pixelFormat: "DATA", colorSpace: 0, layout: layoutStack,
            infoTags: [
                (ImageStackRenditions.layerReferencesTag, layerReferences(layers)), (1020, records), (1021, effects), CSIBuilder.compositionTag(opacity: 1),
                CSIBuilder.utiTag("public.layeredimage"), CSIBuilder.orientationTag,
            ],
            payload: CSIBuilder.raw([]))
    }

    /// One group's rendition for one appearance: its layers back to front with their frames, and per layer
    /// whether it is drawn as glass (sudoku: 0 in light, where its `glass-specializations` turn glass off, and 1
    /// in dark and tinted).
    static func group(layers: [(reference: LayerReference, glass: Bool)]) -> [UInt8] {
        var records: [UInt8] = []
        BinaryWriter.appendLE32(&records, UInt32(layers.count))
        for layer in layers {
            for value in [0, layer.glass ? 1 : 0, 0, 1] { BinaryWriter.appendLE32(&records, UInt32(value)) }
            records.append(0)
        }
        var effects: [UInt8] = []
        BinaryWriter.appendLE32(&effects, UInt32(layers.count))
        effects += [UInt8](repeating: 0, count: 24 * layers.count)
        return CSIBuilder.value(
            name: "IconGroup", flags: 0, width: 0, height: 0, scale: 1, pixelFormat: "DATA", colorSpace: 0, layout: layoutGroup,
            infoTags: [
                (ImageStackRenditions.layerReferencesTag, layerReferences(layers.map(\.reference))), (1020, records), (1021, effects),
                CSIBuilder.compositionTag(opacity: 1), CSIBuilder.orientationTag,
            ],
            payload: CSIBuilder.raw([]))
    }

    /// A linear gradient, top to bottom, through the colours whose facets are `colorNames`: `ARGG`, the stop count,
    /// 1 (linear), 0, start (0.5, 0), end (0.5, 1), then per stop its location and its colour's facet name.
    static func gradient(name: String, colorNames: [String]) -> [UInt8] {
        var payload: [UInt8] = []
        BinaryWriter.appendFourCC(&payload, "GGRA")
        BinaryWriter.appendLE32(&payload, UInt32(colorNames.count))
        BinaryWriter.appendLE32(&payload, 1)
        for value: Float in [0, 0.5, 0, 0.5, 1] { BinaryWriter.appendLE32(&payload, value.bitPattern) }
        for (position, colorName) in colorNames.enumerated() {
            let location = colorNames.count > 1 ? Float(position) / Float(colorNames.count - 1) : 0
            BinaryWriter.appendLE32(&payload, location.bitPattern)
            let text = Array(colorName.utf8) + [0]
            BinaryWriter.appendLE32(&payload, UInt32(text.count))
            payload += text
        }
        return CSIBuilder.value(
            name: name, flags: 0, width: 0, height: 0, scale: 0, pixelFormat: nil, colorSpace: 0, layout: layoutGradient,
            infoTags: CSIBuilder.pixellessTags, payload: payload)
    }

    /// A colour of the icon: each component rounded to thousandths, then narrowed to a 32-bit float and widened back,
    /// as Xcode 26 (the only Xcode with Icon Composer icons) stores them (sudoku: `icon.json`'s 0.09020, 0.19216,
    /// 0.25882 are stored as `Float(0.090)`, `Float(0.192)`, `Float(0.259)`, and the default dark greys 49/255 and
    /// 20/255 as `Float(0.192)` and `Float(0.078)`).
    static func color(name: String, _ color: ColorComponents) -> [UInt8] {
        let components = color.isGray ? [color.red, color.alpha] : [color.red, color.green, color.blue, color.alpha]
        return CSIBuilder.value(
            name: name, flags: 0, width: 0, height: 0, scale: 0, pixelFormat: nil, colorSpace: 0, layout: CSIBuilder.layoutColor,
            infoTags: CSIBuilder.pixellessTags,
            payload: CSIBuilder.color(
                colorSpace: CARCompiler.colorSpaceID(color.colorSpace), components: components.map { Double(Float(($0 * 1000).rounded() / 1000)) }))
    }

    /// The shadow kinds: `neutral` is 3 in sudoku; `layer-color` 2 and `none` 0 are assetc's guesses.
    static func shadowKind(_ kind: String?) -> UInt32 {
        switch kind {
        case "neutral"?: return 3
        case "layer-color"?: return 2
        default: return 0
        }
    }

    /// The info tags of a layer file's rendition (sudoku's SVG layer): composition (normal, opacity 1), orientation 1.
    static let layerFileTags: [(tag: UInt32, bytes: [UInt8])] = [CSIBuilder.compositionTag(opacity: 1), CSIBuilder.orientationTag]
}
