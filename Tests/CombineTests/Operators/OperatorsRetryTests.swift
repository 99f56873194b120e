import Combine
import Dispatch
import Testing

@Suite struct OperatorsRetryTests {
    @Test func retryResubscribesAfterEachFailureUpToTheCountThenPassesTheFailureOn() {
        let attempts = Counter()
        let subscriber = TestSubscriber<Int, ProbeError>()
        Deferred {
            attempts.add()
            return Fail<Int, ProbeError>(error: ProbeError(attempts.value))
        }
        .retry(2)
        .subscribe(subscriber)

        #expect(attempts.value == 3)
        #expect(subscriber.events == [.subscription("Retry"), .completion(.failure(ProbeError(3)))])
    }

    @Test func retryStopsResubscribingOnceAnAttemptSucceeds() {
        let attempts = Counter()
        let subscriber = TestSubscriber<Int, ProbeError>()
        Deferred {
            attempts.add()
            let attempt = attempts.value
            return attempt < 3
                ? Fail<Int, ProbeError>(error: ProbeError(attempt)).eraseToAnyPublisher()
                : Just(attempt).setFailureType(to: ProbeError.self).eraseToAnyPublisher()
        }
        .retry(5)
        .subscribe(subscriber)

        #expect(attempts.value == 3)
        #expect(subscriber.events == [.subscription("Retry"), .value(3), .completion(.finished)])
    }

    @Test func retryZeroTimesPassesTheFirstFailureOn() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        upstream.retry(0).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(ProbeError(1)))

        #expect(
            subscriber.events == [.subscription("Retry"), .value(1), .completion(.failure(ProbeError(1)))])
        #expect(upstream.subscribeCount == 1)
    }

    @Test func demandNotYetServedCarriesOverToEachNewAttempt() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(5))
        upstream.retry(3).subscribe(subscriber)

        for attempt in 1...4 {
            upstream.send(attempt)
            upstream.send(completion: .failure(ProbeError(attempt)))
        }

        #expect(subscriber.values == [1, 2, 3, 4])
        #expect(subscriber.completions == [.failure(ProbeError(4))])
        #expect(
            upstream.subscriptions.map(\.history) == [
                [.requested(.max(5))], [.requested(.max(4))], [.requested(.max(3))], [.requested(.max(2))],
            ])
    }

    @Test func demandReturnedFromAValueIsRequestedFromTheCurrentAttempt() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(3), demandPerValue: .max(5))
        upstream.retry(5).subscribe(subscriber)

        #expect(upstream.send(1) == .none)

        #expect(upstream.subscription?.history == [.requested(.max(3)), .requested(.max(5))])
    }

    @Test func aRetriedAttemptThatAsksForNothingGetsNoRequest() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        upstream.retry(1).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(ProbeError()))

        #expect(upstream.subscriptions.map(\.history) == [[.requested(.max(1))], []])
    }

    @Test func immediateFailuresAreRetriedWithoutGrowingTheStack() {
        let attempts = Counter()
        let subscriber = TestSubscriber<Int, ProbeError>()
        Deferred {
            attempts.add()
            return Fail<Int, ProbeError>(error: ProbeError())
        }
        .retry(20_000)
        .subscribe(subscriber)

        #expect(attempts.value == 20_001)
        #expect(subscriber.completions == [.failure(ProbeError())])
    }

    @Test func negativeOrNilRetriesRetryWithoutLimit() {
        for retries in [nil, -1] as [Int?] {
            let upstream = TestPublisher<Int, ProbeError>()
            let subscriber = TestSubscriber<Int, ProbeError>()
            Publishers.Retry(upstream: upstream, retries: retries).subscribe(subscriber)

            for _ in 0..<500 { upstream.send(completion: .failure(ProbeError())) }
            upstream.send(9)

            #expect(upstream.subscribeCount == 501)
            #expect(subscriber.events == [.subscription("Retry"), .value(9)])
        }
    }

    @Test func finishedIsPassedOnAndEndsRetrying() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.retry(3).subscribe(subscriber)

        upstream.send(completion: .finished)
        upstream.send(completion: .failure(ProbeError()))

        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscribeCount == 1)
    }

    @Test func cancelStopsTheCurrentAttemptAndAnyFurtherOnes() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.retry(3).subscribe(subscriber)
        let retrySubscription = subscriber.subscription

        subscriber.cancel()
        retrySubscription?.cancel()
        retrySubscription?.request(.max(3))
        upstream.send(completion: .failure(ProbeError()))

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(upstream.subscribeCount == 1)
        #expect(subscriber.completions.isEmpty)
    }

    @Test func failuresFromAnotherThreadAreRetriedInOrder() {
        let subscriber = TestSubscriber<Int, ProbeError>()
        let attempts = Counter()
        Deferred {
            attempts.add()
            let attempt = attempts.value
            return
                (attempt < 4
                ? Fail<Int, ProbeError>(error: ProbeError(attempt)).eraseToAnyPublisher()
                : Just(attempt).setFailureType(to: ProbeError.self).eraseToAnyPublisher())
                .subscribe(on: DispatchQueue(label: "retry attempt"))
        }
        .retry(5)
        .subscribe(subscriber)

        #expect(subscriber.waitForCompletion())
        #expect(attempts.value == 4)
        #expect(subscriber.values == [4])
        #expect(subscriber.completions == [.finished])
    }

    @Test func retryIsEquatableByUpstreamAndCount() {
        let base = EquatableNever(tag: 1)
        #expect(base.retry(2) == base.retry(2))
        #expect(base.retry(2) != base.retry(3))
        #expect(base.retry(2) != EquatableNever(tag: 2).retry(2))
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterTheLastFailure() {
        let subscriber = WeakSubscriber<Int, ProbeError>()
        Fail<Int, ProbeError>(error: ProbeError()).retry(2).subscribe(subscriber)

        #expect(subscriber.completions == 1)
        #expect(subscriber.subscription == nil)
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterCancel() {
        let attempts = Counter()
        let lastAttempt = TestPublisher<Int, ProbeError>()
        let subscriber = WeakSubscriber<Int, ProbeError>()
        Deferred {
            attempts.add()
            return attempts.value == 1
                ? Fail<Int, ProbeError>(error: ProbeError()).eraseToAnyPublisher()
                : lastAttempt.eraseToAnyPublisher()
        }
        .retry(2)
        .subscribe(subscriber)
        #expect(lastAttempt.subscribeCount == 1)
        #expect(subscriber.subscription != nil)

        subscriber.cancel()

        #expect(subscriber.subscription == nil)
    }
}
