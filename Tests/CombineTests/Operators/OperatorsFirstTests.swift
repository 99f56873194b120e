import Combine
import Testing

@Suite struct OperatorsFirstTests {
    @Test func firstDeliversTheFirstValueFinishesAndCancelsTheUpstreamAtOnce() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        upstream.first().subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.unlimited)])
        #expect(upstream.send(7) == .none)
        upstream.send(8)
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("First"), .value(7), .completion(.finished)])
    }

    @Test func firstCancelsTheUpstreamBeforeTheDownstreamAsksAndDeliversOnTheRequest() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        upstream.first().subscribe(subscriber)
        upstream.send(7)

        #expect(upstream.subscription?.isCancelled == true)
        #expect(subscriber.events == [.subscription("First")])
        subscriber.request(.max(1))

        #expect(subscriber.events == [.subscription("First"), .value(7), .completion(.finished)])
    }

    @Test func firstPassesAFailureOn() {
        let subscriber = TestSubscriber<Int, ProbeError>()
        Fail<Int, ProbeError>(error: ProbeError(2)).first().subscribe(subscriber)

        #expect(subscriber.completions == [.failure(ProbeError(2))])
    }

    @Test func firstWhereSkipsUntilThePredicateHoldsAndDescribesItselfAsApplesDoes() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        let checked = Counter()
        upstream.first {
            checked.add(); return $0 > 2
        }.subscribe(subscriber)

        for value in 1...5 { upstream.send(value) }

        #expect(checked.value == 3)
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("TryFirst"), .value(3), .completion(.finished)])
    }

    @Test func firstWhereFinishesWithoutAValueWhenNothingMatches() {
        let subscriber = TestSubscriber<Int, Never>()
        (1...3).publisher.eraseToAnyPublisher().first { $0 > 5 }.subscribe(subscriber)

        #expect(subscriber.events == [.subscription("TryFirst"), .completion(.finished)])
    }

    @Test func tryFirstWhereFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>()
        upstream.tryFirst { value in
            if value == 2 { throw ProbeError(22) }
            return value > 5
        }
        .subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        upstream.send(9)

        #expect(subscriber.subscriptionDescriptions == ["TryFirstWhere"])
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.map(failureCode) == [22])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryFirstWhereDeliversTheMatchAndWidensUpstreamFailures() {
        let matching = TestSubscriber<Int, Error>()
        (1...9).publisher.tryFirst { $0.isMultiple(of: 4) }.subscribe(matching)
        let failing = TestSubscriber<Int, Error>()
        Fail<Int, ProbeError>(error: ProbeError(5)).tryFirst { _ in true }.subscribe(failing)

        #expect(matching.values == [4])
        #expect(matching.completions.count == 1)
        #expect(failing.completions.map(failureCode) == [5])
    }

    @Test func cancelBeforeTheAnswerStopsTheUpstreamAndNothingArrivesAfterIt() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.first { $0 > 10 }.subscribe(subscriber)
        upstream.send(1)

        subscriber.cancel()
        upstream.send(11)
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("TryFirst")])
    }
}
