import CheckProcesses
import Combine
import ExerciseCatalog
import Foundation
import Harness
import Locking
import LoopbackLab
import Quantities
import TimeControl

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Exercise 1's code: an operator that shares one request among the subscribers attached at the
/// same time, replays its latest value to later ones, and starts afresh once every subscriber has
/// gone.
public struct ShareReplayingLatestCode: ExerciseCode {
    /// The operator under check, applied to a request's publisher.
    public let share: @Sendable (AnyPublisher<Data, URLError>) -> AnyPublisher<Data, URLError>

    /// Wraps the operator under check.
    public init(share: @escaping @Sendable (AnyPublisher<Data, URLError>) -> AnyPublisher<Data, URLError>) {
        self.share = share
    }
}

let shareReplayingLatestChecks = CheckedExercise(
    .shareReplayingLatest, code: ShareReplayingLatestCode.self,
    measures: [
        CheckOf(twoSubscribersShareOneRequest),
        CheckOf(lateSubscriberGetsTheLatestValue),
        CheckOf(nextSubscriberAfterAllLeftFetchesAgain),
    ])

/// What a subscriber received, each value known by the number of the answer it came from, and how
/// many requests the server saw meanwhile.
struct Arrival: Equatable, Sendable {
    var answers: [Int]
    var requests: Int

    /// The arrival in words; an answer numbered `oldAnswers` or lower was already given before the
    /// subscriber came, so receiving it means an old value was replayed.
    func summary(oldAnswers: Int = 0) -> String {
        let values =
            answers.isEmpty
            ? "no value"
            : answers.map { "answer \($0)" + ($0 <= oldAnswers ? " again (replayed an old value)" : "") }
                .joined(separator: ", ")
        return values + ", " + (requests == 0 ? "no new request" : counted(requests, "new request"))
    }
}

/// One subscriber's deliveries: the answer numbers of its values, and whether it completed.
private struct Subscriber {
    private let received = Locked((answers: [Int](), completed: false))
    let subscription: AnyCancellable

    init(to publisher: AnyPublisher<Data, URLError>) {
        subscription = publisher.sink(
            receiveCompletion: { [received] _ in received.withLock { $0.completed = true } },
            receiveValue: { [received] body in received.withLock { $0.answers.append(answerNumber(of: body)) }
            })
    }

    /// The answer numbers of the values so far, in order.
    var answers: [Int] { received.withLock { $0.answers } }

    /// Whether a value or a completion has arrived.
    var heardSomething: Bool { received.withLock { !$0.answers.isEmpty || $0.completed } }
}

/// The number `Route.numberedUser` wrote into `body`; 0 for a body without one.
private func answerNumber(of body: Data) -> Int {
    struct Numbered: Decodable { let answer: Int }
    return (try? JSONDecoder().decode(Numbered.self, from: body))?.answer ?? 0
}

/// Waits until each of `subscribers` has a value or a completion; says whether they all did in time.
private func untilEachHeardSomething(_ subscribers: Subscriber...) async -> Bool {
    await until(timeout: patience) { subscribers.allSatisfy(\.heardSomething) }
}

/// The finding when the first subscriber got nothing at all, so the check could not go on.
private func firstSubscriberHeardNothing(expected: String) -> Finding<Arrival> {
    Finding(
        expected: expected, value: Arrival(answers: [], requests: 0),
        measured: "the first subscriber got no value and no completion in \(patience)", holds: false)
}

/// The numbered user route, answered after a short pause, tagged so the check counts only its own
/// requests; `ended` is called each time a request's completion has been handed on downstream.
private func numberedUser(
    _ lab: Lab, tag: String, ended: @escaping @Sendable () -> Void = {}
) -> (url: URL, request: AnyPublisher<Data, URLError>) {
    let url = lab.url(Route.numberedUser, tag: tag)
    let request = lab.session.dataTaskPublisher(for: url).map(\.data)
    return (url, HandingOnEnd(upstream: request, ended: ended).eraseToAnyPublisher())
}

