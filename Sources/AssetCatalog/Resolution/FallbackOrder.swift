/// The order in which the resolver compares trait dimensions, most important first.
///
/// The default, ``default``, is `idiom, width, height, appearance, contrast, direction, scale, gamut`;
/// see `docs/RESOLUTION.md` for why.
///
/// An order is plain data (four bits per dimension, no array), so copying one — every ``Resolver``,
/// ``ResolutionRules`` and lookup overload that takes traits does — touches no reference count shared
/// between threads.
public struct FallbackOrder: Hashable, Sendable {
    /// Position `i` (most important first) in bits `4i ..< 4i + 4`: the dimension's index in
    /// `TraitDimension.allCases`.
    private let packed: UInt64

    /// Every dimension exactly once, most important first.
    public var dimensions: [TraitDimension] { (0..<Self.count).map(dimension(at:)) }

    /// The number of dimensions (every dimension is listed once).
    static let count = TraitDimension.allCases.count

    /// The dimension at `position`, most important first.
    @inline(__always)
    func dimension(at position: Int) -> TraitDimension {
        // A switch rather than `allCases[i]`, which would build an array.
        switch (packed >> (UInt64(position) * 4)) & 0xF {
        case 0: return .idiom
        case 1: return .width
        case 2: return .height
        case 3: return .appearance
        case 4: return .contrast
        case 5: return .direction
        case 6: return .locale
        case 7: return .scale
        default: return .gamut
        }
    }

    /// The documented default order.
    public static let `default` = FallbackOrder(uncheckedDimensions: TraitDimension.allCases)

    /// CoreUI's order (``ResolutionRules/coreUI``): the appearance and contrast UIKit and AppKit walk first, then
    /// the attributes in the order CoreUI compares them: scale, idiom, gamut, direction, locale, size classes.
    public static let coreUI = FallbackOrder(uncheckedDimensions: [
        .appearance, .contrast, .scale, .idiom, .gamut, .direction, .locale, .width, .height,
    ])

    private init(uncheckedDimensions: [TraitDimension]) {
        var packed: UInt64 = 0
        for (position, dimension) in uncheckedDimensions.enumerated() {
            packed |= UInt64(TraitDimension.allCases.firstIndex(of: dimension)!) << (UInt64(position) * 4)
        }
        self.packed = packed
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
        self.init(uncheckedDimensions: leading + TraitDimension.allCases.filter { !seen.contains($0) })
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
