import Combine
import Testing

/// Every operator of this family lets go of its subscriber, and of itself, once the stream has ended, even
/// when the subscriber holds on to its subscription (as `TestSubscriber` does until it cancels).
@Suite struct OperatorsLifetimeTests {
    @Test func reducingOperatorsReleaseEverythingAfterCompletionAndAfterCancel() {
        #expect(releases { $0.collect() })
        #expect(releases { $0.collect(2) })
        #expect(releases { $0.reduce(0, +) })
        #expect(releases { $0.tryReduce(0, +) })
        #expect(releases { $0.count() })
        #expect(releases { $0.first() })
        #expect(releases { $0.first { $0 > 1 } })
        #expect(releases { $0.tryFirst { $0 > 1 } })
        #expect(releases { $0.last() })
        #expect(releases { $0.last { $0 > 0 } })
        #expect(releases { $0.tryLast { $0 > 0 } })
        #expect(releases { $0.min() })
        #expect(releases { $0.tryMax(by: <) })
        #expect(releases { $0.contains(2) })
        #expect(releases { $0.contains { $0 > 5 } })
        #expect(releases { $0.tryContains { $0 > 5 } })
        #expect(releases { $0.allSatisfy { $0 > 0 } })
        #expect(releases { $0.tryAllSatisfy { $0 > 0 } })
    }

    @Test func gatingOperatorsReleaseEverythingAfterCompletionAndAfterCancel() {
        #expect(releases { $0.dropFirst(1) })
        #expect(releases { $0.drop { $0 < 2 } })
        #expect(releases { $0.tryDrop { $0 < 2 } })
        #expect(releases { $0.prefix(2) })
        #expect(releases { $0.output(at: 1) })
        #expect(releases { $0.prefix { $0 < 3 } })
        #expect(releases { $0.tryPrefix { $0 < 3 } })
        #expect(releases { $0.removeDuplicates() })
        #expect(releases { $0.tryRemoveDuplicates(by: ==) })
        #expect(releases { $0.scan(0, +) })
        #expect(releases { $0.tryScan(0, +) })
        #expect(releases { $0.ignoreOutput() })
        #expect(releases { $0.append(9) })
        #expect(releases { $0.prepend(9) })
        #expect(releases { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) })
        #expect(
            releases { $0.buffer(size: 2, prefetch: .byRequest, whenFull: .customError { fatalError() }) })
    }

    @Test func combiningOperatorsReleaseEverythingAfterCompletionAndAfterCancel() {
        #expect(releases { $0.merge(with: Just(7)) })
        #expect(releases { Publishers.MergeMany($0, $0) })
        #expect(releases { $0.combineLatest(Just(7)) })
        #expect(releases { $0.combineLatest(Just(7), Just(8)) { $0 + $1 + $2 } })
        #expect(releases { $0.zip(Just(7)) })
        #expect(releases { $0.zip([7, 8].publisher, [9].publisher) })
        #expect(releases { $0.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()) })
        #expect(releases { $0.drop(untilOutputFrom: Just(0)) })
    }
}

/// Whether the operator `make` builds over a subject, and the subscriber attached to it, are both gone
/// once the stream has finished, and again once the subscriber has cancelled.
private func releases<P: Publisher>(
    _ make: (AnyPublisher<Int, Never>) -> P
) -> Bool {
    releases(make, ending: { subject, _ in subject.send(completion: .finished) })
        && releases(make, ending: { _, subscriber in subscriber.cancel() })
}

private func releases<P: Publisher>(
    _ make: (AnyPublisher<Int, Never>) -> P,
    ending end: (PassthroughSubject<Int, Never>, TestSubscriber<P.Output, P.Failure>) -> Void
) -> Bool {
    weak var weakSubscriber: TestSubscriber<P.Output, P.Failure>?
    weak var weakSubscription: AnyObject?
    let subject = PassthroughSubject<Int, Never>()
    do {
        let subscriber = TestSubscriber<P.Output, P.Failure>()
        make(subject.eraseToAnyPublisher()).subscribe(subscriber)
        subject.send(1)
        weakSubscriber = subscriber
        weakSubscription = subscriber.subscription.map { $0 as AnyObject }
        end(subject, subscriber)
    }
    return weakSubscriber == nil && weakSubscription == nil
}
