/// The number of pixels per point of a display: 1, 2 or 3 in practice.
public struct DisplayScale: Hashable, Sendable, Comparable {
    /// The scale factor, always at least 1.
    public let value: Int

    /// Creates a scale, or returns `nil` when `value` is not positive.
    public init?(_ value: Int) {
        guard value > 0 else { return nil }
        self.value = value
    }

    /// Parses `2`, `2x` or `@2x`.
    public init?(parsing text: String) {
        var digits = Substring(text.lowercased())
        if digits.hasPrefix("@") { digits = digits.dropFirst() }
        if digits.hasSuffix("x") { digits = digits.dropLast() }
        guard let number = Int(digits) else { return nil }
        self.init(number)
    }

    public static func < (lhs: DisplayScale, rhs: DisplayScale) -> Bool { lhs.value < rhs.value }
}

extension DisplayScale: ExpressibleByIntegerLiteral {
    /// Creates a scale from a literal; the literal must be positive.
    public init(integerLiteral value: Int) {
        precondition(value > 0, "a display scale must be positive")
        self.value = value
    }
}

extension DisplayScale: CustomStringConvertible {
    public var description: String { "\(value)x" }
}

extension DisplayScale: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let number = try container.decode(Int.self)
        guard let scale = DisplayScale(number) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a display scale must be a positive integer, not \(number)")
        }
        self = scale
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
