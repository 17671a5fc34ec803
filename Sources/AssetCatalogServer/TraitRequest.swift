import AssetCatalog
import HTTPTypes

/// The traits one HTTP request asks for, and where they came from.
///
/// In order, later sources overriding earlier ones (docs/SERVING.md):
/// 1. `device=` in the query: a preset's full trait collection;
/// 2. the client hints (``ClientHint``): `Sec-CH-DPR` → scale, `Sec-CH-Prefers-Color-Scheme` → appearance,
///    `Sec-CH-Viewport-Width` → horizontal size class, `Accept-Language` → locale;
/// 3. explicit query parameters: `scale`, `appearance`, `idiom`, `gamut`, `width`, `height`, `contrast`,
///    `direction`, `locale`.
///
/// A hint that cannot be parsed is ignored (a browser's hint is never the user's fault); a query parameter that
/// cannot be parsed is an error (``TraitRequestError``), so a typo in a link shows at once. Unknown query
/// parameters are ignored, so cache-busting parameters (`?v=3`) keep working.
public struct TraitRequest: Sendable, Hashable {
    /// The merged request.
    public var traits: TraitCollection
    /// The dimensions an explicit query parameter set; a hint for one of them changes nothing.
    public var overridden: Set<TraitDimension>
    /// `variant=N`: the asset's variant at this position (as `GET /assets/{name}.json` lists them), instead of
    /// resolving; the gallery links each variant this way.
    public var pinnedVariant: Int?

    /// The widest viewport, in CSS pixels, still read as a compact width (narrower than an iPad in portrait,
    /// 768 points, which is the narrowest regular width on Apple's devices apart from a large iPhone in landscape).
    public static let compactViewportLimit = 767

    /// The query parameters the request understands.
    public static let queryKeys = [
        "device", "scale", "appearance", "idiom", "gamut", "width", "height", "contrast", "direction", "locale", "variant",
    ]

    /// Reads a request's traits from its query (decoded `name=value` pairs, in order) and headers.
    ///
    /// - Throws: ``TraitRequestError`` for a query parameter with a value it does not accept.
    public init(query: [(name: String, value: String)], headers: HTTPFields) throws(TraitRequestError) {
        try self.init(query: query, fields: AssetRequestFields(headers))
    }

    /// Reads a request's traits from its query and the header fields the asset route reads.
    init(query: [(name: String, value: String)], fields: AssetRequestFields) throws(TraitRequestError) {
        var preset = TraitCollection()
        var explicit = TraitCollection()
        var overridden: Set<TraitDimension> = []
        var pinned: Int?
        for (name, value) in query {
            switch name {
            case "device":
                guard let found = DevicePreset.named(value) else {
                    throw TraitRequestError(parameter: name, value: value, accepted: DevicePreset.all.map(\.name))
                }
                preset = found.traits
            case "scale":
                explicit.displayScale = try Self.parse(name, value, { DisplayScale(parsing: $0) }, ["1", "2", "3"])
                overridden.insert(.scale)
            case "appearance":
                explicit.appearance = try Self.token(name, value, Appearance.self)
                overridden.insert(.appearance)
            case "idiom":
                explicit.idiom = try Self.token(name, value, Idiom.self)
                overridden.insert(.idiom)
            case "gamut":
                explicit.displayGamut = try Self.token(name, value, DisplayGamut.self)
                overridden.insert(.gamut)
            case "width":
                explicit.horizontalSizeClass = try Self.token(name, value, SizeClass.self)
                overridden.insert(.width)
            case "height":
                explicit.verticalSizeClass = try Self.token(name, value, SizeClass.self)
                overridden.insert(.height)
            case "contrast":
                explicit.contrast = try Self.token(name, value, Contrast.self)
                overridden.insert(.contrast)
            case "direction":
                explicit.layoutDirection = try Self.token(name, value, LayoutDirection.self)
                overridden.insert(.direction)
            case "locale":
                explicit.locale = try Self.parse(name, value, { LocaleTag($0) }, ["a language tag such as fr-CA"])
                overridden.insert(.locale)
            case "variant":
                pinned = try Self.parse(name, value, { Int($0).flatMap { $0 >= 0 ? $0 : nil } }, ["0", "1", "2", "…"])
            default:
                continue
            }
        }
        self.traits = preset.overridden(by: Self.hintedTraits(fields)).overridden(by: explicit)
        self.overridden = overridden
        self.pinnedVariant = pinned
    }

