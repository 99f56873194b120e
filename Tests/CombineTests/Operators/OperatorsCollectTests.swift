import Combine
import Testing

@Suite struct OperatorsCollectTests {
    @Test func collectAsksForEverythingAndPublishesOneArrayWhenTheUpstreamFinishes() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<[Int], ProbeError>(initialDemand: .max(1))
        upstream.collect().subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.unlimited)])
        for value in 1...4 { #expect(upstream.send(value) == .none) }
        #expect(subscriber.values.isEmpty)
        upstream.send(completion: .finished)

        #expect(
            subscriber.events == [.subscription("Collect"), .value([1, 2, 3, 4]), .completion(.finished)])
    }

    @Test func collectHoldsItsArrayUntilTheDownstreamAsks() {
        let subscriber = TestSubscriber<[Int], Never>(initialDemand: .none)
        (1...3).publisher.eraseToAnyPublisher().collect().subscribe(subscriber)
        #expect(subscriber.events == [.subscription("Collect")])

        subscriber.request(.max(1))

        #expect(subscriber.events == [.subscription("Collect"), .value([1, 2, 3]), .completion(.finished)])
    }

    @Test func collectOfAnEmptyUpstreamPublishesAnEmptyArray() {
        let subscriber = TestSubscriber<[Int], Never>()
        Empty<Int, Never>().collect().subscribe(subscriber)

        #expect(subscriber.values == [[]])
        #expect(subscriber.completions == [.finished])
    }

    @Test func collectPassesAFailureOnAndDropsWhatItGathered() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<[Int], ProbeError>()
        upstream.collect().subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(ProbeError(3)))
        upstream.send(completion: .finished)

        #expect(subscriber.events == [.subscription("Collect"), .completion(.failure(ProbeError(3)))])
    }

    @Test func collectCancelStopsTheUpstreamAndNothingArrivesAfterIt() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<[Int], ProbeError>()
        upstream.collect().subscribe(subscriber)
        upstream.send(1)

        subscriber.cancel()
        upstream.send(2)
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("Collect")])
    }

    @Test func collectByCountMultipliesDemandAndSendsEachFullArray() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<[Int], ProbeError>(initialDemand: .max(2), demandPerValue: .max(1))
        upstream.collect(3).subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.max(6))])
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        #expect(upstream.send(3) == .max(3))
        #expect(upstream.send(4) == .none)
        subscriber.request(.max(2))
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.max(6)), .requested(.max(6))])
        #expect(
            subscriber.events == [
                .subscription("CollectByCount"), .value([1, 2, 3]), .value([4]), .completion(.finished),
            ])
    }

    @Test func collectByCountDropsAnUnfinishedArrayOnFailure() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<[Int], ProbeError>()
        upstream.collect(2).subscribe(subscriber)
        for value in 1...3 { upstream.send(value) }
        upstream.send(completion: .failure(ProbeError(1)))

        #expect(subscriber.values == [[1, 2]])
        #expect(subscriber.completions == [.failure(ProbeError(1))])
    }

    // Apple: after a cancel, collect(_:) drops the unfinished array and later values, but still passes
    // on the completion the upstream sends.
    @Test func collectByCountCancelFlushesNothingButPassesALaterCompletionOn() {
        let upstream = HeldSubscriberPublisher<Int, ProbeError>()
        let subscription = TestSubscription()
        let subscriber = TestSubscriber<[Int], ProbeError>()
        upstream.collect(2).subscribe(subscriber)
        upstream.sendSubscription(subscription)
        upstream.send(1)

        subscriber.cancel()
        #expect(upstream.send(2) == .none)
        upstream.send(completion: .finished)

        #expect(subscription.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("CollectByCount"), .completion(.finished)])
    }

    // Apple: collect(_:) passes on every completion, one before the subscription or a second one too.
    @Test func collectByCountPassesOnEveryCompletion() {
        let early = HeldSubscriberPublisher<Int, ProbeError>()
        let earlySubscriber = TestSubscriber<[Int], ProbeError>()
        early.collect(2).subscribe(earlySubscriber)
        early.send(completion: .finished)

        let upstream = HeldSubscriberPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<[Int], ProbeError>()
        upstream.collect(2).subscribe(subscriber)
        upstream.sendSubscription(TestSubscription())
        upstream.send(1)
        upstream.send(completion: .failure(ProbeError(1)))
        upstream.send(completion: .failure(ProbeError(2)))

        #expect(earlySubscriber.events == [.completion(.finished)])
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.failure(ProbeError(1)), .failure(ProbeError(2))])
    }

    @Test func collectByCountNeverSendsMoreArraysThanAsked() {
        let subscriber = TestSubscriber<[Int], Never>(initialDemand: .max(2))
        (1...10).publisher.eraseToAnyPublisher().collect(2).subscribe(subscriber)

        #expect(subscriber.values == [[1, 2], [3, 4]])
        #expect(subscriber.completions.isEmpty)
    }
}
