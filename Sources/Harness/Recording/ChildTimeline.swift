import Foundation
import Timelines

/// What a child process recorded on a timeline of its own, carried to the parent's: the child runs
/// its work with `ChildTimeline.recording(_:)` as `Timeline.current`, writes `reportLines`, and the
/// parent draws each event again with `replay(_:into:)`, on the thread and at the instant the child
/// saw it (`ContinuousClock` counts from the machine's boot, the same in every process).
public struct ChildTimeline: Sendable {
    /// The timeline the child's work records into.
    public let timeline: Timeline
    private let start: ContinuousClock.Instant

    /// The key of a report line that carries one event; the lines are numbered in recorded order.
    static let keyPrefix = "timeline-event-"

    /// A timeline for the child's work, whose offsets count from now.
    public init() {
        start = .now
        timeline = Timeline(title: "child")
        timeline.beginSection("child", at: start)
    }

    /// Runs `work` with this timeline as `Timeline.current`, on the caller's actor.
    public func recording<Value>(
        isolation: isolated (any Actor)? = #isolation, _ work: () async -> Value
    ) async -> Value {
        await Timeline.$current.withValue(timeline, operation: work)
    }

    /// One `key=value` report line for each event recorded so far, in order: its kind, whether it
    /// ran on the main thread, its instant, its lane and its detail, separated by tabs.
    public var reportLines: [(key: String, value: String)] {
        timeline.events.enumerated().map { number, event in
            let fields = [
                event.kind.rawValue, String(event.onMainThread), ReportedInstant.text(start + event.offset),
                event.lane, event.detail,
            ]
            return (Self.keyPrefix + String(number), fields.joined(separator: "\t"))
        }
    }

    /// Records on `timeline` the events a child reported in `report`, in the child's order, each on
    /// its own lane, thread and instant. Lines that do not read as an event are left out.
    public static func replay(_ report: [String: String], into timeline: Timeline?) {
        let numbered = report.compactMap { key, value -> (Int, String)? in
            guard key.hasPrefix(keyPrefix), let number = Int(key.dropFirst(keyPrefix.count)) else {
                return nil
            }
            return (number, value)
        }
        for (_, line) in numbered.sorted(by: { $0.0 < $1.0 }) {
            let fields = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false).map(
                String.init)
            guard fields.count == 5, let kind = Timeline.Event.Kind(rawValue: fields[0]),
                let onMainThread = Bool(fields[1]), let at = ReportedInstant.instant(fields[2])
            else { continue }
            timeline?.record(kind, lane: fields[3], detail: fields[4], at: at, onMainThread: onMainThread)
        }
    }
}
