import Combine
import Testing

@Suite struct OperatorsLastTests {
    @Test func lastAsksForEverythingAndPublishesTheLastValueWhenTheUpstreamFinishes() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        upstream.last().subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.unlimited)])
        for value in 1...3 { #expect(upstream.send(value) == .none) }
        #expect(subscriber.values.isEmpty)
        upstream.send(completion: .finished)

        #expect(subscriber.events == [.subscription("Last"), .value(3), .completion(.finished)])
    }

    @Test func lastHoldsItsValueUntilTheDownstreamAsks() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        (1...3).publisher.eraseToAnyPublisher().last().subscribe(subscriber)
        #expect(subscriber.values.isEmpty)

        subscriber.request(.max(5))

        #expect(subscriber.events == [.subscription("Last"), .value(3), .completion(.finished)])
    }

    @Test func lastPassesAFailureOnInsteadOfItsValue() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.last().subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(ProbeError(4)))

        #expect(subscriber.events == [.subscription("Last"), .completion(.failure(ProbeError(4)))])
    }

    @Test func lastWhereKeepsTheLastMatchingValue() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 4, 6, 7, 9].publisher.eraseToAnyPublisher().last { $0.isMultiple(of: 2) }.subscribe(subscriber)

        #expect(subscriber.events == [.subscription("LastWhere"), .value(6), .completion(.finished)])
    }

    @Test func tryLastWhereFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>()
        upstream.tryLast { value in
            if value == 3 { throw ProbeError(33) }
            return true
        }
        .subscribe(subscriber)

        upstream.send(1)
        upstream.send(3)
        upstream.send(completion: .finished)

        #expect(subscriber.subscriptionDescriptions == ["TryLastWhere"])
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.map(failureCode) == [33])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryLastWhereDeliversTheLastMatch() {
        let subscriber = TestSubscriber<Int, Error>()
        (1...9).publisher.tryLast { $0 < 5 }.subscribe(subscriber)

        #expect(subscriber.values == [4])
        #expect(subscriber.completions.count == 1)
    }
}
