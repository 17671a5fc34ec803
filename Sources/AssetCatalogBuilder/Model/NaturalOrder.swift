/// Orders messages so that numbers read as numbers: `images[2]` before `images[10]`. Runs of ASCII
/// digits compare by value (leading zeros ignored), everything else by UTF-8 byte; texts that only
/// differ in leading zeros fall back to plain byte order, so the order is total and deterministic.
enum NaturalOrder {
    /// Negative, zero or positive as `lhs` sorts before, with or after `rhs`.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var i = 0
        var j = 0
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                let leftEnd = digitsEnd(left, i)
                let rightEnd = digitsEnd(right, j)
                let leftRun = left[i..<leftEnd].drop { $0 == UInt8(ascii: "0") }
                let rightRun = right[j..<rightEnd].drop { $0 == UInt8(ascii: "0") }
                if leftRun.count != rightRun.count { return leftRun.count < rightRun.count ? -1 : 1 }
                for (a, b) in zip(leftRun, rightRun) where a != b { return a < b ? -1 : 1 }
                i = leftEnd
                j = rightEnd
                continue
            }
            if left[i] != right[j] { return left[i] < right[j] ? -1 : 1 }
            i += 1
            j += 1
        }
        if i < left.count || j < right.count { return i < left.count ? 1 : -1 }
        return left.lexicographicallyPrecedes(right) ? -1 : (left == right ? 0 : 1)
    }

    static func less(_ lhs: String, _ rhs: String) -> Bool { compare(lhs, rhs) < 0 }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func digitsEnd(_ bytes: [UInt8], _ start: Int) -> Int {
        var end = start
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        return end
    }
}
