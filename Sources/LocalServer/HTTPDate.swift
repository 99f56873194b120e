import Foundation

/// The `Date` header value in the fixed format HTTP requires (`Sun, 06 Nov 1994 08:49:37 GMT`).
///
/// Formatting it once per second instead of once per response keeps it off the hot path; each
/// event loop keeps its own, so no lock is needed.
struct HTTPDate {
    private var second = -1
    private var text: [UInt8] = []

    /// The current date and time, as bytes ready to go after `Date: `.
    mutating func now() -> [UInt8] {
        let now = time(nil)
        if now != second {
            (second, text) = (now, Self.format(now))
        }
        return text
    }

    private static func format(_ second: Int) -> [UInt8] {
        var seconds = time_t(second)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text =
            "\(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)])"
            + " \(parts.tm_year + 1900) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min))"
            + ":\(twoDigits(parts.tm_sec)) GMT"
        return Array(text.utf8)
    }
}
