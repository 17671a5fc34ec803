/// The memory an asset catalog entry needs (`memory` in `Contents.json`: `1GB`, `2GB`, `3GB`, `4GB`, …).
public struct MemoryClass: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The memory needed, in whole gigabytes, at least 1.
    public let gigabytes: Int

    /// The most a catalog value may name: far above any device, low enough to never overflow.
    static let largestGigabytes = 65_536

    /// Creates a class; `gigabytes` must be in 1…65536.
    public init?(gigabytes: Int) {
        guard (1...Self.largestGigabytes).contains(gigabytes) else { return nil }
        self.gigabytes = gigabytes
    }

    /// Parses `4GB` (any case); `nil` for anything else.
    public init?(catalogValue text: String) {
        let digits = text.uppercased().hasSuffix("GB") ? text.dropLast(2) : ""
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits)
        else { return nil }
        self.init(gigabytes: value)
    }

    /// Whether a device with `memoryGigabytes` of memory can use an entry of this class.
    public func isSatisfied(byMemoryGigabytes memoryGigabytes: Double) -> Bool { memoryGigabytes >= Double(gigabytes) }

    public static func < (lhs: MemoryClass, rhs: MemoryClass) -> Bool { lhs.gigabytes < rhs.gigabytes }

    public var description: String { "\(gigabytes)GB" }
}
