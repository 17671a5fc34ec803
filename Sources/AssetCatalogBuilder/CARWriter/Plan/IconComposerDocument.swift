import AssetCatalog
import Foundation

/// What the compile needs from an Icon Composer `icon.json` (Xcode 26): the background fill and its dark
/// specialisation, and the groups with their layers, shadows and glass settings. The reader checks the file and
/// lists the layer files (``ContainerReader``); this reads the drawing instructions the car keeps.
struct IconComposerDocument: Sendable, Equatable {
    /// The appearances an icon is compiled for, in the order their renditions are planned.
    enum Appearance: String, Sendable, CaseIterable {
        case light, dark, tinted
    }

    /// A background fill.
    enum Fill: Sendable, Hashable {
        /// One colour (`solid`; `automatic-gradient` is kept as its one colour: how Icon Composer derives the
        /// gradient from it is not established).
        case solid(ColorComponents)
        /// A linear gradient, top to bottom, through these colours.
        case gradient([ColorComponents])
    }

    /// One layer: its image file in `Assets/`, placement and glass setting per appearance.
    struct Layer: Sendable, Equatable {
        var imageName: String
        /// `position.scale` (1 when absent).
        var scale: Double
        /// `position.translation-in-points`.
        var translation: (x: Double, y: Double)
        /// `glass`, then `glass-specializations` by appearance.
        var glass: Bool?
        var glassByAppearance: [Appearance: Bool]
        /// What the flat renderer needs beyond the car's records: `opacity` (0…1), `blend-mode`, `hidden`, and a
        /// solid `fill` that recolours the layer's pixels (its alpha kept).
        var opacity: Double = 1
        var blendMode: String?
        var hidden = false
        var fill: ColorComponents?

        static func == (lhs: Layer, rhs: Layer) -> Bool {
            lhs.imageName == rhs.imageName && lhs.scale == rhs.scale && lhs.translation == rhs.translation && lhs.glass == rhs.glass
                && lhs.glassByAppearance == rhs.glassByAppearance && lhs.opacity == rhs.opacity && lhs.blendMode == rhs.blendMode
                && lhs.hidden == rhs.hidden && lhs.fill == rhs.fill
        }

        /// Whether the layer is drawn as glass in `appearance`: its specialisation for that appearance, else its own
        /// setting, else yes (Icon Composer's default). A light specialisation does not carry over to tinted: sudoku's
        /// layer, glass off in light only, is glass in its tinted group as in its dark one.
        func isGlass(_ appearance: Appearance) -> Bool {
            if let value = glassByAppearance[appearance] { return value }
            return glass ?? true
        }
    }

    /// One group of layers, with its shadow.
    struct Group: Sendable, Equatable {
        var layers: [Layer]
        /// `shadow.kind` (`neutral`, `layer-color`, `none`) and `shadow.opacity`.
        var shadowKind: String?
        var shadowOpacity: Double
        /// What the flat renderer needs beyond the car's records: `position` (scale and translation applied to every
        /// layer), `opacity`, `blend-mode`, `hidden`, `translucency` (when enabled, its value) and `specular`.
        var scale: Double = 1
        var translation: Point = Point(x: 0, y: 0)
        var opacity: Double = 1
        var blendMode: String?
        var hidden = false
        var translucency: Double?
        var specular = true
    }

    /// A point or offset in the icon's 1024-point canvas.
    struct Point: Sendable, Equatable {
        var x: Double
        var y: Double
    }

    /// `fill` (light and tinted), or `nil` for none.
    var fill: Fill?
    /// `fill-specializations` for `dark`, if any.
    var darkFill: Fill?
    /// `groups`, as listed (front to back).
    var groups: [Group]