/// `upstream` unchanged, calling `ended` once its completion has been handed on: by then the code
/// under check has taken in the end of the request (where `handleEvents` would call before it has).
private struct HandingOnEnd<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let ended: @Sendable () -> Void

    func receive<S: Combine.Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(Relay(downstream: subscriber, ended: ended))
    }

    private struct Relay<Downstream: Combine.Subscriber>: Combine.Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let combineIdentifier = CombineIdentifier()
        let downstream: Downstream
        let ended: @Sendable () -> Void

        func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }

        func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
            ended()
        }
    }
}

func twoSubscribersShareOneRequest(_ code: ShareReplayingLatestCode, in lab: Lab) async -> Finding<Arrival> {
    let (url, request) = numberedUser(lab, tag: "two-at-once")
    let shared = code.share(request)
    let first = Subscriber(to: shared)
    let second = Subscriber(to: shared)
    _ = await untilEachHeardSomething(first, second)
    withExtendedLifetime([first, second]) {}
    return Finding(
        expected: Arrival(answers: [1, 1], requests: 1),
        measured: Arrival(answers: first.answers + second.answers, requests: lab.requestCount(for: url)),
        describe: { counted($0.answers.count, "value") + " between them, " + counted($0.requests, "request") }
    )
}

func lateSubscriberGetsTheLatestValue(_ code: ShareReplayingLatestCode, in lab: Lab) async -> Finding<Arrival>
{
    let (url, request) = numberedUser(lab, tag: "late")
    let shared = code.share(request)
    let describe = { (arrival: Arrival) in "the late subscriber got " + arrival.summary() }
    let expected = Arrival(answers: [1], requests: 0)
    let first = Subscriber(to: shared)
    guard await untilEachHeardSomething(first) else {
        return firstSubscriberHeardNothing(expected: describe(expected))
    }
    let requestsBefore = lab.requestCount(for: url)
    let late = Subscriber(to: shared)
    _ = await untilEachHeardSomething(late)
    // A request the late subscriber set off would reach the server within milliseconds; showing
    // that none did takes a wait, the only fixed one in these checks.
    try? await Task.sleep(for: .milliseconds(100))
    withExtendedLifetime([first, late]) {}
    return Finding(
        expected: expected,
        measured: Arrival(answers: late.answers, requests: lab.requestCount(for: url) - requestsBefore),
        describe: describe)
}

func nextSubscriberAfterAllLeftFetchesAgain(
    _ code: ShareReplayingLatestCode, in lab: Lab
) async -> Finding<Arrival> {
    let requestEnded = Locked(false)
    let (url, request) = numberedUser(lab, tag: "all-gone") { requestEnded.withLock { $0 = true } }
    let shared = code.share(request)
    let describe = { (arrival: Arrival, oldAnswers: Int) in
        "the next subscriber got " + arrival.summary(oldAnswers: oldAnswers)
    }
    let first = Subscriber(to: shared)
    guard await untilEachHeardSomething(first) else {
        return firstSubscriberHeardNothing(expected: describe(Arrival(answers: [2], requests: 1), 1))
    }
    // The last subscriber leaves once the load is over, as a screen's part would. Leaving between
    // the value and the request's end would let `share()` start afresh by luck (1 run in 6).
    _ = await until(timeout: patience) { requestEnded.withLock { $0 } }
    first.subscription.cancel()
    let answersGiven = lab.requestCount(for: url)
    let next = Subscriber(to: shared)
    _ = await untilEachHeardSomething(next)
    withExtendedLifetime(next) {}
    return Finding(
        expected: Arrival(answers: [answersGiven + 1], requests: 1),
        measured: Arrival(answers: next.answers, requests: lab.requestCount(for: url) - answersGiven),
        describe: { describe($0, answersGiven) })
}
