import Combine
import Foundation
import Harness
import LoopbackLab
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How three requests to a server that never answers failed, each with its own
/// `timeoutInterval`, on a session whose configuration waits `configurationTimeout`.
struct RequestTimeouts: Equatable, Sendable {
    /// One second, set with `request.timeoutInterval = 1`.
    var setThroughTheProperty: TimedFailure
    /// One second, given to `URLRequest(url:cachePolicy:timeoutInterval:)`.
    var givenToTheInitializer: TimedFailure
    /// Half a second, set through the property.
    var halfASecond: TimedFailure

    var summary: String {
        "property 1 s: \(setThroughTheProperty.summary); initializer 1 s: \(givenToTheInitializer.summary); "
            + "property 0.5 s: \(halfASecond.summary)"
    }
}

/// A failure and which wait it came after. A timer never fires early, so "after 1 s" is a lower
/// bound a loaded machine cannot fake. A starved machine can fire a one-second timer seconds late,
/// though, so a request that ended before the one left to the configuration's wait is
/// placed by that order; the half second is placed by order too.
struct TimedFailure: Equatable, Sendable {
    var failure: String
    var when: String

    var summary: String { "\(failure) \(when)" }
}

/// The session's own wait, long enough to tell apart from the request's one second.
let configurationTimeout: TimeInterval = 2

// excerpt: request-timeouts
/// The request's `timeoutInterval`, set two ways, against the configuration's two seconds.
///
/// The three wait side by side, so whether the server sees the half-second request before it gives
/// up is a race: the rule uses a lab of its own, whose server the timeline does not draw, and
/// draws each request's own lane, from its subscription to its failure.
func requestTimeoutsAgainstASilentServer(in _: Lab) async -> Finding<RequestTimeouts> {
    let measured = await timeoutsMeasured()
    guard let measured else {
        return Finding(
            expected: expectedRequestTimeouts.summary, value: expectedRequestTimeouts,
            measured: "could not start a second server", holds: false)
    }
    return Finding(expected: expectedRequestTimeouts, measured: measured, describe: \.summary)
}

/// The three requests against a lab of their own; nil when it could not be opened.
private func timeoutsMeasured() async -> RequestTimeouts? {
    guard let lab = await Timeline.$current.withValue(nil, operation: { try? await Lab.open() }) else {
        return nil
    }
    defer { lab.close() }
    let configuration = Lab.sessionConfiguration()
    configuration.timeoutIntervalForRequest = configurationTimeout
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }

    var property = URLRequest(url: lab.url(Route.silence, tag: "property"))
    property.timeoutInterval = 1
    let initializer = URLRequest(
        url: lab.url(Route.silence, tag: "initializer"), cachePolicy: .useProtocolCachePolicy,
        timeoutInterval: 1)
    var half = URLRequest(url: lab.url(Route.silence, tag: "half-second"))
    half.timeoutInterval = 0.5

    noteTheThreeLanes()
    async let first = failureAndWait(of: property, session: session, lane: "property 1 s")
    async let second = failureAndWait(of: initializer, session: session, lane: "initializer 1 s")
    async let third = failureAndWait(of: half, session: session, lane: "property 0.5 s")
    let (oneSecond, configured, halfSecond) = await (first, second, third)
    return RequestTimeouts(
        setThroughTheProperty: TimedFailure(
            failure: oneSecond.failure,
            when: wait(oneSecond.seconds, endedFirst: oneSecond.ended < configured.ended)),
        givenToTheInitializer: TimedFailure(
            failure: configured.failure,
            when: wait(configured.seconds, endedFirst: configured.ended < oneSecond.ended)),
        halfASecond: TimedFailure(
            failure: halfSecond.failure,
            when: halfSecond.ended < oneSecond.ended ? "before the 1 s one" : "with or after the 1 s one"))
}
// end excerpt

// excerpt: request-timeouts-expected
/// Linux Foundation (measured) honours a `timeoutInterval` set through the property, in whole
/// seconds (half a second is zero, and fails at once); one given to the initializer is not
/// marked as set, and the configuration's wait applies. Apple's documentation describes the
/// request's timeout without a word on how it was set, so there the request's own is expected
/// each time (on Apple platforms, not measured here).
#if os(Linux)
    let expectedRequestTimeouts = RequestTimeouts(
        setThroughTheProperty: TimedFailure(failure: "URLError.timedOut", when: "after 1 s"),
        givenToTheInitializer: TimedFailure(
            failure: "URLError.timedOut", when: "after the configuration's 2 s"),
        halfASecond: TimedFailure(failure: "URLError.timedOut", when: "before the 1 s one"))
#else
    let expectedRequestTimeouts = RequestTimeouts(
        setThroughTheProperty: TimedFailure(failure: "URLError.timedOut", when: "after 1 s"),
        givenToTheInitializer: TimedFailure(failure: "URLError.timedOut", when: "after 1 s"),
        halfASecond: TimedFailure(failure: "URLError.timedOut", when: "before the 1 s one"))
#endif
// end excerpt

/// How long the request waited: `after the configuration's 2 s` when it took at least that long
/// and did not end before the other one-second request, `after 1 s` when it took at least the
/// request's second, `in under 1 s` otherwise.
private func wait(_ seconds: TimeInterval, endedFirst: Bool) -> String {
    if seconds >= configurationTimeout - 0.05 && !endedFirst {
        return "after the configuration's \(Int(configurationTimeout)) s"
    }
    return seconds >= 0.95 ? "after 1 s" : "in under 1 s"
}

/// Draws the three requests' lanes in the order the rule names them, and says why the server's
/// side is not drawn.
private func noteTheThreeLanes() {
    Timeline.current?.orderLanes(["property 1 s", "initializer 1 s", "property 0.5 s"])
    Timeline.current?.caption(
        "The server is not drawn: whether the half-second request reaches it before the client gives "
            + "up is a race." + halfSecondOnThisPlatform)
}

/// Why the half-second request gives up when it does, where the picture alone cannot say it.
#if os(Linux)
    private let halfSecondOnThisPlatform =
        " Linux Foundation counts a request's timeout in whole seconds: half a second is zero, so that "
        + "request fails at once."
#else
    private let halfSecondOnThisPlatform = ""
#endif

/// Sends `request`, drawn on `lane`, and reads how it failed, how long that took and when it ended.
private func failureAndWait(
    of request: URLRequest, session: URLSession, lane: String
) async -> (failure: String, seconds: TimeInterval, ended: ContinuousClock.Instant) {
    let clock = ContinuousClock()
    let start = clock.now
    let ended = await outcome(of: session.dataTaskPublisher(for: request), lane: lane)
    let end = clock.now
    let failure = if case .failure(let failure) = ended { describe(failure: failure) } else { "no failure" }
    return (failure, (end - start).timeInterval, end)
}
