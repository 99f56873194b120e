import Combine
import Testing

@Suite struct OperatorsMapTests {
    @Test func mapTransformsEveryValueAndPassesCompletionOn() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<String, ProbeError>()
        upstream.map { "#\($0)" }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)

        #expect(
            subscriber.events == [
                .subscription("TestPublisher"), .value("#1"), .value("#2"), .completion(.finished),
            ])
    }

    @Test func mapHandsTheUpstreamSubscriptionStraightThrough() throws {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(2))
        upstream.map { $0 + 1 }.subscribe(subscriber)

        let seen = try #require(subscriber.subscription.map(behindIntrospection) as? TestSubscription)
        let original = try #require(upstream.subscription)
        #expect(seen === original)
        #expect(upstream.subscription?.history == [.requested(.max(2))])
    }

    @Test func mapReturnsTheDownstreamDemandToTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(1), demandPerValue: .max(3))
        upstream.map { $0 * 10 }.subscribe(subscriber)

        #expect(upstream.send(1) == .max(3))
        #expect(subscriber.values == [10])
    }

    @Test func mapPassesFailureOnUnchanged() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.map { $0 }.subscribe(subscriber)

        upstream.send(completion: .failure(ProbeError(7)))

        #expect(subscriber.completions == [.failure(ProbeError(7))])
    }

    @Test func cancellingBelowMapCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.map { $0 }.subscribe(subscriber)

        subscriber.cancel()

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func chainedMapsFuseIntoOneMapOverTheOriginalUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let fused: Publishers.Map<TestPublisher<Int, ProbeError>, String> = upstream.map { $0 + 1 }.map {
            "\($0 * 2)"
        }
        let subscriber = TestSubscriber<String, ProbeError>()
        fused.subscribe(subscriber)

        upstream.send(3)

        #expect(fused.upstream === upstream)
        #expect(subscriber.values == ["8"])
    }

    @Test func mapThenTryMapFusesIntoOneTryMap() {
        let upstream = TestPublisher<Int, ProbeError>()
        let fused: Publishers.TryMap<TestPublisher<Int, ProbeError>, Int> = upstream.map { $0 + 1 }.tryMap {
            $0 * 2
        }
        let subscriber = TestSubscriber<Int, Error>()
        fused.subscribe(subscriber)

        upstream.send(3)

        #expect(fused.upstream === upstream)
        #expect(subscriber.values == [8])
        #expect(subscriber.subscriptionDescriptions == ["TryMap"])
    }

    @Test func tryMapFusesWithFollowingMapAndTryMap() throws {
        let upstream = TestPublisher<Int, ProbeError>()
        let fused: Publishers.TryMap<TestPublisher<Int, ProbeError>, Int> =
            upstream.tryMap { $0 + 1 }.map { $0 * 2 }.tryMap { value in
                if value > 10 { throw ProbeError(value) }
                return value
            }
        let subscriber = TestSubscriber<Int, Error>()
        fused.subscribe(subscriber)

        upstream.send(1)
        upstream.send(5)

        #expect(fused.upstream === upstream)
        #expect(subscriber.values == [4])
        let completion = try #require(subscriber.completions.first)
        guard case .failure(let error) = completion else {
            Issue.record("expected a failure, got \(completion)")
            return
        }
        #expect(error as? ProbeError == ProbeError(12))
    }

    @Test func tryMapDescribesItsOwnSubscription() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(4))
        upstream.tryMap { $0 }.subscribe(subscriber)

        #expect(subscriber.subscriptionDescriptions == ["TryMap"])
        #expect(upstream.subscription?.history == [.requested(.max(4))])
    }

    @Test func tryMapTurnsAThrownErrorIntoFailureAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(5), demandPerValue: .max(1))
        upstream.tryMap { value -> Int in
            if value == 3 { throw ProbeError(3) }
            return value * 2
        }
        .subscribe(subscriber)

        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(3) == .none)
        upstream.send(completion: .finished)

        #expect(subscriber.values == [2])
        #expect(subscriber.completions.count == 1)
        #expect(subscriber.completions.first.map(failureCode) == 3)
        #expect(upstream.subscription?.history == [.requested(.max(5)), .cancelled])
    }

    // Apple: tryMap keeps transforming whatever values still arrive after it ended, and fails the
    // downstream again for every later throw; only the upstream's completions stop at the end.
    @Test func tryMapStillTransformsValuesThatArriveAfterItsEnd() {
        let (upstream, subscription) = heldUpstream()
        let subscriber = TestSubscriber<Int, Error>(demandPerValue: .max(3))
        upstream.tryMap { value -> Int in
            if value == 0 { throw ProbeError(0) }
            return value * 2
        }
        .subscribe(subscriber)
        upstream.sendSubscription(subscription)

        #expect(upstream.send(0) == .none)
        upstream.send(completion: .finished)
        #expect(upstream.send(4) == .max(3))
        #expect(upstream.send(0) == .none)

        #expect(subscriber.values == [8])
        #expect(subscriber.completions.map(failureCode) == [0, 0])
        #expect(subscription.history == [.requested(.unlimited), .cancelled])
    }

    // Apple: a cancel stops tryMap's upstream and its completions, but not a value the upstream still
    // sends.
    @Test func tryMapStillPassesAValueSentAfterACancel() {
        let (upstream, subscription) = heldUpstream()
        let subscriber = TestSubscriber<Int, Error>()
        subscriber.onValue { _ in subscriber.cancel() }
        upstream.tryMap { $0 }.subscribe(subscriber)
        upstream.sendSubscription(subscription)

        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)

        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty)
        #expect(subscription.history == [.requested(.unlimited), .cancelled])
    }

    /// An upstream that goes on sending whatever the test tells it to after a cancel, with the
    /// subscription it will hand over.
    private func heldUpstream() -> (HeldSubscriberPublisher<Int, ProbeError>, TestSubscription) {
        (HeldSubscriberPublisher(), TestSubscription())
    }

    @Test func replaceNilFillsInMissingValuesAndPassesTheSubscriptionThrough() {
        let upstream = TestPublisher<Int?, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>()
        upstream.replaceNil(with: 0).subscribe(subscriber)

        upstream.send(4)
        upstream.send(nil)
        upstream.send(completion: .finished)

        #expect(
            subscriber.events == [
                .subscription("TestPublisher"), .value(4), .value(0), .completion(.finished),
            ])
    }

    @Test func keyPathMapsReadOneTwoOrThreeProperties() {
        let upstream = TestPublisher<Point, ProbeError>()
        let one = TestSubscriber<Int, ProbeError>()
        let two = TestSubscriber<(Int, Int), ProbeError>()
        let three = TestSubscriber<(Int, Int, String), ProbeError>()

        upstream.map(\.x).subscribe(one)
        upstream.send(Point(x: 1, y: 2, label: "a"))
        upstream.map(\.x, \.y).subscribe(two)
        upstream.send(Point(x: 3, y: 4, label: "b"))
        upstream.map(\.x, \.y, \.label).subscribe(three)
        upstream.send(Point(x: 5, y: 6, label: "c"))

        #expect(one.values == [1])
        #expect(two.values.map { [$0.0, $0.1] } == [[3, 4]])
        #expect(three.values.map { "\($0.0) \($0.1) \($0.2)" } == ["5 6 c"])
        #expect(
            one.subscriptionDescriptions + two.subscriptionDescriptions + three.subscriptionDescriptions
                == Array(repeating: "TestPublisher", count: 3))
    }
}

private struct Point {
    let x: Int
    let y: Int
    let label: String
}
