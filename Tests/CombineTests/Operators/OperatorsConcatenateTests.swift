import Combine
import Testing

@Suite struct OperatorsConcatenateTests {
    @Test func appendPublishesThePrefixThenTheSuffix() {
        let subscriber = TestSubscriber<Int, Never>()
        (1...2).publisher.eraseToAnyPublisher().append(3, 4).append([5]).append(Just(6)).subscribe(subscriber)

        #expect(subscriber.values == [1, 2, 3, 4, 5, 6])
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.subscriptionDescriptions == ["Concatenate"])
    }

    @Test func prependPublishesItsArgumentFirst() {
        let subscriber = TestSubscriber<Int, Never>()
        Just(6).prepend(Just(5)).prepend([3, 4]).prepend(1, 2).subscribe(subscriber)

        #expect(subscriber.values == [1, 2, 3, 4, 5, 6])
        #expect(subscriber.completions == [.finished])
    }

    @Test func theHelpersBuildTheExpectedPieces() {
        let upstream = Empty<Int, Never>()

        #expect(upstream.append(1, 2).suffix.sequence == [1, 2])
        #expect(upstream.prepend(3, 4).prefix.sequence == [3, 4])
        #expect(upstream.append([5]).suffix.sequence == [5])
    }

    // Apple: append/prepend hand the downstream its subscription only once the prefix's subscription
    // has come, so a prefix that never sends one leaves the downstream without any.
    @Test func theDownstreamGetsItsSubscriptionOnlyOnceThePrefixsHasCome() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        let seenWhenThePrefixIsSubscribed = Box<[String]?>(nil)
        let prefix = Deferred {
            seenWhenThePrefixIsSubscribed.value = subscriber.subscriptionDescriptions
            return Empty<Int, Never>()
        }
        prefix.append(Just(1)).subscribe(subscriber)
        #expect(seenWhenThePrefixIsSubscribed.value == [])
        #expect(subscriber.subscriptionDescriptions == ["Concatenate"])

        let silent = HeldSubscriberPublisher<Int, Never>()
        let waiting = TestSubscriber<Int, Never>()
        silent.append(1).subscribe(waiting)
        silent.send(7)
        silent.send(completion: .finished)
        #expect(waiting.events.isEmpty)
    }

    // Apple: append/prepend pass on no more values than the downstream asked for, even when the prefix
    // sends more (here, re-entrantly from inside the subscriber).
    @Test func valuesBeyondTheDownstreamsDemandAreDropped() {
        let upstream = TestPublisher<Int, Never>(lettingGo: .never)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        subscriber.onValue { value in
            if value < 10 { upstream.send(value + 1) }
        }
        upstream.append().subscribe(subscriber)
        #expect(upstream.send(1) == .none)
        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func theSuffixIsSubscribedOnlyWhenThePrefixFinishesAndAskedForWhatIsStillOwed() {
        let prefix = TestPublisher<Int, ProbeError>()
        let suffix = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(5), demandPerValue: .max(1))
        prefix.append(suffix).subscribe(subscriber)

        #expect(prefix.subscription?.history == [.requested(.max(5))])
        #expect(suffix.subscribeCount == 0)
        #expect(prefix.send(1) == .max(1))
        #expect(prefix.send(2) == .max(1))
        subscriber.request(.max(3))
        prefix.send(completion: .finished)

        #expect(prefix.subscription?.history == [.requested(.max(5)), .requested(.max(3))])
        #expect(suffix.subscription?.history == [.requested(.max(8))])
        #expect(suffix.send(3) == .max(1))
        subscriber.request(.max(2))
        suffix.send(completion: .finished)

        #expect(suffix.subscription?.history == [.requested(.max(8)), .requested(.max(2))])
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.finished])
    }

    @Test func aSuffixAfterAPrefixThatUsedUpTheDemandIsNotAskedForAnything() {
        let prefix = TestPublisher<Int, ProbeError>()
        let suffix = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        prefix.append(suffix).subscribe(subscriber)
        prefix.send(1)
        prefix.send(completion: .finished)

        #expect(suffix.subscription?.history == [])
        subscriber.request(.max(1))
        #expect(suffix.subscription?.history == [.requested(.max(1))])
    }

    @Test func aPrefixFailureEndsTheStreamWithoutTheSuffix() {
        let prefix = TestPublisher<Int, ProbeError>()
        let suffix = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        prefix.append(suffix).subscribe(subscriber)
        prefix.send(1)
        prefix.send(completion: .failure(ProbeError(1)))

        #expect(suffix.subscribeCount == 0)
        #expect(
            subscriber.events == [
                .subscription("Concatenate"), .value(1), .completion(.failure(ProbeError(1))),
            ])
    }

    @Test func cancelStopsWhicheverPublisherIsRunningAndNothingArrivesAfterIt() {
        let prefix = TestPublisher<Int, ProbeError>()
        let suffix = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        prefix.append(suffix).subscribe(subscriber)
        prefix.send(completion: .finished)
        suffix.send(1)

        subscriber.cancel()
        suffix.send(2)
        suffix.send(completion: .finished)

        #expect(prefix.subscription?.isCancelled == false)
        #expect(suffix.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("Concatenate"), .value(1)])
    }

    @Test func cancelDuringThePrefixNeverSubscribesTheSuffix() {
        let prefix = TestPublisher<Int, ProbeError>()
        let suffix = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        prefix.append(suffix).subscribe(subscriber)

        subscriber.cancel()
        prefix.send(completion: .finished)

        #expect(prefix.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(suffix.subscribeCount == 0)
        #expect(subscriber.completions.isEmpty)
    }

    @Test func aSubscriberThatCancelsInsideReceiveGetsNothingMore() {
        let subscriber = TestSubscriber<Int, Never>()
        subscriber.onValue { if $0 == 3 { subscriber.cancel() } }
        (1...2).publisher.eraseToAnyPublisher().append(3, 4, 5).subscribe(subscriber)

        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions.isEmpty)
    }

    // Apple: append/prepend subscribe to the prefix and to the suffix with subscribers of different
    // types that share the subscription's identifier.
    @Test func thePrefixAndTheSuffixGetSubscribersOfDifferentTypesWithOneIdentifier() throws {
        let suffix = HeldSubscriberPublisher<Int, Never>()
        let first = HeldSubscriberPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        first.append(suffix).subscribe(subscriber)
        first.sendSubscription(Subscriptions.empty)
        first.send(completion: .finished)
        let prefixSubscriber = try #require(first.heldSubscriber as? CustomCombineIdentifierConvertible)
        let suffixSubscriber = try #require(suffix.heldSubscriber as? CustomCombineIdentifierConvertible)

        #expect(type(of: prefixSubscriber) != type(of: suffixSubscriber))
        #expect(prefixSubscriber.combineIdentifier == suffixSubscriber.combineIdentifier)
    }
}
