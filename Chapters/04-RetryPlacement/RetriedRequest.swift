import Combine
import Foundation
import Harness
import LoopbackLab
import Quantities
import Timelines

/// What became of a request that a retry may have sent more than once: how it ended for the
/// subscriber, and what the server saw.
struct RetriedRequest<Output: Equatable & Sendable, Failure: Error & Equatable>: Sendable {
    var outcome: Result<[Output], Failure>
    /// How many times the server received the request.
    var requests: Int
    /// The time between one arrival at the server and the next, as the server measured it.
    var gaps: [Duration]
}

/// Subscribes to `publisher`, waits for it to end, and collects what the server saw of `url`.
///
/// Every request has arrived by the time the publisher ends: its last response was the answer to
/// the last one. `scheduled` are the waits the pipeline schedules before its retries, if it does
/// (a policy's backoff): each is recorded on the timeline as ending when the next request arrived,
/// so the picture draws a wait only where one was scheduled, and a resend at once as at once.
/// Given the chain's `stages` as its code writes them, the picture has a line for each, so it
/// shows where a 503 becomes a failure and where `retry` subscribes again.
func retried<P: Publisher>(
    _ publisher: P, sentTo url: URL, in lab: Lab, scheduled: [Duration] = [], stages: [WrittenStage] = []
) async -> RetriedRequest<P.Output, P.Failure> where P.Output: Equatable & Sendable, P.Failure: Equatable {
    let ended =
        stages.isEmpty
        ? await outcome(of: publisher, lane: "subscriber")
        : await outcome(of: publisher, stages: stages)
    let arrivals = lab.requests(for: url).map(\.arrivalTime)
    for (wait, arrival) in zip(scheduled, arrivals.dropFirst()) {
        Timeline.current?.record(.wait, lane: "subscriber", detail: listed([wait]), at: arrival)
    }
    return RetriedRequest(
        outcome: ended, requests: arrivals.count, gaps: zip(arrivals, arrivals.dropFirst()).map { $1 - $0 })
}

/// A finding that holds when the request ended as `outcome` after `requests` requests and, when
/// `waits` is given, each gap at the server was at least as long as its wait. The report row names
/// the waits; the gaps themselves go in the timings part.
func retryFinding<Output, Failure>(
    _ measured: RetriedRequest<Output, Failure>, expected outcome: Result<[Output], Failure>, requests: Int,
    waits: [Duration]? = nil
) -> Finding<RetriedRequest<Output, Failure>> {
    let waited = waits.map { waits in
        measured.gaps.count == waits.count && zip(measured.gaps, waits).allSatisfy { $0 >= $1 }
    }
    let waitText = waits.map { ", " + ($0.count == 1 ? "gap" : "gaps") + " ≥ " + listed($0) } ?? ""
    return Finding(
        expected: describe(outcome) + " · " + counted(requests, "request") + waitText,
        value: measured,
        measured: describe(measured.outcome) + " · " + counted(measured.requests, "request")
            + (waited == false ? ", a gap shorter than its wait" : waitText),
        holds: measured.outcome == outcome && measured.requests == requests && waited != false,
        varies: measured.gaps.isEmpty
            ? nil : "gaps at the server: " + measured.gaps.map(\.inMilliseconds).joined(separator: ", "))
}

/// Durations in one unit, named once at the end: `20, 40, 80 ms`, or `1 s` when all are whole seconds.
func listed(_ durations: [Duration]) -> String {
    let inSeconds = durations.allSatisfy { $0.components.attoseconds == 0 }
    let numbers = durations.map {
        inSeconds ? "\($0.components.seconds)" : "\(Int($0.milliseconds.rounded()))"
    }
    return numbers.joined(separator: ", ") + (inSeconds ? " s" : " ms")
}

extension Duration {
    /// Milliseconds with one decimal, as a gap between two requests is worth reading: `0.8 ms`.
    var inMilliseconds: String {
        String(format: "%.1f ms", milliseconds)
    }
}
