import Combine
import Testing

@Suite struct OperatorsDropTests {
    @Test func dropFirstAsksForTheDroppedValuesWithTheFirstRequest() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(3), demandPerValue: .max(1))
        upstream.dropFirst(2).subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.max(5))])
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        #expect(upstream.send(3) == .max(1))
        subscriber.request(.max(4))
        upstream.send(completion: .finished)

        #expect(upstream.subscription?.history == [.requested(.max(5)), .requested(.max(4))])
        #expect(subscriber.events == [.subscription("Drop"), .value(3), .completion(.finished)])
    }

    @Test func dropFirstAsksForTheDroppedValuesEvenBeforeTheDownstreamAsks() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        upstream.dropFirst().subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.max(1))])
        upstream.send(1)
        #expect(subscriber.values.isEmpty)
    }

    @Test func dropFirstOfZeroPassesEverythingAndAsksOnlyForWhatTheDownstreamWants() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        (1...5).publisher.eraseToAnyPublisher().dropFirst(0).subscribe(subscriber)

        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty)
    }

    // Apple: dropFirst passes a failure on, and so every completion its upstream sends after the first.
    @Test func dropFirstPassesOnAFailureAndEveryLaterCompletion() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.dropFirst(5).subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(ProbeError(5)))
        upstream.send(completion: .finished)

        #expect(
            subscriber.events == [
                .subscription("Drop"), .completion(.failure(ProbeError(5))), .completion(.finished),
            ])
    }

    // After a cancel dropFirst passes no completion on, as it did before; Apple's recorded behaviour
    // does not show this case, so the cancel keeps its usual meaning.
    @Test func dropFirstPassesNoCompletionAfterACancel() {
        let upstream = HeldSubscriberPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.dropFirst(1).subscribe(subscriber)
        upstream.sendSubscription(TestSubscription())

        subscriber.cancel()
        upstream.send(completion: .finished)

        #expect(subscriber.events == [.subscription("Drop")])
    }

    @Test func dropWhileSkipsUntilThePredicateFailsThenStopsAskingIt() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(3), demandPerValue: .max(1))
        let checked = Counter()
        upstream.drop {
            checked.add(); return $0 < 3
        }.subscribe(subscriber)

        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))
        #expect(upstream.send(3) == .max(1))
        #expect(upstream.send(1) == .max(1))
        upstream.send(completion: .finished)

        #expect(checked.value == 3)
        #expect(upstream.subscription?.history == [.requested(.max(3))])
        #expect(
            subscriber.events == [.subscription("DropWhile"), .value(3), .value(1), .completion(.finished)])
    }

    @Test func tryDropWhileFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>()
        upstream.tryDrop { value in
            if value == 2 { throw ProbeError(2) }
            return true
        }
        .subscribe(subscriber)

        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .none)
        #expect(upstream.send(3) == .none)

        #expect(subscriber.subscriptionDescriptions == ["TryDropWhile"])
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.map(failureCode) == [2])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryDropWhilePassesTheRestOnOnceThePredicateFails() {
        let subscriber = TestSubscriber<Int, Error>()
        [2, 4, 5, 6].publisher.tryDrop { $0.isMultiple(of: 2) }.subscribe(subscriber)

        #expect(subscriber.values == [5, 6])
        #expect(subscriber.completions.count == 1)
    }

    @Test func aSubscriberThatCancelsInsideReceiveGetsNothingMore() {
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue { _ in subscriber.cancel() }
        (1...5).publisher.eraseToAnyPublisher().dropFirst(1).subscribe(subscriber)

        #expect(subscriber.values == [2])
        #expect(subscriber.completions.isEmpty)
    }
}