    /// The traits the client hints in `headers` ask for; a hint that is absent or unreadable leaves its trait unset.
    public static func hintedTraits(_ headers: HTTPFields) -> TraitCollection {
        hintedTraits(AssetRequestFields(headers))
    }

    /// The hinted traits (as for `HTTPFields`) from the header fields an asset answer reads.
    static func hintedTraits(_ fields: AssetRequestFields) -> TraitCollection {
        var traits = TraitCollection()
        traits.displayScale = fields.devicePixelRatio.flatMap(scale(devicePixelRatio:))
        traits.appearance = fields.prefersColorScheme.flatMap(appearance(colorScheme:))
        traits.horizontalSizeClass = fields.viewportWidth.flatMap(sizeClass(viewportWidth:))
        traits.locale = fields.acceptLanguage.flatMap(AcceptLanguage.preferredLocale)
        return traits
    }

    /// `Sec-CH-DPR` → scale: the smallest integer at least the ratio, at most 3 (`1.5` → 2x, `2.625` → 3x,
    /// `4` → 3x); `nil` for anything but a positive finite number.
    public static func scale(devicePixelRatio text: String) -> DisplayScale? {
        // What browsers send most, a whole ratio of one digit, without a floating-point parse.
        if text.utf8.count == 1, let digit = text.utf8.first, digit >= UInt8(ascii: "1"), digit <= UInt8(ascii: "9") {
            return DisplayScale(Int(min(digit - UInt8(ascii: "0"), 3)))
        }
        guard text.utf8.count <= 32, let ratio = Double(text.trimmingSpaces), ratio.isFinite, ratio > 0 else { return nil }
        return DisplayScale(Int(min(ratio.rounded(.up), 3)))
    }

    /// `Sec-CH-Prefers-Color-Scheme` → appearance: `"dark"` or `"light"` (a structured-field string, quoted; bare
    /// tokens are accepted too).
    public static func appearance(colorScheme text: String) -> Appearance? {
        var value = text.trimmingSpaces.utf8
        if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
            value = value.dropFirst().dropLast()
        }
        // Compared byte by byte: lower-casing would build a string per request.
        func isWord(_ word: StaticString) -> Bool {
            value.count == word.utf8CodeUnitCount
                && value.elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)) {
                    $0 | 0x20 == $1
                }
        }
        if isWord("dark") { return .dark }
        if isWord("light") { return .light }
        return nil
    }

    /// `Sec-CH-Viewport-Width` → horizontal size class: compact up to ``compactViewportLimit`` CSS pixels,
    /// regular above; `nil` for anything but a non-negative integer.
    public static func sizeClass(viewportWidth text: String) -> SizeClass? {
        guard text.utf8.count <= 10, let width = Int(text.trimmingSpaces), width >= 0 else { return nil }
        return width <= compactViewportLimit ? .compact : .regular
    }

    private static func token<Value: TraitValue>(_ name: String, _ value: String, _: Value.Type) throws(TraitRequestError)
        -> Value
    {
        guard let parsed = Value(parsing: value) else {
            throw TraitRequestError(parameter: name, value: value, accepted: Value.acceptedTokens)
        }
        return parsed
    }

    private static func parse<Value>(
        _ name: String, _ value: String, _ parser: (String) -> Value?, _ accepted: [String]
    ) throws(TraitRequestError) -> Value {
        guard let parsed = parser(value) else { throw TraitRequestError(parameter: name, value: value, accepted: accepted) }
        return parsed
    }
}

/// A query parameter whose value the server does not accept; answered with status 400 and this description.
public struct TraitRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name.
    public let parameter: String
    /// The value given (quoted in messages cut to 64 bytes).
    public let value: String
    /// What the parameter accepts.
    public let accepted: [String]

    /// The message the response body carries.
    public var description: String {
        "query parameter '\(parameter)': '\(RequestText.quoted(value, limit: 64))' is not accepted; use one of: "
            + accepted.joined(separator: ", ")
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs (header values may carry them).
    var trimmingSpaces: Substring {
        // By UTF-8 byte (spaces and tabs are ASCII, so the ends found fall on character boundaries): walking
        // Characters would run grapheme breaking on every header value.
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let start = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = utf8.lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }
}
