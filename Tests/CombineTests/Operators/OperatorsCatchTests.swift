import Combine
import Testing

@Suite struct OperatorsCatchTests {
    @Test func catchRelaysTheUpstreamThenTheReplacementUnderOneSubscription() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.catch { error in [error.code, error.code * 10].publisher }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(ProbeError(4)))

        #expect(
            subscriber.events == [
                .subscription("Catch"), .value(1), .value(4), .value(40), .completion(.finished),
            ])
    }

    @Test func catchPassesFinishedOnWithoutCallingTheHandler() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        let handlerCalls = Counter()
        upstream.catch { _ in
            handlerCalls.add(); return Just(0)
        }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(ProbeError()))

        #expect(subscriber.events == [.subscription("Catch"), .value(1), .completion(.finished)])
        #expect(handlerCalls.value == 0)
        #expect(upstream.subscription?.history == [.requested(.max(2))])
    }

    @Test func demandNotYetServedCarriesOverToTheReplacement() throws {
        let upstream = TestPublisher<Int, ProbeError>()
        let replacement = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(12), demandPerValue: .max(3))
        upstream.catch { _ in replacement }.subscribe(subscriber)
        subscriber.request(.max(5))

        for value in 1...8 {
            #expect(upstream.send(value) == .max(3))
        }
        upstream.send(completion: .failure(ProbeError()))

        #expect(upstream.subscription?.history == [.requested(.max(12)), .requested(.max(5))])
        // 12 + 5 asked for, 8 delivered, 8 × 3 more returned.
        #expect(replacement.subscription?.history == [.requested(.max(33))])
        subscriber.request(.max(2))
        #expect(replacement.subscription?.history == [.requested(.max(33)), .requested(.max(2))])
    }

    @Test func theReplacementsFailureEndsTheStream() {
        let subscriber = TestSubscriber<Int, ProbeError>()
        Fail<Int, ProbeError>(error: ProbeError(1))
            .catch { error in Fail<Int, ProbeError>(error: ProbeError(error.code + 1)) }
            .subscribe(subscriber)

        #expect(subscriber.completions == [.failure(ProbeError(2))])
    }

    @Test func cancellingBeforeTheFailureCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let replacement = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.catch { _ in replacement }.subscribe(subscriber)

        subscriber.cancel()
        upstream.send(completion: .failure(ProbeError()))

        #expect(upstream.subscription?.isCancelled == true)
        #expect(replacement.subscribeCount == 0)
        #expect(subscriber.completions.isEmpty)
    }

    // Apple: after a cancel, catch still passes on a value from the publisher it was relaying, and
    // returns the downstream's demand for it, but no completion; a later failure reaches no handler.
    @Test func afterACancelCatchStillPassesValuesButNoCompletion() {
        let upstream = HeldSubscriberPublisher<Int, ProbeError>()
        let subscription = TestSubscription()
        let subscriber = TestSubscriber<Int, Never>(demandPerValue: .max(3))
        var handled = 0
        upstream.catch { _ -> Just<Int> in
            handled += 1
            return Just(0)
        }
        .subscribe(subscriber)
        upstream.sendSubscription(subscription)

        subscriber.cancel()
        #expect(upstream.send(1) == .max(3))
        upstream.send(completion: .failure(ProbeError()))

        #expect(subscriber.events == [.subscription("Catch"), .value(1)])
        #expect(handled == 0)
        #expect(subscription.history == [.requested(.unlimited), .cancelled])
    }

    // Apple: the same holds for the replacement once catch has switched to it.
    @Test func afterACancelCatchStillPassesTheReplacementsValues() {
        let upstream = TestPublisher<Int, ProbeError>()
        let replacement = HeldSubscriberPublisher<Int, ProbeError>()
        let replacementSubscription = TestSubscription()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.catch { _ in replacement }.subscribe(subscriber)
        upstream.send(completion: .failure(ProbeError()))
        replacement.sendSubscription(replacementSubscription)
        replacement.send(1)

        subscriber.cancel()
        replacement.send(2)
        replacement.send(completion: .finished)

        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty)
        #expect(replacementSubscription.history == [.requested(.unlimited), .cancelled])
        #expect(upstream.subscription?.isCancelled == false)
    }

    // Apple: once its handler has thrown, tryCatch still passes on values the upstream sends.
    @Test func afterItsHandlerThrowsTryCatchStillPassesUpstreamValues() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>()
        upstream.tryCatch { error -> Just<Int> in throw error }.subscribe(subscriber)
        upstream.send(completion: .failure(ProbeError(4)))
        upstream.send(5)
        upstream.send(completion: .finished)

        #expect(subscriber.values == [5])
        #expect(subscriber.completions.map(failureCode) == [4])
    }

    // Apple: a handler that makes the upstream fail again, while catch switches to it, stops the process.
    @Test func aHandlerThatFailsTheUpstreamAgainStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let upstream = TestPublisher<Int, ProbeError>()
            upstream.catch { _ in
                upstream.send(completion: .failure(ProbeError(2)))
                return Just(13)
            }
            .subscribe(TestSubscriber<Int, Never>())
            upstream.send(completion: .failure(ProbeError(1)))
        }
    }

    @Test func tryCatchRecoversOrFailsWithWhatTheHandlerThrows() {
        let recovering = TestSubscriber<Int, Error>()
        let throwing = TestSubscriber<Int, Error>()
        Fail<Int, ProbeError>(error: ProbeError(1)).tryCatch { _ in Just(7) }.subscribe(recovering)
        Fail<Int, ProbeError>(error: ProbeError(1))
            .tryCatch { error -> Just<Int> in throw ProbeError(error.code + 10) }
            .subscribe(throwing)

        #expect(recovering.values == [7])
        #expect(recovering.subscriptionDescriptions == ["TryCatch"])
        #expect(recovering.completions.count == 1)
        #expect(throwing.values.isEmpty)
        #expect(throwing.completions.map(failureCode) == [11])
    }

    @Test func tryCatchErasesTheReplacementsFailure() {
        let subscriber = TestSubscriber<Int, Error>()
        Fail<Int, ProbeError>(error: ProbeError(1))
            .tryCatch { _ in Fail<Int, ProbeError>(error: ProbeError(5)) }
            .subscribe(subscriber)

        #expect(subscriber.completions.map(failureCode) == [5])
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterRecoveringAndFinishing() {
        let subscriber = WeakSubscriber<Int, Never>()
        Fail<Int, ProbeError>(error: ProbeError()).catch { _ in Just(1) }.subscribe(subscriber)

        #expect(subscriber.completions == 1)
        #expect(subscriber.subscription == nil)
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterCancel() {
        let replacement = TestPublisher<Int, ProbeError>()
        let subscriber = WeakSubscriber<Int, ProbeError>()
        Fail<Int, ProbeError>(error: ProbeError()).catch { _ in replacement }.subscribe(subscriber)
        #expect(subscriber.subscription != nil)

        subscriber.cancel()

        #expect(subscriber.subscription == nil)
    }
}
