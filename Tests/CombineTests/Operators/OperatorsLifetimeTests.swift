import Combine
import Testing

/// When an operator's subscription lets go of its subscriber. Apple's operators split in two: most hold
/// their subscriber for as long as the subscription object lives, so a subscriber that keeps its
/// subscription after the stream ends keeps both alive until it lets go of it (as `Sink` does when the
/// stream ends); a few (`scan`, `ignoreOutput`, `merge`) let go of it as soon as the stream ends. Either
/// way, a subscriber that cancels (and so drops its subscription) frees everything.
@Suite struct OperatorsLifetimeTests {
    // Pins Apple's reducing operators: a finished `collect` or `first` still holds its subscriber while
    // the subscriber holds it, and both go once the subscriber lets go.
    @Test func reducingOperatorsHoldTheirSubscriberUntilItLetsGoOfTheSubscription() {
        #expect(holdsUntilLetGo { $0.collect() })
        #expect(holdsUntilLetGo { $0.collect(2) })
        #expect(holdsUntilLetGo { $0.reduce(0, +) })
        #expect(holdsUntilLetGo { $0.tryReduce(0, +) })
        #expect(holdsUntilLetGo { $0.count() })
        #expect(holdsUntilLetGo { $0.first() })
        #expect(holdsUntilLetGo { $0.first { $0 > 1 } })
        #expect(holdsUntilLetGo { $0.tryFirst { $0 > 1 } })
        #expect(holdsUntilLetGo { $0.last() })
        #expect(holdsUntilLetGo { $0.last { $0 > 0 } })
        #expect(holdsUntilLetGo { $0.tryLast { $0 > 0 } })
        #expect(holdsUntilLetGo { $0.min() })
        #expect(holdsUntilLetGo { $0.tryMax(by: <) })
        #expect(holdsUntilLetGo { $0.contains(2) })
        #expect(holdsUntilLetGo { $0.contains { $0 > 5 } })
        #expect(holdsUntilLetGo { $0.tryContains { $0 > 5 } })
        #expect(holdsUntilLetGo { $0.allSatisfy { $0 > 0 } })
        #expect(holdsUntilLetGo { $0.tryAllSatisfy { $0 > 0 } })
    }

    // Pins Apple's gating, buffering and joining operators, which hold their subscriber the same way.
    @Test func gatingAndJoiningOperatorsHoldTheirSubscriberUntilItLetsGoOfTheSubscription() {
        #expect(holdsUntilLetGo { $0.dropFirst(1) })
        #expect(holdsUntilLetGo { $0.drop { $0 < 2 } })
        #expect(holdsUntilLetGo { $0.tryDrop { $0 < 2 } })
        #expect(holdsUntilLetGo { $0.prefix(2) })
        #expect(holdsUntilLetGo { $0.output(at: 1) })
        #expect(holdsUntilLetGo { $0.prefix { $0 < 3 } })
        #expect(holdsUntilLetGo { $0.tryPrefix { $0 < 3 } })
        #expect(holdsUntilLetGo { $0.removeDuplicates() })
        #expect(holdsUntilLetGo { $0.tryRemoveDuplicates(by: ==) })
        #expect(holdsUntilLetGo { $0.tryScan(0, +) })
        #expect(holdsUntilLetGo { $0.append(9) })
        #expect(holdsUntilLetGo { $0.prepend(9) })
        #expect(holdsUntilLetGo { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) })
        #expect(
            holdsUntilLetGo {
                $0.buffer(size: 2, prefetch: .byRequest, whenFull: .customError { fatalError() })
            })
        #expect(holdsUntilLetGo { $0.zip(Just(7)) })
        #expect(holdsUntilLetGo { $0.zip([7, 8].publisher, [9].publisher) })
        #expect(holdsUntilLetGo { $0.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()) })
        #expect(holdsUntilLetGo { $0.drop(untilOutputFrom: Just(0)) })
        #expect(holdsUntilLetGo { $0.receive(on: ImmediateScheduler.shared) })
        #expect(holdsUntilLetGo { $0.subscribe(on: ImmediateScheduler.shared) })
        #expect(holdsUntilLetGo { $0.delay(for: .zero, scheduler: ImmediateScheduler.shared) })
        #expect(holdsUntilLetGo { $0.measureInterval(using: ImmediateScheduler.shared) })
    }

    // While any observer is enabled, every subscriber is handed a wrapper in place of its subscription;
    // the lifetimes above are those of the operator's subscription behind it, whatever else runs.
    @Test func lifetimesHoldWhileAnIntrospectionObserverIsEnabled() {
        let log = IntrospectionLog()
        log.recording {
            #expect(holdsUntilLetGo { $0.dropFirst(1) })
            #expect(holdsUntilLetGo { $0.collect() })
            #expect(releases { $0.scan(0, +) })
            #expect(releasesOnCancel { $0.zip(Just(7)) })
        }
    }

    // Pins the operators Apple lets go of at the end: the subscription frees the subscriber as soon as
    // the stream finishes, even though the subscriber still holds the subscription.
    @Test func scanIgnoreOutputAndMergeLetGoOfTheirSubscriberWhenTheStreamEnds() {
        #expect(releases { $0.scan(0, +) })
        #expect(releases { $0.ignoreOutput() })
        #expect(releases { $0.merge(with: Just(7)) })
        #expect(releases { Publishers.MergeMany($0, $0) })
    }

    @Test func everyOperatorFreesItsSubscriberOnceTheSubscriberCancels() {
        #expect(releasesOnCancel { $0.collect() })
        #expect(releasesOnCancel { $0.first() })
        #expect(releasesOnCancel { $0.dropFirst(1) })
        #expect(releasesOnCancel { $0.prefix { $0 < 3 } })
        #expect(releasesOnCancel { $0.append(9) })
        #expect(releasesOnCancel { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) })
        #expect(releasesOnCancel { $0.combineLatest(Just(7)) })
        #expect(releasesOnCancel { $0.combineLatest(Just(7), Just(8)) { $0 + $1 + $2 } })
        #expect(releasesOnCancel { $0.zip(Just(7)) })
        #expect(releasesOnCancel { $0.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()) })
        #expect(releasesOnCancel { $0.scan(0, +) })
        #expect(releasesOnCancel { $0.merge(with: Just(7)) })
    }
}

