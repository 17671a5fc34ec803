import AssetCatalog
import Foundation

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
        // Sorted as pairs: no second hash lookup per key.
        for (key, value) in dictionary.sorted(by: { Bytewise.less($0.key, $1.key) }) {
            dynamicKey(key)
            string(value)
        }
        close("}")
    }

    /// An object of counts, keys sorted by their UTF-8 bytes.
    mutating func countDictionary(_ dictionary: [String: Int]) {
        open("{")
        for (key, value) in dictionary.sorted(by: { Bytewise.less($0.key, $1.key) }) {
            dynamicKey(key)
            int(value)
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
