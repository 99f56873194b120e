import Combine
import Testing

@Suite struct OperatorsRemoveDuplicatesTests {
    @Test func removeDuplicatesLeavesOutRepeatsAndAsksForAReplacementForEach() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(3), demandPerValue: .max(2))
        upstream.removeDuplicates().subscribe(subscriber)

        #expect(upstream.send(1) == .max(2))
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(2))
        #expect(upstream.send(1) == .max(2))
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.max(3))])
        #expect(
            subscriber.events == [
                .subscription("RemoveDuplicates"), .value(1), .value(2), .value(1), .completion(.finished),
            ])
    }

    @Test func removeDuplicatesByComparesWithTheLastValuePassedOn() {
        let subscriber = TestSubscriber<Int, Never>()
        [10, 11, 12, 13, 20].publisher.eraseToAnyPublisher().removeDuplicates { abs($0 - $1) <= 1 }.subscribe(
            subscriber)

        #expect(subscriber.values == [10, 12, 20])
    }

    @Test func tryRemoveDuplicatesFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>()
        upstream.tryRemoveDuplicates { previous, value in
            if value == 0 { throw ProbeError(previous) }
            return previous == value
        }
        .subscribe(subscriber)

        upstream.send(7)
        upstream.send(7)
        upstream.send(0)
        upstream.send(8)

        #expect(subscriber.subscriptionDescriptions == ["TryRemoveDuplicates"])
        #expect(subscriber.values == [7])
        #expect(subscriber.completions.map(failureCode) == [7])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func removeDuplicatesPassesAFailureOnAndCancelStopsTheUpstream() {
        let failing = TestPublisher<Int, ProbeError>()
        let failed = TestSubscriber<Int, ProbeError>()
        failing.removeDuplicates().subscribe(failed)
        failing.send(completion: .failure(ProbeError(9)))
        let cancelling = TestPublisher<Int, ProbeError>()
        let cancelled = TestSubscriber<Int, ProbeError>()
        cancelling.removeDuplicates().subscribe(cancelled)
        cancelled.cancel()
        cancelling.send(1)

        #expect(failed.events == [.subscription("RemoveDuplicates"), .completion(.failure(ProbeError(9)))])
        #expect(cancelling.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(cancelled.events == [.subscription("RemoveDuplicates")])
    }

    @Test func ignoreOutputPassesOnlyTheCompletion() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Never, ProbeError>(initialDemand: .max(1))
        upstream.ignoreOutput().subscribe(subscriber)

        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        upstream.send(completion: .failure(ProbeError(2)))

        #expect(subscriber.completions == [.failure(ProbeError(2))])
    }

    @Test func ignoreOutputCancelStopsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Never, ProbeError>(initialDemand: .none)
        upstream.ignoreOutput().subscribe(subscriber)

        subscriber.cancel()
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.completions.isEmpty)
    }
}
