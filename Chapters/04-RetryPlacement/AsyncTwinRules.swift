import Combine
import Foundation
import Harness
import Locking
import LoopbackLab
import Quantities
import TimeControl
import Timelines
import TypedClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The async/await twins of the chapter's rules, in the order the report lists them, after the
/// Combine rows: the same lab, the same routes, the same policy.
let awaitedRetryRules = [
    Rule.demonstration(
        "await: a loop around data(for:) never sees a 503", awaitedLoopAroundTheTransportNeverRetries),
    Rule("await: a loop around the check resends at once", awaitedLoopAroundTheCheckResendsAtOnce),
    Rule.demonstration("await: that loop resends a 404 just as eagerly", awaitedLoopResendsA404),
    Rule.demonstration("await: and a body that will never decode", awaitedLoopResendsAnUndecodableBody),
    Rule("await: the policy recovers, waiting longer each time", awaitedPolicyRecovers),
    Rule("await: the policy gives up after three retries", awaitedPolicyGivesUp),
    Rule(
        "await: the policy retries a dropped connection (\(platformName))",
        awaitedPolicyRetriesADroppedConnection),
    Rule("await: the policy waits as long as Retry-After asks", awaitedPolicyWaitsForRetryAfter),
    Rule("await: the policy sends a 404 once", awaitedPolicySendsA404Once),
    Rule("await: the policy never resends a POST", awaitedPolicyNeverResendsAPost),
    Rule("await: a cancel during the wait throws CancellationError", awaitedCancelDuringTheWaitThrows),
]

// excerpt: awaited-loop-placement
/// A loop around `data(for:)` alone: the 503 is returned, so there is nothing to catch.
func awaitedLoopAroundTheTransportNeverRetries(in lab: Lab) async -> Finding<AwaitedRetry<Int>> {
    let url = lab.url(Route.busy, tag: "await-loop-around-the-transport")
    let measured = await awaitedResent("try await awaitedStatus(from: /busy)", sentTo: url, in: lab) {
        try await awaitedStatus(from: url, session: lab.session)
    }
    return awaitedRetryFinding(measured, expected: .returned(503), requests: 1)
}

/// A loop around the whole load: the 503 is thrown now, and the request goes out twice more, the
/// moment each throw is caught.
func awaitedLoopAroundTheCheckResendsAtOnce(in lab: Lab) async -> Finding<AwaitedRetry<User>> {
    let url = lab.url(Route.busy, tag: "await-loop-around-the-check")
    let measured = await awaitedResent(
        "try await awaitedUserRetryingEverything(for: /busy)", sentTo: url, in: lab
    ) {
        try await awaitedUserRetryingEverything(for: URLRequest(url: url), session: lab.session)
    }
    return awaitedRetryFinding(measured, expected: .threw(.status(503)), requests: 3)
}

/// The same loop cannot tell a failure that may pass from one that will not.
func awaitedLoopResendsA404(in lab: Lab) async -> Finding<AwaitedRetry<User>> {
    let url = lab.url(Route.missingUser, tag: "await-loop-around-the-check")
    let measured = await awaitedResent(
        "try await awaitedUserRetryingEverything(for: /users/2)", sentTo: url, in: lab
    ) {
        try await awaitedUserRetryingEverything(for: URLRequest(url: url), session: lab.session)
    }
    return awaitedRetryFinding(measured, expected: .threw(.status(404)), requests: 3)
}

/// With decoding inside the loop too, a body that is not a user is fetched three times over.
func awaitedLoopResendsAnUndecodableBody(in lab: Lab) async -> Finding<AwaitedRetry<User>> {
    let url = lab.url(Route.broken, tag: "await-loop-around-the-check")
    let measured = await awaitedResent(
        "try await awaitedUserRetryingEverything(for: /broken)", sentTo: url, in: lab
    ) {
        try await awaitedUserRetryingEverything(for: URLRequest(url: url), session: lab.session)
    }
    return awaitedRetryFinding(measured, expected: .threw(.decoding), requests: 3)
}
// end excerpt

