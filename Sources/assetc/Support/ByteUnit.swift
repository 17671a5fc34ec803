import Foundation

/// One unit for sizes printed together ("1.2 MB in, 0.9 MB out", never "MB in, kB out").
struct ByteUnit {
    let divisor: Double
    let symbol: String

    /// The unit that suits `largest`: B below 10,000 bytes, kB below 10 MB, MB above.
    init(forLargest largest: Int) {
        if largest < 10_000 {
            (divisor, symbol) = (1, "B")
        } else if largest < 10_000_000 {
            (divisor, symbol) = (1000, "kB")
        } else {
            (divisor, symbol) = (1_000_000, "MB")
        }
    }

    func format(_ count: Int) -> String {
        divisor == 1 ? "\(count) B" : String(format: "%.1f \(symbol)", Double(count) / divisor)
    }
}
