import Combine
import Testing

@Suite struct OperatorsMapErrorTests {
    private struct Wrapped: Error, Equatable {
        let inner: ProbeError
    }

    @Test func mapErrorConvertsTheFailureAndPassesValuesAndSubscriptionThrough() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Wrapped>(initialDemand: .max(1), demandPerValue: .max(2))
        upstream.mapError(Wrapped.init).subscribe(subscriber)

        #expect(upstream.send(5) == .max(2))
        upstream.send(completion: .failure(ProbeError(3)))

        #expect(
            subscriber.events == [
                .subscription("TestPublisher"), .value(5),
                .completion(.failure(Wrapped(inner: ProbeError(3)))),
            ])
        #expect(upstream.subscription?.history == [.requested(.max(1))])
    }

    @Test func mapErrorPassesFinishedAndCancelOn() {
        let upstream = TestPublisher<Int, ProbeError>()
        let finishing = TestSubscriber<Int, Wrapped>()
        let cancelling = TestSubscriber<Int, Wrapped>()
        Publishers.MapError(upstream: upstream, Wrapped.init).subscribe(finishing)
        upstream.send(completion: .finished)
        Publishers.MapError(upstream: upstream, transform: Wrapped.init).subscribe(cancelling)
        cancelling.cancel()

        #expect(finishing.completions == [.finished])
        #expect(
            upstream.subscriptions.map(\.history) == [
                [.requested(.unlimited)], [.requested(.unlimited), .cancelled],
            ])
    }

    @Test func setFailureTypeRetypesANeverFailingPublisherAndPassesTheSubscriptionThrough() {
        let upstream = TestPublisher<Int, Never>()
        let retyped: Publishers.SetFailureType<TestPublisher<Int, Never>, ProbeError> =
            upstream
            .setFailureType(to: Wrapped.self)
            .setFailureType(to: ProbeError.self)
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(2), demandPerValue: .max(7))
        retyped.subscribe(subscriber)

        #expect(upstream.send(1) == .max(7))
        upstream.send(completion: .finished)

        #expect(retyped.upstream === upstream)
        #expect(subscriber.events == [.subscription("TestPublisher"), .value(1), .completion(.finished)])
        #expect(upstream.subscription?.history == [.requested(.max(2))])
    }

    @Test func setFailureTypeIsEquatableWhenItsUpstreamIs() {
        let left = Publishers.SetFailureType<EquatableNever, ProbeError>(upstream: EquatableNever(tag: 1))
        let same = Publishers.SetFailureType<EquatableNever, ProbeError>(upstream: EquatableNever(tag: 1))
        let other = Publishers.SetFailureType<EquatableNever, ProbeError>(upstream: EquatableNever(tag: 2))

        #expect(left == same)
        #expect(left != other)
    }
}

/// A never-failing, never-sending publisher that compares by a tag, for the `Equatable` conformances.
struct EquatableNever: Publisher, Equatable {
    typealias Output = Int
    typealias Failure = Never

    let tag: Int

    func receive<S>(subscriber: S) where S: Subscriber, Never == S.Failure, Int == S.Input {
        subscriber.receive(subscription: Subscriptions.empty)
    }
}
