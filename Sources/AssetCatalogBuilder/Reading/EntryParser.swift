import AssetCatalog

/// One entry of `images[]`, `data[]` or `colors[]`, with its traits parsed.
struct ParsedEntry {
    /// The traits; a key that is absent or not understood leaves its dimension at "any".
    var traits = VariantTraits()
    /// Every other key, as strings; plus the raw value of a trait key whose value was not understood.
    var attributes: [String: String] = [:]
    /// `filename`, or `nil` for an empty slot.
    var filename: String?
    /// `color` (colour sets), still raw.
    var color: JSONObject?
}

/// Where an entry is, such as `images[2]`; built into text only when a message needs it.
struct EntryPlace: CustomStringConvertible, Sendable {
    var key: String
    var index: Int

    var description: String { "\(key)[\(index)]" }
}

/// Parses set entries: the trait keys into ``VariantTraits``, the rest into attributes.
///
/// Policy for values the reader does not understand (an idiom `toaster`, a scale `4.5x`): the entry
/// is still indexed, that trait counts as "any", the raw value is kept in the attributes under its key,
/// and an `unknown-key` warning names the file, the entry and the value. A value of the wrong JSON type
/// is an `invalid-contents` error and is otherwise treated the same way.
struct EntryParser {
    let setType: SetType
    let document: ContentsDocument

    /// `Contents.json` spellings of the idioms that are trait values.
    static let idioms: [String: Idiom] = [
        "iphone": .phone, "ipad": .pad, "tv": .tv, "watch": .watch, "mac": .mac, "car": .car, "vision": .vision,
    ]
    /// Idioms app icon sets use that are not device traits (the App Store icons).
    static let appIconOnlyIdioms: Set<String> = ["ios-marketing", "watch-marketing", "mac-marketing"]
    static let idiomList = "universal, iphone, ipad, tv, watch, mac, car, vision"

    /// Parses one entry; `nil` when it is not an object (an error has been emitted).
    func parse(_ value: JSONValue, place: EntryPlace, sink: inout DiagnosticSink) -> ParsedEntry? {
        guard case .object(let object) = value else {
            document.wrongType("\(place)", expected: "an object", actual: value, sink: &sink)
            return nil
        }
        var entry = ParsedEntry()
        let known = setType.entryKeys
        for member in object.members {
            let key = member.key
            guard known.contains(key) else {
                sink.emit(.unknownKey, at: document.path, "unknown key \(MessageQuote.quoted(key)) in \(place)")
                continue
            }
            switch key {
            case "filename":
                guard case .string(let text) = member.value else {
                    document.wrongType("\(place).\(key)", expected: "a string", actual: member.value, sink: &sink)
                    continue
                }
                entry.filename = text
            case "idiom":
                guard let text = string(member.value, name: "\(place).\(key)", sink: &sink) else { continue }
                parseIdiom(text, place: place, into: &entry, sink: &sink)
            case "scale":
                guard let text = string(member.value, name: "\(place).\(key)", sink: &sink) else { continue }
                if let scale = EntryParser.parseScale(text) {
                    entry.traits.displayScale = scale
                } else {
                    unknownValue(key, text, place: place, expected: "1x, 2x or 3x", dimension: "scale", into: &entry, sink: &sink)
                }
            case "display-gamut":
                guard let text = string(member.value, name: "\(place).\(key)", sink: &sink) else { continue }
                switch text.lowercased() {
                case "srgb": entry.traits.displayGamut = .sRGB
                case "display-p3": entry.traits.displayGamut = .displayP3
                default:
                    unknownValue(key, text, place: place, expected: "sRGB or display-P3", dimension: "gamut", into: &entry, sink: &sink)
                }
            case "width-class", "height-class":
                guard let text = string(member.value, name: "\(place).\(key)", sink: &sink) else { continue }
                let sizeClass: SizeClass?
                switch text.lowercased() {
                case "compact": sizeClass = .compact
                case "regular": sizeClass = .regular
                default: sizeClass = nil
                }
                guard let sizeClass else {
                    unknownValue(key, text, place: place, expected: "compact or regular", dimension: key == "width-class" ? "width class" : "height class", into: &entry, sink: &sink)
                    continue
                }
                if key == "width-class" {
                    entry.traits.horizontalSizeClass = sizeClass
                } else {
                    entry.traits.verticalSizeClass = sizeClass
                }
            case "language-direction":
                guard let text = string(member.value, name: "\(place).\(key)", sink: &sink) else { continue }
                switch text.lowercased() {
                case "left-to-right": entry.traits.layoutDirection = .leftToRight
                case "right-to-left": entry.traits.layoutDirection = .rightToLeft
                default:
                    unknownValue(key, text, place: place, expected: "left-to-right or right-to-left", dimension: "direction", into: &entry, sink: &sink)
                }
            case "locale":
                guard let text = string(member.value, name: "\(place).\(key)", sink: &sink) else { continue }
                if let locale = LocaleTag(text) {
                    entry.traits.locale = locale
                    entry.attributes[key] = text
                } else {
                    unknownValue(key, text, place: place, expected: "a language tag such as fr or fr-CA", dimension: "locale", into: &entry, sink: &sink)
                }
            case "appearances":
                parseAppearances(member.value, place: place, into: &entry, sink: &sink)
            case "color":
                guard case .object(let color) = member.value else {
                    document.wrongType("\(place).\(key)", expected: "an object", actual: member.value, sink: &sink)
                    continue
                }
                entry.color = color
            case "resizing":
                entry.attributes[key] = EntryParser.normalisedResizing(member.value).attributeString
            default:
                entry.attributes[key] = member.value.attributeString
            }
        }
        return entry
    }

