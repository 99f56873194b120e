import Combine
import Testing

/// Asking for no values is harmless in Apple's Combine wherever its documentation does not call it
/// a programming error; these subscriptions must neither crash nor send anything for it (a few pass
/// the request on upstream, as Apple's do).
@Suite struct ZeroDemandTests {
    // Apple: request(.none) on a Publishers.Sequence subscription is a no-op.
    @Test func sequenceIgnoresARequestForNothing() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        [1, 2].publisher.subscribe(subscriber)
        subscriber.request(.none)
        subscriber.request(.max(1))

        #expect(subscriber.events == [.subscription("[1, 2]"), .value(1)])
    }

    // Apple: request(.none) on a Record subscription is a no-op.
    @Test func recordIgnoresARequestForNothing() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Record<Int, Never>(output: [1], completion: .finished).subscribe(subscriber)
        subscriber.request(.none)

        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.isEmpty)
    }

    // Apple: request(.none) on a Buffer subscription is a no-op.
    @Test func bufferIgnoresARequestForNothing() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        upstream.send(1)
        subscriber.request(.none)

        #expect(subscriber.values.isEmpty)
    }

    // Apple: append/prepend (Concatenate) hands a request for nothing to the publisher it is playing,
    // which sends nothing for it.
    @Test func concatenatePassesARequestForNothingToThePublisherPlaying() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        upstream.append(9).subscribe(subscriber)
        subscriber.request(.none)
        subscriber.request(.max(1))

        #expect(upstream.subscription?.history == [.requested(.none), .requested(.max(1))])
        #expect(subscriber.values.isEmpty)
    }

    // Apple: prefix(untilOutputFrom:) hands a request for nothing to its upstream.
    @Test func prefixUntilOutputPassesARequestForNothingUpstream() {
        let upstream = TestPublisher<Int, Never>()
        let trigger = TestPublisher<Void, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        upstream.prefix(untilOutputFrom: trigger).subscribe(subscriber)
        subscriber.request(.none)
        subscriber.request(.max(1))

        #expect(upstream.subscription?.history == [.requested(.none), .requested(.max(1))])
    }

    // Apple: request(.none) on a drop(untilOutputFrom:) subscription is a no-op.
    @Test func dropUntilOutputIgnoresARequestForNothing() {
        let upstream = TestPublisher<Int, Never>()
        let trigger = TestPublisher<Void, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        subscriber.request(.none)
        subscriber.request(.max(1))

        #expect(upstream.subscription?.history == [.requested(.max(1))])
    }
}
