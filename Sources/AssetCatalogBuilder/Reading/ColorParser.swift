import AssetCatalog

/// Turns the `color` object of a colour-set entry into a ``ColorValue``.
///
/// Components may be written as decimals (`"0.351"`, `"1.000"`: 0–1, beyond for extended spaces),
/// hexadecimal bytes (`"0xF7"`: 247/255) or whole numbers (`"128"`, or JSON numbers): Xcode's
/// "8-bit" input method. A whole number above 1 is always an 8-bit value; `"0"` and `"1"` are 8-bit
/// values only when another colour component of the same entry is an 8-bit value above 1
/// (Xcode writes `"1", "78", "169"` for a dark blue), and 0 and 1 otherwise. Alpha is judged on its own
/// (Xcode always writes it as a decimal). Grey spaces (`gray-gamma-22`, `extended-gray`) use `white`.
/// Every component must lie in ``ColorComponents/allowedRange`` (finite, within ±1000).
struct ColorParser {
    let document: ContentsDocument

    /// The colour spaces Xcode writes.
    static let knownColorSpaces: Set<String> = [
        "srgb", "display-p3", "extended-srgb", "extended-linear-srgb", "gray-gamma-22", "extended-gray",
        "extended-display-p3", "extended-linear-display-p3", "linear-srgb", "generic-gray-gamma-22",
    ]

    private enum Literal {
        case hex(Int)
        case whole(Int)
        case decimal(Double)
    }

    /// The colour with its traits, or `nil` when it cannot be understood (a diagnostic has been emitted). The
    /// entry records which components were written as decimals (``ColorVariant/decimalChannels``).
    func parse(_ color: JSONObject, traits: VariantTraits, place: String, sink: inout DiagnosticSink) -> ColorVariant? {
        document.checkKeys(color, known: ["color-space", "components", "platform", "reference"], place: place, sink: &sink)
        if color["reference"] != nil {
            guard let name = document.string("reference", in: color, name: "\(place).reference", sink: &sink) else { return nil }
            return ColorVariant(traits: traits, value: .systemReference(name: name))
        }
        var space = "srgb"
        if let given = document.string("color-space", in: color, name: "\(place).color-space", sink: &sink) {
            space = given
            if !ColorParser.knownColorSpaces.contains(given.lowercased()) {
                sink.emit(
                    .unknownKey, at: document.path,
                    "unknown color-space \(MessageQuote.quoted(given)) in \(place); the components are kept as they are")
            } else {
                space = given.lowercased()
            }
        }
        guard color["components"] != nil else {
            sink.emit(.invalidContents, at: document.path, "\(place) has neither 'components' nor 'reference'")
            return nil
        }
        guard let components = document.object("components", in: color, name: "\(place).components", sink: &sink) else {
            return nil
        }
        let componentsPlace = "\(place).components"
        let isGray = space.contains("gray")
        let channelKeys = isGray ? ["white"] : ["red", "green", "blue"]
        document.checkKeys(components, known: Set(channelKeys + ["alpha"]), place: componentsPlace, sink: &sink)

        var literals: [String: Literal] = [:]
        for key in channelKeys + ["alpha"] {
            guard let value = components[key] else {
                if key == "alpha" { continue }
                sink.emit(.invalidContents, at: document.path, "\(componentsPlace) has no \(MessageQuote.quoted(key))")
                return nil
            }
            guard let literal = ColorParser.literal(value) else {
                sink.emit(
                    .invalidContents, at: document.path,
                    "\(componentsPlace).\(key) should be a number like \"0.5\", \"128\" or \"0x80\" but is \(ColorParser.describe(value))")
                return nil
            }
            literals[key] = literal
        }
        let eightBit = channelKeys.contains { key in
            if case .whole(let number) = literals[key] { return number > 1 }
            return false
        }
        var values: [String: Double] = ["alpha": 1]
        var decimals: ColorChannels = []
        for (key, literal) in literals {
            switch literal {
            case .hex(let byte): values[key] = Double(byte) / 255
            case .decimal(let number):
                values[key] = number
                decimals.formUnion(ColorParser.channels(key))
            case .whole(let number):
                let isEightBit = key == "alpha" ? number > 1 : eightBit
                if isEightBit {
                    guard (0...255).contains(number) else {
                        sink.emit(.invalidContents, at: document.path, "\(componentsPlace).\(key) is \(number), beyond the 8-bit range 0–255")
                        return nil
                    }
                    values[key] = Double(number) / 255
                } else {
                    // 0 or 1 as a level, not a byte: float-exact, so not recorded as a decimal (narrowing it
                    // would change nothing).
                    values[key] = Double(number)
                }
            }
        }
        for key in channelKeys + ["alpha"] {
            guard let value = values[key], !ColorComponents.allowedRange.contains(value) else { continue }
            sink.emit(
                .invalidContents, at: document.path,
                "\(componentsPlace).\(key) is \(value), outside \(ColorComponents.allowedRangeDescription)")
            return nil
        }
        let parsed: ColorComponents
        if isGray {
            let white = values["white"] ?? 0
            parsed = ColorComponents(colorSpace: space, red: white, green: white, blue: white, alpha: values["alpha"] ?? 1)
        } else {
            parsed = ColorComponents(
                colorSpace: space, red: values["red"] ?? 0, green: values["green"] ?? 0, blue: values["blue"] ?? 0,
                alpha: values["alpha"] ?? 1)
        }
        return ColorVariant(traits: traits, value: .components(parsed), decimalChannels: decimals)
    }

    /// The components a key of `components` sets: a grey colour's `white` is its level in red, green and blue.
    private static func channels(_ key: String) -> ColorChannels {
        switch key {
        case "red": return .red
        case "green": return .green
        case "blue": return .blue
        case "white": return [.red, .green, .blue]
        default: return .alpha
        }
    }

    /// The most characters of a component's text a message repeats (`"nan"`, `"0.5e"`); a longer text, or one with
    /// anything but printable ASCII, is described by its length, never quoted: a message names, it does not copy the file.
    static let quotedLiteralLimit = 16

    private static func describe(_ value: JSONValue) -> String {
        let text: String
        switch value {
        case .string(let given): text = given
        case .number(let given): text = given
        default: return value.typeDescription
        }
        let shown = text.utf8.count <= quotedLiteralLimit && text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
        switch (value, shown) {
        case (.string, true): return "\"\(text)\""
        case (.string, false): return "a string of \(text.utf8.count) bytes"
        case (_, true): return text
        case (_, false): return "a number of \(text.utf8.count) characters"
        }
    }

    private static func literal(_ value: JSONValue) -> Literal? {
        let raw: String
        switch value {
        case .string(let text): raw = text
        case .number(let text): raw = text
        default: return nil
        }
        let text = raw.trimmingASCIIWhitespace()
        guard !text.isEmpty else { return nil }
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            let digits = text.dropFirst(2)
            guard !digits.isEmpty, digits.count <= 2, let byte = Int(digits, radix: 16) else { return nil }
            return .hex(byte)
        }
        if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            guard let number = Double(text), number.isFinite else { return nil }
            return .decimal(number)
        }
        guard let number = Int(text) else { return nil }
        return number < 0 ? .decimal(Double(number)) : .whole(number)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    fileprivate func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
