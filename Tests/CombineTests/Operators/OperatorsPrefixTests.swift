import Combine
import Testing

@Suite struct OperatorsPrefixTests {
    @Test func prefixPassesTheFirstValuesThenCancelsTheUpstreamAndFinishes() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(5), demandPerValue: .max(1))
        upstream.prefix(2).subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.max(5))])
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))
        #expect(upstream.send(3) == .none)
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.max(5)), .cancelled])
        #expect(subscriber.events == [.subscription("Output"), .value(1), .value(2), .completion(.finished)])
    }

    @Test func prefixOfAShortUpstreamFinishesWithIt() {
        let subscriber = TestSubscriber<Int, Never>()
        (1...2).publisher.eraseToAnyPublisher().prefix(5).subscribe(subscriber)

        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions == [.finished])
    }

    @Test func outputAtCancelsTheUpstreamOnceItsValueIsDelivered() {
        let upstream = TestPublisher<String, ProbeError>()
        let subscriber = TestSubscriber<String, ProbeError>()
        upstream.output(at: 2).subscribe(subscriber)

        #expect(upstream.send("a") == .max(1))
        #expect(upstream.send("b") == .max(1))
        upstream.send("c")
        upstream.send("d")

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("Output"), .value("c"), .completion(.finished)])
    }

    @Test func outputInSkipsValuesBeforeTheRangeAndAsksForReplacements() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(2))
        upstream.output(in: 1...2).subscribe(subscriber)

        #expect(upstream.send(10) == .max(1))
        #expect(upstream.send(11) == .none)
        upstream.send(12)
        upstream.send(13)

        #expect(subscriber.values == [11, 12])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscription?.history == [.requested(.max(2)), .cancelled])
    }

    @Test func outputInTurnsEveryKindOfRangeIntoPositions() {
        let upstream = Empty<Int, Never>()

        #expect(upstream.prefix(3).range == 0..<3)
        #expect(upstream.output(at: 4).range == 4..<5)
        #expect(upstream.output(in: ...2).range == 0..<3)
        #expect(upstream.output(in: 5...).range == 5..<Int.max)
        #expect(upstream.output(in: 1..<1).range == 1..<1)
    }

    @Test func anEmptyRangeFinishesAtTheFirstValueItReaches() {
        let subscriber = TestSubscriber<Int, Never>()
        (0...5).publisher.eraseToAnyPublisher().prefix(0).subscribe(subscriber)

        #expect(subscriber.events == [.subscription("Output"), .completion(.finished)])
    }

    @Test func outputPassesAFailureOn() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.output(in: 3..<5).subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(ProbeError(1)))

        #expect(subscriber.events == [.subscription("Output"), .completion(.failure(ProbeError(1)))])
    }

    @Test func prefixWhilePassesValuesUntilThePredicateFailsThenFinishes() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(3), demandPerValue: .max(2))
        upstream.prefix { $0 < 3 }.subscribe(subscriber)

        #expect(upstream.send(1) == .max(2))
        #expect(upstream.send(2) == .max(2))
        #expect(upstream.send(3) == .none)
        #expect(upstream.send(1) == .none)

        #expect(upstream.subscription?.history == [.requested(.max(3)), .cancelled])
        #expect(
            subscriber.events == [.subscription("PrefixWhile"), .value(1), .value(2), .completion(.finished)])
    }

    @Test func tryPrefixWhileFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>()
        upstream.tryPrefix { value in
            if value == 2 { throw ProbeError(2) }
            return true
        }
        .subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        upstream.send(3)

        #expect(subscriber.subscriptionDescriptions == ["TryPrefixWhile"])
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.map(failureCode) == [2])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryPrefixWhileFinishesWhenThePredicateFails() {
        let subscriber = TestSubscriber<Int, Error>()
        (1...9).publisher.tryPrefix { $0 < 4 }.subscribe(subscriber)

        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions.count == 1)
        #expect(subscriber.completions.map(failureCode) == [nil])
    }

    @Test func aSubscriberThatCancelsOnTheLastValueGetsNoCompletion() {
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue { if $0 == 2 { subscriber.cancel() } }
        (1...5).publisher.eraseToAnyPublisher().prefix(2).subscribe(subscriber)

        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty)
    }
}
