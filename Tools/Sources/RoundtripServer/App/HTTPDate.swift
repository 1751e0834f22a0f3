#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The `Date` header's IMF-fixdate (RFC 9110 section 5.6.7), `Sun, 06 Nov 1994 08:49:37 GMT`,
/// rendered at most once a second per instance.
///
/// Not thread-safe: each event-loop handler keeps its own.
struct HTTPDate {
    private var second = -1
    private var text = ""

    /// The current time's text.
    mutating func now() -> String {
        var seconds = time(nil)
        if Int(seconds) != second {
            second = Int(seconds)
            var parts = tm()
            gmtime_r(&seconds, &parts)
            text = Self.format(parts)
        }
        return text
    }

    /// Formats broken-down UTC time.
    static func format(_ parts: tm) -> String {
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday) % 7]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon) % 12]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
