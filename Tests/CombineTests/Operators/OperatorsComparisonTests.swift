import Combine
import Testing

@Suite struct OperatorsComparisonTests {
    @Test func minAndMaxAskForEverythingAndAnswerWhenTheUpstreamFinishes() {
        let upstream = TestPublisher<Int, ProbeError>()
        let smallest = TestSubscriber<Int, ProbeError>(initialDemand: .max(1))
        upstream.min().subscribe(smallest)
        for value in [5, 2, 8, 2] { upstream.send(value) }
        #expect(smallest.values.isEmpty)
        upstream.send(completion: .finished)
        let largest = TestSubscriber<Int, Never>()
        [5, 2, 8, 3].publisher.eraseToAnyPublisher().max().subscribe(largest)

        #expect(upstream.subscription?.history == [.requested(.unlimited)])
        #expect(smallest.events == [.subscription("Comparison"), .value(2), .completion(.finished)])
        #expect(largest.values == [8])
    }

    @Test func theFirstOfEqualValuesWins() {
        let values = [(1, "a"), (0, "b"), (3, "c"), (0, "d"), (3, "e")].publisher
        let smallest = TestSubscriber<(Int, String), Never>()
        values.min { $0.0 < $1.0 }.subscribe(smallest)
        let largest = TestSubscriber<(Int, String), Never>()
        values.max { $0.0 < $1.0 }.subscribe(largest)

        #expect(smallest.values.map(\.1) == ["b"])
        #expect(largest.values.map(\.1) == ["c"])
    }

    @Test func minWaitsForDemandAndPassesFailuresOn() {
        let waiting = TestSubscriber<Int, Never>(initialDemand: .none)
        [3, 1, 2].publisher.eraseToAnyPublisher().min().subscribe(waiting)
        #expect(waiting.values.isEmpty)
        waiting.request(.max(1))
        let failing = TestSubscriber<Int, ProbeError>()
        Fail<Int, ProbeError>(error: ProbeError(1)).min().subscribe(failing)

        #expect(waiting.values == [1])
        #expect(failing.completions == [.failure(ProbeError(1))])
    }

    @Test func tryMinAndTryMaxFailWithTheThrownErrorAndCancelTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Error>()
        upstream.tryMax { lhs, rhs in
            if rhs == 0 || lhs == 0 { throw ProbeError(0) }
            return lhs < rhs
        }
        .subscribe(subscriber)

        upstream.send(2)
        upstream.send(3)
        upstream.send(0)

        #expect(subscriber.subscriptionDescriptions == ["TryComparison"])
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.map(failureCode) == [0])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryMinAndTryMaxAnswerLikeTheirPlainForms() {
        let smallest = TestSubscriber<Int, Error>()
        [4, 9, 1, 7].publisher.eraseToAnyPublisher().tryMin(by: <).subscribe(smallest)
        let largest = TestSubscriber<Int, Error>()
        [4, 9, 1, 7].publisher.eraseToAnyPublisher().tryMax(by: <).subscribe(largest)

        #expect(smallest.values == [1])
        #expect(largest.values == [9])
    }
}
