import Combine
import Testing

@Suite struct OperatorsReplaceTests {
    @Test func replaceErrorEndsWithTheReplacementAndFinished() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3), demandPerValue: .max(1))
        upstream.replaceError(with: 0).subscribe(subscriber)

        #expect(upstream.send(1) == .max(1))
        upstream.send(completion: .failure(ProbeError()))
        upstream.send(completion: .finished)

        #expect(
            subscriber.events == [
                .subscription("ReplaceError"), .value(1), .value(0), .completion(.finished),
            ])
        #expect(upstream.subscription?.history == [.requested(.max(3))])
    }

    @Test func replaceErrorWaitsForDemandBeforeSendingTheReplacement() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.replaceError(with: -1).subscribe(subscriber)

        upstream.send(5)
        upstream.send(completion: .failure(ProbeError()))
        #expect(subscriber.values == [5])
        #expect(subscriber.completions.isEmpty)

        subscriber.request(.max(1))

        #expect(subscriber.values == [5, -1])
        #expect(subscriber.completions == [.finished])
    }

    @Test func replaceErrorPassesFinishedOnAndCancelOn() {
        let finishing = TestSubscriber<Int, Never>()
        [1, 2].publisher.setFailureType(to: ProbeError.self).replaceError(with: 0).subscribe(finishing)
        let upstream = TestPublisher<Int, ProbeError>()
        let cancelling = TestSubscriber<Int, Never>()
        upstream.replaceError(with: 0).subscribe(cancelling)

        cancelling.cancel()
        upstream.send(completion: .failure(ProbeError()))

        #expect(finishing.values == [1, 2])
        #expect(finishing.completions == [.finished])
        #expect(cancelling.completions.isEmpty)
        #expect(upstream.subscription?.isCancelled == true)
    }

    @Test func replaceEmptySendsTheReplacementOnlyForAnEmptyStream() {
        let empty = TestSubscriber<Int, ProbeError>()
        let full = TestSubscriber<Int, ProbeError>()
        Empty<Int, ProbeError>().replaceEmpty(with: 9).subscribe(empty)
        [1].publisher.setFailureType(to: ProbeError.self).replaceEmpty(with: 9).subscribe(full)

        #expect(empty.events == [.subscription("ReplaceEmpty"), .value(9), .completion(.finished)])
        #expect(full.values == [1])
        #expect(full.completions == [.finished])
    }

    @Test func replaceEmptyPassesAFailureOnUntouched() {
        let subscriber = TestSubscriber<Int, ProbeError>()
        Fail<Int, ProbeError>(error: ProbeError(3)).replaceEmpty(with: 9).subscribe(subscriber)

        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.failure(ProbeError(3))])
    }

    @Test func replaceEmptyWaitsForDemandBeforeSendingTheReplacement() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(initialDemand: .none)
        upstream.replaceEmpty(with: 4).subscribe(subscriber)

        upstream.send(completion: .finished)
        #expect(subscriber.values.isEmpty)
        subscriber.request(.max(2))

        #expect(subscriber.values == [4])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscription?.history == [.requested(.unlimited)])
    }

    @Test func replacementsAreEquatableByUpstreamAndOutput() {
        let upstream = EquatableNever(tag: 1)
        #expect(upstream.replaceError(with: 1) == upstream.replaceError(with: 1))
        #expect(upstream.replaceError(with: 1) != upstream.replaceError(with: 2))
        #expect(upstream.replaceEmpty(with: 1) == upstream.replaceEmpty(with: 1))
        #expect(upstream.replaceEmpty(with: 1) != EquatableNever(tag: 2).replaceEmpty(with: 1))
    }

    @Test func nothingKeepsTheSubscriptionAliveAfterTheReplacementIsSent() {
        let subscriber = WeakSubscriber<Int, Never>()
        Fail<Int, ProbeError>(error: ProbeError()).replaceError(with: 1).subscribe(subscriber)

        #expect(subscriber.completions == 1)
        #expect(subscriber.subscription == nil)
    }
}