// excerpt: awaited-policy-rows
/// Three 503s, then a 200: four requests, the waits between them 20, 40 and 80 ms on the clock.
func awaitedPolicyRecovers(in lab: Lab) async -> Finding<AwaitedRetry<String>> {
    let url = lab.url(Route.flaky, tag: "await-policy-recovers").appending(
        queryItems: Route.flaky(failing: 3))
    let clock = ManualClock()
    let measured = await awaitedOnAManualClock(
        "try await awaitedUserName(from: /flaky)", sentTo: url, in: lab, clock: clock
    ) {
        try await awaitedUserName(from: URLRequest(url: url), session: lab.session, clock: clock)
    }
    return awaitedRetryFinding(
        measured, expected: .returned("Ada Lovelace"), requests: 4, waits: designedWaits(3))
}

/// A server that never recovers gets the first attempt and three retries, no more.
func awaitedPolicyGivesUp(in lab: Lab) async -> Finding<AwaitedRetry<String>> {
    let url = lab.url(Route.busy, tag: "await-policy-gives-up")
    let clock = ManualClock()
    let measured = await awaitedOnAManualClock(
        "try await awaitedUserName(from: /busy)", sentTo: url, in: lab, clock: clock
    ) {
        try await awaitedUserName(from: URLRequest(url: url), session: lab.session, clock: clock)
    }
    return awaitedRetryFinding(measured, expected: .threw(.status(503)), requests: 4, waits: designedWaits(3))
}

/// A connection closed without an answer is a transport failure, which the policy retries. As the
/// Combine row does, it uses a session with no connection open, which URLSession would retry itself.
func awaitedPolicyRetriesADroppedConnection(in lab: Lab) async -> Finding<AwaitedRetry<String>> {
    let session = URLSession(configuration: Lab.sessionConfiguration())
    defer { session.finishTasksAndInvalidate() }
    let url = lab.url(Route.hangUp, tag: "await-policy-dropped")
    let clock = ManualClock()
    let measured = await awaitedOnAManualClock(
        "try await awaitedUserName(from: /hang-up)", sentTo: url, in: lab, clock: clock
    ) {
        try await awaitedUserName(from: URLRequest(url: url), session: session, clock: clock)
    }
    return awaitedRetryFinding(
        measured, expected: .threw(.transport(droppedConnectionCode)), requests: 4, waits: designedWaits(3))
}

/// A 429 that says `Retry-After: 1`: the loop sleeps the second the server asked for, on the clock.
func awaitedPolicyWaitsForRetryAfter(in lab: Lab) async -> Finding<AwaitedRetry<String>> {
    let url = lab.url(Route.flaky, tag: "await-policy-retry-after")
        .appending(queryItems: Route.flaky(failing: 1, status: 429, retryAfter: 1))
    let clock = ManualClock()
    let measured = await awaitedOnAManualClock(
        "try await awaitedUserName(from: /flaky)", sentTo: url, in: lab, clock: clock
    ) {
        try await awaitedUserName(from: URLRequest(url: url), session: lab.session, clock: clock)
    }
    return awaitedRetryFinding(
        measured, expected: .returned("Ada Lovelace"), requests: 2, waits: [.seconds(1)])
}

/// A missing user stays missing: one request, and the 404 is thrown at once.
func awaitedPolicySendsA404Once(in lab: Lab) async -> Finding<AwaitedRetry<String>> {
    let url = lab.url(Route.missingUser, tag: "await-policy-404")
    let clock = ManualClock()
    let measured = await awaitedOnAManualClock(
        "try await awaitedUserName(from: /users/2)", sentTo: url, in: lab, clock: clock
    ) {
        try await awaitedUserName(from: URLRequest(url: url), session: lab.session, clock: clock)
    }
    return awaitedRetryFinding(measured, expected: .threw(.status(404)), requests: 1, waits: [])
}

