/// An Apple Watch entry's `screen-width` condition: `<=145`, `>161`, `>183`, … — a comparison with the
/// screen's width in points (38 mm watches are 136 points wide, 40 mm ones 162, 44 mm ones 184).
public struct ScreenWidthCondition: Hashable, Sendable, CustomStringConvertible {
    /// How the width is compared with ``bound``.
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        /// `<`
        case less = "<"
        /// `<=`
        case lessOrEqual = "<="
        /// `>`
        case greater = ">"
        /// `>=`
        case greaterOrEqual = ">="
    }

    /// The comparison.
    public let comparison: Comparison
    /// The width compared with, in points.
    public let bound: Int

    /// The largest bound accepted: far wider than any watch, small enough for any arithmetic on it.
    static let largestBound = 100_000

    /// Parses `<=145`, `>161`, `< 200` (spaces allowed after the operator); `nil` for anything else.
    public init?(catalogValue text: String) {
        let trimmed = Substring(text)
        let comparison: Comparison
        let rest: Substring
        if trimmed.hasPrefix("<=") {
            (comparison, rest) = (.lessOrEqual, trimmed.dropFirst(2))
        } else if trimmed.hasPrefix(">=") {
            (comparison, rest) = (.greaterOrEqual, trimmed.dropFirst(2))
        } else if trimmed.hasPrefix("<") {
            (comparison, rest) = (.less, trimmed.dropFirst())
        } else if trimmed.hasPrefix(">") {
            (comparison, rest) = (.greater, trimmed.dropFirst())
        } else {
            return nil
        }
        let digits = rest.drop { $0 == " " }
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let bound = Int(digits),
            bound <= Self.largestBound
        else { return nil }
        self.comparison = comparison
        self.bound = bound
    }

    /// Whether a screen `width` points wide meets the condition.
    public func isMet(byWidth width: Int) -> Bool {
        switch comparison {
        case .less: return width < bound
        case .lessOrEqual: return width <= bound
        case .greater: return width > bound
        case .greaterOrEqual: return width >= bound
        }
    }

    /// How far the bound lies from `width`: the smaller, the more closely the entry was made for that screen
    /// (on a 184-point screen `>183` is closer than `>161`).
    func distance(fromWidth width: Int) -> Int { abs(width - bound) }

    public var description: String { "\(comparison.rawValue)\(bound)" }
}
