import Combine
import Testing

/// When `output(in:)`, `output(at:)` and `prefix(_:)` end the stream: as on Apple's platforms, right after
/// the last value in range is delivered, cancelling the upstream first.
@Suite struct OperatorsOutputEndTests {
    @Test func prefixFinishesAndCancelsTheUpstreamRightAfterItsLastValue() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.prefix(2).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)

        #expect(subscriber.events == [.subscription("Output"), .value(1), .value(2), .completion(.finished)])
        #expect(upstream.subscription?.history == [.requested(.unlimited), .cancelled])
    }

    @Test func outputInCancelsTheUpstreamBeforeItFinishes() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        var historyAtFinish: [TestSubscription.Event]?
        subscriber.onCompletion { _ in historyAtFinish = upstream.subscription?.history }
        upstream.output(in: 1..<3).subscribe(subscriber)
        for value in 0..<3 { upstream.send(value) }

        #expect(historyAtFinish == [.requested(.unlimited), .cancelled])
        #expect(subscriber.values == [1, 2])
    }

    @Test func theLastValueInRangeReturnsTheDownstreamsDemandForIt() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(3))
        upstream.output(at: 0).subscribe(subscriber)

        #expect(upstream.send(7) == .max(3))
        #expect(subscriber.completions == [.finished])
        #expect(upstream.send(8) == .none)
    }

    @Test func outputAtFinishesWithTheValueAtItsIndex() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.output(at: 1).subscribe(subscriber)
        upstream.send(5)
        upstream.send(6)

        #expect(subscriber.events == [.subscription("Output"), .value(6), .completion(.finished)])
        #expect(upstream.subscription?.isCancelled == true)
        upstream.send(7)
        #expect(subscriber.values == [6])
    }

    // Apple: output(in:) keeps counting positions after an upstream completion or a cancel, and a value
    // that still arrives inside the range reaches the downstream; a later completion does not.
    @Test func aValueInRangeStillPassesAfterACompletionOrACancel() {
        let upstream = TestPublisher<Int, ProbeError>()
        let subscriber = TestSubscriber<Int, ProbeError>(demandPerValue: .max(2))
        upstream.output(in: 1..<3).subscribe(subscriber)
        upstream.send(completion: .failure(ProbeError(1)))

        #expect(upstream.send(10) == .max(1))
        #expect(upstream.send(11) == .max(2))
        subscriber.cancel()
        #expect(upstream.send(12) == .max(2))
        #expect(upstream.send(13) == .none)
        upstream.send(completion: .finished)

        #expect(subscriber.values == [11, 12])
        #expect(subscriber.completions == [.failure(ProbeError(1))])
        #expect(upstream.subscription?.history == [.requested(.unlimited)])
    }
}
