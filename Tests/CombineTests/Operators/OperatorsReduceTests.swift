import Combine
import Testing

@Suite struct OperatorsReduceTests {
    @Test func reduceAsksForEverythingAndPublishesTheAccumulationWhenTheUpstreamFinishes() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<String, ProbeError>(initialDemand: .max(1))
        upstream.reduce("") { $0 + String($1) }.subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.unlimited)])
        for value in 1...3 { #expect(upstream.send(value) == .none) }
        #expect(subscriber.values.isEmpty)
        upstream.send(completion: .finished)

        #expect(subscriber.events == [.subscription("Reduce"), .value("123"), .completion(.finished)])
    }

    @Test func reduceOfAnEmptyUpstreamPublishesTheInitialResult() {
        let subscriber = TestSubscriber<Int, Never>()
        Empty<Int, Never>().reduce(42, +).subscribe(subscriber)

        #expect(subscriber.values == [42])
    }

    @Test func reduceWaitsForDemandAndPassesFailuresOn() {
        let waiting = TestSubscriber<Int, Never>(initialDemand: .none)
        (1...4).publisher.eraseToAnyPublisher().reduce(0, +).subscribe(waiting)
        #expect(waiting.values.isEmpty)
        waiting.request(.max(1))
        let failing = TestSubscriber<Int, ProbeError>()
        Fail<Int, ProbeError>(error: ProbeError(6)).reduce(0, +).subscribe(failing)

        #expect(waiting.values == [10])
        #expect(failing.events == [.subscription("Reduce"), .completion(.failure(ProbeError(6)))])
    }

    @Test func tryReduceFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>()
        upstream.tryReduce(0) { total, value in
            if value < 0 { throw ProbeError(value) }
            return total + value
        }
        .subscribe(subscriber)

        upstream.send(1)
        upstream.send(-8)
        upstream.send(completion: .finished)

        #expect(subscriber.subscriptionDescriptions == ["TryReduce"])
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.map(failureCode) == [-8])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryReduceDeliversTheAccumulation() {
        let subscriber = TestSubscriber<Int, Error>()
        (1...4).publisher.eraseToAnyPublisher().tryReduce(1, *).subscribe(subscriber)

        #expect(subscriber.values == [24])
        #expect(subscriber.completions.count == 1)
    }

    @Test func countPublishesHowManyValuesArrived() {
        let upstream = TestPublisher<String, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.count().subscribe(subscriber)
        for value in ["a", "b", "c"] { upstream.send(value) }
        upstream.send(completion: .finished)
        let empty = TestSubscriber<Int, Never>()
        Empty<Int, Never>().count().subscribe(empty)

        #expect(upstream.subscription?.history == [.requested(.unlimited)])
        #expect(subscriber.events == [.subscription("Count"), .value(3), .completion(.finished)])
        #expect(empty.values == [0])
    }

    @Test func reduceCancelStopsTheUpstreamAndNothingArrivesAfterIt() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.reduce(0, +).subscribe(subscriber)
        upstream.send(1)

        subscriber.cancel()
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("Reduce")])
    }

    @Test func scanPublishesEveryRunningResultAndHandsTheUpstreamSubscriptionThrough() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(2), demandPerValue: .max(1))
        upstream.scan(10, +).subscribe(subscriber)

        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.max(2))])
        #expect(
            subscriber.events == [
                .subscription("TestPublisher"), .value(11), .value(13), .completion(.finished),
            ])
    }

    @Test func scanStartsAfreshForEverySubscriber() {
        let publisher = (1...3).publisher.eraseToAnyPublisher().scan(0, +)
        let first = TestSubscriber<Int, Never>()
        let second = TestSubscriber<Int, Never>()
        publisher.subscribe(first)
        publisher.subscribe(second)

        #expect(first.values == [1, 3, 6])
        #expect(second.values == [1, 3, 6])
    }

    // Apple: after a throw ends tryScan, a value the upstream still sends runs the closure again and its
    // result reaches the downstream; a second throw fails nothing more.
    @Test func tryScanFailsWithTheThrownErrorButStillScansLaterValues() {
        let upstream = HeldSubscriberPublisher<Int, ProbeError>()
        let subscription = TestSubscription()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(5), demandPerValue: .max(2))
        upstream.tryScan(0) { total, value in
            if value == 3 { throw ProbeError(3) }
            return total + value
        }
        .subscribe(subscriber)
        upstream.sendSubscription(subscription)

        #expect(upstream.send(1) == .max(2))
        #expect(upstream.send(2) == .max(2))
        #expect(upstream.send(3) == .none)
        #expect(upstream.send(4) == .max(2))
        #expect(upstream.send(3) == .none)
        upstream.send(completion: .finished)

        #expect(subscriber.subscriptionDescriptions == ["TryScan"])
        #expect(subscriber.values == [1, 3, 7])
        #expect(subscriber.completions.map(failureCode) == [3])
        #expect(subscription.history == [.requested(.max(5)), .cancelled])
    }
}