/// A `POST` that failed with a 503 is not sent again, though a second try would have succeeded.
func awaitedPolicyNeverResendsAPost(in lab: Lab) async -> Finding<AwaitedRetry<String>> {
    let url = lab.url(Route.flaky, tag: "await-policy-post").appending(queryItems: Route.flaky(failing: 1))
    var order = URLRequest(url: url)
    order.httpMethod = "POST"
    order.httpBody = Data(#"{"item": "tea"}"#.utf8)
    let post = order
    let clock = ManualClock()
    let measured = await awaitedOnAManualClock(
        "try await awaitedUserName(from: POST /flaky)", sentTo: url, in: lab, clock: clock
    ) {
        try await awaitedUserName(from: post, session: lab.session, clock: clock)
    }
    return awaitedRetryFinding(measured, expected: .threw(.status(503)), requests: 1, waits: [])
}
// end excerpt

/// The chapter's policy with a first wait of a minute: a back-off that nothing but a cancel ends
/// while a rule runs, however slow the machine.
let patientPolicy = RetryPolicy(maximumRetries: 3, initialDelay: .seconds(60), maximumDelay: .seconds(60))

/// What a cancel during the back-off did to each form: how the awaiting code ended and what the
/// publisher's subscriber heard, and how many requests the server had from each.
struct CancelledWait: Equatable, Sendable {
    var awaited: AwaitedEnding<Data>
    var awaitedRequests: Int
    var published: String
    var publishedRequests: Int

    var summary: String {
        "\(awaited) · " + counted(awaitedRequests, "request") + "; the publisher: " + published + " · "
            + counted(publishedRequests, "request")
    }
}

// excerpt: awaited-cancel-during-the-wait
/// The task is cancelled once the loop has begun its back-off: `ContinuousClock`'s sleep throws
/// `CancellationError`, the loop lets it out, and no request follows. The publisher, cancelled in
/// the same place, sends nothing more either, and its subscriber hears nothing at all.
func awaitedCancelDuringTheWaitThrows(in lab: Lab) async -> Finding<CancelledWait> {
    let url = lab.url(Route.busy, tag: "await-cancel-during-the-wait")
    let clock = SleepCountingClock()
    let loading = Task {
        await awaitedOnTheTimeline("try await awaitedBody(for: /busy)") {
            try await awaitedBody(
                for: URLRequest(url: url), session: lab.session, policy: patientPolicy, clock: clock)
        }
    }
    _ = await until { clock.sleepsBegun > 0 }
    Timeline.current?.record(.action, lane: awaitLane, detail: "cancel() during the wait")
    loading.cancel()
    let awaited = AwaitedEnding(await loading.value)

    let publishedURL = lab.url(Route.busy, tag: "combine-cancel-during-the-wait")
    let scheduler = VirtualTimeScheduler()
    let heard = DeliveryCounter(lane: "subscriber")
    let subscription = heard.subscribe(
        to: lab.session.dataTaskPublisher(for: publishedURL).validatingStatus(
            retrying: policy, scheduler: scheduler))
    _ = await until { scheduler.scheduledActionCount > 0 }
    Timeline.current?.record(.action, lane: "subscriber", detail: "cancel() during the wait")
    subscription.cancel()
    scheduler.run()
    let sending = await tasks(of: lab.session).contains { $0.state == .running }
    Timeline.current?.caption(
        "Both wait after a 503: the task on ContinuousClock, for a minute, the publisher on a virtual "
            + "scheduler. The awaiting code is told of its cancel; the subscriber hears nothing after its own."
    )
    return Finding(
        expected: CancelledWait(
            awaited: .cancelled, awaitedRequests: 1, published: "no value, no completion",
            publishedRequests: 1),
        measured: CancelledWait(
            awaited: awaited, awaitedRequests: lab.requestCount(for: url),
            published: deliverySummary(values: heard.values, completions: heard.completions)
                + (sending ? ", a request on its way" : ""),
            publishedRequests: lab.requestCount(for: publishedURL)),
        describe: \.summary)
}
// end excerpt

/// How an awaited call ended, as the rows name it.
enum AwaitedEnding<Value: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
    case returned(Value)
    case threw(APIError)
    /// It threw a `CancellationError`.
    case cancelled
    /// It threw something else, named as `describe(failure:)` names it.
    case threwOther(String)

    init(_ outcome: Result<Value, any Error>) {
        switch outcome {
        case .success(let value): self = .returned(value)
        case .failure(let failure as APIError): self = .threw(failure)
        case .failure(is CancellationError): self = .cancelled
        case .failure(let failure): self = .threwOther(describe(failure: failure))
        }
    }

    var description: String {
        switch self {
        case .returned(let value): "returned \(value)"
        case .threw(let failure): "threw \(failure)"
        case .cancelled: "threw CancellationError"
        case .threwOther(let failure): "threw \(failure)"
        }
    }
}

