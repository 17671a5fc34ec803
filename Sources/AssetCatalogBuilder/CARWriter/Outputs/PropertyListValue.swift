import AssetCatalog

/// A property-list value, written as XML (``xmlDocument``), binary (``binaryDocument``) or plain text
/// (``humanReadable(indent:)``), dictionary keys sorted: the same value always gives the same bytes.
public indirect enum PropertyListValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// An array, in order.
    case array([PropertyListValue])
    /// A dictionary; its keys are written sorted.
    case dictionary([String: PropertyListValue])

    /// The XML property-list document holding this value.
    public var xmlDocument: String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        append(to: &text, indent: "")
        return text + "</plist>\n"
    }

    private func append(to text: inout String, indent: String) {
        switch self {
        case .string(let value):
            text += "\(indent)<string>\(Self.escape(value))</string>\n"
        case .array(let values):
            text += "\(indent)<array>\n"
            for value in values { value.append(to: &text, indent: indent + "\t") }
            text += "\(indent)</array>\n"
        case .dictionary(let values):
            text += "\(indent)<dict>\n"
            for key in values.keys.sorted() {
                text += "\(indent)\t<key>\(Self.escape(key))</key>\n"
                values[key]!.append(to: &text, indent: indent + "\t")
            }
            text += "\(indent)</dict>\n"
        }
    }

    /// A plain-text rendering (actool's `human-readable-text`): nested values indented, one per line.
    public func humanReadable(indent: String = "") -> String {
        switch self {
        case .string(let value): return indent + value + "\n"
        case .array(let values): return values.map { $0.humanReadable(indent: indent) }.joined()
        case .dictionary(let values):
            return values.keys.sorted().map { key in "\(indent)/* \(key) */\n" + values[key]!.humanReadable(indent: indent) }.joined()
        }
    }

    private static func escape(_ text: String) -> String {
        MarkupEscaping.escaped(text, quotes: .none)
    }
}
