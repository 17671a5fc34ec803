/// A language tag such as `fr`, `fr-CA` or `zh-Hans`: the `locale` of a variant or a request.
///
/// Tags are BCP-47-ish: subtags of ASCII letters and digits separated by `-` or `_` (`fr_CA` is
/// `fr-CA`), the first subtag (the language) made of letters. Comparison ignores case and the
/// separator, so `FR_ca`, `fr-CA` and `fr-ca` are one tag. ``identifier`` spells it the conventional
/// way: language lower case, a four-letter script title case, a region upper case (`zh-Hans-CN`).
///
/// The tag is stored inline (at most ``maximumLength`` bytes), so a value holding one is plain data:
/// copying it never touches a reference count, which keeps ``CompiledRequest`` free to copy.
public struct LocaleTag: Hashable, Sendable {
    /// The longest tag accepted, in bytes. Real language tags in asset catalogs are far shorter.
    public static let maximumLength = 32

    /// The tag in lower case with `-` separators, zero-padded.
    private var storage: SIMD32<UInt8>
    /// How many bytes of ``storage`` are used.
    private var length: UInt8
    /// How many bytes the first subtag (the language) has.
    private var languageLength: UInt8

    /// An error naming a text that is not a language tag and why.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text that was rejected.
        public let text: String
        /// What is wrong with it.
        public let reason: String

        public var description: String {
            "invalid locale '\(text)': \(reason); expected a language tag such as fr, fr-CA, fr_CA or zh-Hans"
        }
    }

    /// Parses a tag, ignoring case; `_` and `-` both separate subtags.
    public init(parsing text: String) throws(ParseError) {
        var copy = text
        let result = copy.withUTF8 { Self.parse(UnsafeRawBufferPointer($0)) }
        switch result {
        case .success(let tag): self = tag
        case .failure(let reason): throw ParseError(text: text, reason: reason.message)
        }
    }

    /// Parses a tag, or returns `nil` when `text` is not one.
    public init?(_ text: String) {
        guard let tag = try? LocaleTag(parsing: text) else { return nil }
        self = tag
    }

    /// Why bytes are not a tag (a value, so parsing from an archive allocates nothing on success).
    enum Rejection: Error {
        case empty, tooLong, badCharacter, emptySubtag, badLanguage

        var message: String {
            switch self {
            case .empty: return "it is empty"
            case .tooLong: return "it is longer than \(LocaleTag.maximumLength) bytes"
            case .badCharacter: return "only ASCII letters, digits, '-' and '_' are allowed"
            case .emptySubtag: return "it has an empty subtag"
            case .badLanguage: return "the language subtag must be 1 to 8 letters"
            }
        }
    }

    /// Parses UTF-8 bytes (as stored in an archive or typed on the command line).
    static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<LocaleTag, Rejection> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        guard bytes.count <= maximumLength else { return .failure(.tooLong) }
        var storage = SIMD32<UInt8>(repeating: 0)
        var languageLength = -1
        var subtagStart = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): storage[index] = byte | 0x20
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): storage[index] = byte
            case UInt8(ascii: "-"), UInt8(ascii: "_"):
                guard index > subtagStart else { return .failure(.emptySubtag) }
                if languageLength < 0 { languageLength = index }
                storage[index] = UInt8(ascii: "-")
                subtagStart = index + 1
            default: return .failure(.badCharacter)
            }
        }
        guard subtagStart < bytes.count else { return .failure(.emptySubtag) }
        if languageLength < 0 { languageLength = bytes.count }
        guard languageLength <= 8, (0..<languageLength).allSatisfy({ storage[$0] >= UInt8(ascii: "a") }) else {
            return .failure(.badLanguage)
        }
        return .success(LocaleTag(storage: storage, length: UInt8(bytes.count), languageLength: UInt8(languageLength)))
    }

    private init(storage: SIMD32<UInt8>, length: UInt8, languageLength: UInt8) {
        self.storage = storage
        self.length = length
        self.languageLength = languageLength
    }

    /// The tag in lower case with `-` separators: the form compared, and the form an archive stores.
    public var normalized: String {
        String(decoding: (0..<Int(length)).map { storage[$0] }, as: UTF8.self)
    }

    /// The conventional spelling: `fr-CA`, `zh-Hans`, `zh-Hans-CN`, `es-419`.
    public var identifier: String {
        var subtags = normalized.split(separator: "-").map(String.init)
        for index in subtags.indices.dropFirst() {
            let subtag = subtags[index]
            if subtag.count == 4, subtag.allSatisfy(\.isLetter) {
                subtags[index] = subtag.prefix(1).uppercased() + subtag.dropFirst()
            } else if subtag.count == 2, subtag.allSatisfy(\.isLetter) {
                subtags[index] = subtag.uppercased()
            }
        }
        return subtags.joined(separator: "-")
    }

    /// The language subtag alone (`fr` for `fr-CA`).
    public var language: LocaleTag {
        var copy = self
        for index in Int(languageLength)..<Int(length) { copy.storage[index] = 0 }
        copy.length = languageLength
        return copy
    }

    /// Whether the tag is a language alone, without script, region or other subtags.
    public var isLanguageOnly: Bool { languageLength == length }

    /// How many subtags the tag has (`zh-Hans-CN`: 3).
    var subtagCount: Int {
        1 + (0..<Int(length)).reduce(0) { $0 + (storage[$1] == UInt8(ascii: "-") ? 1 : 0) }
    }

    /// Whether `self` is `other` with trailing subtags dropped (`zh-Hans` and `zh` for `zh-Hans-CN`),
    /// `self` being strictly shorter.
    func isParent(of other: LocaleTag) -> Bool {
        guard length < other.length, other.storage[Int(length)] == UInt8(ascii: "-") else { return false }
        return (0..<Int(length)).allSatisfy { storage[$0] == other.storage[$0] }
    }
}

extension LocaleTag: CustomStringConvertible {
    /// The conventional spelling, ``identifier``.
    public var description: String { identifier }
}

extension LocaleTag: Codable {
    /// Decodes any accepted spelling of a tag.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try LocaleTag(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the conventional spelling, ``identifier``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
