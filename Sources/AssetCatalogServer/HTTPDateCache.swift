import Foundation
import NIOConcurrencyHelpers

/// The `Date` header value (RFC 9110, IMF-fixdate), formatted at most once a second and shared by every connection:
/// caches use it to age a response, and formatting a date per request would cost more than answering it.
final class HTTPDateCache: Sendable {
    private let state = NIOLockedValueBox<(second: Int, text: String)>((-1, ""))

    /// The current time as a `Date` header value.
    func current() -> String {
        let second = Int(Date().timeIntervalSince1970)
        return state.withLockedValue { cached in
            if cached.second != second { cached = (second, Self.format(second)) }
            return cached.text
        }
    }

    private static let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1 January 1970 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `second` (since 1970, UTC) as `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ second: Int) -> String {
        var time = time_t(second)
        var parts = tm()
        gmtime_r(&time, &parts)
        let day = days[((second / 86400) % 7 + 7) % 7]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(day), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
