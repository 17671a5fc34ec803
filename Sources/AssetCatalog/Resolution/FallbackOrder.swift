/// The order in which the resolver compares trait dimensions, most important first.
///
/// The default, ``default``, is `idiom, width, height, appearance, contrast, direction, scale, gamut`;
/// see `docs/RESOLUTION.md` for why.
public struct FallbackOrder: Hashable, Sendable {
    /// Every dimension exactly once, most important first.
    public let dimensions: [TraitDimension]

    /// The documented default order.
    public static let `default` = FallbackOrder(uncheckedDimensions: TraitDimension.allCases)

    private init(uncheckedDimensions: [TraitDimension]) {
        self.dimensions = uncheckedDimensions
    }

    /// An error describing an unusable fallback order.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let message: String
        public var description: String { message }
    }

    /// Creates an order from a prefix of the most important dimensions; the dimensions not listed
    /// follow in their default relative order. A dimension may be listed only once.
    public init(_ leading: [TraitDimension]) throws(ParseError) {
        var seen = Set<TraitDimension>()
        for dimension in leading where !seen.insert(dimension).inserted {
            throw ParseError(message: "fallback order lists '\(dimension)' more than once")
        }
        self.dimensions = leading + TraitDimension.allCases.filter { !seen.contains($0) }
    }

    /// Parses a comma-separated list such as `idiom,width,height,scale`.
    public init(parsing text: String) throws(ParseError) {
        var leading: [TraitDimension] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.filter { $0 != " " && $0 != "\t" }.lowercased()
            guard let dimension = TraitDimension(rawValue: name) else {
                let accepted = TraitDimension.allCases.map(\.rawValue).joined(separator: ", ")
                throw ParseError(message: "unknown trait '\(name)' in fallback order '\(text)'; accepted: \(accepted)")
            }
            leading.append(dimension)
        }
        try self.init(leading)
    }
}

extension FallbackOrder: CustomStringConvertible {
    /// The comma-separated form accepted by ``init(parsing:)``.
    public var description: String { dimensions.map(\.rawValue).joined(separator: ",") }
}