/// Whether the operator `make` builds over a subject keeps a subscriber that holds on to its subscription
/// after the stream has finished, and frees it, and itself, once the subscriber lets go by cancelling.
private func holdsUntilLetGo<P: Publisher>(_ make: (AnyPublisher<Int, Never>) -> P) -> Bool {
    let left = leftAfter(make, ending: { subject, _ in subject.send(completion: .finished) })
    let held = left.subscriber != nil && left.subscription != nil
    left.subscriber?.cancel()
    return held && left.areGone
}

/// Whether the operator, and the subscriber attached to it, are both gone once the stream has finished,
/// although the subscriber still holds its subscription.
private func releases<P: Publisher>(_ make: (AnyPublisher<Int, Never>) -> P) -> Bool {
    releases(make, ending: { subject, _ in subject.send(completion: .finished) })
}

/// Whether the operator, and the subscriber attached to it, are both gone once the subscriber cancels.
private func releasesOnCancel<P: Publisher>(_ make: (AnyPublisher<Int, Never>) -> P) -> Bool {
    releases(make, ending: { _, subscriber in subscriber.cancel() })
}

private func releases<P: Publisher>(
    _ make: (AnyPublisher<Int, Never>) -> P,
    ending end: (PassthroughSubject<Int, Never>, TestSubscriber<P.Output, P.Failure>) -> Void
) -> Bool {
    leftAfter(make, ending: end).areGone
}

/// A pipeline's subscriber and its subscription once the test has let go of both, held weakly, so that
/// what still holds them shows; the upstream subject stays alive, so that what it holds counts too.
private struct Leftovers<Subscriber: AnyObject> {
    let upstream: PassthroughSubject<Int, Never>
    weak var subscriber: Subscriber?
    weak var subscription: AnyObject?

    var areGone: Bool { subscriber == nil && subscription == nil }
}

/// Subscribes a subscriber to the operator `make` builds over a subject, sends a value, ends the stream
/// with `end`, and returns what is left of the subscriber and its subscription.
private func leftAfter<P: Publisher>(
    _ make: (AnyPublisher<Int, Never>) -> P,
    ending end: (PassthroughSubject<Int, Never>, TestSubscriber<P.Output, P.Failure>) -> Void
) -> Leftovers<TestSubscriber<P.Output, P.Failure>> {
    let subject = PassthroughSubject<Int, Never>()
    var left = Leftovers<TestSubscriber<P.Output, P.Failure>>(upstream: subject)
    do {
        let subscriber = TestSubscriber<P.Output, P.Failure>()
        make(subject.eraseToAnyPublisher()).subscribe(subscriber)
        subject.send(1)
        left.subscriber = subscriber
        left.subscription = subscriber.subscription.map(objectBehind)
        end(subject, subscriber)
    }
    return left
}
