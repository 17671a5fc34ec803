#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ordering and matching of strings by their UTF-8 bytes: the reader's one notion of order, independent
/// of locale and Unicode normalisation, and fast (memcmp on contiguous storage).
enum Bytewise {
    /// Whether `lhs` sorts before `rhs` by UTF-8 bytes.
    @inline(__always)
    static func less(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1 as `lhs` sorts before, equal to or after `rhs` by UTF-8 bytes.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs
        var right = rhs
        return left.withUTF8 { a in
            right.withUTF8 { b in
                let common = min(a.count, b.count)
                if common > 0 {
                    let result = memcmp(a.baseAddress!, b.baseAddress!, common)
                    if result != 0 { return result < 0 ? -1 : 1 }
                }
                return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
            }
        }
    }

    /// Whether the two strings have the same UTF-8 bytes.
    @inline(__always)
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && compare(lhs, rhs) == 0
    }

    /// The extension after the last dot (not a leading one), lowercased (ASCII), or `nil`.
    static func lowercasedExtension(_ name: String) -> String? {
        let bytes = name.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return nil }
        let start = bytes.index(after: dot)
        guard start != bytes.endIndex else { return nil }
        let ext = bytes[start...]
        if ext.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
            return String(decoding: ext.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
        }
        return String(Substring(ext))
    }
}
