import Combine
import Testing

@Suite struct OperatorsContainsTests {
    @Test func containsAnswersTrueAsSoonAsItSeesTheValueAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Bool, ProbeError>(initialDemand: .max(1))
        upstream.contains(3).subscribe(subscriber)

        #expect(upstream.subscription?.history == [.requested(.unlimited)])
        upstream.send(1)
        #expect(subscriber.values.isEmpty)
        upstream.send(3)
        upstream.send(3)

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("Contains"), .value(true), .completion(.finished)])
    }

    @Test func containsAnswersFalseWhenTheUpstreamFinishesWithoutTheValue() {
        let subscriber = TestSubscriber<Bool, Never>()
        (1...3).publisher.eraseToAnyPublisher().contains(9).subscribe(subscriber)

        #expect(subscriber.values == [false])
        #expect(subscriber.completions == [.finished])
    }

    @Test func containsHoldsItsAnswerUntilTheDownstreamAsks() {
        let subscriber = TestSubscriber<Bool, Never>(initialDemand: .none)
        (1...3).publisher.eraseToAnyPublisher().contains(2).subscribe(subscriber)
        #expect(subscriber.values.isEmpty)

        subscriber.request(.max(1))

        #expect(subscriber.values == [true])
    }

    @Test func containsWhereChecksThePredicateUntilItHolds() {
        let checked = Counter()
        let subscriber = TestSubscriber<Bool, Never>()
        (1...10).publisher.eraseToAnyPublisher().contains {
            checked.add(); return $0 > 3
        }.subscribe(subscriber)

        #expect(checked.value == 4)
        #expect(subscriber.events == [.subscription("ContainsWhere"), .value(true), .completion(.finished)])
    }

    @Test func tryContainsWhereFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Bool, Error>()
        upstream.tryContains { value in
            if value == 2 { throw ProbeError(2) }
            return false
        }
        .subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)

        #expect(subscriber.subscriptionDescriptions == ["TryContainsWhere"])
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.map(failureCode) == [2])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func allSatisfyAnswersFalseAtTheFirstFailingValueAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Bool, ProbeError>()
        upstream.allSatisfy { $0 < 3 }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(5)
        upstream.send(2)

        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.events == [.subscription("AllSatisfy"), .value(false), .completion(.finished)])
    }

    @Test func allSatisfyAnswersTrueWhenEveryValueSatisfiesIt() {
        let all = TestSubscriber<Bool, Never>()
        (1...3).publisher.eraseToAnyPublisher().allSatisfy { $0 > 0 }.subscribe(all)
        let none = TestSubscriber<Bool, Never>()
        Empty<Int, Never>().allSatisfy { _ in false }.subscribe(none)

        #expect(all.values == [true])
        #expect(none.values == [true])
    }

    @Test func allSatisfyPassesAFailureOn() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Bool, ProbeError>()
        upstream.allSatisfy { _ in true }.subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(ProbeError(8)))

        #expect(subscriber.events == [.subscription("AllSatisfy"), .completion(.failure(ProbeError(8)))])
    }

    @Test func tryAllSatisfyFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Bool, Error>()
        upstream.tryAllSatisfy { value in
            if value == 4 { throw ProbeError(4) }
            return true
        }
        .subscribe(subscriber)

        upstream.send(4)

        #expect(subscriber.subscriptionDescriptions == ["TryAllSatisfy"])
        #expect(subscriber.completions.map(failureCode) == [4])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }
}
