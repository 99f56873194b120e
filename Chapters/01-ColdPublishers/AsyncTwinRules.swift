import Foundation
import Harness
import LoopbackLab
import Quantities
import TimeControl
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The async/await twins of the chapter's rules, in the order the report lists them, after the
/// Combine rows: the same lab and the same routes. A twin whose timing differs from its Combine
/// rule's is drawn beside that rule, on its time axis.
let awaitedColdRules = [
    Rule("await: creating a Task sends its request at once", taskStartsAtOnce)
        .drawn(beside: "creating the publisher sends no request"),
    Rule("await: an unawaited async let is sent, then cancelled", unawaitedAsyncLetIsCancelled)
        .drawn(beside: "creating the publisher sends no request"),
    Rule("await: one call sends one request", oneRequestPerCall),
    Rule("await: three calls send three requests", everyCallSendsItsOwnRequest),
    Rule("await: one stored Task, two awaiters, one request", storedTaskSendsOneRequest),
    Rule("await: a late await of the Task gets its value", lateAwaitGetsTheValue)
        .drawn(beside: "a late subscriber to share() gets nothing"),
]

// excerpt: task-starts-at-once
/// Making a `Task` starts its work: the server has the request before anything awaits the task.
func taskStartsAtOnce(in lab: Lab) async -> Finding<Int> {
    let url = lab.url(Route.user, tag: "task-not-awaited")
    let made = ContinuousClock.now
    Timeline.current?.record(.action, lane: "Task", detail: "Task made, not awaited", at: made)
    let load = Task { try await userData(from: url, session: lab.session) }
    _ = await until { lab.requestCount(for: url) == 1 }
    let requests = lab.requestCount(for: url)
    let arrival = lab.requests(for: url).first.map { $0.arrivalTime - made }
    // Counted before anything awaited the task; the rule waits for its end only now, so that the
    // lab is not closed under it.
    _ = await load.result
    return Finding(
        expected: 1, measured: requests, describe: { counted($0, "request") + " before any await" },
        varies: arrival.map { String(format: "request at the server %.1f ms after Task {}", $0.milliseconds) }
    )
}
// end excerpt

/// What became of a load nobody awaited: how many requests the server had, and whether it saw the
/// client leave before the answer.
struct UnawaitedLoad: Equatable, Sendable {
    var requests: Int
    var clientLeft: Bool

    var summary: String {
        counted(requests, "request") + ", "
            + (clientLeft ? "client left before the answer" : "no client leaving seen")
    }
}

// excerpt: unawaited-async-let-is-cancelled
/// An `async let` sends its request where it is written, awaited or not; left unawaited, it is
/// cancelled as its scope ends. The route would answer after a minute, so the server sees the client
/// leave, however busy the machine.
func unawaitedAsyncLetIsCancelled(in lab: Lab) async -> Finding<UnawaitedLoad> {
    let url = lab.url(Route.verySlow, tag: "async-let-unawaited")
    Timeline.current?.record(.action, lane: "async let", detail: "async let _ = userData(from:)")
    await prefetch(url, session: lab.session) {
        _ = await until { lab.requestCount(for: url) == 1 }
    }
    Timeline.current?.record(.note, lane: "async let", detail: "scope ended, prefetch returned")
    let left = await lab.abandonedRequest(for: url) != nil
    return Finding(
        expected: UnawaitedLoad(requests: 1, clientLeft: true),
        measured: UnawaitedLoad(requests: lab.requestCount(for: url), clientLeft: left), describe: \.summary)
}
// end excerpt

// excerpt: one-request-per-call
/// Calling the `async` function is what sends the request, as subscribing was: one call, one request.
func oneRequestPerCall(in lab: Lab) async -> Finding<Int> {
    let url = lab.url(Route.user, tag: "one-call")
    _ = await awaitedOnTheTimeline("try await userData(from:)") {
        try await userData(from: url, session: lab.session)
    }
    return Finding(expected: 1, measured: lab.requestCount(for: url), describe: { counted($0, "request") })
}
// end excerpt

// excerpt: every-call-its-own-request
/// The same function called three times, once and then twice side by side with `async let`, sends
/// three requests: calls share nothing, as subscriptions to a cold publisher shared nothing. The
/// two side by side ask for the same URL, and the server still receives two requests; the route
/// answers after a short pause, so both are asked before either is answered.
func everyCallSendsItsOwnRequest(in lab: Lab) async -> Finding<Int> {
    let first = lab.url(Route.delayedUser, tag: "first-call")
    let sideBySide = lab.url(Route.delayedUser, tag: "two-calls-at-once")
    let action = "try await userData(from:)"
    _ = await awaitedOnTheTimeline(action, lane: "call 1") {
        try await userData(from: first, session: lab.session)
    }
    async let second = awaitedOnTheTimeline(action, lane: "call 2") {
        try await userData(from: sideBySide, session: lab.session)
    }
    async let third = awaitedOnTheTimeline(action, lane: "call 3") {
        try await userData(from: sideBySide, session: lab.session)
    }
    _ = await (second, third)
    let requests = lab.requestCount(for: first) + lab.requestCount(for: sideBySide)
    return Finding(expected: 3, measured: requests, describe: { counted($0, "request") })
}
// end excerpt

// excerpt: stored-task-shares-one-request
/// One stored `Task` awaited by two callers at once sends one request and gives both its value, as
/// `share()` did for two subscribers.
func storedTaskSendsOneRequest(in lab: Lab) async -> Finding<SharedDelivery> {
    let url = lab.url(Route.delayedUser, tag: "stored-task")
    Timeline.current?.record(.action, lane: "Task", detail: "Task stored")
    // excerpt: stored-task
    let load = Task { try await userData(from: url, session: lab.session) }
    async let a = awaitedOnTheTimeline("try await load.value", lane: "awaiter A") { try await load.value }
    async let b = awaitedOnTheTimeline("try await load.value", lane: "awaiter B") { try await load.value }
    let results = await [a, b]
    // end excerpt
    let values = results.filter { (try? $0.get()) != nil }.count
    return Finding(
        expected: SharedDelivery(requests: 1, values: 2),
        measured: SharedDelivery(requests: lab.requestCount(for: url), values: values),
        describe: { counted($0.requests, "request") + ", " + counted($0.values, "value") })
}
// end excerpt

// excerpt: late-await-gets-the-value
/// A `Task` keeps its result: awaited again after its value was delivered, it hands over the same
/// value at once and asks the server nothing, as `share()` with a replay would.
func lateAwaitGetsTheValue(in lab: Lab) async -> Finding<LateArrival> {
    let url = lab.url(Route.delayedUser, tag: "late-await")
    Timeline.current?.record(.action, lane: "Task", detail: "Task stored")
    let load = Task { try await userData(from: url, session: lab.session) }
    let early = await awaitedOnTheTimeline("try await load.value", lane: "early awaiter") {
        try await load.value
    }
    let requestsBefore = lab.requestCount(for: url)
    let late = await awaitedOnTheTimeline("try await load.value", lane: "late awaiter") {
        try await load.value
    }
    let sameValue = (try? late.get()) != nil && (try? late.get()) == (try? early.get())
    let arrival = LateArrival(
        values: sameValue ? 1 : 0, newRequests: lab.requestCount(for: url) - requestsBefore)
    return Finding(
        expected: LateArrival(values: 1, newRequests: 0),
        measured: arrival, describe: \.summary)
}
// end excerpt
