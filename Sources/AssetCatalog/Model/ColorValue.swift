/// A colour from a colour set, normalised to floating-point components with its colour space kept,
/// or a reference to a system colour that only the platform can resolve.
public enum ColorValue: Hashable, Sendable, Codable {
    /// Explicit components in a named colour space.
    case components(ColorComponents)
    /// A system colour such as `labelColor` or `systemBlueColor`.
    case systemReference(name: String)
}

/// Floating-point colour components in a named colour space.
public struct ColorComponents: Hashable, Sendable, Codable {
    /// The colour space as `Contents.json` names it: `srgb`, `display-p3`, `extended-srgb`,
    /// `extended-linear-srgb`, `gray-gamma-22`, `extended-gray`, …
    public var colorSpace: String
    /// Red, or the grey level for grey colour spaces. 0…1, beyond for extended spaces.
    public var red: Double
    /// Green (equals red for grey colour spaces).
    public var green: Double
    /// Blue (equals red for grey colour spaces).
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// Creates components.
    public init(colorSpace: String, red: Double, green: Double, blue: Double, alpha: Double) {
        self.colorSpace = colorSpace
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The values a component may take, wherever it is read (`Contents.json`, an archive): finite and at
    /// most 1000 from zero. Extended colour spaces go beyond 0…1, but no real colour comes near this bound;
    /// what lies outside it (1e300, infinity, NaN) is a damaged or hostile file.
    public static let allowedRange: ClosedRange<Double> = -1000...1000
    /// ``allowedRange`` for messages.
    public static let allowedRangeDescription = "the allowed range -1000…1000"

    /// Whether the colour space is a grey one (a single level stored in red, green and blue).
    public var isGray: Bool { colorSpace.contains("gray") }
}

extension ColorValue {
    private enum CodingKeys: String, CodingKey {
        case colorSpace, red, green, blue, alpha, systemReference
    }

    /// Decodes `{"colorSpace": "srgb", "red": 0.5, "green": 0.5, "blue": 0.5, "alpha": 1}` or
    /// `{"systemReference": "labelColor"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let name = try container.decodeIfPresent(String.self, forKey: .systemReference) {
            self = .systemReference(name: name)
            return
        }
        self = .components(
            ColorComponents(
                colorSpace: try container.decode(String.self, forKey: .colorSpace),
                red: try container.decode(Double.self, forKey: .red),
                green: try container.decode(Double.self, forKey: .green),
                blue: try container.decode(Double.self, forKey: .blue),
                alpha: try container.decode(Double.self, forKey: .alpha)))
    }

    /// Encodes the flat form that ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .systemReference(let name):
            try container.encode(name, forKey: .systemReference)
        case .components(let components):
            try container.encode(components.colorSpace, forKey: .colorSpace)
            try container.encode(components.red, forKey: .red)
            try container.encode(components.green, forKey: .green)
            try container.encode(components.blue, forKey: .blue)
            try container.encode(components.alpha, forKey: .alpha)
        }
    }
}