/// What became of an awaited request that a loop may have sent more than once.
struct AwaitedRetry<Value: Equatable & Sendable>: Equatable, Sendable {
    var ending: AwaitedEnding<Value>
    /// How many times the server received the request.
    var requests: Int
    /// For a loop that waits on a manual clock, the clock's reading as each request was sent.
    var sentAt: [Duration]? = nil
    /// The time between one arrival at the server and the next, as the server measured it.
    var gaps: [Duration] = []

    /// The waits between attempts on the loop's clock; nil when it had none.
    var waits: [Duration]? {
        sentAt.map { sentAt in zip(sentAt, sentAt.dropFirst()).map { $1 - $0 } }
    }
}

/// Awaits `load` and collects what the server saw of `url`; for the loops that retry at once.
func awaitedResent<Value: Equatable & Sendable>(
    _ action: String, sentTo url: URL, in lab: Lab, _ load: () async throws -> Value
) async -> AwaitedRetry<Value> {
    let ending = AwaitedEnding(await awaitedOnTheTimeline(action, load))
    let arrivals = lab.requests(for: url).map(\.arrivalTime)
    return AwaitedRetry(
        ending: ending, requests: arrivals.count, gaps: zip(arrivals, arrivals.dropFirst()).map { $1 - $0 })
}

/// Awaits `load` in a child task while moving `clock` on: whenever the loop sleeps on it, straight
/// to the end of that sleep. Notes the clock's reading as each request for `url` reaches the
/// server, which is exact: the loop sends only while awake, and the clock moves only while it sleeps.
func awaitedOnAManualClock<Value: Equatable & Sendable>(
    _ action: String, sentTo url: URL, in lab: Lab, clock: ManualClock,
    _ load: @escaping @Sendable () async throws -> Value
) async -> AwaitedRetry<Value> {
    let ended = Locked(false)
    async let outcome = awaitedOnTheTimeline(action) {
        defer { ended.withLock { $0 = true } }
        return try await load()
    }
    Timeline.current?.caption(
        "The loop sleeps on a manual clock, which the rule moves on to the end of each sleep as soon "
            + "as the loop sleeps: the waits are exact on that clock and take no real time.")
    var sentAt: [Duration] = []
    while true {
        let settled = await until { ended.withLock { $0 } || clock.nextDeadline != nil }
        while lab.requestCount(for: url) > sentAt.count { sentAt.append(clock.now.sinceStart) }
        guard settled, !ended.withLock({ $0 }), let deadline = clock.nextDeadline else { break }
        Timeline.current?.record(
            .action, lane: awaitLane, detail: "clock moved on " + listed([clock.now.duration(to: deadline)]))
        clock.advance(to: deadline)
    }
    let ending = AwaitedEnding(await outcome)
    while lab.requestCount(for: url) > sentAt.count { sentAt.append(clock.now.sinceStart) }
    return AwaitedRetry(ending: ending, requests: sentAt.count, sentAt: sentAt)
}

/// A finding that holds when the call ended as `ending` after `requests` requests and, for a loop
/// on a manual clock, waited exactly `waits` between them on that clock.
func awaitedRetryFinding<Value>(
    _ measured: AwaitedRetry<Value>, expected ending: AwaitedEnding<Value>, requests: Int,
    waits: [Duration]? = nil
) -> Finding<AwaitedRetry<Value>> {
    func summary(_ ending: AwaitedEnding<Value>, _ requests: Int, _ waits: [Duration]?) -> String {
        let apart = waits.map { $0.isEmpty ? "" : ", " + listed($0) + " apart on the clock" } ?? ""
        return "\(ending) · " + counted(requests, "request") + apart
    }
    return Finding(
        expected: summary(ending, requests, waits), value: measured,
        measured: summary(measured.ending, measured.requests, measured.waits),
        holds: measured.ending == ending && measured.requests == requests && measured.waits == waits,
        varies: measured.gaps.isEmpty
            ? nil : "gaps at the server: " + measured.gaps.map(\.inMilliseconds).joined(separator: ", "))
}
