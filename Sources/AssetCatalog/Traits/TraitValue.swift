/// A trait whose values form a small closed set, with one spelling for the CLI and JSON
/// and a few accepted alternatives on input (catalog files, flags).
public protocol TraitValue: Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible
where AllCases == [Self] {
    /// The canonical short spelling, used on the command line and in JSON (`phone`, `p3`, `compact`).
    var token: String { get }
    /// Every spelling accepted on input for this value, canonical first.
    var acceptedSpellings: [String] { get }
    /// The value's position in `allCases`, without building that array (used on hot paths).
    var ordinal: Int { get }
    /// The number of values, `allCases.count`.
    static var valueCount: Int { get }
}

extension TraitValue {
    /// Parses any accepted spelling, ignoring case.
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        guard let match = Self.allCases.first(where: { value in
            value.acceptedSpellings.contains { $0.lowercased() == lowered }
        }) else { return nil }
        self = match
    }

    /// The canonical spellings of all values, for error messages.
    public static var acceptedTokens: [String] { allCases.map(\.token) }

    public var description: String { token }
}

/// Encodes trait values as their canonical token and decodes any accepted spelling.
extension TraitValue {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "'\(text)' is not one of \(Self.acceptedTokens.joined(separator: ", "))"
            )
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(token)
    }
}
