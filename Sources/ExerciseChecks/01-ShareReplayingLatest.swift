import Combine
import Foundation
import Workbook

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 1's code: an operator that shares one request among the subscribers attached at the
/// same time, replays its latest value to later ones, and starts afresh once every subscriber has
/// gone.
public struct ShareReplayingLatestCode: ExerciseCode {
    public let share: @Sendable (AnyPublisher<Data, URLError>) -> AnyPublisher<Data, URLError>

    public init(share: @escaping @Sendable (AnyPublisher<Data, URLError>) -> AnyPublisher<Data, URLError>) {
        self.share = share
    }
}

let shareReplayingLatestExercise = Exercise(
    number: 1, chapter: "ColdPublishers", name: "ShareReplayingLatest",
    task:
        "Share one request, replay its latest value to late subscribers, and fetch afresh once all have gone.",
    hint: """
        share() forwards and forgets: subscribers attached when the response arrives get it, a later
        one gets only the completion. Keep the latest value in a subject that hands it to each new
        subscriber (CurrentValueSubject does), and do not let the request's completion finish that
        subject, or late subscribers get the completion alone. Keep that subject for as long as
        someone is subscribed: when the last subscriber cancels, forget it, so the next subscriber
        starts a new request instead of getting a stale value.
        """,
    code: ShareReplayingLatestCode.self,
    checks: [
        CheckOf(
            "two subscribers at the same time share one request",
            hint:
                "Both subscribers must get the value from a single upstream subscription; share() does this.",
            twoSubscribersShareOneRequest),
        CheckOf(
            "a subscriber that comes after the response gets it at once, with no new request",
            hint:
                "Keep the latest value and hand it to every new subscriber while the first is still subscribed.",
            lateSubscriberGetsTheLatestValue),
        CheckOf(
            "once every subscriber has gone, the next one fetches afresh",
            hint: "When the last subscriber cancels, drop the kept value and the shared subscription.",
            nextSubscriberAfterAllLeftFetchesAgain),
    ])

/// What a subscriber received and how many requests the server saw meanwhile.
struct Arrival: Equatable, Sendable {
    var values: Int
    var requests: Int

    var summary: String {
        (values == 0 ? "no value" : counted(values, "value")) + ", "
            + (requests == 0 ? "no new request" : counted(requests, "new request"))
    }
}

/// One subscriber's deliveries, counted.
private struct Subscriber {
    let deliveries = DeliveryCounter()
    let subscription: AnyCancellable

    init(to publisher: AnyPublisher<Data, URLError>) {
        subscription = deliveries.subscribe(to: publisher)
    }

    /// Whether a value or a completion has arrived.
    var heardSomething: Bool { deliveries.values > 0 || deliveries.completions > 0 }
}

/// Waits until each of `subscribers` has a value or a completion; says whether they all did in time.
private func untilEachHeardSomething(_ subscribers: Subscriber...) async -> Bool {
    await until(timeout: patience) { subscribers.allSatisfy(\.heardSomething) }
}

/// The finding when the first subscriber got nothing at all, so the check could not go on.
private func firstSubscriberHeardNothing(expected: Arrival, describe: (Arrival) -> String) -> Finding<Arrival>
{
    Finding(
        expected: describe(expected), value: Arrival(values: 0, requests: 0),
        measured: "the first subscriber got no value and no completion in \(patience)", holds: false)
}

/// The user route, answered after a short pause, tagged so the check counts only its own requests.
private func delayedUser(_ lab: Lab, tag: String) -> (url: URL, request: AnyPublisher<Data, URLError>) {
    let url = lab.url(Route.delayedUser, tag: tag)
    return (url, lab.session.dataTaskPublisher(for: url).map(\.data).eraseToAnyPublisher())
}

func twoSubscribersShareOneRequest(_ code: ShareReplayingLatestCode, in lab: Lab) async -> Finding<Arrival> {
    let (url, request) = delayedUser(lab, tag: "two-at-once")
    let shared = code.share(request)
    let first = Subscriber(to: shared)
    let second = Subscriber(to: shared)
    _ = await untilEachHeardSomething(first, second)
    withExtendedLifetime([first, second]) {}
    return Finding(
        expected: Arrival(values: 2, requests: 1),
        measured: Arrival(
            values: first.deliveries.values + second.deliveries.values, requests: lab.requestCount(for: url)),
        describe: { counted($0.values, "value") + " between them, " + counted($0.requests, "request") })
}

func lateSubscriberGetsTheLatestValue(_ code: ShareReplayingLatestCode, in lab: Lab) async -> Finding<Arrival>
{
    let (url, request) = delayedUser(lab, tag: "late")
    let shared = code.share(request)
    let expected = Arrival(values: 1, requests: 0)
    let describe = { (arrival: Arrival) in "the late subscriber got " + arrival.summary }
    let first = Subscriber(to: shared)
    guard await untilEachHeardSomething(first) else {
        return firstSubscriberHeardNothing(expected: expected, describe: describe)
    }
    let requestsBefore = lab.requestCount(for: url)
    let late = Subscriber(to: shared)
    _ = await untilEachHeardSomething(late)
    // A request the late subscriber set off would reach the server within milliseconds; showing
    // that none did takes a wait, the only fixed one in these checks.
    try? await Task.sleep(for: .milliseconds(100))
    withExtendedLifetime([first, late]) {}
    return Finding(
        expected: Arrival(values: 1, requests: 0),
        measured: Arrival(
            values: late.deliveries.values, requests: lab.requestCount(for: url) - requestsBefore),
        describe: { "the late subscriber got " + $0.summary })
}

func nextSubscriberAfterAllLeftFetchesAgain(
    _ code: ShareReplayingLatestCode, in lab: Lab
) async -> Finding<Arrival> {
    let (url, request) = delayedUser(lab, tag: "all-gone")
    let shared = code.share(request)
    let expected = Arrival(values: 1, requests: 1)
    let describe = { (arrival: Arrival) in "the next subscriber got " + arrival.summary }
    let first = Subscriber(to: shared)
    guard await untilEachHeardSomething(first) else {
        return firstSubscriberHeardNothing(expected: expected, describe: describe)
    }
    first.subscription.cancel()
    let requestsBefore = lab.requestCount(for: url)
    let next = Subscriber(to: shared)
    _ = await untilEachHeardSomething(next)
    withExtendedLifetime(next) {}
    return Finding(
        expected: Arrival(values: 1, requests: 1),
        measured: Arrival(
            values: next.deliveries.values, requests: lab.requestCount(for: url) - requestsBefore),
        describe: { "the next subscriber got " + $0.summary })
}
