import Foundation
import Synchronization

/// The `Date` header value in the fixed format HTTP requires (`Sun, 06 Nov 1994 08:49:37 GMT`).
///
/// Formatting it once per second instead of once per response keeps it off the hot path.
enum HTTPDate {
    private static let cache = Mutex<(second: Int, text: [UInt8])>((-1, []))

    /// Today's date and time, as bytes ready to go after `Date: `.
    static func now() -> [UInt8] {
        let second = time(nil)
        return cache.withLock { cache in
            if cache.second != second {
                cache = (second, format(second))
            }
            return cache.text
        }
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