    /// `2x` → 2. Only whole positive numbers followed by `x`.
    static func parseScale(_ text: String) -> DisplayScale? {
        let bytes = text.utf8
        guard bytes.count >= 2, bytes.count <= 4, let last = bytes.last, last == UInt8(ascii: "x") || last == UInt8(ascii: "X") else {
            return nil
        }
        var number = 0
        for byte in bytes.dropLast() {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return DisplayScale(number)
    }

    /// `capInsets` (older Xcode) becomes `cap-insets`, so both spellings give the same attribute.
    static func normalisedResizing(_ value: JSONValue) -> JSONValue {
        guard case .object(let object) = value else { return value }
        let members = object.members.map { member -> (key: String, value: JSONValue) in
            member.key == "capInsets" ? (key: "cap-insets", value: member.value) : member
        }
        return .object(JSONObject(members: members))
    }

    private func string(_ value: JSONValue, name: @autoclosure () -> String, sink: inout DiagnosticSink) -> String? {
        guard case .string(let text) = value else {
            document.wrongType(name(), expected: "a string", actual: value, sink: &sink)
            return nil
        }
        return text
    }

    private func unknownValue(
        _ key: String, _ text: String, place: EntryPlace, expected: String, dimension: String, into entry: inout ParsedEntry,
        sink: inout DiagnosticSink
    ) {
        entry.attributes[key] = text
        sink.emit(
            .unknownKey, at: document.path,
            "unknown \(key) \(MessageQuote.quoted(text)) in \(place) (expected \(expected)); the entry is indexed for any \(dimension)")
    }

    private func parseIdiom(_ text: String, place: EntryPlace, into entry: inout ParsedEntry, sink: inout DiagnosticSink) {
        if text == "universal" { return }
        if let idiom = EntryParser.idioms[text] {
            entry.traits.idiom = idiom
            return
        }
        let lowered = text.lowercased()
        if lowered == "universal" { return }
        if let idiom = EntryParser.idioms[lowered] {
            entry.traits.idiom = idiom
            return
        }
        if setType == .appIcon, EntryParser.appIconOnlyIdioms.contains(lowered) {
            entry.attributes["idiom"] = text
            return
        }
        var expected = EntryParser.idiomList
        if setType == .appIcon { expected += ", ios-marketing, watch-marketing" }
        unknownValue("idiom", text, place: place, expected: expected, dimension: "idiom", into: &entry, sink: &sink)
    }

    private func parseAppearances(_ value: JSONValue, place: EntryPlace, into entry: inout ParsedEntry, sink: inout DiagnosticSink) {
        guard case .array(let elements) = value else {
            document.wrongType("\(place).appearances", expected: "an array", actual: value, sink: &sink)
            return
        }
        var seen: Set<String> = []
        for (index, element) in elements.enumerated() {
            let elementPlace = "\(place).appearances[\(index)]"
            guard case .object(let object) = element else {
                document.wrongType(elementPlace, expected: "an object", actual: element, sink: &sink)
                continue
            }
            document.checkKeys(object, known: ["appearance", "value"], place: elementPlace, sink: &sink)
            guard let kind = document.string("appearance", in: object, name: "\(elementPlace).appearance", sink: &sink),
                let text = document.string("value", in: object, name: "\(elementPlace).value", sink: &sink)
            else {
                if object["appearance"] == nil || object["value"] == nil {
                    sink.emit(.invalidContents, at: document.path, "\(elementPlace) needs both 'appearance' and 'value'")
                }
                continue
            }
            if !seen.insert(kind).inserted {
                sink.emit(.invalidContents, at: document.path, "\(elementPlace) gives \(MessageQuote.quoted(kind)) a second time; the first is used")
                continue
            }
            switch kind {
            case "luminosity":
                switch text.lowercased() {
                case "light": entry.traits.appearance = .light
                case "dark": entry.traits.appearance = .dark
                case "any": break
                case "tinted":
                    entry.attributes["luminosity"] = "tinted"
                    sink.emit(
                        .tintedAppearance, at: document.path,
                        "\(place) is for the tinted appearance, which has no trait value; it is indexed for any appearance")
                default:
                    entry.attributes["luminosity"] = text
                    sink.emit(
                        .unknownKey, at: document.path,
                        "unknown luminosity \(MessageQuote.quoted(text)) in \(elementPlace) (expected light, dark or tinted); the entry is indexed for any appearance")
                }
            case "contrast":
                switch text.lowercased() {
                case "high": entry.traits.contrast = .high
                case "normal", "standard": entry.traits.contrast = .normal
                default:
                    entry.attributes["contrast"] = text
                    sink.emit(
                        .unknownKey, at: document.path,
                        "unknown contrast \(MessageQuote.quoted(text)) in \(elementPlace) (expected high); the entry is indexed for any contrast")
                }
            default:
                entry.attributes["appearance." + kind] = text
                sink.emit(
                    .unknownKey, at: document.path,
                    "unknown appearance \(MessageQuote.quoted(kind)) in \(elementPlace) (expected luminosity or contrast)")
            }
        }
    }
}
