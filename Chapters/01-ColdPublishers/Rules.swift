import Combine
import Foundation
import Harness
import LoopbackLab
import Quantities
import TimeControl
import Timelines

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chapter's rules in the order the report lists them.
let coldPublisherRules = [
    Rule("creating the publisher sends no request", nothingBeforeSubscribe),
    Rule("one subscriber sends one request", oneRequestPerSubscriber),
    Rule("two more subscribers send two more requests", everySubscriberSendsItsOwnRequest),
    Rule("share() gives two subscribers one request", shareSendsOneRequest),
    Rule("a late subscriber to share() gets nothing", lateSubscriberMissesTheSharedResponse),
    Rule("a replaying cache serves the late subscriber", replayingCacheServesTheLateSubscriber),
]

/// Making a data task publisher makes no data task: the server hears nothing.
func nothingBeforeSubscribe(in lab: Lab) async -> Finding<Int> {
    let url = lab.url(Route.user, tag: "never-subscribed")
    let created = ContinuousClock.now
    // excerpt: nothing-before-subscribe
    let publisher = lab.session.dataTaskPublisher(for: url)
    // Showing that something did not happen takes a wait; this is the chapter's only fixed one.
    try? await Task.sleep(for: .milliseconds(100))
    let requests = lab.requestCount(for: publisher.request.url!)
    // end excerpt
    Timeline.current?.record(.note, lane: "publisher", detail: "created, never subscribed", at: created)
    Timeline.current?.record(.note, lane: "server", detail: counted(requests, "request") + " after 100 ms")
    return Finding(expected: 0, measured: requests, describe: { counted($0, "request") })
}

// excerpt: one-request-per-subscriber
/// Subscribing is what starts the work: one subscriber, one request. The timeline draws the
/// sink's subscription from its subscribe on.
func oneRequestPerSubscriber(in lab: Lab) async -> Finding<Int> {
    let url = lab.url(Route.user, tag: "one-subscriber")
    let deliveries = DeliveryCounter()
    await withStageLanes([], subscribers: ["subscriber"]) { stages in
        let subscription = stages.attaching {
            // excerpt: subscribe
            let subscription = lab.session.dataTaskPublisher(for: url)
                .sink(
                    receiveCompletion: { deliveries.countCompletion($0) },
                    receiveValue: { _ in deliveries.countValue() })
            // end excerpt
            return subscription
        }
        _ = await until { deliveries.completions == 1 }
        subscription.cancel()
    }
    return Finding(
        expected: 1, measured: lab.requestCount(for: url),
        describe: { counted($0, "request") })
}
// end excerpt

// excerpt: every-subscriber-its-own-request
/// The same publisher value, subscribed three times (once, then twice at once), sends three requests.
/// The server holds each answer until the rule lets it go, so the two at once are both asked before
/// either is answered.
func everySubscriberSendsItsOwnRequest(in lab: Lab) async -> Finding<Int> {
    let url = lab.url(Route.user, tag: "three-subscribers", held: true)
    let publisher = lab.session.dataTaskPublisher(for: url)
    lab.heldAnswers.release()
    _ = await outcome(of: publisher, lane: "subscriber 1")
    let deliveries = DeliveryCounter()
    let together = [
        deliveries.subscribe(to: publisher, lane: "subscriber 2"),
        deliveries.subscribe(to: publisher, lane: "subscriber 3"),
    ]
    _ = await until { lab.requestCount(for: url) == 3 }
    lab.heldAnswers.releaseAll()
    _ = await until { deliveries.completions == 2 }
    together.forEach { $0.cancel() }
    return Finding(
        expected: 3,
        measured: lab.requestCount(for: url), describe: { counted($0, "request") })
}
// end excerpt

/// What a shared request did: how often the server was asked, and how many values subscribers got.
struct SharedDelivery: Equatable, Sendable {
    var requests: Int
    var values: Int
}

// excerpt: share-sends-one-request
/// `share()` subscribes upstream once, for every subscriber that is attached when the response comes.
/// The timeline draws each stage on its own lane: one data task publisher, two subscribers.
func shareSendsOneRequest(in lab: Lab) async -> Finding<SharedDelivery> {
    let url = lab.url(Route.delayedUser, tag: "shared")
    let (a, b) = (DeliveryCounter(), DeliveryCounter())
    await withStageLanes(["dataTaskPublisher(for: url)"], subscribers: ["share() → A", "share() → B"]) {
        stages in
        let subscribers = stages.attaching {
            // excerpt: share
            let shared = lab.session.dataTaskPublisher(for: url).share()
            let subscriberA = shared.sink(
                receiveCompletion: { a.countCompletion($0) }, receiveValue: { _ in a.countValue() })
            let subscriberB = shared.sink(
                receiveCompletion: { b.countCompletion($0) }, receiveValue: { _ in b.countValue() })
            // end excerpt
            return [subscriberA, subscriberB]
        }
        _ = await until { a.completions + b.completions == 2 }
        subscribers.forEach { $0.cancel() }
    }
    return Finding(
        expected: SharedDelivery(requests: 1, values: 2),
        measured: SharedDelivery(requests: lab.requestCount(for: url), values: a.values + b.values),
        describe: { counted($0.requests, "request") + ", " + counted($0.values, "value") })
}
// end excerpt

/// What a subscriber that came after the response got, and whether it made the server work again.
struct LateArrival: Equatable, Sendable {
    var values: Int
    var newRequests: Int
}

extension LateArrival {
    var summary: String {
        let requests = newRequests == 0 ? "no new request" : counted(newRequests, "new request")
        return (values == 0 ? "no value" : counted(values, "value")) + ", " + requests
    }
}

// excerpt: late-subscriber-misses-the-shared-response
/// `share()` does not keep the response: a subscriber that arrives after it was delivered gets
/// only the completion, and does not start a second request either.
func lateSubscriberMissesTheSharedResponse(in lab: Lab) async -> Finding<LateArrival> {
    let url = lab.url(Route.delayedUser, tag: "shared-then-late")
    let shared = lab.session.dataTaskPublisher(for: url).share()
    let early = DeliveryCounter()
    let earlySubscriber = early.subscribe(to: shared, lane: "early subscriber")
    _ = await until { early.completions == 1 }
    let requestsBefore = lab.requestCount(for: url)
    let late = await outcome(of: shared, lane: "late subscriber")
    earlySubscriber.cancel()
    let arrival = LateArrival(
        values: (try? late.get().count) ?? 0, newRequests: lab.requestCount(for: url) - requestsBefore)
    return Finding(
        expected: LateArrival(values: 0, newRequests: 0),
        measured: arrival, describe: \.summary)
}
// end excerpt

// excerpt: replaying-cache-serves-the-late-subscriber
/// A cache built on `CurrentValueSubject` keeps the last response, so a late subscriber gets it at
/// once and the server is not asked again.
func replayingCacheServesTheLateSubscriber(in lab: Lab) async -> Finding<LateArrival> {
    let url = lab.url(Route.delayedUser, tag: "cached")
    let cache = ReplayingCache(loading: lab.session.dataTaskPublisher(for: url).map(\.data))
    _ = await outcome(of: cache.latest, lane: "first subscriber")
    let requestsBefore = lab.requestCount(for: url)
    let late = await outcome(of: cache.latest, lane: "late subscriber")
    let arrival = LateArrival(
        values: late.get().count, newRequests: lab.requestCount(for: url) - requestsBefore)
    return Finding(
        expected: LateArrival(values: 1, newRequests: 0),
        measured: arrival, describe: \.summary)
}
// end excerpt