    /// Parses `icon.json`; a problem is returned in words naming the member, never the file's contents.
    static func parse(_ bytes: [UInt8]) -> Result<IconComposerDocument, IconComposerProblem> {
        guard case .success(let value) = JSONParser.parse(bytes) else { return .failure(IconComposerProblem("icon.json is not valid JSON")) }
        guard case .object(let root) = value else { return .failure(IconComposerProblem("icon.json is not a JSON object")) }
        var document = IconComposerDocument(fill: nil, darkFill: nil, groups: [])
        do throws(IconComposerProblem) {
            document.fill = try fill(root["fill"], place: "fill")
            if case .array(let entries)? = root["fill-specializations"] {
                for case .object(let entry) in entries {
                    guard case .string(let appearance)? = entry["appearance"] else {
                        // The entry without an appearance is the default fill.
                        document.fill = try fill(entry["value"], place: "fill-specializations")
                        continue
                    }
                    if appearance == "dark" { document.darkFill = try fill(entry["value"], place: "fill-specializations") }
                }
            }
            if case .array(let groups)? = root["groups"] {
                for (groupIndex, groupValue) in groups.enumerated() {
                    guard case .object(let group) = groupValue else { continue }
                    var result = Group(layers: [], shadowKind: nil, shadowOpacity: 0)
                    if case .object(let shadow)? = group["shadow"] {
                        if case .string(let kind)? = shadow["kind"] { result.shadowKind = kind }
                        result.shadowOpacity = number(shadow["opacity"]) ?? 0
                        guard (0...1).contains(result.shadowOpacity) else {
                            throw IconComposerProblem("groups[\(groupIndex)].shadow.opacity is outside 0…1")
                        }
                    }
                    try readDrawing(group, place: "groups[\(groupIndex)]", opacity: &result.opacity, blendMode: &result.blendMode, hidden: &result.hidden)
                    if case .object(let position)? = group["position"] {
                        result.scale = number(position["scale"]) ?? 1
                        if case .array(let offset)? = position["translation-in-points"], offset.count == 2 {
                            result.translation = Point(x: number(offset[0]) ?? 0, y: number(offset[1]) ?? 0)
                        }
                        guard result.scale.isFinite, result.scale > 0, result.scale <= 100, abs(result.translation.x) <= 1e4,
                            abs(result.translation.y) <= 1e4
                        else {
                            throw IconComposerProblem("groups[\(groupIndex)].position is out of range (scale or translation)")
                        }
                    }
                    if case .object(let translucency)? = group["translucency"], case .bool(true)? = translucency["enabled"] {
                        let value = number(translucency["value"]) ?? 0.5
                        guard (0...1).contains(value) else { throw IconComposerProblem("groups[\(groupIndex)].translucency.value is outside 0…1") }
                        result.translucency = value
                    }
                    if case .bool(let specular)? = group["specular"] { result.specular = specular }
                    if case .array(let layers)? = group["layers"] {
                        for layerValue in layers {
                            guard case .object(let layer) = layerValue, case .string(let image)? = layer["image-name"] else { continue }
                            var entry = Layer(imageName: image, scale: 1, translation: (0, 0), glass: nil, glassByAppearance: [:])
                            if case .object(let position)? = layer["position"] {
                                entry.scale = number(position["scale"]) ?? 1
                                if case .array(let offset)? = position["translation-in-points"], offset.count == 2 {
                                    entry.translation = (number(offset[0]) ?? 0, number(offset[1]) ?? 0)
                                }
                            }
                            guard entry.scale.isFinite, entry.scale > 0, entry.scale <= 100, abs(entry.translation.x) <= 1e4,
                                abs(entry.translation.y) <= 1e4
                            else {
                                throw IconComposerProblem("groups[\(groupIndex)] has a layer placed out of range (scale or translation)")
                            }
                            if case .bool(let glass)? = layer["glass"] { entry.glass = glass }
                            try readDrawing(
                                layer, place: "groups[\(groupIndex)] layer \(entry.imageName)", opacity: &entry.opacity, blendMode: &entry.blendMode,
                                hidden: &entry.hidden)
                            if case .object(let layerFill)? = layer["fill"], case .string(let text)? = layerFill["solid"] {
                                guard let color = color(text) else {
                                    throw IconComposerProblem("groups[\(groupIndex)] layer \(entry.imageName): fill.solid is not a colour such as srgb:0.1,0.2,0.3,1")
                                }
                                entry.fill = color
                            }
                            if case .array(let specialisations)? = layer["glass-specializations"] {
                                for case .object(let specialisation) in specialisations {
                                    guard case .bool(let glass)? = specialisation["value"] else { continue }
                                    if case .string(let name)? = specialisation["appearance"], let appearance = Appearance(rawValue: name) {
                                        entry.glassByAppearance[appearance] = glass
                                    } else {
                                        entry.glass = glass
                                    }
                                }
                            }
                            result.layers.append(entry)
                        }
                    }
                    document.groups.append(result)
                }
            }
        } catch {
            return .failure(error)
        }
        return .success(document)
    }

