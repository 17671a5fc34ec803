/// A GPU's Metal family, as the Apple GPU families number it: 1 for the A7, 2 for the A8, 3 for the A9 and
/// A10, … 7 for the A14 and M1, 8 for the A15, A16 and M2, 9 for the A17 Pro, A18, M3 and M4, 10 for the A19
/// and M5 (Apple's Metal feature set tables).
///
/// Asset catalogs name the class an entry needs in `graphics-feature-set`: the older spellings name an iOS
/// feature set (`metal3v1`, family 3, version 1), the newer ones a family (`apple7`). Both compare on the family
/// first, which is what decides whether a GPU can use the entry.
public struct GraphicsFamily: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The Apple GPU family number, at least 1.
    public let family: Int
    /// The feature set's version within the family (`metal3v2` → 2); `nil` for a whole family (`apple3`), which
    /// ranks above every version of it, since it names the family as the newest releases define it.
    public let version: Int?

    /// Creates a family, or a version of one.
    public init(family: Int, version: Int? = nil) {
        self.family = family
        self.version = version
    }

    /// The highest family number a catalog value may name: far above any GPU, low enough to never overflow.
    static let largestFamily = 999

    /// Parses a `graphics-feature-set` value: `metal1v2`, `metal2v2`, `metal3v1`, `metal3v2`, `metal4v1`, or
    /// `apple1`, `apple2`, …; any case. `nil` for anything else.
    public init?(catalogValue text: String) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("apple"), let family = Self.number(lowered.dropFirst("apple".count)) {
            self.init(family: family)
            return
        }
        guard lowered.hasPrefix("metal") else { return nil }
        let rest = lowered.dropFirst("metal".count)
        guard let separator = rest.firstIndex(of: "v"), let family = Self.number(rest[..<separator]),
            let version = Self.number(rest[rest.index(after: separator)...])
        else { return nil }
        self.init(family: family, version: version)
    }

    /// A whole number from 1 to ``largestFamily`` written with ASCII digits only, or `nil`.
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits),
            (1...largestFamily).contains(value)
        else { return nil }
        return value
    }

    /// Whether a GPU of family `gpu` can use an entry that needs this class: the GPU's family is at least the
    /// one named (a family's GPUs run every version of its feature sets on the OS versions that can thin).
    public func isSatisfied(by gpu: GraphicsFamily) -> Bool { gpu.family >= family }

    public static func < (lhs: GraphicsFamily, rhs: GraphicsFamily) -> Bool {
        if lhs.family != rhs.family { return lhs.family < rhs.family }
        switch (lhs.version, rhs.version) {
        case (nil, nil), (nil, .some): return false
        case (.some, nil): return true
        case (.some(let left), .some(let right)): return left < right
        }
    }

    public var description: String {
        switch version {
        case nil: return "apple\(family)"
        case .some(let version): return "metal\(family)v\(version)"
        }
    }
}
