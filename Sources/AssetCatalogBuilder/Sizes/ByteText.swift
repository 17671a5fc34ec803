/// Byte counts as the size listings print them: exact with thousands separators (`1,234,567`), signed for
/// differences (`+4,096`, `-12`, `0`), or short in decimal units (`1.2 MB`, `44.6 kB`, `512 B`).
public enum ByteText {
    /// `count` with a comma every three digits: `1,234,567`, `-12`.
    public static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = ""
        for (position, digit) in digits.enumerated() {
            if position > 0 && (digits.count - position) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return count < 0 ? "-" + out : out
    }

    /// A difference with its sign: `+4,096`, `-12`, `0`.
    public static func signed(_ delta: Int) -> String {
        delta > 0 ? "+" + grouped(delta) : grouped(delta)
    }

    /// A short size in decimal units: bytes below 1,000, then kB, MB and GB with one decimal.
    public static func short(_ count: Int) -> String {
        let magnitude = Double(count.magnitude)
        let sign = count < 0 ? "-" : ""
        if magnitude < 1000 { return "\(count) B" }
        let (divisor, symbol): (Double, String) =
            magnitude < 999_950 ? (1000, "kB") : magnitude < 999_950_000 ? (1_000_000, "MB") : (1_000_000_000, "GB")
        let tenths = Int((magnitude / divisor * 10).rounded())
        return "\(sign)\(tenths / 10).\(tenths % 10) \(symbol)"
    }
}
