import HTTPTypes
import NIOHTTP1

/// The request header fields an asset answer reads: the four that choose the variant (``ClientHint``) and
/// `If-None-Match`, taken from swift-http-types' `HTTPFields` (the router) or NIO's `HTTPHeaders` (the fast path)
/// without converting one into the other.
///
/// A field sent more than once reads as its values joined with `, `, as `HTTPFields` reads it.
struct AssetRequestFields: Sendable {
    var devicePixelRatio: String?
    var prefersColorScheme: String?
    var viewportWidth: String?
    var acceptLanguage: String?
    var ifNoneMatch: String?

    init() {}

    /// The fields of a request the router hands on.
    init(_ fields: HTTPFields) {
        devicePixelRatio = fields[ClientHint.devicePixelRatio.fieldName]
        prefersColorScheme = fields[ClientHint.prefersColorScheme.fieldName]
        viewportWidth = fields[ClientHint.viewportWidth.fieldName]
        acceptLanguage = fields[ClientHint.acceptLanguage.fieldName]
        ifNoneMatch = fields[.ifNoneMatch]
    }

    /// The fields of a request as NIO's HTTP/1 decoder gives it: one pass over the headers, each name compared
    /// (ASCII, case-insensitively) only with the wanted one of its length (the five names' lengths all differ).
    init(_ headers: HTTPHeaders) {
        for (name, value) in headers {
            switch name.utf8.count {
            case 10 where Self.equalsIgnoringCase(name, "sec-ch-dpr"): Self.add(value, to: &devicePixelRatio)
            case 27 where Self.equalsIgnoringCase(name, "sec-ch-prefers-color-scheme"):
                Self.add(value, to: &prefersColorScheme)
            case 21 where Self.equalsIgnoringCase(name, "sec-ch-viewport-width"): Self.add(value, to: &viewportWidth)
            case 15 where Self.equalsIgnoringCase(name, "accept-language"): Self.add(value, to: &acceptLanguage)
            case 13 where Self.equalsIgnoringCase(name, "if-none-match"): Self.add(value, to: &ifNoneMatch)
            default: continue
            }
        }
    }

    /// The value of `hint`.
    func value(of hint: ClientHint) -> String? {
        switch hint {
        case .devicePixelRatio: return devicePixelRatio
        case .prefersColorScheme: return prefersColorScheme
        case .viewportWidth: return viewportWidth
        case .acceptLanguage: return acceptLanguage
        }
    }

    private static func add(_ value: String, to field: inout String?) {
        if let existing = field { field = existing + ", " + value } else { field = value }
    }

    /// Whether `text` equals `lowercase` (all lower-case ASCII) in ASCII letters of either case.
    static func equalsIgnoringCase(_ text: String, _ lowercase: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        guard text.utf8.count == expected.count else { return false }
        return text.utf8.elementsEqual(expected) { byte, wanted in
            byte == wanted || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && byte | 0x20 == wanted)
        }
    }
}