    /// `opacity` (0…1), `blend-mode` and `hidden` of a group or layer.
    private static func readDrawing(
        _ object: JSONObject, place: String, opacity: inout Double, blendMode: inout String?, hidden: inout Bool
    ) throws(IconComposerProblem) {
        if let value = number(object["opacity"]) {
            guard (0...1).contains(value) else { throw IconComposerProblem("\(place): opacity is outside 0…1") }
            opacity = value
        }
        if case .string(let mode)? = object["blend-mode"] {
            guard mode.utf8.count <= 64 else { throw IconComposerProblem("\(place): blend-mode is not a blend mode's name") }
            blendMode = mode
        }
        if case .bool(let value)? = object["hidden"] { hidden = value }
    }

    private static func number(_ value: JSONValue?) -> Double? {
        guard case .number(let text)? = value, let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// A fill value: `"none"`, `"automatic"` (no fill of its own), or an object with `solid`,
    /// `automatic-gradient` or `linear-gradient`.
    private static func fill(_ value: JSONValue?, place: String) throws(IconComposerProblem) -> Fill? {
        guard let value else { return nil }
        switch value {
        case .string: return nil
        case .object(let object):
            if case .array(let stops)? = object["linear-gradient"] {
                var colors: [ColorComponents] = []
                for stop in stops {
                    guard case .string(let text) = stop, let color = color(text) else {
                        throw IconComposerProblem("\(place): a gradient stop is not a colour such as srgb:0.1,0.2,0.3,1")
                    }
                    colors.append(color)
                }
                guard colors.count >= 2, colors.count <= 16 else { throw IconComposerProblem("\(place): a gradient needs 2 to 16 colours") }
                return .gradient(colors)
            }
            for key in ["solid", "automatic-gradient"] {
                if case .string(let text)? = object[key] {
                    guard let color = color(text) else { throw IconComposerProblem("\(place).\(key) is not a colour such as srgb:0.1,0.2,0.3,1") }
                    return .solid(color)
                }
            }
            return nil
        case .array, .number, .bool, .null:
            throw IconComposerProblem("\(place) is \(value.typeDescription), not a fill")
        }
    }

    /// `srgb:0.09020,0.19216,0.25882,1.00000`, `extended-gray:1,1`, `display-p3:…`: the colour space, then the
    /// components (grey and alpha for grey spaces), each finite and within ±1000.
    static func color(_ text: String) -> ColorComponents? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let space = String(text[..<colon])
        let values = text[text.index(after: colon)...].split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !space.isEmpty, values.allSatisfy({ $0 != nil && $0!.isFinite && abs($0!) <= 1000 }) else { return nil }
        let numbers = values.map { $0! }
        if space.contains("gray") {
            guard numbers.count == 2 else { return nil }
            return ColorComponents(colorSpace: space, red: numbers[0], green: numbers[0], blue: numbers[0], alpha: numbers[1])
        }
        guard numbers.count == 4 else { return nil }
        return ColorComponents(colorSpace: space, red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3])
    }
}

/// Why an Icon Composer icon could not be compiled, in words naming the member at fault.
struct IconComposerProblem: Error, Sendable, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
