import Foundation

/// An instant of `ContinuousClock` as a child process reports it on a line, and read back by the
/// parent: the clock counts from the machine's boot, the same in every process, so an event a child
/// saw can be drawn on the parent's timeline where it happened rather than when the parent read
/// about it.
public enum ReportedInstant {
    /// `instant` as one line of text.
    public static func text(_ instant: ContinuousClock.Instant) -> String {
        (try? JSONEncoder().encode(instant)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The instant `text` reports, or nil when it reports none.
    public static func instant(_ text: String?) -> ContinuousClock.Instant? {
        text.flatMap { try? JSONDecoder().decode(ContinuousClock.Instant.self, from: Data($0.utf8)) }
    }
}
