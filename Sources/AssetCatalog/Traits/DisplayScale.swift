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
    /// The scales a decoded value may take: what the resolver tells apart (packed scales are 16-bit).
    public static let decodableRange: ClosedRange<Int> = 1...65535

    /// Decodes a whole number in ``decodableRange``; `2.5`, `1e300` or `0` are errors that say so (the
    /// number is read as a `Double` first, so a fraction is never silently truncated).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let number: Double
        do {
            number = try container.decode(Double.self)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be a whole number from 1 to 65535, such as 1, 2 or 3")
        }
        guard number == number.rounded(), Double(Self.decodableRange.lowerBound) <= number,
            number <= Double(Self.decodableRange.upperBound), let scale = DisplayScale(Int(number))
        else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be a whole number from 1 to 65535, such as 1, 2 or 3, not \(number)")
        }
        self = scale
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
