import Combine
import Testing

@Suite struct OperatorsFilterTests {
    @Test func filterPassesMatchingValuesAndAsksForOneMoreForEachSkippedValue() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(2), demandPerValue: .max(4))
        upstream.filter { $0.isMultiple(of: 2) }.subscribe(subscriber)

        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(4))
        upstream.send(completion: .finished)

        #expect(subscriber.events == [.subscription("TestPublisher"), .value(2), .completion(.finished)])
        #expect(upstream.subscription?.history == [.requested(.max(2))])
    }

    @Test func chainedFiltersFuseAndCheckTheSecondPredicateOnlyForSurvivors() {
        let upstream = TestPublisher<Int, ProbeError>()
        let checks = Counter()
        let fused: Publishers.Filter<TestPublisher<Int, ProbeError>> =
            upstream
            .filter {
                checks.add(); return $0.isMultiple(of: 2)
            }
            .filter {
                checks.add(); return $0.isMultiple(of: 3)
            }
        let subscriber = TestSubscriber<Int, ProbeError>()
        fused.subscribe(subscriber)

        for value in 1...12 { upstream.send(value) }

        #expect(fused.upstream === upstream)
        #expect(subscriber.values == [6, 12])
        #expect(checks.value == 12 + 6)
    }

    @Test func filterThenTryFilterFusesIntoOneTryFilter() {
        let upstream = TestPublisher<Int, ProbeError>()
        let fused: Publishers.TryFilter<TestPublisher<Int, ProbeError>> =
            upstream
            .filter { $0 > 1 }
            .tryFilter { $0 < 4 }
            .filter { $0 != 2 }
        let subscriber = TestSubscriber<Int, Error>()
        fused.subscribe(subscriber)

        for value in 1...5 { upstream.send(value) }

        #expect(fused.upstream === upstream)
        #expect(subscriber.values == [3])
        #expect(subscriber.subscriptionDescriptions == ["TryFilter"])
    }

    @Test func tryFilterFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(3), demandPerValue: .max(42))
        upstream.tryFilter { value in
            if value == 5 { throw ProbeError(5) }
            return value.isMultiple(of: 2)
        }
        .tryFilter { _ in true }
        .subscribe(subscriber)

        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(42))
        #expect(upstream.send(5) == .none)
        #expect(upstream.send(6) == .none)
        upstream.send(completion: .finished)

        #expect(subscriber.values == [2])
        #expect(subscriber.completions.map(failureCode) == [5])
        #expect(upstream.subscription?.history == [.requested(.max(3)), .cancelled])
    }

    @Test func compactMapDropsNilsAndHandsTheUpstreamSubscriptionThrough() {
        let upstream = TestPublisher<String, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .max(2), demandPerValue: .max(4))
        upstream.compactMap(Int.init).subscribe(subscriber)

        #expect(upstream.send("1") == .max(4))
        #expect(upstream.send("a") == .max(1))
        #expect(upstream.send("6") == .max(4))
        upstream.send(completion: .failure(ProbeError(2)))

        #expect(
            subscriber.events == [
                .subscription("TestPublisher"), .value(1), .value(6),
                .completion(.failure(ProbeError(2))),
            ])
    }

    @Test func compactMapFusesWithFollowingCompactMapAndMap() {
        let upstream = TestPublisher<String, ProbeError>()
        let fused: Publishers.CompactMap<TestPublisher<String, ProbeError>, String> =
            upstream
            .compactMap(Int.init)
            .compactMap { $0.isMultiple(of: 2) ? $0 / 2 : nil }
            .map { "half \($0)" }
        let subscriber = TestSubscriber<String, ProbeError>()
        fused.subscribe(subscriber)

        for text in ["4", "x", "3", "10"] { upstream.send(text) }

        #expect(fused.upstream === upstream)
        #expect(subscriber.values == ["half 2", "half 5"])
    }

    @Test func tryCompactMapDropsNilsFailsOnThrowAndFusesWithCompactMap() {
        let upstream = TestPublisher<String, ProbeError>()
        let fused: Publishers.TryCompactMap<TestPublisher<String, ProbeError>, Int> =
            upstream
            .tryCompactMap { text -> Int? in
                if text == "throw" { throw ProbeError(9) }
                return Int(text)
            }
            .compactMap { $0 > 0 ? $0 : nil }
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(3), demandPerValue: .max(10))
        fused.subscribe(subscriber)

        #expect(upstream.send("2") == .max(10))
        #expect(upstream.send("b") == .max(1))
        #expect(upstream.send("-1") == .max(1))
        #expect(upstream.send("throw") == .none)
        #expect(upstream.send("3") == .none)

        #expect(fused.upstream === upstream)
        #expect(subscriber.values == [2])
        #expect(subscriber.subscriptionDescriptions == ["TryCompactMap"])
        #expect(subscriber.completions.map(failureCode) == [9])
        #expect(upstream.subscription?.history == [.requested(.max(3)), .cancelled])
    }
}
